import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createReportRecord,
  failReportRecord,
  finishReportRecord,
} from '../../runtime/server/services/reportRecords.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 120_000 });

let harness: BrowserHarness;
let demo: { id: number; empresa_id: number };
beforeAll(async () => {
  harness = await startBrowserHarness();
  const [row] = await harness.server.db.withSystem((tx) =>
    tx.query<{ id: number; empresa_id: number }>(
      `SELECT id, empresa_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
  demo = row ?? { id: 0, empresa_id: 0 };
});
afterAll(async () => harness?.close());

const newRecord = (descricao: string, tipo: 'pdf' | 'xlsx') =>
  createReportRecord(harness.server.app, {
    empresaId: demo.empresa_id,
    usuarioId: demo.id,
    descricao,
    tipo,
    evento: 'relatorio-vendas',
  });

const dialog = (page: Page) => page.getByRole('dialog', { name: /^Relatórios exportados/ });
const row = (page: Page, descricao: string) =>
  dialog(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: descricao, exact: true }) });

/** The dominant colour channel of a chip's background: the spec's blue, green or red. */
async function chipColour(chip: Locator): Promise<'red' | 'green' | 'blue'> {
  const rgb = await chip.evaluate((node) => getComputedStyle(node).backgroundColor);
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return b > r && b > g ? 'blue' : g > r ? 'green' : 'red';
}

describe('exported reports dialog', () => {
  it('shows the empty state with its guidance', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.getByRole('button', { name: 'Relatórios exportados' }).click();
    await dialog(page).getByText('Ops, nada encontrado por aqui.').waitFor();
    await dialog(page).getByText('Passo a passo:').waitFor();
    await dialog(page).getByText('Informações importantes:').waitFor();
    expect(await dialog(page).getByRole('heading', { name: 'Relatórios exportados (0)' }).count()).toBe(1);
    await harness.screenshot(page, 'reports-empty');
    const body = dialog(page).locator('.MuiDialogContent-root');
    expect(await body.evaluate((node) => getComputedStyle(node).maxHeight)).toBe('390px');
    expect(errors).toEqual([]);
  });

  it('lists records with their status colours, updates live, offers download only when finished, deletes after confirming', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    const pending = await newRecord('Vendas por período', 'pdf');
    const failed = await newRecord('Contas a receber', 'xlsx');
    await failReportRecord(harness.server.app, failed.id, 'Nenhum lançamento no período.');
    await page.getByRole('button', { name: 'Relatórios exportados' }).click();
    await dialog(page).getByRole('heading', { name: 'Relatórios exportados (2)' }).waitFor();

    const vendas = row(page, 'Vendas por período');
    const processing = vendas.getByText('Processando');
    await processing.waitFor();
    await expect.poll(() => chipColour(processing.locator('..'))).toBe('blue');
    expect(await vendas.getByRole('cell', { name: 'PDF' }).count()).toBe(1);
    expect(await vendas.getByRole('link', { name: /^Baixar/ }).count()).toBe(0);
    const erro = row(page, 'Contas a receber').getByText('Erro', { exact: true });
    await expect.poll(() => chipColour(erro.locator('..'))).toBe('red');
    const dataText = await vendas.getByRole('cell').nth(3).textContent();
    expect(dataText).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

    // Finishing the record reaches the open dialog through the websocket.
    await finishReportRecord(harness.server.app, pending.id, { arquivo: Buffer.from('%PDF-1.4\n%%EOF\n') });
    const finished = vendas.getByText('Finalizado');
    await finished.waitFor();
    // The chip animates its colour change.
    await expect.poll(() => chipColour(finished.locator('..'))).toBe('green');
    const download = vendas.getByRole('link', { name: 'Baixar Vendas por período' });
    const href = (await download.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`/api/Relatorios/${pending.id}/arquivo\\?access_token=.+`));
    const file = await page.request.get(new URL(href, page.url()).toString());
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('application/pdf');
    await harness.screenshot(page, 'reports-list');

    // A record created meanwhile shows after Atualizar.
    await newRecord('Estoque atual', 'xlsx');
    await dialog(page).getByRole('button', { name: 'Atualizar' }).click();
    await dialog(page).getByRole('heading', { name: 'Relatórios exportados (3)' }).waitFor();

    await row(page, 'Contas a receber').getByRole('button', { name: 'Excluir Contas a receber' }).click();
    const confirm = page.getByRole('dialog', { name: 'Excluir relatório' });
    await confirm.getByText('Deseja excluir o relatório "Contas a receber"?').waitFor();
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await dialog(page).getByRole('heading', { name: 'Relatórios exportados (2)' }).waitFor();
    expect(await row(page, 'Contas a receber').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
