import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Screens declared in schemas/screens are served by their kind's generic renderer, behind the same checks. */
vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('declared screen kinds', () => {
  it('a tool and a lookup render from their declarations; a staff-only lookup is denied to a master', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/bancos'));
    const lookup = page.locator(
      '[data-screen="page"][data-kind="lookup"][data-route="administrador/configuracoes/bancos"]',
    );
    await lookup.getByRole('heading', { level: 1, name: 'Bancos' }).waitFor();
    await lookup.getByRole('table', { name: 'Bancos' }).getByRole('cell', { name: '001' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar por código ou nome' }).fill('zzzz-nenhum');
    await page.getByText('Nenhum banco encontrado para “zzzz-nenhum”.').waitFor();
    expect(errors).toEqual([]);

    await harness.server.db.withSystem((tx) =>
      tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
    );
    const master = await harness.newPage();
    await harness.login(master.page, 'verde@erp.local', { host: 'verde.localhost' });
    await master.page.goto(harness.url('administrador/configuracoes/bancos', 'verde.localhost'));
    await master.page
      .locator('[data-screen="denied"][data-route="administrador/configuracoes/bancos"]')
      .waitFor();
    expect(await master.page.getByRole('table', { name: 'Bancos' }).count()).toBe(0);

    const demo = await harness.newPage();
    await harness.login(demo.page, 'demo@erp.local');
    await demo.page.goto(harness.url('pages/fiscais/gerar-arquivo-sped'));
    const tool = demo.page.locator(
      '[data-screen="page"][data-kind="tool"][data-route="pages/fiscais/gerar-arquivo-sped"]',
    );
    await tool.getByRole('heading', { level: 1, name: 'Arquivo SPED' }).waitFor();
    // The filial select is filled from the declared options operation, with the branch it selects.
    await tool.getByRole('combobox', { name: 'Filial' }).getByText(/ — /).waitFor();
    await tool.getByText('E116, se houver ICMS a recolher').waitFor();
    await harness.screenshot(demo.page, 'screen-kinds-tool');
    expect(demo.errors).toEqual([]);
  });
});
