import { describe, expect, it } from 'vitest';
import { faturaCsv } from '../../runtime/server/routes/FinanceiroWhiteLabel/cobranca.ts';
import type { ReportPlan } from '../../runtime/server/services/reports/reportPlan.ts';
import { createXlsxWriter } from '../../runtime/server/services/reports/writeReportXlsx.ts';
import { readXlsx } from '../support/reportFiles.ts';

/** Exports never hand a spreadsheet program a formula typed by a user (CSV/formula injection). */
const HOSTILE = ['=HYPERLINK("http://x","y")', '+55 11', '-1+1', '@SUM(A1)', '\t=1', '\r=1'];

describe('cobranças CSV', () => {
  it('escapes text cells that start like a formula and keeps amounts as numbers', () => {
    const csv = faturaCsv(
      HOSTILE.map((nome, i) => ({
        empresaId: i + 1,
        empresaNome: nome,
        cpfCnpj: null,
        planoNome: '=1+1',
        valorPlano: -5,
        modulos: [{ id: 'x', nome: '@mod', valor: 1 }],
        valor: -4,
      })),
    );
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")";;'=1+1;-5,00;'@mod (1,00);-4,00`);
    expect(lines[2]).toBe(`'+55 11;;'=1+1;-5,00;'@mod (1,00);-4,00`);
    expect(lines[3]?.startsWith(`'-1+1;`)).toBe(true);
    expect(lines[4]?.startsWith(`'@SUM(A1);`)).toBe(true);
    expect(lines[5]?.startsWith(`'\t=1;`)).toBe(true);
    expect(csv).toContain(`"'\r=1";`);
    expect(lines.at(-2)).toBe('Total;;;;;-24,00');
    // No field of any line starts with a formula character.
    for (const field of csv.split(/[;\n]/)) expect(field.replace(/^"/, '')).not.toMatch(/^[=+@]/);
  });
});

describe('report XLSX', () => {
  it('writes hostile text with a leading apostrophe, numbers as numbers', async () => {
    const plan: ReportPlan = {
      relatorioId: 1,
      formato: 'xlsx',
      title: 'Teste',
      orientation: 'portrait',
      filters: [{ label: 'Descrição', value: '=2' }],
      columns: [
        { key: 'descricao', label: 'Descrição', format: 'text', align: 'left', width: 20 },
        { key: 'valor', label: 'Valor', format: 'money', align: 'right', width: 10, total: 'sum' },
      ] as ReportPlan['columns'],
      groups: [],
      sql: '',
      params: [],
      tenant: { empresaId: 1, filialId: 1, usuarioId: 1 },
    };
    const chunks: Buffer[] = [];
    const writer = createXlsxWriter(
      plan,
      { empresa: '-Empresa', cnpj: '', usuario: 'demo', geradoEm: new Date('2025-01-01T12:00:00Z') },
      (chunk) => chunks.push(chunk),
    );
    writer.sink.groupStart('@grupo', 0);
    for (const text of HOSTILE) writer.sink.row([text, -3]);
    writer.sink.row(['Normal', 2]);
    writer.sink.total([null, -16]);
    await writer.finish();
    const sheet = await readXlsx(Buffer.concat(chunks));
    const values: unknown[] = [];
    sheet.eachRow((row) => {
      row.eachCell((cell) => {
        values.push(cell.value);
      });
    });
    // XML readers normalise a carriage return to a line feed: compare without it.
    const strings = values.filter((value): value is string => typeof value === 'string');
    for (const text of HOSTILE)
      expect(strings.map((value) => value.replace(/[\r\n]/g, ''))).toContain(`'${text.replace(/\r/g, '')}`);
    expect(values).toContain("'-Empresa");
    expect(values).toContain("'@grupo");
    expect(values).toContain('Normal');
    expect(values.filter((value) => value === -3)).toHaveLength(HOSTILE.length);
    expect(values).toContain(-16);
    for (const value of values) if (typeof value === 'string') expect(value).not.toMatch(/^[=+\-@\t\r]/);
  });
});
