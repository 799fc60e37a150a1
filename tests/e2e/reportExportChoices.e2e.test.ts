import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createReportRecord } from '../../runtime/server/services/reportRecords.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

/**
 * Spec 000 §4/§8 from a report page, with the real queue and generator: PDF opens in a new window
 * for printing; exporting a kind already finished asks Abrir relatório or Nova exportação; a kind
 * still processing only warns.
 */
let harness: BrowserHarness;
let demo: { id: number; empresa_id: number };

beforeAll(async () => {
  harness = await startBrowserHarness({ jobs: {} });
  const [row] = await harness.server.db.withSystem((tx) =>
    tx.query<{ id: number; empresa_id: number }>(
      `SELECT id, empresa_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
  demo = row ?? { id: 0, empresa_id: 0 };
});
afterAll(async () => harness?.close());

const TITLE = 'Lista de pessoas';

/** The first bytes of the document a popup shows (a blob: address of the same origin). */
async function popupHead(popup: Page): Promise<string> {
  await popup.waitForLoadState('domcontentloaded');
  return popup.evaluate(async () => {
    const bytes = new Uint8Array(await (await fetch(location.href)).arrayBuffer());
    return String.fromCharCode(...bytes.subarray(0, 5));
  });
}

const countRows = async (tipo: string) => {
  const [row] = await harness.server.db.withSystem((tx) =>
    tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM relatorio WHERE usuario_id = $1 AND descricao = $2 AND tipo = $3`,
      [demo.id, TITLE, tipo],
    ),
  );
  return row?.n ?? 0;
};

describe('exporting a report from its page', () => {
  it('opens the PDF for printing, then offers Abrir relatório or Nova exportação for the finished kind', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Relatorios/exportar')) posted.push(request.postData() ?? '');
    });
    await page.goto(harness.url('pages/relatorios/pessoas'));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    let popup = page.waitForEvent('popup', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    await page.getByText(`Gerando ${TITLE} PDF...`).waitFor();
    expect(await popupHead(await popup)).toBe('%PDF-');
    await page.getByText(`${TITLE} PDF gerado com sucesso!`).waitFor();
    expect(posted.length).toBe(1);
    expect(await countRows('pdf')).toBe(1);

    // Back from the print window (a background tab runs no transitions).
    await page.bringToFront();
    // Already finished: open the existing file, no new export.
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    const choice = page.getByRole('dialog', { name: `${TITLE} PDF` });
    await choice.getByText('Este relatório já foi gerado.', { exact: false }).waitFor();
    // The dialog fades in: shoot it as a person sees it.
    await expect
      .poll(() => page.locator('.MuiDialog-container').evaluate((node) => getComputedStyle(node).opacity))
      .toBe('1');
    await harness.screenshot(page, 'report-export-choice');
    popup = page.waitForEvent('popup');
    await choice.getByRole('button', { name: 'Abrir relatório' }).click();
    expect(await popupHead(await popup)).toBe('%PDF-');
    expect(posted.length).toBe(1);
    expect(await countRows('pdf')).toBe(1);

    // Nova exportação: a second record and file.
    await page.getByRole('button', { name: 'Exportar PDF' }).click();
    popup = page.waitForEvent('popup', { timeout: 120_000 });
    await page
      .getByRole('dialog', { name: `${TITLE} PDF` })
      .getByRole('button', { name: 'Nova exportação' })
      .click();
    expect(await popupHead(await popup)).toBe('%PDF-');
    expect(posted.length).toBe(2);
    expect(await countRows('pdf')).toBe(2);
    expect(errors).toEqual([]);
  });

  it('only warns while the same kind is still processing', async () => {
    await createReportRecord(harness.server.app, {
      empresaId: demo.empresa_id,
      usuarioId: demo.id,
      descricao: TITLE,
      tipo: 'xlsx',
      evento: 'relatorio-pessoas-lista',
    });
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Relatorios/exportar')) posted.push(request.postData() ?? '');
    });
    await page.goto(harness.url('pages/relatorios/pessoas'));
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    await page.getByText('Relatório já está sendo processado.').waitFor();
    await harness.screenshot(page, 'report-export-processing');
    expect(posted).toEqual([]);
    expect(await countRows('xlsx')).toBe(1);
    expect(errors).toEqual([]);
  });
});
