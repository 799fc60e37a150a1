import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Exportações › balança and terminal in the browser as demo@erp.local: preview, then the downloaded file. */
let harness: BrowserHarness;
let token: string;

const api = async (url: string, payload: unknown) => {
  const response = await harness.server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    payload: payload as object,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  const padaria = await api('/api/Categorias', { descricao: 'Padaria' });
  const balanca = { enviarBalanca: true, tipoVendaBalanca: 0 };
  await api('/api/Produtos', {
    ...balanca,
    descricao: 'Pão francês',
    codigo: 'PAO',
    categoriaId: padaria.id,
    precoVenda: 14.9,
    codigoBalanca: 1,
    validadeDias: 1,
  });
  await api('/api/Produtos', {
    ...balanca,
    tipoVendaBalanca: 1,
    descricao: 'Sonho de creme',
    codigo: 'SONHO',
    categoriaId: padaria.id,
    precoVenda: 4.5,
    codigoBalanca: 12,
    validadeDias: 2,
  });
  await api('/api/Produtos', {
    ...balanca,
    descricao: 'Mortadela fatiada',
    codigo: 'MORT',
    precoVenda: 29.9,
  });
  await api('/api/Produtos', {
    descricao: 'Refrigerante Cola 2L',
    codigo: 'COLA2',
    codigoBarras: '7891000315507',
    precoVenda: 9.99,
  });
  await api('/api/Produtos', {
    descricao: 'Açúcar cristal 1kg',
    codigoBarras: '7891000100103',
    precoVenda: 4.79,
  });
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;

async function open(page: Page, route: string, title: string) {
  await harness.login(page, 'demo@erp.local');
  await page.goto(harness.url(route));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Clicks "Gerar arquivo" and returns the downloaded file's name and text (one byte per character). */
async function generate(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Gerar arquivo' }).click(),
  ]);
  const bytes = await readFile((await download.path()) as string);
  return { name: download.suggestedFilename(), text: bytes.toString('latin1') };
}

describe('Exportações', () => {
  it(
    'Exportação para balança: Filizola preview with warnings, then CADTXT.TXT downloaded',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/exportacoes-fiscais/exportacao-para-balanca', 'Exportação para balança');
      await choose(page, 'Modelo da balança', 'Filizola Smart (CADTXT.TXT)');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      const table = page.getByRole('table', { name: 'Produtos exportados para a balança' });
      await table.getByRole('row', { name: /PAO FRANCES/ }).waitFor();
      expect(await table.getByRole('row', { name: /PAO FRANCES/ }).innerText()).toMatch(
        /000001\s+PAO FRANCES\s+R\$\s14,90\s+Peso \(kg\)\s+1/,
      );
      expect(await table.getByRole('row', { name: /SONHO DE CREME/ }).innerText()).toContain('Unidade');
      await page.getByText('1 produto(s) não serão exportados').waitFor();
      await page.getByText('MORT — Mortadela fatiada: Sem código na balança (PLU).').waitFor();
      await harness.screenshot(page, 'exportacao-balanca-preview');
      const file = await generate(page);
      expect(file.name).toBe('CADTXT.TXT');
      expect(file.text).toBe(
        '000001PPAO FRANCES           0001490001\r\n000012USONHO DE CREME        0000450002\r\n',
      );
      await page.getByText('Arquivo CADTXT.TXT gerado com 2 produto(s).').waitFor();

      await choose(page, 'Modelo da balança', 'Toledo MGV6 (ITENSMGV.TXT)');
      await page.getByLabel('Departamento').fill('2');
      const toledo = await generate(page);
      expect(toledo.name).toBe('ITENSMGV.TXT');
      const [first = ''] = toledo.text.split('\r\n');
      expect(first.slice(0, 68)).toBe(`020000001001490001${'PAO FRANCES'.padEnd(50)}`);
      expect(first).toHaveLength(260);
      expect(first).toContain('|02|');
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Exportação para terminal: delimited preview, fixed-width file downloaded',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/exportacoes-fiscais/exportacao-para-terminal', 'Exportação para terminal');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      const table = page.getByRole('table', { name: 'Produtos exportados para o terminal' });
      await table.getByRole('row', { name: /Refrigerante Cola 2L/ }).waitFor();
      expect(await table.getByRole('row', { name: /Açúcar cristal/ }).innerText()).toContain('R$ 4,79');
      await page.getByText('7891000100103;ACUCAR CRISTAL 1KG;4,79').waitFor();
      await harness.screenshot(page, 'exportacao-terminal-preview');
      const delimited = await generate(page);
      expect(delimited.name).toBe('PRODUTOS.TXT');
      expect(delimited.text).toBe(
        '7891000100103;ACUCAR CRISTAL 1KG;4,79\r\n7891000315507;REFRIGERANTE COLA 2L;9,99\r\n',
      );

      await choose(page, 'Layout', 'Largura fixa');
      const fixed = await generate(page);
      expect(fixed.text.split('\r\n')[1]).toBe(
        `07891000315507${'REFRIGERANTE COLA 2L'.padEnd(40)}0000000999`,
      );

      await choose(page, 'Layout', 'Delimitado (com separador)');
      await choose(page, 'Separador de campos', 'Vírgula ( , )');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page.getByText('O separador de campos e o separador decimal não podem ser iguais.').waitFor();
      await harness.screenshot(page, 'exportacao-terminal-erro');
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
