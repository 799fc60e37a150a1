import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAVORITES_LIMIT } from '../../runtime/core/constants.ts';
import { parseHexColor } from '../../runtime/core/contrastRatio.ts';
import { accessibleColor } from '../../runtime/core/deriveThemePalette.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

// Whole journeys in a real browser: longer than the default 30 s, so a stuck step reports its locator.
vi.setConfig({ testTimeout: 120_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

/** Waits for a toast with `text` of the given severity, then closes it (toasts show one at a time). */
async function expectToast(page: Page, text: string, severity: 'Warning' | 'Success') {
  const toast = page.getByRole('alert').filter({ hasText: text });
  await toast.waitFor();
  expect(await toast.getAttribute('class')).toContain(`MuiAlert-color${severity}`);
  await toast.getByRole('button', { name: 'Close' }).click();
  await toast.waitFor({ state: 'detached' });
}

/** Texts of the entries a navigation menu currently shows (groups and leaves). */
const menuTexts = (page: Page, name: string) =>
  page.getByRole('navigation', { name }).locator('.MuiListItemText-primary').allTextContents();

/** Visible texts of the given elements without their icon ligatures ("favorite", "dashboard"…). */
const namesOf = (locator: Locator) =>
  locator.evaluateAll((nodes) =>
    nodes.map((node) => {
      const copy = node.cloneNode(true) as HTMLElement;
      for (const icon of copy.querySelectorAll('.material-icons')) icon.remove();
      return copy.textContent?.trim() ?? '';
    }),
  );

/** Opens a group of a navigation menu unless it is open already (some start expanded). */
async function openGroup(page: Page, menu: string, group: string) {
  const button = page.getByRole('navigation', { name: menu }).getByRole('button', { name: group });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/**
 * Logs in and then opens `route` itself: the login screen's own redirect may still race to
 * pages/dashboard (runtime/web/auth/LoginPage.tsx), which is not what these tests are about.
 */
async function loginAt(page: Page, email: string, route: string) {
  await harness.login(page, email);
  await userCard(page).waitFor();
  await page.goto(harness.url(route));
  await page.waitForURL(new RegExp(`#/${route}$`));
}

/** A screenshot once menus and dialogs have finished their (finite) opening and closing transitions. */
async function shot(page: Page, name: string) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await harness.screenshot(page, name);
}

const strip = (page: Page) => page.getByRole('navigation', { name: 'Favoritos' });
const userCard = (page: Page) => page.getByRole('button', { name: 'Menu do usuário' });

async function apiCall(
  method: 'GET' | 'PUT',
  url: string,
  token: string,
  payload?: object,
  host = 'localhost',
) {
  return harness.server.app.inject({
    method,
    url,
    headers: { host, authorization: token },
    ...(payload ? { payload } : {}),
  });
}

describe('favourites', () => {
  it('adds the current page with the heart, keeps the default, refuses non-menu pages and the limit', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await strip(page).getByRole('link', { name: 'Dashboard' }).waitFor();

    // The dashboard is a default favourite: filled heart, cannot be removed.
    await page.getByRole('button', { name: 'Remover dos favoritos' }).click();
    await expectToast(page, "O menu 'Dashboard' não pode ser removido dos favoritos", 'Warning');
    expect(await strip(page).getByRole('link', { name: 'Dashboard' }).count()).toBe(1);

    // Vendas > Clientes through the menu, then the heart.
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await openGroup(page, 'Menu principal', 'Vendas');
    await menu.getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await strip(page).getByRole('link', { name: 'Clientes' }).waitFor();
    await page.getByRole('button', { name: 'Remover dos favoritos' }).waitFor();
    await shot(page, 'header-favorites-desktop');

    // The strip links to the page.
    await strip(page).getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL(/#\/pages\/dashboard$/);

    // A page that is not a menu item cannot be favourited.
    await page.goto(harness.url('pages/vendas/clientes/cadastrar'));
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await expectToast(page, 'Não é possível favoritar esta página.', 'Warning');

    // Saved on the server: a fresh browser (no storage) shows it after logging in.
    const other = await harness.newPage();
    await harness.login(other.page, 'demo@erp.local');
    await strip(other.page).getByRole('link', { name: 'Clientes' }).waitFor();
    expect(await namesOf(strip(other.page).getByRole('link'))).toEqual(['Dashboard', 'Clientes']);
    await other.context.close();

    // Up to the limit (set through the API), then one more page is refused.
    const token = await apiLogin(harness.server.app, 'demo@erp.local');
    const keys = [
      'DASHBOARD',
      'VENDAS_CLIENTES',
      'FINANCEIRO_DESPESAS',
      'FINANCEIRO_RECEITAS',
      'VENDAS_PEDIDO_VENDAS',
      'COMPRAS_PEDIDO',
      'ESTOQUE_PRODUTOS',
      'NFE_EMITIR_NFE',
      'CONFIG_USUARIOS',
      'CONFIG_EMPRESAS',
    ];
    expect(keys).toHaveLength(FAVORITES_LIMIT);
    expect((await apiCall('PUT', '/api/Usuarios/favoritos', token, { favoritos: keys })).statusCode).toBe(
      200,
    );
    await page.goto(harness.url('pages/compras/fornecedores'));
    await page.reload();
    await page.getByRole('button', { name: 'Mais favoritos' }).waitFor();
    await shot(page, 'header-favorites-full');
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).click();
    await expectToast(page, `Limite de ${FAVORITES_LIMIT} favoritos`, 'Warning');

    // The ones that do not fit are in the "more" menu.
    const shown = await namesOf(strip(page).getByRole('link'));
    expect(shown.slice(0, 3)).toEqual(['Dashboard', 'Clientes', 'Despesas']);
    await page.getByRole('button', { name: 'Mais favoritos' }).click();
    await page.getByRole('menuitem', { name: 'Empresas' }).waitFor();
    const more = await namesOf(page.getByRole('menuitem'));
    expect(shown.length + more.length).toBe(FAVORITES_LIMIT);
    expect(more.at(-1)).toContain('Empresas');
    await page.keyboard.press('Escape');

    // Removing a favourite that is not a default works.
    expect(
      (await apiCall('PUT', '/api/Usuarios/favoritos', token, { favoritos: keys.slice(0, 2) })).statusCode,
    ).toBe(200);
    await page.goto(harness.url('pages/vendas/clientes'));
    await page.reload();
    await page.getByRole('button', { name: 'Remover dos favoritos' }).click();
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).waitFor();
    await expect.poll(() => namesOf(strip(page).getByRole('link'))).toEqual(['Dashboard']);
    expect(errors).toEqual([]);
  });

  it('hides the heart and the favourites from the accountant', async () => {
    const { page, errors } = await harness.newPage();
    await loginAt(page, 'contador@erp.local', 'pages/nfe/exportar-xml-nfe');
    await userCard(page).getByText('Carla Contadora').waitFor();
    expect(await page.getByRole('button', { name: /favoritos/ }).count()).toBe(0);
    expect(await strip(page).getByRole('link').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('branch switcher', () => {
  it('switches the branch and shows it in the user card', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await userCard(page).getByText('Matriz').waitFor();
    await userCard(page).click();
    await page.getByRole('menuitem', { name: 'Trocar filial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trocar filial' });
    await dialog.waitFor();
    const branches = dialog.getByRole('list', { name: 'Filiais' }).getByRole('button');
    expect(await branches.count()).toBe(2);
    expect(await dialog.getByRole('button', { name: /Matriz/ }).getAttribute('aria-current')).toBe('true');
    await shot(page, 'header-branch-dialog');
    await dialog.getByRole('button', { name: /Loja Centro/ }).click();
    await expectToast(page, 'Filial alterada para Loja Centro.', 'Success');
    await dialog.waitFor({ state: 'detached' });
    await userCard(page).getByText('Loja Centro').waitFor();
    expect(await userCard(page).getByText('Matriz').count()).toBe(0);

    // And back, so the other tests see the usual branch.
    await userCard(page).click();
    await page.getByRole('menuitem', { name: 'Trocar filial' }).click();
    await page
      .getByRole('dialog', { name: 'Trocar filial' })
      .getByRole('button', { name: /Matriz/ })
      .click();
    await userCard(page).getByText('Matriz').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('news wizard', () => {
  it('shows once per browser, steps back and forth and is not dismissed by the backdrop', async () => {
    const { page, errors } = await harness.newPage({ showNews: true });
    await page.goto(harness.url('auth/login'));
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await harness.login(page, 'demo@erp.local');
    const wizard = page.getByRole('dialog', { name: 'Temos novidades para você' });
    await wizard.waitFor();
    // Marked as shown on first display.
    expect(await page.evaluate(() => window.localStorage.getItem('demoNOVIDADES'))).toBe('1');
    await wizard.getByRole('heading', { name: 'Alteração manual da situação dos boletos' }).waitFor();
    expect(await wizard.getByRole('button', { name: 'Anterior' }).isDisabled()).toBe(true);
    await shot(page, 'header-news-wizard');

    await wizard.getByRole('button', { name: 'Próximo' }).click();
    await wizard.getByRole('heading', { name: 'Notificações de boletos' }).waitFor();
    await wizard.getByRole('button', { name: 'Anterior' }).click();
    await wizard.getByRole('heading', { name: 'Alteração manual da situação dos boletos' }).waitFor();

    // Static backdrop: a click outside and Escape leave it open.
    await page.mouse.click(10, 790);
    await page.keyboard.press('Escape');
    expect(await wizard.isVisible()).toBe(true);

    await wizard.getByRole('button', { name: 'Próximo' }).click();
    await wizard.getByRole('button', { name: 'Próximo' }).click();
    await wizard.getByRole('heading', { name: 'Boletos parcelados' }).waitFor();
    expect(await wizard.getByRole('button', { name: 'Próximo' }).count()).toBe(0);
    await wizard.getByRole('button', { name: 'Finalizar' }).click();
    await wizard.waitFor({ state: 'detached' });

    await page.reload();
    await strip(page).getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('menus per user kind', () => {
  it('gives the accountant exactly the reduced set', async () => {
    const { page, errors } = await harness.newPage();
    await loginAt(page, 'contador@erp.local', 'pages/nfe/exportar-xml-nfe');
    await expect
      .poll(() => menuTexts(page, 'Menu principal'))
      .toEqual(['Exportações', 'Exportar XML', 'Arquivo SPED', 'Arquivo Sintegra']);
    await page.getByRole('button', { name: 'Configurações' }).click();
    expect(await namesOf(page.getByRole('menuitem'))).toEqual(['Configuração fiscal', 'Plano de contas']);
    await page.keyboard.press('Escape');
    await userCard(page).click();
    expect(await namesOf(page.getByRole('menuitem'))).toEqual(['Trocar filial', 'Minha conta', 'Sair']);
    await page.keyboard.press('Escape');
    await shot(page, 'header-accountant');
    expect(errors).toEqual([]);
  });

  it('hides Financeiro from the salesman and denies its pages', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'vendedor@erp.local');
    await expect.poll(() => menuTexts(page, 'Menu principal')).toContain('Vendas');
    expect(await menuTexts(page, 'Menu principal')).not.toContain('Financeiro');
    await page.goto(harness.url('pages/financeiro/lancamentos/lista/receitas'));
    await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('shows platform staff the administrator menu with the staff-only entries', async () => {
    const { page, errors } = await harness.newPage();
    await loginAt(page, 'admin@erp.local', 'administrador/configuracoes/dashboard');
    await expect.poll(() => menuTexts(page, 'Menu do administrador')).toContain('Bancos');
    const entries = await menuTexts(page, 'Menu do administrador');
    for (const title of [
      'Dashboard',
      'White label',
      'Ajuda',
      'Financeiro white label',
      'Sequência de filial',
      'Importação IBPT (NCM)',
      'Importação IBPT (CEST)',
      'Versões do PDV',
      'Excluir produtos',
      'Excluir filial',
    ]) {
      expect(entries, title).toContain(title);
    }
    expect(await page.getByRole('button', { name: 'Ver conta do cliente' }).count()).toBe(0);
    await shot(page, 'header-admin');

    // A company administrator has neither the area nor its settings entry.
    const demo = await harness.newPage();
    await harness.login(demo.page, 'demo@erp.local');
    await demo.page.getByRole('button', { name: 'Configurações' }).click();
    await demo.page.getByRole('menuitem', { name: 'Empresas' }).waitFor();
    expect(await demo.page.getByRole('menuitem', { name: 'Administrador' }).count()).toBe(0);
    await demo.page.keyboard.press('Escape');
    await demo.page.goto(harness.url('administrador/configuracoes/bancos'));
    await demo.page.waitForURL(/#\/pages\/dashboard$/);
    await demo.context.close();
    expect(errors).toEqual([]);
  });

  it('shows the administrative panel user the panel menu and the eye button', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'painel@erp.local');
    await expect
      .poll(() => menuTexts(page, 'Menu principal'))
      .toEqual(['Painel administrativo', 'Empresas clientes', 'Usuários', 'Planos']);
    await page.getByRole('button', { name: 'Ver conta do cliente' }).click();
    await page.waitForURL(/#\/pages\/configuracoes\/empresas$/);
    await shot(page, 'header-painel');
    expect(errors).toEqual([]);
  });

  it('offers plans and modules to a short trial, and the customer area to a contract with billing', async () => {
    const trial = await harness.newPage();
    await harness.login(trial.page, 'trial@erp.local');
    const trialMenu = trial.page.getByRole('navigation', { name: 'Menu principal' });
    await openGroup(trial.page, 'Menu principal', 'Assinatura');
    await trialMenu.getByRole('link', { name: 'Planos' }).waitFor();
    await trialMenu.getByRole('link', { name: 'Módulos adicionais' }).waitFor();
    expect(await trialMenu.getByText('Área do cliente').count()).toBe(0);
    expect(trial.errors).toEqual([]);

    const demo = await harness.newPage();
    await harness.login(demo.page, 'demo@erp.local');
    const demoMenu = demo.page.getByRole('navigation', { name: 'Menu principal' });
    await openGroup(demo.page, 'Menu principal', 'Assinatura');
    await demoMenu.getByRole('link', { name: 'Área do cliente' }).waitFor();
    expect(demo.errors).toEqual([]);
  });

  it('shows the verde white-label its renamed entry', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'verde@erp.local', { host: 'verde.localhost' });
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Vendas' }).click();
    await menu.getByRole('link', { name: 'Meus clientes' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Clientes', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe('phones', () => {
  it('hides the favourites strip and uses a temporary drawer at 390 px', async () => {
    const { page, errors } = await harness.newPage({ width: 390, height: 844 });
    await harness.login(page, 'demo@erp.local');
    await userCard(page).waitFor();
    await page.getByRole('button', { name: 'Remover dos favoritos' }).waitFor();
    expect(await strip(page).isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Menu principal' }).count()).toBe(0);
    await shot(page, 'header-phone');
    await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('button', { name: 'Vendas' }).click();
    await shot(page, 'header-phone-drawer');
    await menu.getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    await menu.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('shows the news wizard usable on a phone', async () => {
    const { page, errors } = await harness.newPage({ width: 390, height: 844, showNews: true });
    await harness.login(page, 'vendedor@erp.local');
    const wizard = page.getByRole('dialog', { name: 'Temos novidades para você' });
    await wizard.getByRole('button', { name: 'Próximo' }).waitFor();
    await shot(page, 'header-news-wizard-phone');
    expect(errors).toEqual([]);
  });
});

describe('themes', () => {
  /** The computed style of a theme colour once made AA-safe (a light brand colour is darkened). */
  const themed = (brand: string) => `rgb(${parseHexColor(accessibleColor(brand).main).join(', ')})`;
  const colorOf = async (page: Page) =>
    page
      .getByRole('button', { name: 'Entrar' })
      .evaluate((button) => window.getComputedStyle(button).backgroundColor);

  it("follows the verde white-label's theme, including a custom colour", async () => {
    const token = await apiLogin(harness.server.app, 'admin@erp.local');
    const found = await apiCall(
      'GET',
      `/api/ConfigWhiteLabels?filter=${encodeURIComponent(JSON.stringify({ where: { idConfig: 'verde' } }))}`,
      token,
      undefined,
      'verde.localhost',
    );
    const id = found.json()[0].id as number;
    const update = (payload: object) =>
      apiCall('PUT', `/api/ConfigWhiteLabels/${id}`, token, payload, 'verde.localhost');
    const { page, errors } = await harness.newPage();
    try {
      await page.goto(harness.url('auth/login', 'verde.localhost'));
      await expect.poll(() => colorOf(page)).toBe(themed('#4caf50'));

      expect((await update({ tema: 'roxo' })).statusCode).toBe(200);
      await page.reload();
      await expect.poll(() => colorOf(page)).toBe(themed('#673ab7'));
      await shot(page, 'theme-roxo-login');
      await harness.login(page, 'verde@erp.local', { host: 'verde.localhost' });
      const avatar = userCard(page).locator('.MuiAvatar-root');
      await expect
        .poll(() => avatar.evaluate((node) => window.getComputedStyle(node).backgroundColor))
        .toBe(themed('#673ab7'));
      await shot(page, 'theme-roxo-dashboard');

      expect((await update({ tema: 'custom', misc: { customThemeColor: '#c2185b' } })).statusCode).toBe(200);
      await page.goto(harness.url('auth/logout', 'verde.localhost'));
      await page.waitForURL(/#\/auth\/login$/);
      await page.reload();
      await expect.poll(() => colorOf(page)).toBe(themed('#c2185b'));
      await shot(page, 'theme-custom-login');
    } finally {
      expect((await update({ tema: 'verde' })).statusCode).toBe(200);
    }
    expect(errors).toEqual([]);
  });
});
