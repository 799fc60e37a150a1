import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * The screens moved onto declared kinds (issue 13): Administrador › Usuários (a server-paged lookup with
 * flag chips, for staff or the master user), NF-e › Exportar XML (a tool whose checks are shown live),
 * Extrato bancário (options and their empty info) and Alteração de preço (a server-paged preview, an
 * action that needs a permission level).
 */
vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const USUARIOS = 'administrador/configuracoes/usuarios';

/** axe (WCAG 2.1 AA) finds nothing serious or critical once the page's colour transitions end. */
const expectAccessible = (page: Page) =>
  expect.poll(async () => seriousViolations(await runAxe(page)), { timeout: 5_000 }).toEqual([]);

describe('screens served by declared kinds', () => {
  it('Usuários: one chip per user kind, pages from the server, the master of another white-label allowed', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url(USUARIOS));
    const screen = page.locator(`[data-screen="page"][data-kind="lookup"][data-route="${USUARIOS}"]`);
    await screen.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    const table = screen.getByRole('table', { name: 'Usuários do white-label' });
    const row = (email: string) => table.getByRole('row').filter({ hasText: email });
    await row('contador@erp.local').waitFor();
    const chips = async (email: string) =>
      (await row(email).locator('.MuiChip-root').allTextContents()).filter((text) => text !== 'Ativo');
    expect(await chips('contador@erp.local')).toEqual(['Contador']);
    expect(await chips('vendedor@erp.local')).toEqual([]);
    expect(await chips('admin@erp.local')).toEqual(expect.arrayContaining(['Equipe', 'Master']));
    expect(await row('vendedor@erp.local').getByText('Ativo', { exact: true }).count()).toBe(1);
    await harness.screenshot(page, 'declared-usuarios');
    await expectAccessible(page);

    // Ten a page: the server answers ten rows at most and the pager counts them all.
    await page.getByRole('combobox', { name: 'Linhas por página:' }).click();
    await page.getByRole('option', { name: '10', exact: true }).click();
    const shown = page.getByText(/^1–\d+ de \d+$/);
    await expect.poll(async () => /^1–(\d+) de/.exec((await shown.textContent()) ?? '')?.[1]).toBeDefined();
    const [, last, total] = /^1–(\d+) de (\d+)$/.exec((await shown.textContent()) ?? '') ?? [];
    expect(Number(last)).toBe(Math.min(10, Number(total)));
    await expect.poll(() => table.getByRole('row').count()).toBe(Number(last) + 1);

    await page.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou empresa' }).fill('zzzz-ninguem');
    await page.getByText('Nenhum usuário encontrado para “zzzz-ninguem”.').waitFor();
    expect(errors).toEqual([]);

    // adminArea: the master user of a white-label opens it (staff-only entries stay closed to them).
    await harness.server.db.withSystem((tx) =>
      tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
    );
    const master = await harness.newPage();
    await harness.login(master.page, 'verde@erp.local', { host: 'verde.localhost' });
    await master.page.goto(harness.url(USUARIOS, 'verde.localhost'));
    const verde = master.page.getByRole('table', { name: 'Usuários do white-label' });
    await verde.getByRole('cell', { name: 'verde@erp.local' }).waitFor();
    expect(await verde.getByRole('cell', { name: 'admin@erp.local' }).count()).toBe(0);
    expect(master.errors).toEqual([]);
  });

  it('Exportar XML: the first failing check is shown while the values fail it, and the actions wait', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/nfe/exportar-xml-nfe'));
    await page.getByRole('heading', { level: 1, name: 'Exportar XML' }).waitFor();
    const previa = page.getByRole('button', { name: 'Pré-visualizar' });
    const arquivo = page.getByRole('button', { name: 'Gerar arquivo' });
    await expect.poll(() => previa.isEnabled()).toBe(true);
    for (const tipo of ['NF-e emitidas', 'NFC-e', 'Notas de entrada'])
      await page.getByRole('checkbox', { name: tipo }).uncheck();
    await page.getByText('Escolha ao menos um tipo de documento.').waitFor();
    expect(await previa.isDisabled()).toBe(true);
    expect(await arquivo.isDisabled()).toBe(true);
    await page.getByLabel('Data inicial').fill('');
    // Checks are ordered: the dates come first.
    await page.getByText('Informe a data inicial e a data final.').waitFor();
    expect(await page.getByText('Escolha ao menos um tipo de documento.').count()).toBe(0);
    await page.getByLabel('Data inicial').fill('2025-03-01');
    await page.getByRole('checkbox', { name: 'NFC-e' }).check();
    await expect.poll(() => previa.isEnabled()).toBe(true);
    expect(await page.getByText('Escolha ao menos um tipo de documento.').count()).toBe(0);
    await harness.screenshot(page, 'declared-exportar-xml');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('Extrato bancário: a company without an active account is told so, with the link to register one', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'verde@erp.local', { host: 'verde.localhost' });
    await page.goto(harness.url('pages/financeiro/extrato-bancario', 'verde.localhost'));
    await page.getByRole('heading', { level: 1, name: 'Extrato bancário' }).waitFor();
    await page
      .getByText('Nenhuma conta ativa nesta filial. Cadastre uma conta para consultar o extrato.')
      .waitFor();
    const link = page.getByRole('link', { name: 'Cadastrar conta' });
    expect(await link.getAttribute('href')).toBe('#/pages/financeiro/contas/cadastrar');
    expect(await page.getByRole('button', { name: 'Consultar' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Imprimir' }).isDisabled()).toBe(true);
    await harness.screenshot(page, 'declared-extrato-sem-conta');
    await expectAccessible(page);
    expect(errors).toEqual([]);
  });

  it('Alteração de preço: the preview pages on the server; without ALTERAR the profile only previews', async () => {
    const token = await apiLogin(harness.server.app, 'demo@erp.local');
    for (let i = 1; i <= 30; i++) {
      const response = await harness.server.app.inject({
        method: 'POST',
        url: '/api/Produtos',
        headers: { host: 'localhost', authorization: token },
        payload: { descricao: `Produto paginado ${i}`, codigo: `PAG${i}`, precoVenda: 10 },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/estoque/alteracao-preco'));
    await page.getByRole('heading', { level: 1, name: 'Alteração de preço' }).waitFor();
    const aplicar = page.getByRole('button', { name: 'Aplicar', exact: true });
    expect(await aplicar.isDisabled()).toBe(true); // nothing previewed yet
    await page.getByLabel('Descrição, código ou GTIN').fill('Produto paginado');
    await page.getByLabel('Percentual').fill('10');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    const table = page.getByRole('table', { name: 'Produtos afetados' });
    await page.getByText('1–25 de 30').waitFor();
    expect(await table.locator('tbody tr').count()).toBe(25);
    await page.getByText('30 com preço alterado').waitFor();
    await expect.poll(() => aplicar.isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Próxima página' }).click();
    await page.getByText('26–30 de 30').waitFor();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(5);
    expect(await table.locator('tbody tr').first().innerText()).toContain('R$ 11,00');
    await harness.screenshot(page, 'declared-alteracao-preco-pagina-2');
    await expectAccessible(page);
    expect(errors).toEqual([]);

    await harness.server.db.withSystem((tx) =>
      tx.query(
        `UPDATE perfil SET permissoes = permissoes || '{"VENDAS_ALTERACAO_PRECO": 1}'::jsonb WHERE nome = 'Vendas'`,
      ),
    );
    const vendedor = await harness.newPage();
    await harness.login(vendedor.page, 'vendedor@erp.local');
    await vendedor.page.goto(harness.url('pages/estoque/alteracao-preco'));
    await vendedor.page
      .getByText('Seu perfil permite apenas consultar; para aplicar é preciso permissão de alteração.')
      .waitFor();
    await vendedor.page.getByLabel('Percentual').fill('10');
    await vendedor.page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await vendedor.page
      .getByRole('table', { name: 'Produtos afetados' })
      .locator('tbody tr')
      .first()
      .waitFor();
    expect(await vendedor.page.getByRole('button', { name: 'Aplicar', exact: true }).isDisabled()).toBe(true);
    expect(vendedor.errors).toEqual([]);
  });
});
