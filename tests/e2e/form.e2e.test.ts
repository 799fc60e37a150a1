import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const NEW_ROUTE = 'pages/vendas/clientes/cadastrar';
const LIST_URL = /#\/pages\/vendas\/clientes$/;
/** CNPJ with valid check digits (the classic example), typed as digits. */
const CNPJ_DIGITS = '11222333000181';
const CNPJ_MASKED = '11.222.333/0001-81';
/** IBGE code of Campinas (SP). */
const CAMPINAS = 3509502;

/** Console errors other than the failed-resource line of an expected HTTP status. */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter(
    (error) =>
      !statuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );

/** Records of the demo company through the API, as the test's own check of what the form saved. */
async function findClientes(where: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const token = await apiLogin(harness.server.app, 'demo@erp.local');
  const response = await harness.server.app.inject({
    method: 'GET',
    url: `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ where }))}`,
    headers: { authorization: token },
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function openNewForm(page: Page, email = 'demo@erp.local', host?: string) {
  await harness.login(page, email, host ? { host } : {});
  await page.goto(harness.url(NEW_ROUTE, host));
  await page.getByRole('heading', { name: 'Cliente — Novo' }).waitFor();
}

/** Each case logs in and walks a whole form; the machine running the suite may be busy. */
const CASE_TIMEOUT_MS = 120_000;

const toast = (page: Page) => page.getByText('Registro salvo com sucesso.');

describe('generic form (FormView) on the cliente entity', () => {
  it(
    'validates in pt-BR, masks as typed, searches the city and saves a new cliente',
    async () => {
      const { page, errors } = await harness.newPage();
      await openNewForm(page);
      await page.getByRole('tab', { name: 'Dados principais' }).waitFor();
      await page.getByRole('region', { name: 'Identificação' }).waitFor();
      expect(await page.getByLabel('Nome fantasia / Apelido').count()).toBe(1);
      // Messages appear only after Salvar.
      expect(await page.getByText('Campo Obrigatório!').count()).toBe(0);
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Campo Obrigatório!').first().waitFor();

      const documento = page.getByLabel('CPF/CNPJ');
      await documento.fill('12345678900');
      await page.getByText('Documento inválido').waitFor();
      await documento.fill('');
      await documento.pressSequentially(CNPJ_DIGITS);
      expect(await documento.inputValue()).toBe(CNPJ_MASKED);
      await expect.poll(() => page.getByText('Documento inválido').count()).toBe(0);

      await page.getByLabel('Nome / Razão social').fill('Comercial Teste Ltda');
      await expect.poll(() => page.getByText('Campo Obrigatório!').count()).toBe(0);
      const telefone = page.getByLabel('Telefone');
      await telefone.pressSequentially('11987654321');
      expect(await telefone.inputValue()).toBe('(11) 9 8765-4321');
      await harness.screenshot(page, 'form-cliente-principal');

      await page.getByRole('tab', { name: 'Endereço' }).click();
      await page.getByRole('combobox', { name: 'UF' }).click();
      await page.getByRole('option', { name: 'São Paulo' }).click();
      const municipio = page.getByRole('combobox', { name: 'Município' });
      await municipio.click();
      await municipio.pressSequentially('campinas');
      await page.getByRole('option', { name: 'Campinas - SP' }).click();
      expect(await municipio.inputValue()).toBe('Campinas - SP');
      await harness.screenshot(page, 'form-cliente-endereco');

      await page.getByRole('tab', { name: 'Financeiro' }).click();
      const limite = page.getByLabel('Limite de crédito');
      await limite.pressSequentially('123456');
      expect(await limite.inputValue()).toBe('R$ 1.234,56');
      await harness.screenshot(page, 'form-cliente-financeiro');

      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page).waitFor();
      await page.waitForURL(LIST_URL);
      const [saved] = await findClientes({ nome: 'Comercial Teste Ltda' });
      expect(saved).toMatchObject({
        nome: 'Comercial Teste Ltda',
        telefone: '11987654321',
        uf: 'SP',
        codigoMunicipio: CAMPINAS,
        limiteCredito: 1234.56,
        versao: 1,
      });
      expect(String(saved?.cpfCnpj).replace(/\W/g, '')).toBe(CNPJ_DIGITS);
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'edits a record with its values loaded, copies it into a new form and shows the duplicate document',
    async () => {
      const [cliente] = await findClientes({ nome: 'Comercial Teste Ltda' });
      expect(cliente).toBeDefined();
      const { page, errors } = await harness.newPage();
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url(`pages/vendas/clientes/editar/${cliente?.id}`));
      await page.getByRole('heading', { name: 'Editar Cliente' }).waitFor();
      const nome = page.getByLabel('Nome / Razão social');
      await expect.poll(() => nome.inputValue()).toBe('Comercial Teste Ltda');
      expect(await page.getByLabel('CPF/CNPJ').inputValue()).toBe(CNPJ_MASKED);
      expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 9 8765-4321');
      await page.getByRole('tab', { name: 'Endereço' }).click();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Município' }).inputValue())
        .toBe('Campinas - SP');
      await page.getByRole('tab', { name: 'Dados principais' }).click();
      await nome.fill('Comercial Teste Editado Ltda');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page).waitFor();
      await page.waitForURL(LIST_URL);
      const [edited] = await findClientes({ id: cliente?.id });
      expect(edited).toMatchObject({
        nome: 'Comercial Teste Editado Ltda',
        versao: 2,
        limiteCredito: 1234.56,
      });

      await page.goto(harness.url(`pages/vendas/clientes/copiar/${cliente?.id}`));
      await page.getByRole('heading', { name: 'Copiar Cliente' }).waitFor();
      await expect.poll(() => nome.inputValue()).toBe('Comercial Teste Editado Ltda');
      expect(await page.getByLabel('CPF/CNPJ').inputValue()).toBe(CNPJ_MASKED);
      await nome.fill('Outra Empresa Ltda');
      await page.getByRole('button', { name: 'Salvar' }).click();
      // 409: spec 000 §8's dialog with the duplicate text, and the field the unique index covers marked.
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Registro duplicado, verifique os dados e tente novamente').waitFor();
      await harness.screenshot(page, 'form-cliente-duplicado');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await page.getByText('Já existe um registro com este valor').waitFor();
      await harness.screenshot(page, 'form-cliente-duplicado-campo');
      expect(page.url()).toMatch(/copiar\/\d+$/);
      expect(await findClientes({ nome: 'Outra Empresa Ltda' })).toEqual([]);
      expect(unexpected(errors, 409)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'asks before leaving a form with unsaved changes, and not when nothing changed',
    async () => {
      const { page, errors } = await harness.newPage();
      await openNewForm(page);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL(LIST_URL);

      await page.goto(harness.url(NEW_ROUTE));
      await page.getByRole('heading', { name: 'Cliente — Novo' }).waitFor();
      await page.getByLabel('Nome / Razão social').fill('Rascunho');
      await page.getByRole('button', { name: 'Cancelar' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Existem alterações não salvas. Deseja sair sem salvar?').waitFor();
      await harness.screenshot(page, 'form-cliente-guard');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toMatch(/cadastrar$/);
      expect(await page.getByLabel('Nome / Razão social').inputValue()).toBe('Rascunho');

      // The browser's back button is held as well (data router blocker).
      await page.goBack();
      await dialog.getByText('Existem alterações não salvas. Deseja sair sem salvar?').waitFor();
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toMatch(/cadastrar$/);
      expect(await page.getByLabel('Nome / Razão social').inputValue()).toBe('Rascunho');

      await page.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.getByRole('button', { name: 'Confirmar' }).click();
      await page.waitForURL(LIST_URL);
      expect(await findClientes({ nome: 'Rascunho' })).toEqual([]);
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'hides the field the verde white-label hides (Nome fantasia) and lays the form out on a phone',
    async () => {
      const { page, errors } = await harness.newPage({ width: 390, height: 844 });
      await openNewForm(page, 'verde@erp.local', 'verde.localhost');
      await page.getByLabel('Nome do cliente').waitFor();
      expect(await page.getByLabel('CPF/CNPJ').count()).toBe(1);
      expect(await page.getByLabel('Nome fantasia / Apelido').count()).toBe(0);
      expect(await page.getByText('Nome fantasia').count()).toBe(0);
      await harness.screenshot(page, 'form-cliente-verde-mobile');

      const demo = await harness.newPage({ width: 390, height: 844 });
      await openNewForm(demo.page);
      await demo.page.getByLabel('Nome fantasia / Apelido').waitFor();
      await harness.screenshot(demo.page, 'form-cliente-demo-mobile');
      expect(errors).toEqual([]);
      expect(demo.errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
