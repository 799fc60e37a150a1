import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  // The export runs in the background job queue, worked by this server.
  harness = await startBrowserHarness({ jobs: {} });
});
afterAll(async () => harness?.close());

describe('Administrador › Exportar dados da empresa', () => {
  it('staff export a company: the row follows the job to Finalizado and links the ZIP with the token', async () => {
    const [empresa] = await harness.server.db.withSystem((tx) =>
      tx.query<{ id: number }>(`SELECT id FROM empresa WHERE nome = 'Empresa Demonstração Ltda'`),
    );
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/exportar-empresa'));
    await page.getByRole('heading', { level: 1, name: 'Exportar dados da empresa' }).waitFor();
    const id = page.getByRole('spinbutton', { name: 'Empresa (id)' });
    await id.fill(String(empresa?.id));
    await page.getByText('Nenhuma exportação desta empresa ainda.').waitFor();
    await page.getByRole('button', { name: 'Exportar agora' }).click();

    const table = page.getByRole('table', { name: 'Exportações' });
    const link = table.getByRole('link', { name: 'Baixar ZIP' });
    try {
      await link.waitFor({ timeout: 120_000 });
    } catch (error) {
      await harness.screenshot(page, 'admin-exportar-empresa-failed');
      throw error;
    }
    await table.getByRole('cell', { name: 'Finalizado' }).waitFor();
    await table.getByRole('cell', { name: 'Administrador da Plataforma' }).waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`/api/Empresas/${empresa?.id}/exportacoes/\\d+/arquivo\\?access_token=`));
    const answer = await page.request.get(new URL(href, page.url()).href);
    expect(answer.status()).toBe(200);
    expect((await answer.body()).subarray(0, 2).toString()).toBe('PK');
    await harness.screenshot(page, 'admin-exportar-empresa');
    expect(errors).toEqual([]);
  });

  it('a master exports their own company without choosing it', async () => {
    await harness.server.db.withSystem((tx) =>
      tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
    );
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'verde@erp.local', { host: 'verde.localhost' });
    await page.goto(harness.url('administrador/configuracoes/exportar-empresa', 'verde.localhost'));
    await page.getByRole('heading', { level: 1, name: 'Exportar dados da empresa' }).waitFor();
    await page.getByText('Nenhuma exportação desta empresa ainda.').waitFor();
    expect(await page.getByRole('spinbutton', { name: 'Empresa (id)' }).count()).toBe(0);
    // The staff's export of the demo company is not this company's.
    expect(await page.getByRole('link', { name: 'Baixar ZIP' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
