import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chave, seedArquivosFiscais } from '../support/seedArquivosFiscais.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Arquivo SPED of a month with ICMS-ST retained to RJ and a DIFAL/FCP sale to a consumidor final in MG:
 * the screen refuses without the códigos de receita, naming them, and then shows what is owed per kind.
 */
vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
  const demo = await seedArquivosFiscais(harness.server.db, 'demo@erp.local');
  await harness.server.db.withSystem(async (tx) => {
    const pessoa = async (nome: string, doc: string, ie: string, uf: string, municipio: number) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, cpf_cnpj, inscricao_estadual, uf, codigo_municipio,
                               logradouro, numero, bairro)
           VALUES ($1, 0, $2, $3, $4, $5, $6, 'Rua A', '1', 'Centro') RETURNING id::int AS id`,
          [demo.empresaId, nome, doc, ie, uf, municipio],
        )
      ).id;
    const carioca = await pessoa('Atacado Carioca Ltda', '60746948000112', '81123403', 'RJ', 3304557);
    const mineira = await pessoa('Consumidora Mineira', '11144477735', '', 'MG', 3106200);
    const nota = async (numero: number, destinatario: number, item: Record<string, number | string>) => {
      const { id } = await tx.one<{ id: number }>(
        `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, destinatario_id, numero, serie, chave, data_emissao,
           valor_produtos, valor_frete, valor_desconto, valor_total, modalidade_frete, situacao)
         VALUES ($1, $2, 1, $3, $4, 1, $5, '2024-03-20T10:00:00-03:00', 100, 0, 0, $6, 9, 1) RETURNING id::int AS id`,
        [
          demo.empresaId,
          demo.filialId,
          destinatario,
          numero,
          chave('55', numero),
          100 + Number(item.st ?? 0),
        ],
      );
      await tx.query(
        `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, descricao, ncm, cfop, unidade,
           quantidade, valor_unitario, valor_desconto, valor_total, origem, cst_icms, base_icms, aliquota_icms, valor_icms,
           base_icms_st, valor_icms_st, valor_icms_uf_destino, valor_fcp_uf_destino)
         VALUES ($1, $2, $3, 1, 'Café torrado 500g', '09012100', $4, 'UN', 1, 100, 0, 100, 0, $5, 100, 12, 12, $6, $7, $8, $9)`,
        [
          demo.empresaId,
          demo.filialId,
          id,
          item.cfop,
          item.cst,
          item.baseSt ?? 0,
          item.st ?? 0,
          item.difal ?? 0,
          item.fcp ?? 0,
        ],
      );
    };
    await nota(301, carioca, { cfop: '6403', cst: '10', baseSt: 150, st: 9 });
    await nota(302, mineira, { cfop: '6108', cst: '00', difal: 6, fcp: 2 });
  });
});
afterAll(async () => harness?.close());

describe('Arquivo SPED with ICMS-ST and DIFAL/FCP', () => {
  it('asks for the ST, DIFAL and FCP códigos de receita, then shows what is owed of each', async () => {
    const { page, errors } = await harness.newPage({ width: 1366, height: 1100 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/fiscais/gerar-arquivo-sped'));
    await page.getByRole('heading', { level: 1, name: 'Arquivo SPED' }).waitFor();
    await page.getByLabel('Período').fill('2024-03');
    await page.getByLabel('Código de receita', { exact: true }).fill('046-2');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page
      .getByText(
        'Há ICMS-ST a recolher (RJ R$ 9,00): informe o código de receita do ICMS-ST (campo COD_REC do registro E250); DIFAL a recolher (MG R$ 6,00): informe o código de receita do DIFAL (campo COD_REC do registro E316); FCP a recolher (MG R$ 2,00): informe o código de receita do FCP (campo COD_REC do registro E316) antes de gerar o arquivo.',
      )
      .waitFor();
    await page.getByRole('button', { name: 'OK' }).click();

    await page.getByLabel('Código de receita do ICMS-ST').fill('100099');
    await page.getByLabel('Código de receita do DIFAL').fill('100102');
    await page.getByLabel('Código de receita do FCP').fill('100129');
    await page.getByRole('button', { name: 'Pré-visualizar' }).click();
    await page.getByText('ICMS-ST a recolher: R$ 9,00').waitFor();
    await page.getByText('DIFAL a recolher: R$ 6,00').waitFor();
    await page.getByText('FCP a recolher: R$ 2,00').waitFor();
    const registros = page.getByRole('table', { name: 'Registros do arquivo' });
    for (const [registro, quantidade] of [
      ['C101', 1],
      ['E200', 1],
      ['E250', 1],
      ['E300', 1],
      ['E316', 2],
    ] as const)
      expect(await registros.getByRole('row', { name: new RegExp(`^${registro}`) }).innerText()).toMatch(
        new RegExp(`${registro}\\s+${quantidade}$`),
      );
    await harness.screenshot(page, 'arquivo-sped-st-difal');
    // The refused preview's 400 is the only console error.
    expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
  });
});
