import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nfeXml } from '../support/nfeXml.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Importar XML (Compras › Entrada de nota fiscal) and NF-e › Exportar XML in the browser as demo@erp.local. */
let harness: BrowserHarness;
let token: string;
let dir: string;

const MATRIZ = '11222333000181';
const nota = nfeXml({
  emitente: { cnpj: '11444777000161', nome: 'Distribuidora Paulista de Bebidas Ltda', fantasia: 'DPB' },
  destinatarioCnpj: MATRIZ,
  numero: 4512,
  serie: 1,
  dataEmissao: '2025-03-07',
  itens: [
    {
      codigo: 'DPB-001',
      ean: '7891000315507',
      descricao: 'Refrigerante Cola 2L',
      ncm: '22021000',
      cfop: '5102',
      unidade: 'UN',
      quantidade: 24,
      valorUnitario: 6.25,
      ipi: 4,
    },
    {
      codigo: 'DPB-077',
      descricao: 'Água mineral sem gás 500ml',
      ncm: '22011000',
      cfop: '6102',
      unidade: 'CX',
      quantidade: 10,
      valorUnitario: 18.9,
    },
  ],
});
const NFCE_CHAVE = '35250311222333000181650010000007771000000010';
const nfce = `<?xml version="1.0" encoding="UTF-8"?><nfeProc versao="4.00"><NFe><infNFe versao="4.00" Id="NFe${NFCE_CHAVE}"/></NFe></nfeProc>`;

const inject = async (method: 'GET' | 'POST', url: string, payload?: unknown) => {
  const response = await harness.server.app.inject({
    method,
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  dir = await mkdtemp(join(tmpdir(), 'xml-nfe-e2e-'));
  await inject('POST', '/api/Produtos', {
    descricao: 'Refrigerante Cola 2 litros',
    codigo: 'COLA2',
    codigoBarras: '7891000315507',
  });
  await harness.server.db.withSystem(async (tx) => {
    const insert = `INSERT INTO cupom_fiscal (empresa_id, filial_id, numero, serie, chave, data_emissao, valor_total, situacao, xml)
      SELECT empresa_id, id, $1, 1, $2, '2025-03-15 18:00:00-03', 25, 1, $3 FROM filial WHERE cpf_cnpj = $4`;
    await tx.query(insert, [777, NFCE_CHAVE, nfce, MATRIZ]);
    await tx.query(insert, [778, null, null, MATRIZ]);
  });
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;

async function open(page: Page, route: string, title: string) {
  await harness.login(page, 'demo@erp.local');
  await page.goto(harness.url(route));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('XML da NF-e', () => {
  it(
    'Importar XML: from the entry list, preview with suggestions, confirm, the note in the list',
    async () => {
      const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
      await open(page, 'pages/compras/entrada-nota-fiscal', 'Entrada de nota fiscal');
      await page.getByRole('link', { name: 'Importar XML' }).click();
      await page.getByRole('heading', { level: 1, name: 'Importar XML da NF-e' }).waitFor();
      const file = join(dir, `${nota.chave}-nfe.xml`);
      await writeFile(file, nota.xml);
      await page.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
      const itens = page.getByRole('table', { name: 'Itens da nota' });
      await itens.getByRole('row', { name: /Refrigerante Cola 2L/ }).waitFor();
      await page.getByText('Fornecedor será cadastrado').waitFor();
      await page
        .getByText(
          'O fornecedor Distribuidora Paulista de Bebidas Ltda não está cadastrado e será cadastrado na confirmação.',
        )
        .waitFor();
      expect(await page.getByLabel('Produto do item 1').inputValue()).toBe(
        'Refrigerante Cola 2 litros (pelo EAN)',
      );
      expect(await page.getByLabel('Produto do item 2').inputValue()).toBe('Cadastrar novo produto');
      expect(await page.getByLabel('CFOP do item 1').inputValue()).toBe('1102');
      expect(await page.getByLabel('CFOP do item 2').inputValue()).toBe('2102');
      await page.getByText('R$ 345,00').waitFor();
      await page.getByLabel('Data de entrada').fill('2025-03-10');
      await harness.screenshot(page, 'importar-xml-previa');
      await page.getByRole('button', { name: 'Confirmar importação' }).click();
      await page.getByText('NF-e 4512 série 1 importada com 2 item(ns).').waitFor();
      await page.getByRole('heading', { level: 1, name: 'Entrada de nota fiscal' }).waitFor();
      await page.getByRole('gridcell', { name: '4.512', exact: true }).waitFor();
      await page.getByRole('gridcell', { name: 'Distribuidora Paulista de Bebidas Ltda' }).waitFor();
      await page.getByRole('gridcell', { name: 'R$ 345,00' }).waitFor();
      await harness.screenshot(page, 'importar-xml-lista');

      const [entrada] = await inject(
        'GET',
        `/api/NotasEntrada?filter=${encodeURIComponent('{"where":{"numero":4512}}')}`,
      );
      const rows = await harness.server.db.withSystem((tx) =>
        tx.query<{ descricao: string; cfop: string; produto_id: number | null }>(
          'SELECT descricao, cfop, produto_id FROM nota_entrada_item WHERE nota_entrada_id = $1 ORDER BY numero_item',
          [entrada.id],
        ),
      );
      expect(rows.map((item) => [item.descricao, item.cfop, item.produto_id !== null])).toEqual([
        ['Refrigerante Cola 2L', '1102', true],
        ['Água mineral sem gás 500ml', '2102', true],
      ]);

      await page.getByRole('link', { name: 'Importar XML' }).click();
      await page.getByLabel('Arquivo XML da NF-e').setInputFiles(file);
      await page.getByText(/^A nota \w{44} já foi importada em \d{2}\/\d{2}\/\d{4}/).waitFor();
      await harness.screenshot(page, 'importar-xml-duplicada');
      // The 409 of the duplicate is the expected answer; nothing else may go wrong.
      expect(errors).toEqual([
        'Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Exportar XML: preview with the document without XML, then the month ZIP',
    async () => {
      const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
      await open(page, 'pages/nfe/exportar-xml-nfe', 'Exportar XML');
      await page.getByLabel('Data inicial').fill('2025-03-01');
      await page.getByLabel('Data final').fill('2025-03-31');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      const tabela = page.getByRole('table', { name: 'Documentos por tipo' });
      await tabela.getByRole('row', { name: /NFC-e/ }).waitFor();
      expect(await tabela.getByRole('row', { name: /NFC-e/ }).innerText()).toMatch(/NFC-e\s+2\s+1\s+1/);
      expect(await tabela.getByRole('row', { name: /Notas de entrada/ }).innerText()).toMatch(/1\s+1\s+0/);
      await page.getByText('1 documento(s) sem XML armazenado não irão no arquivo').waitFor();
      await page.getByText('NFC-e nº 778 série 1 de 15/03/2025: XML autorizado não armazenado').waitFor();
      await harness.screenshot(page, 'exportar-xml-previa');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Gerar arquivo' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`XML-NFe-${MATRIZ}-202503.zip`);
      const zip = await JSZip.loadAsync(await readFile((await download.path()) as string));
      expect(Object.keys(zip.files).sort()).toEqual(
        [`${NFCE_CHAVE}-nfe.xml`, `${nota.chave}-nfe.xml`].sort(),
      );
      expect(await zip.file(`${nota.chave}-nfe.xml`)?.async('string')).toBe(nota.xml);
      expect(await zip.file(`${NFCE_CHAVE}-nfe.xml`)?.async('string')).toBe(nfce);
      await page.getByText(`Arquivo XML-NFe-${MATRIZ}-202503.zip gerado com 2 XML(s).`).waitFor();
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
