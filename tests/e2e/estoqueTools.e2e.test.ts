import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Estoque tools in the browser as demo@erp.local: price change, CSV import, label printing. */
let harness: BrowserHarness;
let token: string;
let receitaId: number;
let despesaId: number;
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
  const conta = await api('POST', '/api/Contas', {
    descricao: 'Itaú movimento',
    bancoCodigo: '341',
    agencia: '1234',
    numeroConta: '56789-0',
  });
  receitaId = (
    await api('POST', '/api/Receitas', {
      descricao: 'Venda João',
      contaId: conta.id,
      valor: 1500,
      dataVencimento: '2025-01-04',
    })
  ).id;
  despesaId = (
    await api('POST', '/api/Despesas', {
      descricao: 'Conta de luz',
      contaId: conta.id,
      valor: 89.9,
      dataVencimento: '2025-01-10',
    })
  ).id;
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

  it(
    'Conciliação OFX: reads a Windows-1252 OFX 1.x, suggests entries and creates the confirmed baixas',
    async () => {
      const ofx = [
        'OFXHEADER:100',
        'DATA:OFXSGML',
        'VERSION:102',
        'CHARSET:1252',
        '',
        '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
        '<BANKACCTFROM><BANKID>341<BRANCHID>1234<ACCTID>567890<ACCTTYPE>CHECKING</BANKACCTFROM>',
        '<BANKTRANLIST><DTSTART>20250101<DTEND>20250131',
        '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250105<TRNAMT>1500.00<FITID>A1<MEMO>PIX RECEBIDO JOÃO</STMTTRN>',
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250111<TRNAMT>-89.90<FITID>A2<MEMO>ENERGIA ELÉTRICA</STMTTRN>',
        '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250115<TRNAMT>-12.34<FITID>A3<MEMO>TARIFA</STMTTRN>',
        '</BANKTRANLIST><LEDGERBAL><BALAMT>1397.76<DTASOF>20250131</LEDGERBAL>',
        '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      ].join('\r\n');
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/financeiro/conciliacao-ofx', 'Conciliação OFX');
      await page
        .getByRole('combobox', { name: 'Conta bancária' })
        .filter({ hasText: 'Itaú movimento' })
        .waitFor();
      await page.getByLabel('Arquivo OFX').setInputFiles({
        name: 'extrato.ofx',
        mimeType: 'application/x-ofx',
        buffer: Buffer.from(ofx, 'latin1'),
      });
      const table = page.getByRole('table', { name: 'Transações do extrato' });
      await table.getByRole('row', { name: /PIX RECEBIDO JOÃO/ }).waitFor();
      await page.getByText('3 transação(ões) · 0 conciliada(s)').waitFor();
      await expect
        .poll(() => table.getByRole('row', { name: /PIX RECEBIDO JOÃO/ }).innerText())
        .toContain('Venda João — venc. 04/01/2025 — R$ 1.500,00');
      expect(await table.getByRole('row', { name: /ENERGIA ELÉTRICA/ }).innerText()).toContain(
        'Conta de luz',
      );
      expect(await table.getByRole('row', { name: /TARIFA/ }).innerText()).toContain(
        'Nenhum lançamento em aberto com este valor',
      );
      await harness.screenshot(page, 'financeiro-conciliacao-ofx');
      await page.getByRole('button', { name: 'Confirmar baixas (2)' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmar baixas' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await page.getByText('3 transação(ões) · 2 conciliada(s)').waitFor();
      // The closing confirm dialog keeps the page aria-hidden for a moment: poll the accessible table.
      await expect.poll(() => table.getByText('Conciliada', { exact: true }).count()).toBe(2);
      await harness.screenshot(page, 'financeiro-conciliacao-ofx-baixas');
      expect(await api('GET', `/api/Receitas/${receitaId}`)).toMatchObject({ situacao: 1 });
      expect(await api('GET', `/api/Despesas/${despesaId}`)).toMatchObject({ situacao: 1 });
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
  it(
    'Conciliação OFX: a file with two accounts offers each, a blank amount is skipped with a notice, lines sharing a FITID are reconciled apart',
    async () => {
      const conta = await api('POST', '/api/Contas', {
        descricao: 'Inter PJ',
        bancoCodigo: '077',
        agencia: '0001',
        numeroConta: '7654321',
      });
      const abertas = [];
      for (const [descricao, valor] of [
        ['Cliente Ana', 311.11],
        ['Cliente Bia', 322.22],
      ] as const)
        abertas.push(
          (
            await api('POST', '/api/Receitas', {
              descricao,
              contaId: conta.id,
              valor,
              dataVencimento: '2025-03-10',
            })
          ).id,
        );
      // Inter gives every line of a day one FITID; Caixa writes a "SALDO DIA" line without TRNAMT.
      const statement = (acct: string, lines: string[]) => [
        '<STMTTRNRS><STMTRS><CURDEF>BRL',
        `<BANKACCTFROM><BANKID>077<BRANCHID>0001<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>`,
        '<BANKTRANLIST><DTSTART>20250301<DTEND>20250331',
        ...lines,
        '</BANKTRANLIST></STMTRS></STMTTRNRS>',
      ];
      const ofx = [
        'OFXHEADER:100',
        'DATA:OFXSGML',
        'VERSION:102',
        'CHARSET:1252',
        '',
        '<OFX><BANKMSGSRSV1>',
        ...statement('7654321', [
          '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250310<TRNAMT>311.11<FITID>20250310<MEMO>PIX ANA</STMTTRN>',
          '<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250310<TRNAMT>322.22<FITID>20250310<MEMO>PIX BIA</STMTTRN>',
          '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20250310<TRNAMT><FITID>S1<MEMO>SALDO DIA</STMTTRN>',
        ]),
        ...statement('999991', [
          '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20250312<TRNAMT>-45.00<FITID>X1<MEMO>TARIFA PACOTE</STMTTRN>',
        ]),
        '</BANKMSGSRSV1></OFX>',
      ].join('\r\n');
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/financeiro/conciliacao-ofx', 'Conciliação OFX');
      await page.getByRole('combobox', { name: 'Conta bancária' }).waitFor();
      await page.getByLabel('Arquivo OFX').setInputFiles({
        name: 'inter-duas-contas.ofx',
        mimeType: 'application/x-ofx',
        buffer: Buffer.from(ofx, 'latin1'),
      });
      await page.getByText('O arquivo tem 2 contas: escolha o extrato de cada uma para conciliar.').waitFor();
      await page
        .getByText('A transação 3 do extrato ("SALDO DIA") não tem valor (TRNAMT) e foi ignorada.')
        .waitFor();
      // The file's first account is matched to the registered Inter PJ account by its number.
      await page.getByRole('combobox', { name: 'Conta bancária' }).filter({ hasText: 'Inter PJ' }).waitFor();
      const table = page.getByRole('table', { name: 'Transações do extrato' });
      await expect
        .poll(() => table.getByRole('row', { name: /PIX ANA/ }).innerText())
        .toContain('Cliente Ana');
      expect(await table.getByRole('row', { name: /PIX BIA/ }).innerText()).toContain('Cliente Bia');
      await page.getByText('2 transação(ões) · 0 conciliada(s)').waitFor();
      await harness.screenshot(page, 'financeiro-conciliacao-ofx-duas-contas');
      await page.getByRole('button', { name: 'Confirmar baixas (2)' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmar baixas' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await page.getByText('2 transação(ões) · 2 conciliada(s)').waitFor();
      for (const id of abertas)
        expect(await api('GET', `/api/Receitas/${id}`)).toMatchObject({ situacao: 1 });
      // The second account of the file, on its own.
      await choose(page, 'Conta do arquivo', 'Conta 999991 (1 transação(ões))');
      await table.getByRole('row', { name: /TARIFA PACOTE/ }).waitFor();
      expect(await table.getByRole('row', { name: /PIX ANA/ }).count()).toBe(0);
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Conciliação OFX: a 731-line statement is confirmed in batches of 500 with progress, every line settled',
    async () => {
      const LINES = 731;
      const conta = await api('POST', '/api/Contas', {
        descricao: 'Caixa cobrança',
        bancoCodigo: '104',
        agencia: '0630',
        numeroConta: '0031234',
      });
      const valor = (i: number) => Math.round((1000 + i * 1.37) * 100) / 100;
      const ids: number[] = [];
      for (let i = 0; i < LINES; i++)
        ids.push(
          (
            await api('POST', '/api/Receitas', {
              descricao: `Mensalidade ${i + 1}`,
              contaId: conta.id,
              valor: valor(i),
              dataVencimento: '2025-04-15',
            })
          ).id,
        );
      const ofx = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE"?>',
        '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF>',
        '<BANKACCTFROM><BANKID>104</BANKID><BRANCHID>0630</BRANCHID><ACCTID>0031234</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>',
        '<BANKTRANLIST><DTSTART>20250401</DTSTART><DTEND>20250430</DTEND>',
        ...Array.from(
          { length: LINES },
          (_, i) =>
            `<STMTTRN><TRNTYPE>CREDIT</TRNTYPE><DTPOSTED>20250415</DTPOSTED><TRNAMT>${valor(i).toFixed(2)}</TRNAMT><FITID>M${i + 1}</FITID><MEMO>BOLETO ${i + 1}</MEMO></STMTTRN>`,
        ),
        '</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
      ].join('\n');
      const { page, errors } = await harness.newPage();
      const baixaRequests: number[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/conciliacao-ofx/baixas'))
          baixaRequests.push((request.postDataJSON() as { itens: unknown[] }).itens.length);
      });
      await open(page, 'pages/financeiro/conciliacao-ofx', 'Conciliação OFX');
      await page.getByRole('combobox', { name: 'Conta bancária' }).waitFor();
      await page.getByLabel('Arquivo OFX').setInputFiles({
        name: 'caixa-abril.ofx',
        mimeType: 'application/x-ofx',
        buffer: Buffer.from(ofx, 'utf8'),
      });
      await page.getByText(`${LINES} transação(ões) · 0 conciliada(s)`).waitFor();
      await page.getByRole('button', { name: `Confirmar baixas (${LINES})` }).click({ timeout: 60_000 });
      await page
        .getByRole('dialog', { name: 'Confirmar baixas' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await page.getByText('Enviando lote 2 de 2…').waitFor();
      await page.getByText(`${LINES} baixa(s) criada(s).`).waitFor({ timeout: 60_000 });
      await page.getByText(`${LINES} transação(ões) · ${LINES} conciliada(s)`).waitFor({ timeout: 60_000 });
      expect(baixaRequests).toEqual([500, LINES - 500]);
      for (const id of [ids[0], ids[499], ids[500], ids[LINES - 1]])
        expect(await api('GET', `/api/Receitas/${id}`)).toMatchObject({ situacao: 1 });
      await harness.screenshot(page, 'financeiro-conciliacao-ofx-lotes');
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
