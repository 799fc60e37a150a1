import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Conciliação OFX: import with dedupe and balance check, ranked candidates, actions — real PostgreSQL and RLS. */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;
const BASE = '/api/Lancamentos/conciliacao-ofx';

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (resource: string, payload: Body, token = tokens.demo) => {
  const response = await api('POST', `/api/${resource}`, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};

/** An Itaú-like SGML statement in CP1252 (latin1 covers these accents), base64 as the screen sends it. */
const trn = (tipo: string, data: string, valor: string, fitid: string, memo: string, extra = '') =>
  `<STMTTRN>\r\n<TRNTYPE>${tipo}\r\n<DTPOSTED>${data}120000[-3:BRT]\r\n<TRNAMT>${valor}\r\n<FITID>${fitid}\r\n${extra}<MEMO>${memo}\r\n</STMTTRN>`;
const ofx = (acct: string, lines: string[], balamt: string) =>
  Buffer.from(
    `OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nCHARSET:1252\r\n\r\n<OFX>\r\n<BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL\r\n<BANKACCTFROM><BANKID>0341<BRANCHID>1234<ACCTID>${acct}<ACCTTYPE>CHECKING</BANKACCTFROM>\r\n<BANKTRANLIST><DTSTART>20260301<DTEND>20260310\r\n${lines.join('\r\n')}\r\n</BANKTRANLIST><LEDGERBAL><BALAMT>${balamt}<DTASOF>20260310</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
    'latin1',
  ).toString('base64');
const LINES = [
  trn('OTHER', '20260301', '0,00', 'S1', 'SALDO ANTERIOR'),
  trn('DEBIT', '20260303', '-386,80', 'F1', 'PAGTO ENERGIA LUZ FORTE SA', '<CHECKNUM>778899\r\n'),
  trn('CREDIT', '20260304', '1.234,56', 'F2', 'PIX RECEBIDO ANA SOUZA'),
  trn('DEBIT', '20260305', '-45,90', 'F3', 'TARIFA MANUTENÇÃO'),
  trn('DEBIT', '20260305', '-45,90', 'F4', 'TARIFA MANUTENÇÃO'),
];

let conta: Body;
let luz: Body;
let venda: Body;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'trial']) tokens[user] = await login(server.app, `${user}@erp.local`);
  conta = await create('Contas', {
    descricao: 'Itaú movimento',
    tipoConta: 1,
    bancoCodigo: '341',
    agencia: '1234',
    numeroConta: '56789-0',
    saldoInicial: 1000,
    dataSaldoInicial: '2026-02-28',
  });
  const luzForte = await create('Fornecedores', { nome: 'Luz Forte S.A.', tipoPessoa: 2 });
  luz = await create('Despesas', {
    descricao: 'Conta de luz',
    contaId: conta.id,
    pessoaId: luzForte.id,
    valor: 386.8,
    numeroDocumento: '778899',
    dataVencimento: '2026-03-02',
  });
  venda = await create('Receitas', {
    descricao: 'Venda balcão',
    contaId: conta.id,
    valor: 1300,
    dataVencimento: '2026-03-06',
  });
});
afterAll(async () => server?.close());

describe('importação do extrato OFX', () => {
  it('imports the lines (balance lines left out), checks the balance, and a re-import adds 0 lines', async () => {
    const first = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: conta.id,
      nomeArquivo: 'itau-marco.ofx',
      conteudo: ofx('56789-0', LINES, '1756,00'),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      linhasNovas: 4,
      linhasExistentes: 0,
      linhasInformativas: 1,
      saldoAnterior: 1000,
      somaLancamentos: 755.96,
      saldoFinal: 1756,
      diferenca: -0.04,
    });
    expect(first.json().avisos).toEqual([
      expect.stringContaining(
        'O extrato não fecha com o sistema: saldo em 01/03/2026 R$ 1.000,00 + transações R$ 755,96',
      ),
    ]);
    const again = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: conta.id,
      nomeArquivo: 'itau-marco (1).ofx',
      conteudo: ofx('56789-0', LINES, '1755,96'),
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ linhasNovas: 0, linhasExistentes: 4, diferenca: 0, avisos: [] });
    const count = await server.db.withSystem((tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM extrato_linha WHERE conta_id = $1', [conta.id]),
    );
    expect(count.n).toBe(4);
  });

  it('lists the lines with ranked candidates: amount, reference and party each add a point', async () => {
    const response = await api('GET', `${BASE}/linhas?contaId=${conta.id}`, tokens.demo);
    expect(response.statusCode, response.body).toBe(200);
    const linhas = response.json() as Array<Body & { candidatos: Body[] }>;
    expect(linhas.map((linha) => [linha.data, linha.valor, linha.memo, linha.situacao])).toEqual([
      ['2026-03-05', -45.9, 'TARIFA MANUTENÇÃO', 0],
      ['2026-03-05', -45.9, 'TARIFA MANUTENÇÃO', 0],
      ['2026-03-04', 1234.56, 'PIX RECEBIDO ANA SOUZA', 0],
      ['2026-03-03', -386.8, 'PAGTO ENERGIA LUZ FORTE SA', 0],
    ]);
    const energia = linhas[3] as (typeof linhas)[number];
    expect(energia.candidatos).toEqual([
      expect.objectContaining({
        tipo: 'titulo',
        id: luz.id,
        valor: -386.8,
        pontuacao: 4,
        valorIgual: true,
        referenciaIgual: true,
        pessoaIgual: true,
      }),
    ]);
    // The receita of another amount is still a candidate of the credit, with the base score.
    expect((linhas[2] as (typeof linhas)[number]).candidatos).toEqual([
      expect.objectContaining({ id: venda.id, valor: 1300, pontuacao: 1 }),
    ]);
    // Debits never offer the receita.
    expect((linhas[0] as (typeof linhas)[number]).candidatos.map((c) => c.id)).not.toContain(venda.id);
  });

  it('ignores a pending line once; another company sees neither the account nor the line', async () => {
    const [tarifa] = (await api('GET', `${BASE}/linhas?contaId=${conta.id}`, tokens.demo)).json() as Body[];
    const ignored = await api('POST', `${BASE}/linhas/${tarifa?.id}/ignorar`, tokens.demo);
    expect(ignored.statusCode, ignored.body).toBe(200);
    expect(ignored.json()).toMatchObject({ situacao: 2 });
    const twice = await api('POST', `${BASE}/linhas/${tarifa?.id}/ignorar`, tokens.demo);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toContain('já está ignorada');
    const pendentes = await api('GET', `${BASE}/linhas?contaId=${conta.id}&situacao=0`, tokens.demo);
    expect((pendentes.json() as Body[]).map((linha) => linha.id)).not.toContain(tarifa?.id);
    const other = await api('GET', `${BASE}/linhas?contaId=${conta.id}`, tokens.trial);
    expect(other.statusCode).toBe(400);
    const otherLine = await api('POST', `${BASE}/linhas/${tarifa?.id}/ignorar`, tokens.trial);
    expect(otherLine.statusCode).toBe(404);
  });

  it('answers a pt-BR 4xx for a file that is not OFX, another currency or another account, writing nothing', async () => {
    const notOfx = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: conta.id,
      nomeArquivo: 'extrato.csv',
      conteudo: Buffer.from('Data;Valor\n01/03/2026;10').toString('base64'),
    });
    expect(notOfx.statusCode).toBe(400);
    expect(notOfx.json().error.message).toBe('O arquivo não é um extrato OFX (não contém <OFX>).');
    const usd = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: conta.id,
      nomeArquivo: 'usd.ofx',
      conteudo: Buffer.from(
        Buffer.from(ofx('56789-0', LINES, '0'), 'base64')
          .toString('latin1')
          .replace('<CURDEF>BRL', '<CURDEF>USD'),
        'latin1',
      ).toString('base64'),
    });
    expect(usd.statusCode).toBe(400);
    expect(usd.json().error.message).toContain('USD');
    const trialConta = await create('Contas', { descricao: 'Conta da outra empresa' }, tokens.trial);
    const cross = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: trialConta.id,
      nomeArquivo: 'x.ofx',
      conteudo: ofx('1', LINES, '0'),
    });
    expect(cross.statusCode).toBe(400);
    const imports = await server.db.withSystem((tx) =>
      tx.one<{ n: number }>('SELECT count(*)::int AS n FROM extrato_importacao'),
    );
    expect(imports.n).toBe(2);
  });
});
