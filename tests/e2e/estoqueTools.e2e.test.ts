import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Estoque tools in the browser as demo@erp.local: price change, CSV import, label printing (Conciliação OFX: conciliacaoOfx.e2e.test.ts). */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

const api = async (method: string, url: string, payload?: unknown) => {
  const response = await harness.server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const produtoByCodigo = async (codigo: string) =>
  (
    (await api(
      'GET',
      `/api/Produtos?filter=${encodeURIComponent(JSON.stringify({ where: { codigo } }))}`,
    )) as Body[]
  )[0];

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  const bebidas = await api('POST', '/api/Categorias', { descricao: 'Bebidas' });
  await api('POST', '/api/Categorias', { descricao: 'Limpeza' });
  await api('POST', '/api/Marcas', { descricao: 'Marca Boa' });
  await api('POST', '/api/Produtos', {
    descricao: 'Refrigerante Cola 2L',
    codigo: 'COLA2',
    codigoBarras: '7891000315507',
    categoriaId: bebidas.id,
    custo: 5,
    precoVenda: 9.99,
  });
  await api('POST', '/api/Produtos', {
    descricao: 'Suco de uva 1L',
    codigo: 'SUCO1',
    categoriaId: bebidas.id,
    precoVenda: 7.5,
  });
  await api('POST', '/api/Produtos', { descricao: 'Detergente 500ml', codigo: 'DET500', precoVenda: 2.49 });
  await api('POST', '/api/Etiquetas', { descricao: 'Gôndola 50 x 30', largura: 50, altura: 30, colunas: 3 });
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;

async function open(page: Page, route: string, title: string) {
  await harness.login(page, 'demo@erp.local');
  await page.goto(harness.url(route));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Picks an option of an MUI select by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('Estoque tools', () => {
  it(
    'Alteração de preço: filters, previews and applies a 10% increase after confirming',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/estoque/alteracao-preco', 'Alteração de preço');
      await choose(page, 'Categoria', 'Bebidas');
      await page.getByLabel('Percentual').fill('10');
      await page.getByLabel('Recalcular margem e markup pelo custo').check();
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      const table = page.getByRole('table', { name: 'Produtos afetados' });
      await table.getByRole('row', { name: /Refrigerante Cola 2L/ }).waitFor();
      expect(await table.getByRole('row', { name: /Refrigerante Cola 2L/ }).innerText()).toContain(
        'R$ 10,99',
      );
      expect(await table.getByRole('row', { name: /Suco de uva/ }).innerText()).toContain('R$ 8,25');
      expect(await table.getByRole('row', { name: /Detergente/ }).count()).toBe(0);
      await page.getByText('2 com preço alterado').waitFor();
      await harness.screenshot(page, 'estoque-alteracao-preco-preview');
      await page.getByRole('button', { name: 'Aplicar', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Aplicar alteração de preço' });
      await dialog.getByText('O preço de venda de 2 produto(s) será alterado.', { exact: false }).waitFor();
      await dialog.getByRole('button', { name: 'Aplicar' }).click();
      await page.getByText('Preço de venda alterado em 2 de 2 produto(s) encontrado(s).').waitFor();
      await harness.screenshot(page, 'estoque-alteracao-preco-aplicada');
      expect(await produtoByCodigo('COLA2')).toMatchObject({ precoVenda: 10.99, margem: 54.5 });
      expect(await produtoByCodigo('DET500')).toMatchObject({ precoVenda: 2.49 });
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Importar arquivo: model download, Windows-1252 file with errors per line, then an all-valid import',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/estoque/importar-arquivo', 'Importar arquivo');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar modelo CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('modelo-importacao-produtos.csv');
      const model = await readFile((await download.path()) as string, 'utf8');
      expect(model.split('\r\n')[0]).toContain('Descrição;Código (SKU);Código de barras (GTIN)');

      const bad =
        'Nome;Código;Preço;Categoria\r\nSabão em pó;SAB1;12,90;Limpeza\r\n;SEM;dez;Limpeza\r\nÁgua;COLA2;2,00;Inexistente\r\n';
      await page
        .getByLabel('Arquivo CSV')
        .setInputFiles({ name: 'produtos.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'latin1') });
      await page.getByText('3 linha(s) de produto · Windows-1252 · separador ";"').waitFor();
      expect(await page.getByRole('combobox', { name: 'Campo para "Preço"' }).innerText()).toContain(
        'Preço de venda',
      );
      await page.getByRole('button', { name: 'Validar' }).click();
      const erros = page.getByRole('table', { name: 'Erros por linha' });
      await erros.waitFor();
      expect(await erros.getByRole('row', { name: /^3 / }).innerText()).toContain(
        'Preço de venda: número inválido ("dez")',
      );
      expect(await erros.getByRole('row', { name: /^4 / }).innerText()).toContain(
        'Categoria: "Inexistente" não encontrado(a)',
      );
      expect(await erros.getByRole('row', { name: /^4 / }).innerText()).toContain(
        'já existe um produto com "COLA2"',
      );
      expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
      await erros.scrollIntoViewIfNeeded();
      await harness.screenshot(page, 'estoque-importar-erros');

      const good =
        'descricao,codigo,preco de venda,categoria,ativo\n"Sabão em pó, 1kg",SAB1,"12,90",Limpeza,Sim\nEsponja,ESP1,"1,99",,Não\n';
      await page
        .getByLabel('Arquivo CSV')
        .setInputFiles({ name: 'bons.csv', mimeType: 'text/csv', buffer: Buffer.from(good, 'utf8') });
      await page.getByText('2 linha(s) de produto · UTF-8 · separador ","').waitFor();
      await page.getByRole('button', { name: 'Validar' }).click();
      await page.getByText('Todas as linhas estão corretas.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Importar' }).click();
      await page
        .getByRole('dialog', { name: 'Importar produtos' })
        .getByRole('button', { name: 'Importar' })
        .click();
      await page.getByText('2 produto(s) importado(s).', { exact: true }).waitFor();
      expect(await page.getByText('Coluna do arquivo', { exact: true }).count()).toBe(0);
      await harness.screenshot(page, 'estoque-importar-sucesso');
      expect(await produtoByCodigo('SAB1')).toMatchObject({
        descricao: 'Sabão em pó, 1kg',
        precoVenda: 12.9,
        ativo: true,
      });
      expect(await produtoByCodigo('ESP1')).toMatchObject({ precoVenda: 1.99, ativo: false });
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Imprimir etiquetas: model, products and quantities, real barcodes in the preview, print layout',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/estoque/etiqueta/imprimir', 'Imprimir etiquetas');
      await page
        .getByRole('combobox', { name: 'Modelo de etiqueta' })
        .filter({ hasText: 'Gôndola 50 x 30' })
        .waitFor();
      const picker = page.getByRole('combobox', { name: 'Adicionar produto' });
      await picker.fill('cola');
      await page.getByRole('option', { name: /Refrigerante Cola 2L/ }).click();
      await picker.fill('detergente');
      await page.getByRole('option', { name: /Detergente 500ml/ }).click();
      await page.getByLabel('Quantidade de Refrigerante Cola 2L').fill('3');
      const preview = page.getByLabel('Pré-visualização das etiquetas');
      await expect.poll(() => preview.getByTestId('etiqueta').count()).toBe(4);
      expect(await preview.getByRole('img', { name: 'Código de barras EAN-13 7891000315507' }).count()).toBe(
        3,
      );
      expect(await preview.getByRole('img', { name: 'Código de barras CODE-128 DET500' }).count()).toBe(1);
      expect(await preview.getByText('R$ 10,99').count()).toBe(3);
      await page.getByText('4 etiqueta(s)').waitFor();
      await harness.screenshot(page, 'estoque-etiquetas-preview');
      await page.evaluate(() => {
        (window as unknown as { printed: number }).printed = 0;
        window.print = () => {
          (window as unknown as { printed: number }).printed++;
        };
      });
      await page.getByRole('button', { name: 'Imprimir' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('#etiquetas-impressao [data-testid="etiqueta"]').count()).toBe(4);
      expect(await page.getByRole('heading', { name: 'Imprimir etiquetas' }).isVisible()).toBe(false);
      await harness.screenshot(page, 'estoque-etiquetas-impressao');
      await page.emulateMedia({ media: 'screen' });
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
