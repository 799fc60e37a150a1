import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { REPORT_PART_BYTES, ReportFileParts } from '../../runtime/server/services/reports/reportFileParts.ts';
import type { ReportHeader } from '../../runtime/server/services/reports/reportHeader.ts';
import type { ReportPlan } from '../../runtime/server/services/reports/reportPlan.ts';
import { ReportRows } from '../../runtime/server/services/reports/reportRows.ts';
import { createPdfWriter, MAX_PDF_ROWS } from '../../runtime/server/services/reports/writeReportPdf.ts';
import { createXlsxWriter } from '../../runtime/server/services/reports/writeReportXlsx.ts';
import { pdfPages, readXlsx } from '../support/reportFiles.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Report files are written while the rows arrive, not at the end: the XLSX zip takes each batch before
 * the next is read, a PDF page leaves memory when the next one opens, and the bytes reach the database in
 * parts. Each test would fail on a writer that buffers the whole file.
 */
const plan = (formato: 'pdf' | 'xlsx'): ReportPlan => ({
  relatorioId: 1,
  formato,
  title: 'Produtos',
  orientation: 'landscape',
  filters: [],
  columns: [
    { key: 'codigo', alias: 'codigo', label: 'Código', format: 'text', align: 'left', width: 10 },
    { key: 'descricao', alias: 'descricao', label: 'Descrição', format: 'text', align: 'left', width: 40 },
    {
      key: 'preco',
      alias: 'preco',
      label: 'Preço',
      format: 'money',
      align: 'right',
      width: 12,
      total: 'sum',
    },
  ],
  groups: [],
  sql: '',
  params: [],
  tenant: { empresaId: 1, filialId: 1, usuarioId: 1 },
});
const header: ReportHeader = {
  empresa: 'Empresa Teste',
  cnpj: '',
  usuario: 'demo',
  geradoEm: new Date('2025-01-01T12:00:00Z'),
};
const row = (n: number) => ({
  codigo: `P-${String(n).padStart(6, '0')}`,
  descricao: `Produto de teste número ${n} com uma descrição de tamanho realista`,
  preco: (n % 1000) + 0.5,
});

/** A writer's output as it arrives: how many bytes so far, and the whole file at the end. */
function collected() {
  const chunks: Buffer[] = [];
  const out = {
    bytes: 0,
    write: (chunk: Buffer) => {
      out.bytes += chunk.length;
      chunks.push(chunk);
    },
    file: () => Buffer.concat(chunks),
  };
  return out;
}

describe('report writers stream', () => {
  it('hands the XLSX zip each batch before the next: most bytes are out before finish', async () => {
    const out = collected();
    const writer = createXlsxWriter(plan('xlsx'), header, out.write);
    const rows = new ReportRows(plan('xlsx'), writer.sink);
    for (let n = 1; n <= 30_000; n++) {
      rows.push(row(n));
      if (n % 2000 === 0) await writer.drain();
    }
    rows.end();
    const beforeFinish = out.bytes;
    await writer.finish();
    // The sheet is nearly all of the file; a writer that holds it until commit has given out ~nothing.
    expect(beforeFinish / out.bytes).toBeGreaterThan(0.8);
    const sheet = await readXlsx(out.file());
    expect(sheet.getRow(6).values).toEqual([undefined, 'P-000001', row(1).descricao, 1.5]);
    expect(sheet.getRow(30_005).getCell(1).value).toBe('P-030000');
    expect(sheet.getRow(30_006).getCell(1).value).toBe('Total geral');
  });

  it('writes each PDF page out when the next opens, numbered from the first pass', async () => {
    const out = collected();
    const writer = createPdfWriter(plan('pdf'), header, out.write);
    const counting = new ReportRows(plan('pdf'), writer.layout);
    for (let n = 1; n <= 2_000; n++) counting.push(row(n));
    counting.end();
    const afterLayout = out.bytes;
    const painting = new ReportRows(plan('pdf'), writer.sink);
    for (let n = 1; n <= 2_000; n++) {
      painting.push(row(n));
      // generateReport awaits the next batch of rows here.
      if (n % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    painting.end();
    const beforeFinish = out.bytes;
    await writer.finish();
    expect(afterLayout).toBeLessThan(100);
    expect(beforeFinish / out.bytes).toBeGreaterThan(0.9);
    const pages = await pdfPages(out.file());
    expect(pages.length).toBeGreaterThan(40);
    pages.forEach((text, i) => {
      expect(text).toContain(`Página ${i + 1} de ${pages.length}`);
    });
    expect(pages[0]).toContain('P-000001');
    expect(pages.at(-1)).toContain('P-002000');
    expect(pages.at(-1)).toContain('Total geral');
  });

  it('prints "Nenhum registro" on the single page of an empty PDF', async () => {
    const out = collected();
    const writer = createPdfWriter(plan('pdf'), header, out.write);
    new ReportRows(plan('pdf'), writer.layout).end();
    new ReportRows(plan('pdf'), writer.sink).end();
    await writer.finish();
    const pages = await pdfPages(out.file());
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('Nenhum registro encontrado com os filtros informados.');
    expect(pages[0]).toContain('Página 1 de 1');
  });

  it('refuses a PDF over the row cap in the counting pass, before painting a row', () => {
    const out = collected();
    const writer = createPdfWriter(plan('pdf'), header, out.write);
    const counting = new ReportRows(plan('pdf'), writer.layout);
    for (let n = 1; n <= MAX_PDF_ROWS; n++) counting.push(row(n));
    expect(() => counting.push(row(MAX_PDF_ROWS + 1))).toThrow(
      'O relatório em PDF está limitado a 50.000 linhas; refine os filtros ou exporte em XLSX.',
    );
    expect(out.bytes).toBeLessThan(100);
  });
});

describe('report file parts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('stores a file of several parts byte for byte, and only on a row still Processando', async () => {
    const demo = await server.db.withSystem((tx) =>
      tx.one<{ id: number; empresa_id: number }>(
        `SELECT id, empresa_id FROM usuario WHERE email = 'demo@erp.local'`,
      ),
    );
    const record = await createReportRecord(server.app, {
      empresaId: demo.empresa_id,
      usuarioId: demo.id,
      descricao: 'Partes',
      tipo: 'xlsx',
    });
    const file = randomBytes(Math.round(REPORT_PART_BYTES * 2.6));
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      const parts = await ReportFileParts.open(client);
      for (let at = 0; at < file.length; at += 65_536) {
        parts.write(file.subarray(at, at + 65_536));
        if (at % (65_536 * 5) === 0) await parts.flush();
      }
      const written = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM relatorio_parte');
      expect(written.rows[0]?.n).toBe(2);
      expect(await parts.store(record.id)).toBe(true);
      expect(parts.bytes).toBe(file.length);
      expect(await parts.store(-1)).toBe(false);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const stored = await server.db.withSystem((tx) =>
      tx.one<{ arquivo: Buffer }>('SELECT arquivo FROM relatorio WHERE id = $1', [record.id]),
    );
    expect(stored.arquivo.equals(file)).toBe(true);
  });
});
