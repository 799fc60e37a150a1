import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPermission } from '../../runtime/core/checkPermission.ts';
import { resolveEntity } from '../../runtime/core/resolveEntity.ts';
import { type MenuItem, type MenuSchema, PermissionLevel } from '../../runtime/core/types.ts';
import type { UserInfo } from '../../runtime/web/app/RuntimeContext.tsx';
import { type Menus, menuLeaves, menusFor } from '../../runtime/web/shell/menu/menusFor.ts';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Every entry of every menu opens a working screen: walked as the people who see each menu (the company
 * administrator: main, settings and user menus; platform staff: administrator menu; the panel user:
 * administrative-panel menu), with the entries computed by the same menusFor the shell renders.
 */

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

async function api<T>(token: string, url: string): Promise<T> {
  const response = await harness.server.app.inject({
    method: 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as T;
}

/** The menus a user sees, from the same API answers the browser starts with. */
async function menusOf(email: string): Promise<{ token: string; menus: Menus; user: UserInfo }> {
  const token = await login(harness.server.app, email);
  const user = await api<UserInfo>(token, '/api/Usuarios/getUserInfo?sistema=novoerp');
  const bundle = await api<{ menus: Record<string, MenuSchema> }>(token, '/api/Schemas/bundle');
  const filter = encodeURIComponent(JSON.stringify({ where: { idConfig: user.configWhiteLabel?.idConfig } }));
  const [config] = await api<Array<{ modulos?: Array<{ id?: string; ativo?: boolean }> }>>(
    token,
    `/api/ConfigWhiteLabels?filter=${filter}`,
  );
  const menus = menusFor({ menus: bundle.menus, modulos: config?.modulos, user, now: new Date() });
  return { token, menus, user };
}

/** Internal routes of a menu (actions such as "Trocar filial" and sign-out have no screen to visit). */
function routesOf(items: MenuItem[]): Array<{ route: string; title: string }> {
  return menuLeaves(items)
    .filter((item) => item.link && !item.link.replace(/^[#/]+/, '').startsWith('auth/'))
    .map((item) => ({ route: (item.link ?? '').replace(/^[#/]+/, ''), title: item.title }));
}

interface Visit {
  route: string;
  kind: string;
  heading: string;
  errors: string[];
}

/** Opens a route by changing the hash (as a menu click does) and waits for its screen to settle. */
async function visit(page: Page, errors: string[], route: string): Promise<Visit> {
  errors.length = 0;
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, `#/${route}`);
  const wrapper = page.locator(`[data-screen][data-route="${route}"]`);
  await wrapper.waitFor();
  const kind = (await wrapper.getAttribute('data-screen')) ?? '';
  if (kind === 'list') await wrapper.locator('.ag-root-wrapper').first().waitFor();
  if (kind === 'form') await wrapper.locator('form').first().waitFor();
  const heading = wrapper.locator('h1').first();
  await heading.waitFor();
  // Let the screen's first requests answer, so their failures show as console errors.
  await page.waitForLoadState('networkidle');
  return { route, kind, heading: (await heading.textContent()) ?? '', errors: [...errors] };
}

async function walk(email: string, pick: (menus: Menus) => MenuItem[]) {
  const { menus } = await menusOf(email);
  const routes = [...new Map(routesOf(pick(menus)).map((entry) => [entry.route, entry])).values()];
  expect(routes.length).toBeGreaterThan(0);
  const { page, errors } = await harness.newPage();
  page.setDefaultTimeout(20_000);
  await harness.login(page, email);
  const visits: Visit[] = [];
  for (const { route } of routes) visits.push(await visit(page, errors, route));
  return { page, routes, visits };
}

function expectWorkingScreens(visits: Visit[]) {
  const broken = visits.filter(
    (v) => v.errors.length > 0 || !['page', 'list', 'form', 'pending'].includes(v.kind) || !v.heading.trim(),
  );
  expect(broken).toEqual([]);
  const pending = visits.filter((v) => v.kind === 'pending').map((v) => v.route);
  // No entry may fall back to the "em construção" placeholder: every one is a grid, form or page.
  expect(pending).toEqual([]);
}

describe('every menu link opens a working screen', () => {
  it('main, settings and user menus as the company administrator', { timeout: 300_000 }, async () => {
    const { page, visits } = await walk('demo@erp.local', (m) => [...m.main, ...m.settings, ...m.user]);
    await harness.screenshot(page, 'menu-walk-last');
    expectWorkingScreens(visits);
    expect(visits.filter((v) => v.kind === 'list').length).toBeGreaterThan(40);
  });

  it('administrator menu as platform staff and administrative-panel menu as the panel user', {
    timeout: 120_000,
  }, async () => {
    const admin = await walk('admin@erp.local', (m) => m.admin);
    expectWorkingScreens(admin.visits);
    const painel = await walk('painel@erp.local', (m) => m.painel);
    expectWorkingScreens(painel.visits);
  });
});

describe('what a profile denies stays out of reach', () => {
  it('vendedor: denied entries are absent, their URLs show the denied page and their API calls are refused', {
    timeout: 180_000,
  }, async () => {
    const demo = await menusOf('demo@erp.local');
    const vendedor = await menusOf('vendedor@erp.local');
    const all = (m: Menus) => routesOf([...m.main, ...m.settings, ...m.user]).map((entry) => entry.route);
    const allowed = new Set(all(vendedor.menus));
    const denied = all(demo.menus).filter((route) => !allowed.has(route));
    // The profile grants VENDAS_* and views ESTOQUE_*; Financeiro and the settings stay out.
    expect(denied).toContain('pages/financeiro/lancamentos/lista/despesas');
    expect(denied).toContain('pages/configuracoes/usuarios');
    expect(allowed.has('pages/vendas/clientes')).toBe(true);

    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'vendedor@erp.local');
    const menu = page.getByRole('navigation').first();
    await menu.locator('a[href]').first().waitFor();
    const hrefs = await menu
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => (link.getAttribute('href') ?? '').replace(/^[#/]+/, '')));
    for (const route of denied) expect(hrefs).not.toContain(route);

    for (const route of denied) {
      const seen = await visit(page, errors, route);
      expect({ route, kind: seen.kind }).toEqual({ route, kind: 'denied' });
    }
    await harness.screenshot(page, 'menu-walk-denied');

    // The API refuses what the screens hide: reading without the view level, writing with only view.
    const files = harness.server.tenants.schemaFiles;
    const entities = Object.keys(files)
      .filter((path) => path.endsWith('.entity.json'))
      .map((path) => resolveEntity(path.split('/')[2] as string, files))
      .filter((entity) => entity.managed !== false);
    const user = vendedor.user as Parameters<typeof checkPermission>[0];
    const unreadable = entities.filter(
      (e) => !checkPermission(user, e.permission, PermissionLevel.VISUALIZAR),
    );
    const readOnly = entities.filter(
      (e) =>
        checkPermission(user, e.permission, PermissionLevel.VISUALIZAR) &&
        !checkPermission(user, e.permission, PermissionLevel.CRIAR),
    );
    expect(unreadable.length).toBeGreaterThan(5);
    expect(readOnly.length).toBeGreaterThan(0);
    for (const entity of unreadable) {
      const response = await harness.server.app.inject({
        method: 'GET',
        url: `/api/${entity.resource}`,
        headers: { host: 'localhost', authorization: vendedor.token },
      });
      expect({ resource: entity.resource, status: response.statusCode }).toEqual({
        resource: entity.resource,
        status: 403,
      });
      expect(response.json().error.message).toMatch(/permiss/i);
    }
    for (const entity of readOnly) {
      const response = await harness.server.app.inject({
        method: 'POST',
        url: `/api/${entity.resource}`,
        headers: { host: 'localhost', authorization: vendedor.token },
        payload: {},
      });
      // A read-only entity (a ledger, a balance) has no write route for anyone.
      expect({ resource: entity.resource, status: response.statusCode }).toEqual({
        resource: entity.resource,
        status: entity.readOnly ? 404 : 403,
      });
    }
  });
});
