import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
let token: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await login(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

/** The LoopBack filter a grid request sent. */
function filterOf(request: Request): {
  where?: unknown;
  order?: string[];
  skip?: number;
  limit?: number;
  after?: unknown[];
} {
  return JSON.parse(new URL(request.url()).searchParams.get('filter') ?? '{}');
}

const isList = (request: Request) => new URL(request.url()).pathname === '/api/Clientes';

/** The data cell of the row at `index` in the column `column`. */
const cell = (page: Page, index: number, column: string) =>
  page.locator(`[role="row"][row-index="${index}"] [role="gridcell"][col-id="${column}"]`);

/** The actions cell of the row at `index` (pinned to the right). */
const actions = (page: Page, index: number) => cell(page, index, 'acoes');

async function createClientes(): Promise<void> {
  const rows = [
    { nome: 'Ana Exemplo', limiteCredito: 1234.56, email: 'ana@exemplo.com.br' },
    ...Array.from({ length: 118 }, (_, i) => ({
      nome: `Cliente ${String(i + 1).padStart(3, '0')}`,
      limiteCredito: (i + 1) * 10,
    })),
    { nome: 'Zeca Último', limiteCredito: 99999 },
  ];
  for (let start = 0; start < rows.length; start += 20) {
    await Promise.all(
      rows.slice(start, start + 20).map(async (payload) => {
        const response = await harness.server.app.inject({
          method: 'POST',
          url: '/api/Clientes',
          headers: { host: 'localhost', authorization: token },
          payload,
        });
        expect(response.statusCode, response.body).toBe(200);
        ids.set(payload.nome, response.json().id);
      }),
    );
  }
}

describe('generic list screen (ListView) on clientes', () => {
  it('shows the empty state of the spec while there is no record', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/vendas/clientes'));
    await page.getByText('Ops, nada encontrado por aqui.').waitFor();
    await page.getByText('Passo a passo:').waitFor();
    await page.getByText('Informações importantes:').waitFor();
    await page.getByText('Clique em Novo para cadastrar o primeiro cliente.').waitFor();
    expect(await page.getByRole('heading', { name: 'Clientes', level: 1 }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Novo' }).getAttribute('href')).toBe(
      '#/pages/vendas/clientes/cadastrar',
    );
    await harness.screenshot(page, 'list-empty');
    expect(errors).toEqual([]);
  });

  it('lists, scrolls, formats, searches, sorts, filters, opens and deletes records', async () => {
    await createClientes();
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(15_000);
    await harness.login(page, 'demo@erp.local');
    const first = page.waitForRequest(isList);
    await page.goto(harness.url('pages/vendas/clientes'));
    expect(filterOf(await first).order?.[0]).toBe('nome ASC');
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Ana Exemplo');
    expect(await cell(page, 0, 'limiteCredito').textContent()).toBe('R$ 1.234,56');
    expect(await cell(page, 1, 'nome').textContent()).toBe('Cliente 001');
    await page.getByText('120 registros').waitFor();
    expect(await page.getByText('Ops, nada encontrado por aqui.').count()).toBe(0);
    await harness.screenshot(page, 'list-clientes');

    // Infinite scrolling: the second block (rows 100…119) is fetched when the user scrolls down, by keyset:
    // `after` the first block's last row (its nome and id), not by skipping 100 rows.
    const secondBlock = page.waitForRequest(
      (request) => isList(request) && filterOf(request).after !== undefined,
    );
    await page.locator('.ag-grid-viewport').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    const segundo = filterOf(await secondBlock);
    expect(segundo.limit).toBe(100);
    expect(segundo.skip ?? 0).toBe(0);
    expect(segundo.after?.[0]).toBe('Cliente 099');
    await page.getByRole('gridcell', { name: 'Zeca Último' }).waitFor();
    await page.locator('.ag-grid-viewport').evaluate((element) => {
      element.scrollTop = 0;
    });

    // Quick search narrows the rows (an `or` of ilike over the search fields).
    const searched = page.waitForRequest(
      (request) => isList(request) && JSON.stringify(filterOf(request).where ?? {}).includes('%Zeca%'),
    );
    await page.getByLabel('Pesquisar').fill('Zeca');
    await searched;
    await page.getByText('1 registro', { exact: true }).waitFor();
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Zeca Último');
    expect(await cell(page, 1, 'nome').count()).toBe(0);
    await page.getByLabel('Pesquisar').fill('xyzw');
    await page
      .locator('.ag-overlay')
      .getByText('Nenhum registro encontrado para a pesquisa ou os filtros.')
      .waitFor();
    expect(await page.getByText('Ops, nada encontrado por aqui.').count()).toBe(0);
    await page.getByLabel('Pesquisar').fill('');
    await page.getByText('120 registros').waitFor();

    // Clicking a header sorts on the server.
    const sorted = page.waitForRequest(
      (request) => isList(request) && filterOf(request).order?.[0] === 'limiteCredito ASC',
    );
    await page.getByRole('columnheader', { name: 'Limite de crédito' }).click();
    await sorted;
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Cliente 001');
    expect(await cell(page, 0, 'limiteCredito').textContent()).toBe('R$ 10,00');
    const descending = page.waitForRequest(
      (request) => isList(request) && filterOf(request).order?.[0] === 'limiteCredito DESC',
    );
    await page.getByRole('columnheader', { name: 'Limite de crédito' }).click();
    await descending;
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Zeca Último');
    expect(await cell(page, 0, 'limiteCredito').textContent()).toBe('R$ 99.999,00');

    // The column filter of Nome ("contém") is pushed into the where clause.
    await page.locator('.ag-header-cell[col-id="nome"] .ag-header-cell-filter-button').click();
    const filtered = page.waitForRequest(
      (request) => isList(request) && JSON.stringify(filterOf(request).where ?? {}).includes('%Cliente 11%'),
    );
    await page.getByLabel('Valor do Filtro').first().fill('Cliente 11');
    await filtered;
    await page.getByText('9 registros').waitFor();
    await harness.screenshot(page, 'list-filter');
    await page.keyboard.press('Escape');

    // Row actions: Editar opens the form route of the row; a double click does the same.
    await page.reload();
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Ana Exemplo');
    await actions(page, 0).getByRole('button', { name: 'Editar' }).click();
    await page.waitForURL(`**/#/pages/vendas/clientes/editar/${ids.get('Ana Exemplo')}`);
    await page.goBack();
    await expect.poll(() => cell(page, 1, 'nome').textContent()).toBe('Cliente 001');
    await cell(page, 1, 'nome').dblclick();
    await page.waitForURL(`**/#/pages/vendas/clientes/editar/${ids.get('Cliente 001')}`);
    await page.goBack();

    // Excluir asks for confirmation, deletes and reloads the rows.
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Ana Exemplo');
    await actions(page, 0).getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Deseja excluir este registro?').waitFor();
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Registro excluído com sucesso.').waitFor();
    await page.getByText('119 registros').waitFor();
    await expect.poll(() => cell(page, 0, 'nome').textContent()).toBe('Cliente 001');
    const gone = await harness.server.app.inject({
      method: 'GET',
      url: `/api/Clientes/${ids.get('Ana Exemplo')}`,
      headers: { host: 'localhost', authorization: token },
    });
    expect(gone.statusCode).toBe(404);
    expect(errors).toEqual([]);
  }, 120_000);

  it('fits a phone screen with the actions column in view', async () => {
    const { page, errors } = await harness.newPage({ width: 390, height: 844 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/vendas/clientes'));
    await page.getByRole('gridcell', { name: 'Cliente 001' }).waitFor();
    const box = await actions(page, 0).getByRole('button', { name: 'Excluir' }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    await harness.screenshot(page, 'list-mobile');
    expect(errors).toEqual([]);
  });

  it('hides Novo, Editar and Excluir from a profile that may only view clientes', async () => {
    await harness.server.db.withSystem(async (tx) => {
      const perfil = await tx.one<{ id: number }>(
        `INSERT INTO perfil (empresa_id, nome, permissoes)
         SELECT empresa_id, 'Consulta de clientes', $1 FROM usuario WHERE email = 'vendedor@erp.local'
         RETURNING id`,
        [JSON.stringify({ DASHBOARD: 1, VENDAS_CLIENTES: 1 })],
      );
      const usuario = await tx.one<{ id: number }>(
        `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id,
                              filial_selecionada_id, perfil_admin, is_contador, is_avanco, master,
                              painel_administrativo, primeiro_acesso)
         SELECT empresa_id, config_white_label_id, 'consulta@erp.local', 'Célia Consulta', senha_hash, $1,
                filial_selecionada_id, false, false, false, false, false, false
           FROM usuario WHERE email = 'vendedor@erp.local' RETURNING id`,
        [perfil.id],
      );
      await tx.query(
        `INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id)
         SELECT $1, filial_id, empresa_id FROM usuario_filial
          WHERE usuario_id = (SELECT id FROM usuario WHERE email = 'vendedor@erp.local')`,
        [usuario.id],
      );
    });
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'consulta@erp.local');
    await page.goto(harness.url('pages/vendas/clientes'));
    await page.getByRole('gridcell', { name: 'Cliente 001' }).waitFor();
    expect(await page.getByRole('link', { name: 'Novo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Excluir' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copiar' }).count()).toBe(0);
    expect(await actions(page, 0).getByRole('button', { name: 'Visualizar' }).count()).toBe(1);
    await harness.screenshot(page, 'list-view-only');
    await page.goto(harness.url('pages/vendas/clientes/cadastrar'));
    await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();
    expect(errors).toEqual([]);
  });
});
