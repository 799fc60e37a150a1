import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Integrações in the browser: a new API key is shown once, in a dialog, and works; the delivery log lists. */
let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('Integrações', () => {
  it('creates an API key with chosen permissions, shows it once, and the key then authenticates', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/apikey/cadastrar'));
    await page.getByLabel('Descrição').fill('Loja virtual');
    await page.getByLabel('Clientes', { exact: true }).click();
    await page.getByRole('option', { name: 'Visualizar' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Chave de API criada').waitFor();
    await dialog.getByText('não será mostrado novamente').waitFor();
    const chave = (await dialog.getByLabel('Chave', { exact: true }).textContent())?.trim() ?? '';
    expect(chave).toMatch(/^erp_[A-Za-z0-9_-]{43}$/);
    await harness.screenshot(page, 'chave-api-criada');
    await dialog.getByRole('button', { name: 'OK' }).click();
    // A key is a document (it can be revoked): the new one stays open on its page; the list shows its prefix.
    await page.waitForURL(/#\/pages\/configuracoes\/apikey\/editar\/\d+$/);
    await page.goto(harness.url('pages/configuracoes/apikey'));
    await page.getByRole('gridcell', { name: chave.slice(0, 12) }).waitFor();

    const app = harness.server.app;
    const clientes = await app.inject({
      method: 'GET',
      url: '/api/Clientes',
      headers: { 'x-api-key': chave },
    });
    expect(clientes.statusCode).toBe(200);
    const produtos = await app.inject({
      method: 'GET',
      url: '/api/Produtos',
      headers: { 'x-api-key': chave },
    });
    expect(produtos.statusCode).toBe(403);
    // Reopened, the key is not there any more: only its prefix.
    expect(await page.getByText(chave).count()).toBe(0);
    expect(errors).toEqual([]);
  }, 120_000);

  it('lists webhook deliveries', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/webhook-entregas'));
    await page.getByText('Entregas de webhooks').first().waitFor();
    expect(errors).toEqual([]);
  }, 60_000);
});
