import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contrastRatio } from '../../runtime/core/contrastRatio.ts';
import { login } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * axe-core (WCAG 2.1 A + AA rules) on every kind of screen — sign-in, sign-up, dashboard, generic list
 * and form, report, tool, upload, administrator screens, the header's dialogs — under the default theme,
 * and on sign-in and a list under the lightest, the darkest and a custom theme colour: no serious or
 * critical violation.
 */
vi.setConfig({ testTimeout: 90_000 });

let harness: BrowserHarness;
let adminToken: string;
let demoId: number;

beforeAll(async () => {
  harness = await startBrowserHarness();
  adminToken = await login(harness.server.app, 'admin@erp.local');
  demoId = (await harness.server.tenants.all()).find((tenant) => tenant.settings.slug === 'demo')!.id;
  const token = await login(harness.server.app, 'demo@erp.local');
  for (const nome of ['Ana Exemplo', 'Bruno Teste']) {
    const created = await harness.server.app.inject({
      method: 'POST',
      url: '/api/Clientes',
      headers: { host: 'localhost', authorization: token },
      payload: { nome, limiteCredito: 1234.5, email: `${nome.split(' ')[0]?.toLowerCase()}@exemplo.com.br` },
    });
    expect(created.statusCode, created.body).toBe(200);
  }
});
afterAll(async () => harness?.close());

/** Waits until the screen has settled: its level-1 heading (or `ready`) shown and no progress indicator. */
async function settle(page: Page, ready?: Locator) {
  await (ready ?? page.getByRole('heading', { level: 1 }).first()).waitFor();
  await expect
    .poll(() => page.locator('[role="progressbar"]:visible, .MuiSkeleton-root:visible').count(), {
      timeout: 10_000,
    })
    .toBe(0);
}

/** Asserts that axe finds nothing serious or critical on the page as it is now. */
async function expectAccessible(page: Page, screen: string) {
  // MUI transitions (collapse, fade, tooltips) end within 300 ms; axe reads colours as drawn.
  await page.waitForTimeout(350);
  let serious = seriousViolations(await runAxe(page));
  // A button that turned enabled as data arrived fades its colour in (250 ms): a finding must persist.
  if (serious.length) {
    await page.waitForTimeout(800);
    serious = seriousViolations(await runAxe(page));
  }
  if (serious.length) await harness.screenshot(page, `a11y-failed-${screen.replace(/\W+/g, '-')}`);
  expect(serious, `${screen}:\n  ${serious.join('\n  ')}`).toEqual([]);
}

async function scan(page: Page, route: string, ready?: (page: Page) => Locator) {
  await page.goto(harness.url(route));
  await settle(page, ready?.(page));
  await expectAccessible(page, route);
}

describe('axe on every screen kind (default theme)', () => {
  it('sign-in and sign-up, also with their validation messages shown', async () => {
    const { page, errors } = await harness.newPage();
    await scan(page, 'auth/login', (p) => p.getByRole('button', { name: 'Entrar' }));
    await scan(page, 'auth/recuperar-senha', (p) => p.getByRole('heading').first());
    await scan(page, 'auth/cadastrar', (p) => p.getByRole('heading').first());
    await page.getByLabel('E-mail').fill('sem-arroba');
    await page.getByLabel('Senha', { exact: true }).fill('1');
    await page.getByLabel('Confirmar senha').fill('2');
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.locator('.MuiFormHelperText-root.Mui-error').first().waitFor();
    await expectAccessible(page, 'auth/cadastrar with errors');
    await harness.screenshot(page, 'a11y-signup-errors');
    expect(errors).toEqual([]);
  });

  it('dashboard, list, form, report, tool and upload screens, and the header dialogs', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await scan(page, 'pages/dashboard');
    await page.getByRole('button', { name: /^Notificações/ }).click();
    await page.getByRole('region', { name: 'Notificações' }).waitFor();
    await settle(page, page.getByRole('region', { name: 'Notificações' }));
    await expectAccessible(page, 'alerts panel');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Menu do usuário' }).click();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'user menu');
    await page.keyboard.press('Escape');

    await scan(page, 'pages/vendas/clientes', (p) => p.getByRole('gridcell', { name: 'Ana Exemplo' }));
    await harness.screenshot(page, 'a11y-list');
    await page
      .locator('[role="row"][row-index="0"] [col-id="acoes"]')
      .getByRole('button', { name: 'Excluir' })
      .click();
    await settle(page, page.getByRole('dialog'));
    await expectAccessible(page, 'delete confirmation dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await scan(page, 'pages/vendas/clientes/cadastrar');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.locator('.MuiFormHelperText-root.Mui-error').first().waitFor();
    await expectAccessible(page, 'clientes form with errors');
    await harness.screenshot(page, 'a11y-form-errors');

    await scan(page, 'pages/relatorios/vendas/menu');
    await scan(page, 'pages/relatorios/vendas-periodo');
    await page.getByRole('button', { name: 'Relatórios exportados' }).click();
    const reports = page.getByRole('dialog', { name: /^Relatórios exportados/ });
    await settle(page, reports.getByRole('heading').first());
    await expectAccessible(page, 'exported reports dialog');
    await page.keyboard.press('Escape');

    await scan(page, 'pages/fiscais/gerar-arquivo-sped');
    await scan(page, 'pages/estoque/alteracao-preco');
    await scan(page, 'pages/estoque/importar-arquivo');
    await scan(page, 'pages/configuracoes/importacao-de-dados');
    await scan(page, 'pages/financeiro/extrato-bancario');
    await scan(page, 'pages/exportacoes-fiscais/exportacao-para-balanca');
    await scan(page, 'pages/exportacoes-fiscais/exportacao-para-terminal');
    await scan(page, 'pages/configuracoes/atualizar-transacoes');
    expect(errors).toEqual([]);
  });

  it('on a phone: a list and the menu drawer', async () => {
    const { page, errors } = await harness.newPage({ width: 390, height: 844 });
    await harness.login(page, 'demo@erp.local');
    await scan(page, 'pages/vendas/clientes', (p) => p.getByRole('gridcell', { name: 'Ana Exemplo' }));
    await page.getByRole('button', { name: 'Abrir ou fechar o menu' }).click();
    await settle(page, page.getByRole('navigation').first());
    await expectAccessible(page, 'menu drawer at 390 px');
    await harness.screenshot(page, 'a11y-phone-menu');
    expect(errors).toEqual([]);
  });

  it('administrator screens: white-label form, lists, IBPT lookup, a lookup with row actions and its form dialog', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await scan(page, 'administrador/configuracoes/whitelabel');
    await scan(page, 'administrador/configuracoes/bancos');
    await scan(page, 'administrador/configuracoes/usuarios');
    await scan(page, 'administrador/configuracoes/importacao-ibpt-ncm');
    await scan(page, 'administrador/configuracoes/notificacoes');
    await scan(page, 'administrador/configuracoes/pdv-versao');
    await page.getByRole('button', { name: 'Nova versão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova versão' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Campo Obrigatório!').first().waitFor();
    await expectAccessible(page, 'pdv-versao (dialog with messages)');
    expect(errors).toEqual([]);
  });

  it('declared administrator lookups: a status page, parts with a preview row, a search opening a detail route, a typed filter', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    // This server's database is DATABASE_URL: the page says the provider keeps the backups.
    await scan(page, 'administrador/configuracoes/backups', (p) => p.getByRole('alert'));
    await scan(page, 'administrador/configuracoes/financeiro-whitelabel', (p) =>
      p.getByRole('table', { name: 'Empresas ativas' }),
    );
    await scan(page, 'administrador/configuracoes/exportar-empresa');
    await scan(page, 'administrador/configuracoes/sequencia-filial');
    await page.getByRole('searchbox', { name: 'CNPJ ou razão social' }).fill('11.222.333');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: 'Abrir sequências de Loja Centro' }).click();
    await settle(page, page.getByRole('table', { name: 'Histórico de alterações' }));
    await page.getByRole('button', { name: 'Editar NF-e (modelo 55) Produção' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar NF-e (modelo 55) — Produção' });
    await dialog.getByRole('textbox', { name: 'Série' }).fill('950');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Informe uma série de 0 a 889 (NFS-e: de 0 a 999).').waitFor();
    await expectAccessible(page, 'sequencia-filial (detail, dialog with messages)');
    expect(errors).toEqual([]);
  });
});

describe('axe under other themes', () => {
  const setTheme = async (tema: string, customThemeColor?: string) => {
    const response = await harness.server.app.inject({
      method: 'PUT',
      url: `/api/ConfigWhiteLabels/${demoId}`,
      headers: { host: 'localhost', authorization: adminToken },
      payload: { tema, ...(customThemeColor ? { misc: { customThemeColor } } : {}) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  afterAll(async () => setTheme('azul'));

  it.each([
    ['verdefluorescente (the lightest primary, 1.8:1 on white)', 'verdefluorescente', undefined],
    ['connect (the darkest primary)', 'connect', undefined],
    ['a custom yellow typed by the operator', 'custom', '#ffeb3b'],
  ])('%s: sign-in and a list', async (_title, tema, custom) => {
    await setTheme(tema, custom);
    const { page, errors } = await harness.newPage();
    await scan(page, 'auth/login', (p) => p.getByRole('button', { name: 'Entrar' }));
    // The filled button is drawn in the (adjusted) theme colour, not in a neutral fallback.
    const fill = await page
      .getByRole('button', { name: 'Entrar' })
      .evaluate((button) => getComputedStyle(button).backgroundColor);
    const [r = 0, g = 0, b = 0] = (fill.match(/\d+/g) ?? []).map(Number);
    const hex = `#${[r, g, b].map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
    expect(contrastRatio(hex, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(new Set([r, g, b]).size, fill).toBeGreaterThan(custom ? 1 : 2);
    await harness.screenshot(page, `a11y-login-${tema}`);
    await harness.login(page, 'demo@erp.local');
    await scan(page, 'pages/vendas/clientes', (p) => p.getByRole('gridcell', { name: 'Ana Exemplo' }));
    await harness.screenshot(page, `a11y-list-${tema}`);
    expect(errors).toEqual([]);
  });
});
