import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('start-up and main shell', () => {
  it('serves each white-label its own title and favicon, and sends a visitor without session to the login', async () => {
    const { page, errors } = await harness.newPage();
    await page.goto(harness.url('pages/vendas/clientes'));
    await page.waitForURL(/#\/auth\/login$/);
    expect(await page.title()).toBe('ERP Demonstração');
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(
      '/tenants/demo/assets/favicon.svg',
    );
    await page.goto(harness.url('auth/login', 'verde.localhost'));
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.title()).toBe('Verde Gestão');
    expect(errors).toEqual([]);
  });

  it('logs in, shows the header with the user card and the main menu, and a denied route shows a clear page', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'vendedor@erp.local');
    await expect.poll(() => page.url()).toMatch(/#\/pages\/dashboard$/);
    const userCard = page.getByRole('button', { name: 'Menu do usuário' });
    await userCard.getByText('Victor Vendedor').waitFor();
    expect(await userCard.getByText('Matriz').count()).toBe(1);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect.poll(() => menu.getByText('Vendas').count()).toBe(1);
    expect(await menu.getByText('Financeiro').count()).toBe(0);
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/despesas'));
    await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
    await harness.screenshot(page, 'shell-denied');
    expect(errors).toEqual([]);
  });

  it('shows the verde white-label its renamed menu entry', async () => {
    const { page } = await harness.newPage();
    await harness.login(page, 'verde@erp.local', { host: 'verde.localhost' });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Vendas').click();
    await menu.getByText('Meus clientes').waitFor();
    expect(await menu.getByText('Clientes', { exact: true }).count()).toBe(0);
    await harness.screenshot(page, 'shell-verde');
  });

  it('applies the tenant form patch: verde hides Nome fantasia and renames Nome; demo keeps both', async () => {
    const verde = await harness.newPage();
    await harness.login(verde.page, 'verde@erp.local', { host: 'verde.localhost' });
    await verde.page.goto(harness.url('pages/vendas/clientes/cadastrar', 'verde.localhost'));
    const verdeForm = verde.page.locator('[data-screen="form"] form');
    await verdeForm.getByLabel('Nome do cliente').waitFor();
    expect(await verdeForm.getByLabel('Nome fantasia / Apelido').count()).toBe(0);
    expect(await verdeForm.getByLabel('Nome / Razão social').count()).toBe(0);
    // The hidden field does not get in the way of saving.
    await verdeForm.getByLabel('Nome do cliente').fill('Quitanda Verde');
    await verde.page.getByRole('button', { name: 'Salvar' }).click();
    await verde.page.waitForURL(/#\/pages\/vendas\/clientes$/);
    await verde.page.getByText('Quitanda Verde').waitFor();
    await harness.screenshot(verde.page, 'tenant-verde-cliente');
    expect(verde.errors).toEqual([]);

    const demo = await harness.newPage();
    await harness.login(demo.page, 'demo@erp.local');
    await demo.page.goto(harness.url('pages/vendas/clientes/cadastrar'));
    const demoForm = demo.page.locator('[data-screen="form"] form');
    await demoForm.getByLabel('Nome / Razão social').waitFor();
    expect(await demoForm.getByLabel('Nome fantasia / Apelido').count()).toBe(1);
    expect(await demoForm.getByLabel('Nome do cliente').count()).toBe(0);
    expect(demo.errors).toEqual([]);
  });
});
