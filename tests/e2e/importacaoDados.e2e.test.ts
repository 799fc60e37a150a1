import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Configurações › Importação de dados in the browser as demo@erp.local: clientes from a CSV file. */
let harness: BrowserHarness;
let token: string;

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

const clientesNamed = async (nomes: string[]) => {
  const filter = encodeURIComponent(JSON.stringify({ where: { nome: { inq: nomes } }, order: 'nome ASC' }));
  const response = await harness.server.app.inject({
    method: 'GET',
    url: `/api/Clientes?filter=${filter}`,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

describe('Importação de dados', () => {
  it('clientes: model download, a CPF/CNPJ error listed per line, then an all-valid import', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/importacao-de-dados'));
    await page.getByRole('heading', { level: 1, name: 'Importação de dados' }).waitFor();
    // The entity list loads after the heading: the panel's heading shows once it has arrived.
    await page.getByRole('heading', { name: 'Arquivo de clientes (CSV)' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'O que importar' }).innerText()).toContain('Clientes');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar modelo CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('modelo-importacao-clientes.csv');
    const model = await readFile((await download.path()) as string, 'utf8');
    expect(model.split('\r\n')[0]).toContain('Nome / Razão social;Nome fantasia / Apelido;CPF/CNPJ');

    const bad =
      'Razão social;CNPJ;E-mail;Estado\r\nPadaria Pão Quente Ltda;11.222.333/0001-81;contato@paoquente.com.br;SP\r\nJosé Errado;123.456.789-00;;MG\r\n';
    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'clientes.csv', mimeType: 'text/csv', buffer: Buffer.from(bad, 'latin1') });
    await page.getByText('2 linha(s) de cliente · Windows-1252 · separador ";"').waitFor();
    expect(await page.getByRole('combobox', { name: 'Campo para "CNPJ"' }).innerText()).toContain('CPF/CNPJ');
    expect(await page.getByRole('combobox', { name: 'Campo para "Estado"' }).innerText()).toContain('UF');
    await page.getByRole('button', { name: 'Validar' }).click();
    const erros = page.getByRole('table', { name: 'Erros por linha' });
    await erros.waitFor();
    expect(await erros.getByRole('row', { name: /^3 / }).innerText()).toContain('CPF/CNPJ');
    expect(await erros.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Importar' }).isDisabled()).toBe(true);
    await erros.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'importacao-dados-clientes-erros');

    const good =
      'nome,cpf/cnpj,uf,ativo\n"Padaria Pão Quente Ltda",11.222.333/0001-81,SP,Sim\nJosé Certo,529.982.247-25,MG,Sim\n';
    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'bons.csv', mimeType: 'text/csv', buffer: Buffer.from(good, 'utf8') });
    await page.getByText('2 linha(s) de cliente · UTF-8 · separador ","').waitFor();
    await page.getByRole('button', { name: 'Validar' }).click();
    await page.getByText('Todas as linhas estão corretas.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Importar' }).click();
    await page
      .getByRole('dialog', { name: 'Importar clientes' })
      .getByRole('button', { name: 'Importar' })
      .click();
    await page.getByText('2 cliente(s) importado(s).', { exact: true }).waitFor();
    await harness.screenshot(page, 'importacao-dados-clientes-sucesso');
    expect(await clientesNamed(['Padaria Pão Quente Ltda', 'José Certo'])).toMatchObject([
      { nome: 'José Certo', cpfCnpj: '52998224725', uf: 'MG' },
      { nome: 'Padaria Pão Quente Ltda', cpfCnpj: '11222333000181', uf: 'SP' },
    ]);

    // Switching the target starts over with that entity's fields.
    await page.getByRole('combobox', { name: 'O que importar' }).click();
    await page.getByRole('option', { name: 'Categorias', exact: true }).click();
    await page.getByRole('heading', { name: 'Arquivo de categorias (CSV)' }).waitFor();
    expect(errors).toEqual([]);
  });
});
