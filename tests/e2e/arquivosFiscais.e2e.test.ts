import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Fiscais › Arquivo SPED and Arquivo Sintegra in the browser as demo@erp.local: preview, then the file. */
let harness: BrowserHarness;
let cnpj: string;

beforeAll(async () => {
  harness = await startBrowserHarness();
  cnpj = (await seedArquivosFiscais(harness.server.db, 'demo@erp.local')).cnpj;
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;

async function open(page: Page, route: string, title: string) {
  await harness.login(page, 'demo@erp.local');
  await page.goto(harness.url(route));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** Clicks "Gerar arquivo" and returns the downloaded file's name and its lines (Latin-1, CRLF). */
async function generate(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Gerar arquivo' }).click(),
  ]);
  const text = (await readFile((await download.path()) as string)).toString('latin1');
  expect(text.endsWith('\r\n')).toBe(true);
  return { name: download.suggestedFilename(), lines: text.slice(0, -2).split('\r\n') };
}

describe('Arquivos fiscais', () => {
  it(
    'Arquivo SPED: preview with the ICMS assessment and warnings, then the EFD file downloaded',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/fiscais/gerar-arquivo-sped', 'Arquivo SPED');
      await page.getByLabel('Período').fill('2024-03');
      // E116 needs its código de receita when there is ICMS to pay (refused before building otherwise).
      await page.getByLabel('Código de receita', { exact: true }).fill('046-2');
      await page.getByLabel('Bloco K (estoque)').click();
      await page.getByRole('option', { name: 'Saldos de estoque (K200)' }).click();
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page.getByText('ICMS a recolher: R$ 27,00').waitFor();
      await page.getByText('CANECA — Caneca de porcelana: Produto sem NCM.').waitFor();
      const registros = page.getByRole('table', { name: 'Registros do arquivo' });
      expect(await registros.getByRole('row', { name: /^C100/ }).innerText()).toMatch(/C100\s+4/);
      expect(await registros.getByRole('row', { name: /^K100/ }).innerText()).toMatch(/K100\s+1/);
      await page
        .getByText(
          'Erro — registro 0150, linha 6, campo COD_MUN: Participante Distribuidora Sul Ltda sem município (código IBGE). Como corrigir: Informe a cidade no cadastro da pessoa.',
        )
        .waitFor();
      await page.getByText('Advertência — NF-e de entrada 556 série 2: Documento sem itens').waitFor();
      await harness.screenshot(page, 'arquivo-sped-preview');
      // A file with errors is offered only after saying it will be rejected.
      await page.getByLabel(/Baixar mesmo com erros/).check();
      const file = await generate(page);
      expect(file.name).toBe(`SPED-EFD-${cnpj}-202403.txt`);
      expect(file.lines[0]).toMatch(new RegExp(`^\\|0000\\|018\\|0\\|01032024\\|31032024\\|.*\\|${cnpj}\\|`));
      expect(file.lines.at(-1)).toBe(`|9999|${file.lines.length}|`);
      await page
        .getByText(`Arquivo SPED-EFD-${cnpj}-202403.txt gerado com ${file.lines.length} linha(s).`)
        .waitFor();
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Arquivo Sintegra: preview, 126-character file downloaded, invalid period refused',
    async () => {
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/fiscais/gerar-arquivo-sintegra', 'Arquivo Sintegra');
      await page.getByLabel('Data inicial').fill('2024-03-01');
      await page.getByLabel('Data final').fill('2024-03-31');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page.getByText('ICMS das saídas: R$ 36,00').waitFor();
      await harness.screenshot(page, 'arquivo-sintegra-preview');
      const file = await generate(page);
      expect(file.name).toBe(`SINTEGRA-${cnpj}-202403.txt`);
      expect(file.lines[0]?.slice(0, 16)).toBe(`10${cnpj}`);
      // 10, 11, three 50, three 54, 61 and its 61R, two 75 and 90.
      expect(file.lines).toHaveLength(13);
      for (const line of file.lines) expect(line).toHaveLength(126);
      expect(file.lines.at(-1)?.startsWith('90')).toBe(true);

      await page.getByLabel('Data final').fill('2024-04-30');
      await page.getByRole('button', { name: 'Pré-visualizar' }).click();
      await page
        .getByText(/Período inválido/)
        .first()
        .waitFor();
      await harness.screenshot(page, 'arquivo-sintegra-erro');
      expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
