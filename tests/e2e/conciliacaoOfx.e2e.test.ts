import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Financeiro › Conciliação OFX in the browser: import twice (the second adds nothing), reconcile by baixa, ignore, undo. */
let harness: BrowserHarness;
let token: string;
let despesaId: number;

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

/** Itaú-like OFX 1.02 in Windows-1252: an energy bill paid with juros, a tarifa, a balance line. */
const OFX = Buffer.from(
  [
    'OFXHEADER:100',
    'DATA:OFXSGML',
    'VERSION:102',
    'CHARSET:1252',
    '',
    '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL',
    '<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>56789-0<ACCTTYPE>CHECKING</BANKACCTFROM>',
    '<BANKTRANLIST><DTSTART>20260301<DTEND>20260331',
    '<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20260301<TRNAMT>0,00<FITID>S0<MEMO>SALDO ANTERIOR</STMTTRN>',
    '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260311120000[-3:BRT]<TRNAMT>-392,50<FITID>E1<CHECKNUM>445566<MEMO>PAGTO ENERGIA ELÉTRICA</STMTTRN>',
    '<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20260315<TRNAMT>-45,90<FITID>T1<MEMO>TARIFA MANUTENÇÃO</STMTTRN>',
    '</BANKTRANLIST><LEDGERBAL><BALAMT>561,60<DTASOF>20260331</LEDGERBAL>',
    '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>',
  ].join('\r\n'),
  'latin1',
);

/** Waits for the running CSS transitions (dialog fade, button colour) so a screenshot shows the settled screen. */
const settled = (page: import('playwright-core').Page) =>
  page.evaluate(() => Promise.allSettled(document.getAnimations().map((animation) => animation.finished)));

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await login(harness.server.app, 'demo@erp.local');
  const conta = await api('POST', '/api/Contas', {
    descricao: 'Itaú movimento',
    tipoConta: 1,
    bancoCodigo: '341',
    agencia: '1234',
    numeroConta: '56789-0',
    saldoInicial: 1000,
    dataSaldoInicial: '2026-02-28',
  });
  await api('POST', '/api/CategoriasFinanceiras', { descricao: 'Tarifas bancárias', tipo: 2 });
  despesaId = (
    await api('POST', '/api/Despesas', {
      descricao: 'Energia elétrica',
      contaId: conta.id,
      valor: 380,
      numeroDocumento: '445566',
      dataVencimento: '2026-03-10',
    })
  ).id;
});
afterAll(async () => harness?.close());

describe('conciliação OFX screen', () => {
  it('imports a file twice (the second adds 0 lines), reconciles a line by baixa with juros, ignores and undoes', async () => {
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/financeiro/conciliacao-ofx'));
    await page.getByRole('heading', { name: 'Conciliação OFX', level: 1 }).waitFor();
    await page.getByLabel('Conta bancária').click();
    await page.getByRole('option', { name: /Itaú movimento/ }).click();
    const file = { name: 'itau-marco.ofx', mimeType: 'application/x-ofx', buffer: OFX };
    await page.getByLabel('Arquivo OFX').setInputFiles(file);
    await page
      .getByText(
        'itau-marco.ofx: 2 linha(s) nova(s), 0 já importada(s), 1 de saldo ou futura(s) não importada(s).',
      )
      .waitFor();
    // Saldo 1.000,00 − 392,50 − 45,90 = 561,60: the statement closes with the system.
    await page.getByText('Saldo final R$ 561,60 confere com o sistema.').waitFor();
    const table = page.getByRole('table', { name: 'Linhas do extrato' });
    const energia = table.getByRole('row', { name: /PAGTO ENERGIA ELÉTRICA/ });
    await expect.poll(() => energia.innerText()).toContain('Energia elétrica');
    expect(await energia.innerText()).toContain('2/4'); // 1 + the reference (CHECKNUM = nº do documento)
    expect(await table.locator('tbody tr').count()).toBe(2);
    await page.getByLabel('Arquivo OFX').setInputFiles({ ...file, name: 'itau-marco (1).ofx' });
    await page
      .getByText('itau-marco (1).ofx: 0 linha(s) nova(s), 2 já importada(s)', { exact: false })
      .waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    await settled(page);
    await harness.screenshot(page, 'financeiro-conciliacao-ofx');

    await energia.getByRole('button', { name: 'Conciliar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Conciliar linha do extrato' });
    await dialog.getByRole('checkbox', { name: 'Título: Energia elétrica' }).check();
    await dialog
      .getByText('A linha é maior que o aberto dos títulos: a diferença de R$ 12,50 será baixada como juros.')
      .waitFor();
    expect(await dialog.getByRole('button', { name: 'Conciliar' }).isEnabled()).toBe(true);
    await settled(page);
    await harness.screenshot(page, 'financeiro-conciliacao-ofx-dialogo');
    await dialog.getByRole('button', { name: 'Conciliar' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    const titulo = await api('GET', `/api/Despesas/${despesaId}`);
    expect(titulo).toMatchObject({ situacao: 1 });

    const tarifa = table.getByRole('row', { name: /TARIFA MANUTENÇÃO/ });
    // A line without a title offers a new movement, with the despesa categories.
    await tarifa.getByRole('button', { name: 'Conciliar' }).click();
    await dialog.getByRole('checkbox', { name: /Criar movimento com o restante \(-R\$ 45,90\)/ }).waitFor();
    expect(await dialog.getByRole('checkbox', { name: /Criar movimento/ }).isChecked()).toBe(true);
    await dialog.getByLabel('Categoria financeira').click();
    await page.getByRole('option', { name: 'Tarifas bancárias' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tarifa.getByRole('button', { name: 'Ignorar' }).click();
    await page.getByText('Nenhuma linha nesta situação.', { exact: false }).waitFor();
    await page.getByLabel('Situação').click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await table
      .getByRole('row', { name: /TARIFA MANUTENÇÃO/ })
      .getByText('Ignorado')
      .waitFor();
    await table
      .getByRole('row', { name: /PAGTO ENERGIA/ })
      .getByText('Conciliado')
      .waitFor();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await settled(page);
    await harness.screenshot(page, 'financeiro-conciliacao-ofx-todas');
    // Undo the reconciliation: the line is pending again, the title stays paid.
    await table
      .getByRole('row', { name: /PAGTO ENERGIA/ })
      .getByRole('button', { name: 'Desfazer' })
      .click();
    await table
      .getByRole('row', { name: /PAGTO ENERGIA/ })
      .getByText('Pendente')
      .waitFor();
    expect(await api('GET', `/api/Despesas/${despesaId}`)).toMatchObject({ situacao: 1 });
    expect(errors).toEqual([]);
  }, 120_000);

  it('shows a recurring series on its form: repetir a cada, ocorrências, próximo vencimento', async () => {
    const serie = await api('POST', '/api/LancamentosRecorrentes', {
      tipo: 2,
      descricao: 'Aluguel da loja',
      contaId: (await api('GET', '/api/Contas?filter={"where":{"descricao":"Itaú movimento"}}'))[0].id,
      valor: 2500,
      intervalo: 'M',
      aCada: 1,
      diaVencimento: 10,
      dataInicio: '2099-01-10',
      ocorrencias: 12,
    });
    expect(serie).toMatchObject({ proximoVencimento: '2099-03-10', parcelasGeradas: 2 });
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(`pages/financeiro/lancamento-recorrente/editar/${serie.id}`));
    await page.getByLabel('Próximo vencimento').waitFor();
    await expect.poll(() => page.getByLabel('Repetir a cada').inputValue()).toBe('1');
    expect(await page.getByLabel('Ocorrências', { exact: true }).inputValue()).toBe('12');
    await settled(page);
    await harness.screenshot(page, 'financeiro-lancamento-recorrente');
    expect(errors).toEqual([]);
  }, 60_000);
});
