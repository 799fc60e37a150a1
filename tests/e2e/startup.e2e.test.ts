import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const storageKeys = (kind: 'localStorage' | 'sessionStorage') => `Object.keys(window.${kind})`;

describe('start-up (spec 000 §2.1, §2.2, §9)', () => {
  it('sends an empty or unknown route to the dashboard, and the dashboard without session to the login', async () => {
    const { page, errors } = await harness.newPage();
    await page.goto(harness.url('rota/que/nao/existe'));
    await page.waitForURL(/#\/auth\/login$/);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('rota/que/nao/existe'));
    await page.waitForURL(/#\/pages\/dashboard$/);
    await page.goto(harness.url(''));
    await page.waitForURL(/#\/pages\/dashboard$/);
    expect(errors).toEqual([]);
  });

  it('keeps the session under keys prefixed with the configuration id, in sessionStorage with ?typeStorage=session', async () => {
    const { page } = await harness.newPage();
    await page.goto(`http://localhost:${harness.port}/?typeStorage=session#/auth/login`);
    await page.getByLabel('E-mail').fill('demo@erp.local');
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\/dashboard$/);
    const session = (await page.evaluate(storageKeys('sessionStorage'))) as string[];
    const local = (await page.evaluate(storageKeys('localStorage'))) as string[];
    expect(session).toEqual(expect.arrayContaining(['demoTOKEN_ID', 'demoINFO']));
    expect(local).not.toContain('demoTOKEN_ID');
    expect(local).toContain('demoTIPE_STORAGE');
    expect(page.url()).not.toContain('typeStorage');
  });

  it('logs in with ?token= and then opens the hash route, removing the token from the address', async () => {
    const token = await apiLogin(harness.server.app, 'vendedor@erp.local');
    const { page } = await harness.newPage();
    await page.goto(`http://localhost:${harness.port}/?token=${token}#/pages/vendas/clientes`);
    await page.getByRole('button', { name: 'Menu do usuário' }).getByText('Victor Vendedor').waitFor();
    expect(page.url()).toBe(`http://localhost:${harness.port}/#/pages/vendas/clientes`);
  });

  it('caches responses only for a tenant that enables it, clears them with Ctrl+F5 and at logout', async () => {
    const { page } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await expect
      .poll(async () =>
        ((await page.evaluate(storageKeys('localStorage'))) as string[]).filter((k) =>
          k.startsWith('cache:'),
        ),
      )
      .toEqual(expect.arrayContaining(['cache:getUserInfo', 'cache:ConfigWhiteLabels:demo']));
    const cached = JSON.parse((await page.evaluate(`localStorage.getItem('cache:getUserInfo')`)) as string);
    expect(cached.expiresAt - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(cached.expiresAt - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    // The dashboard's own calls settle first: a real Ctrl+F5 reloads the page and aborts them, this synthetic
    // key does not, and an answer landing after it would be cached again.
    await page.waitForLoadState('networkidle');
    await page.evaluate(`window.dispatchEvent(new KeyboardEvent('keydown', { key: 'F5', ctrlKey: true }))`);
    const afterCtrlF5 = (await page.evaluate(storageKeys('localStorage'))) as string[];
    expect(afterCtrlF5.filter((key) => key.startsWith('cache:'))).toEqual([]);

    await page.reload();
    await page.getByRole('button', { name: 'Menu do usuário' }).waitFor();
    await page.goto(harness.url('logout'));
    await page.waitForURL(/#\/auth\/logout$/);
    await page.waitForURL(/#\/auth\/login$/);
    const afterLogout = (await page.evaluate(storageKeys('localStorage'))) as string[];
    expect(afterLogout.filter((key) => key.startsWith('cache:'))).toEqual([]);
    expect(afterLogout).not.toContain('demoTOKEN_ID');

    const verde = await harness.newPage();
    await harness.login(verde.page, 'verde@erp.local', { host: 'verde.localhost' });
    const verdeKeys = (await verde.page.evaluate(storageKeys('localStorage'))) as string[];
    expect(verdeKeys.filter((key) => key.startsWith('cache:'))).toEqual([]);
    expect(verdeKeys).toContain('verdeTOKEN_ID');
  });

  it('shows the system-unavailable page when the white-label configuration cannot load', async () => {
    const { page } = await harness.newPage();
    await page.route('**/api/ConfigWhiteLabels**', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto(harness.url('auth/login'));
    await page.getByRole('heading', { name: 'Sistema indisponível' }).waitFor();
    await harness.screenshot(page, 'startup-unavailable');
  });
});
