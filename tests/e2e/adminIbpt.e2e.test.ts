import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

const ADMIN = 'admin@erp.local';
const HEADER =
  'codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte';
const LINE_CAVALOS =
  '01012100;;0;Cavalos reprodutores de raça pura;13,45;15,45;18,00;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br';
const LINE_AGUA =
  '22021000;;0;Águas, incluídas as minerais;14,10;18,00;20,50;0,00;01/01/2026;30/06/2026;A1B2C3;26.1.A;IBPT/empresometro.com.br';

/** A file as the IBPT ships it: Windows-1252, ';', CRLF. */
const ibptFile = (lines: string[]) => ({
  name: 'TabelaIBPTaxSP26.1.A.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`, 'latin1'),
});

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('Administrador › Importação IBPT', () => {
  it('imports the IBPT table of a UF, shows the errors per line, the loaded UF and the rates', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await page.goto(harness.url('administrador/configuracoes/importacao-ibpt-ncm'));
    await page.getByRole('heading', { level: 1, name: 'Importação IBPT (NCM)', exact: true }).waitFor();
    const tabelas = page.getByRole('table', { name: 'Tabelas IBPT carregadas' });
    await page
      .getByRole('region', { name: 'Tabelas carregadas' })
      .getByText('Nenhuma tabela importada.')
      .waitFor();

    // A file with a wrong line: nothing is imported and the line is named. The UF comes from the file name.
    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles(ibptFile([LINE_CAVALOS, LINE_AGUA.replace(';0;Águas', ';9;Águas')]));
    await expect
      .poll(() => page.getByRole('combobox', { name: 'UF', exact: true }).textContent())
      .toBe('SP — São Paulo');
    await page.getByText('2 linha(s) de dados · Windows-1252').waitFor();
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
    const erros = page.getByRole('table', { name: 'Erros por linha' });
    await erros.getByText('coluna "tipo" deve ser 0 (NCM), 1 (NBS) ou 2 (LC 116), veio "9"').waitFor();
    expect(await erros.getByRole('cell', { name: '3', exact: true }).count()).toBe(1);
    await page
      .getByText('Nada foi importado: o arquivo tem 1 linha(s) com erro.', { exact: false })
      .waitFor();
    await harness.screenshot(page, 'admin-ibpt-ncm-erros');

    await page.getByLabel('Arquivo CSV').setInputFiles(ibptFile([LINE_CAVALOS, LINE_AGUA]));
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    const confirm = page.getByRole('dialog');
    await confirm
      .getByText('Serão importadas 2 linhas do arquivo TabelaIBPTaxSP26.1.A.csv para a UF SP.', {
        exact: false,
      })
      .waitFor();
    await confirm.getByRole('button', { name: 'Importar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tabela IBPT de SP importada: 2 linhas, versão 26.1.A.' })
      .waitFor();
    const sp = tabelas.getByRole('row').filter({ hasText: '26.1.A' });
    await sp.getByText('Administrador da Plataforma').waitFor();
    const cells = await sp.getByRole('cell').allTextContents();
    expect(cells).toEqual(
      expect.arrayContaining(['SP', '26.1.A', '01/01/2026', '2', 'TabelaIBPTaxSP26.1.A.csv']),
    );
    // Vigência fim, with "Vencida" when the table is past it (depends on today's date).
    expect(cells[3]).toMatch(/^30\/06\/2026( Vencida)?$/);

    await page.getByRole('searchbox', { name: 'Código ou descrição' }).fill('cavalos');
    const aliquotas = page.getByRole('table', { name: 'Alíquotas aproximadas' });
    const cavalos = aliquotas.getByRole('row').filter({ hasText: 'Cavalos reprodutores de raça pura' });
    await cavalos.waitFor();
    await expect.poll(() => aliquotas.getByRole('row').count()).toBe(2); // header + the one match
    expect(await cavalos.getByRole('cell').allTextContents()).toEqual([
      'SP',
      '0101.21.00',
      '',
      'NCM',
      'Cavalos reprodutores de raça pura',
      '13,45%',
      '15,45%',
      '18,00%',
      '0,00%',
    ]);
    await aliquotas.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'admin-ibpt-ncm');
    // Only the refused file's answer (400, shown as errors per line) may appear in the console.
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it('imports the CEST table from the model format and finds the CEST of an NCM', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await page.goto(harness.url('administrador/configuracoes/importacao-ibpt-cest'));
    await page.getByRole('heading', { level: 1, name: 'Importação IBPT (CEST)', exact: true }).waitFor();
    await page.getByText('Nenhuma tabela CEST importada.').first().waitFor();

    // The model file offered is itself a valid import.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar modelo' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('modelo-importacao-cest.csv');
    const modelo = await readFile(await download.path());
    expect(modelo.toString('utf8')).toContain('cest;ncm;descricao;segmento;item');

    await page
      .getByLabel('Arquivo CSV')
      .setInputFiles({ name: 'cest.csv', mimeType: 'text/csv', buffer: modelo });
    await page.getByRole('button', { name: 'Importar', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Importar' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Tabela CEST importada: 3 CESTs em 3 linhas.' })
      .waitFor();
    const resumo = page.getByRole('region', { name: 'Tabela carregada' });
    await resumo.getByText('Arquivo: cest.csv').waitFor();
    await resumo.getByText('Administrador da Plataforma', { exact: false }).waitFor();

    await page.getByRole('searchbox', { name: 'CEST, NCM ou descrição' }).fill('3917.21.00');
    const tabela = page.getByRole('table', { name: 'Tabela CEST' });
    await tabela.getByRole('cell', { name: '10.001.00' }).waitFor();
    await expect.poll(() => tabela.getByRole('row').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'CEST, NCM ou descrição' }).fill('2201.10.00');
    const agua = tabela.getByRole('row').filter({ hasText: '03.001.00' });
    await agua.getByRole('cell', { name: '2201.10.00' }).waitFor();
    await harness.screenshot(page, 'admin-ibpt-cest');
    expect(errors).toEqual([]);
  });
});
