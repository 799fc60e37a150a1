import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { buildReportPlan } from '../../runtime/server/services/reports/buildReportPlan.ts';
import { generateReport } from '../../runtime/server/services/reports/generateReport.ts';
import { loadReportDefinition } from '../../runtime/server/services/reports/loadReportDefinition.ts';
import { compararComGolden } from '../support/golden.ts';
import { pdfPages, pdfTextItems, readXlsx } from '../support/reportFiles.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * The content of a multi-page report file, pinned: 130 receitas and 70 despesas due in January, exported by
 * `contas-vencimento` (grouped by tipo, subtotals, grand total) through generateReport as the worker runs it.
 * Every PDF text item with its position, page by page, and every XLSX cell with its number format and
 * weight are compared with tests/golden/relatorio-contas-vencimento.*.txt, so a change in how the file is
 * written (streaming, memory) cannot move a row, a page break or a total. Only the generation time varies.
 */
let server: TestServer;
let demo: { id: number; empresa_id: number; filial_selecionada_id: number };

const FILTROS = { vencimentoInicial: '2025-01-01', vencimentoFinal: '2025-01-31', situacao: [0, 1, 2] };

beforeAll(async () => {
  server = await createTestServer();
  demo = await server.db.withSystem((tx) =>
    tx.one<{ id: number; empresa_id: number; filial_selecionada_id: number }>(
      `SELECT id, empresa_id, filial_selecionada_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
  await server.db.withTenant(
    { empresaId: demo.empresa_id, filialId: demo.filial_selecionada_id, usuarioId: demo.id },
    async (tx) => {
      const cliente = await tx.one<{ id: number }>(
        `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj) VALUES ($1, 0, 'Cliente Exemplo', '11222333000181') RETURNING id`,
        [demo.empresa_id],
      );
      await tx.query(
        `INSERT INTO lancamento (empresa_id, filial_id, tipo, descricao, pessoa_id, valor, data_vencimento, situacao)
         SELECT $1, $2, CASE WHEN g <= 130 THEN 1 ELSE 2 END,
                CASE WHEN g <= 130 THEN 'Receita ' ELSE 'Despesa ' END || lpad(g::text, 3, '0') ||
                  CASE WHEN g % 17 = 0 THEN ' com uma descrição longa demais para caber na coluna do PDF' ELSE '' END,
                CASE WHEN g % 3 = 0 THEN $3::int END, round((g * 37.13 % 5000)::numeric, 2),
                date '2025-01-01' + (g % 31), g % 3
           FROM generate_series(1, 200) g`,
        [demo.empresa_id, demo.filial_selecionada_id, cliente.id],
      );
    },
  );
}, 120_000);

afterAll(async () => {
  await server?.close();
});

/** Generates contas-vencimento in `formato` as the report worker does and returns the stored file. */
async function generate(formato: 'pdf' | 'xlsx'): Promise<Buffer> {
  const whiteLabel = await server.tenants.forHost('localhost');
  if (!whiteLabel) throw new Error('white-label localhost ausente');
  const record = await createReportRecord(server.app, {
    empresaId: demo.empresa_id,
    usuarioId: demo.id,
    descricao: 'Contas por vencimento',
    tipo: formato,
  });
  const plan = buildReportPlan({
    definition: loadReportDefinition(whiteLabel.schemas, 'contas-vencimento'),
    schemas: whiteLabel.schemas,
    formato,
    filtros: FILTROS,
    relatorioId: record.id,
    tenant: { empresaId: demo.empresa_id, filialId: demo.filial_selecionada_id, usuarioId: demo.id },
  });
  const result = await generateReport(server.databaseUrl, plan);
  expect(result.rows).toBe(200);
  const stored = await server.db.withSystem((tx) =>
    tx.one<{ arquivo: Buffer }>('SELECT arquivo FROM relatorio WHERE id = $1', [record.id]),
  );
  expect(stored.arquivo.length).toBe(result.bytes);
  return stored.arquivo;
}

/** The generation instant is the only text that differs between two runs. */
const sinceGenerated = (text: string) =>
  text.replace(/Gerado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/, 'Gerado em <data>');

describe('report file content', () => {
  it('writes the PDF page by page as pinned: every text item, its position and the page it is on', async () => {
    const file = await generate('pdf');
    const pages = await pdfTextItems(file);
    expect(pages).toHaveLength(6);
    const lines = pages.flatMap((items, i) => [
      `--- página ${i + 1}`,
      ...items.map((item) => `${item.x.toFixed(2)} ${item.y.toFixed(2)} ${sinceGenerated(item.text)}`),
    ]);
    compararComGolden('relatorio-contas-vencimento.pdf.txt', lines);
    const texts = await pdfPages(file);
    texts.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1} de 6`);
      expect(text).toContain('Contas a pagar e a receber por vencimento');
      expect(text).toContain('Cliente / fornecedor');
    });
    const all = texts.join('\n');
    for (let n = 1; n <= 200; n++)
      expect(all).toContain(`${n <= 130 ? 'Receita' : 'Despesa'} ${String(n).padStart(3, '0')}`);
    expect(all).toContain('Subtotal Receita');
    expect(all).toContain('Subtotal Despesa');
    expect(texts[5]).toContain('Total geral');
  });

  it('writes the XLSX as pinned: every cell, its number format and weight', async () => {
    const sheet = await readXlsx(await generate('xlsx'));
    const lines: string[] = [];
    sheet.eachRow({ includeEmpty: true }, (row, number) => {
      const cells = (row.values as unknown[]).slice(1).map((value, i) => {
        const cell = row.getCell(i + 1);
        const shown = value instanceof Date ? value.toISOString() : JSON.stringify(value ?? null);
        return `${sinceGenerated(shown)}${cell.numFmt ? ` [${cell.numFmt}]` : ''}${cell.font?.bold ? ' (negrito)' : ''}`;
      });
      lines.push(`${number}: ${cells.join(' | ')}`);
    });
    expect(sheet.rowCount).toBe(212);
    compararComGolden('relatorio-contas-vencimento.xlsx.txt', lines);
  });
});
