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

describe('ações de conciliação', () => {
  let banco: Body;
  const linhas = async () =>
    (await api('GET', `${BASE}/linhas?contaId=${banco.id}`, tokens.demo)).json() as Array<
      Body & {
        id: number;
        valor: number;
        situacao: number;
        candidatos: Array<Body & { id: number; tipo: string }>;
      }
    >;
  const linha = async (valor: number) => {
    const found = (await linhas()).find((row) => row.valor === valor);
    expect(found, `linha de ${valor}`).toBeDefined();
    return found as NonNullable<typeof found>;
  };
  const conciliar = (id: number, body: Body) =>
    api('POST', `${BASE}/linhas/${id}/conciliar`, tokens.demo, body);
  const titulo = async (id: unknown) =>
    server.db.withSystem((tx) =>
      tx.one<{ situacao: number; valor_pago: number; valor_aberto: number }>(
        'SELECT situacao, valor_pago, valor_aberto FROM lancamento WHERE id = $1',
        [id],
      ),
    );
  const ligados = (linhaId: number) =>
    server.db.withSystem((tx) =>
      tx.query<{ id: number; valor: number; origem_tipo: string }>(
        'SELECT id, valor, origem_tipo FROM movimento_financeiro WHERE extrato_linha_id = $1 ORDER BY id',
        [linhaId],
      ),
    );
  let avulso: { id: number };
  const ids: Record<string, unknown> = {};

  beforeAll(async () => {
    banco = await create('Contas', {
      descricao: 'Banco do Brasil',
      tipoConta: 1,
      bancoCodigo: '001',
      numeroConta: '12345-6',
      saldoInicial: 5000,
      dataSaldoInicial: '2026-03-31',
    });
    const titulo = async (resource: string, descricao: string, valor: number, dataVencimento: string) =>
      (await create(resource, { descricao, contaId: banco.id, valor, dataVencimento })).id;
    ids.energia = await titulo('Despesas', 'Energia', 380, '2026-04-10');
    ids.nf1 = await titulo('Receitas', 'NF 101', 1000, '2026-04-04');
    ids.nf2 = await titulo('Receitas', 'NF 102', 234.56, '2026-04-05');
    ids.ana = await titulo('Receitas', 'Ana parcela', 1200, '2026-04-20');
    ids.frete = await titulo('Despesas', 'Frete', 100, '2026-04-21');
    const movimento = await api('POST', '/api/MovimentosFinanceiros/avulso', tokens.demo, {
      contaId: banco.id,
      data: '2026-04-02',
      valor: -19.9,
      descricao: 'Assinatura software',
    });
    expect(movimento.statusCode, movimento.body).toBe(200);
    avulso = movimento.json();
    const file = Buffer.from(
      `OFXHEADER:100\r\n\r\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL<BANKACCTFROM><BANKID>001<ACCTID>12345-6</BANKACCTFROM><BANKTRANLIST><DTSTART>20260401<DTEND>20260430\r\n${[
        trn('DEBIT', '20260402', '-19,90', 'B1', 'DEBITO ASSINATURA'),
        trn('CREDIT', '20260405', '1234,56', 'B2', 'TED RECEBIDA'),
        trn('DEBIT', '20260411', '-392,50', 'B3', 'PAGTO ENERGIA'),
        trn('DEBIT', '20260412', '-45,90', 'B4', 'TARIFA PACOTE'),
        trn('CREDIT', '20260420', '600,00', 'B5', 'PIX ANA'),
        trn('DEBIT', '20260421', '-95,00', 'B6', 'PAGTO FRETE'),
      ].join(
        '\r\n',
      )}\r\n</BANKTRANLIST><LEDGERBAL><BALAMT>6281,26<DTASOF>20260430</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`,
      'latin1',
    );
    const imported = await api('POST', `${BASE}/importar`, tokens.demo, {
      contaId: banco.id,
      nomeArquivo: 'bb-abril.ofx',
      conteudo: file.toString('base64'),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ linhasNovas: 6, saldoAnterior: 5000, diferenca: 0 });
  });

  it('matches an existing movement: it is a candidate, then linked; it is no longer a candidate elsewhere', async () => {
    const assinatura = await linha(-19.9);
    expect(assinatura.candidatos[0]).toMatchObject({ tipo: 'movimento', id: avulso.id, pontuacao: 2 });
    const response = await conciliar(assinatura.id, { movimentos: [avulso.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ situacao: 1, movimentos: [avulso.id] });
    expect((await ligados(assinatura.id)).map((row) => row.id)).toEqual([avulso.id]);
    const again = await conciliar((await linha(-45.9)).id, { movimentos: [avulso.id] });
    expect(again.statusCode).toBe(409);
  });

  it('one line settles two titles; a baixa with the difference as juros', async () => {
    const ted = await linha(1234.56);
    expect(ted.candidatos.map((c) => c.id).sort()).toEqual([ids.nf1, ids.nf2].sort());
    const two = await conciliar(ted.id, { titulos: [{ lancamentoId: ids.nf1 }, { lancamentoId: ids.nf2 }] });
    expect(two.statusCode, two.body).toBe(200);
    expect(await titulo(ids.nf1)).toMatchObject({ situacao: 1, valor_aberto: 0 });
    expect(await titulo(ids.nf2)).toMatchObject({ situacao: 1, valor_aberto: 0 });
    expect((await ligados(ted.id)).map((row) => row.valor)).toEqual([1000, 234.56]);

    const energia = await linha(-392.5);
    const refused = await conciliar(energia.id, { titulos: [{ lancamentoId: ids.energia }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'A linha (R$ 392,50) é maior que o aberto dos títulos (R$ 380,00): informe a diferença de R$ 12,50 como juros ou crie um movimento com ela.',
    );
    const juros = await conciliar(energia.id, {
      titulos: [{ lancamentoId: ids.energia }],
      diferenca: 'juros',
    });
    expect(juros.statusCode, juros.body).toBe(200);
    expect(await titulo(ids.energia)).toMatchObject({ situacao: 1, valor_pago: 380 });
    const baixa = await server.db.withSystem((tx) =>
      tx.one<{ principal: number; juros: number; valor_pago: number }>(
        'SELECT principal, juros, valor_pago FROM baixa WHERE lancamento_id = $1',
        [ids.energia],
      ),
    );
    expect(baixa).toEqual({ principal: 380, juros: 12.5, valor_pago: 392.5 });
  });

  it('partial baixa, desconto, and a new movement (tarifa) for a line without a title', async () => {
    const ana = await linha(600);
    expect((await conciliar(ana.id, { titulos: [{ lancamentoId: ids.ana }] })).statusCode).toBe(200);
    expect(await titulo(ids.ana)).toMatchObject({ situacao: 2, valor_aberto: 600 });
    const frete = await linha(-95);
    const desconto = await conciliar(frete.id, {
      titulos: [{ lancamentoId: ids.frete }],
      diferenca: 'desconto',
    });
    expect(desconto.statusCode, desconto.body).toBe(200);
    expect(await titulo(ids.frete)).toMatchObject({ situacao: 1, valor_aberto: 0 });
    const tarifa = await linha(-45.9);
    const vazio = await conciliar(tarifa.id, {});
    expect(vazio.statusCode).toBe(422);
    const categoria = (await create('CategoriasFinanceiras', {
      descricao: 'Tarifas bancárias',
      tipo: 2,
    })) as {
      id: number;
    };
    const criado = await conciliar(tarifa.id, {
      novoMovimento: { descricao: 'Tarifa bancária', categoriaFinanceiraId: categoria.id },
    });
    expect(criado.statusCode, criado.body).toBe(200);
    expect(await ligados(tarifa.id)).toEqual([
      expect.objectContaining({ valor: -45.9, origem_tipo: 'avulso' }),
    ]);
    const movimento = await server.db.withSystem((tx) =>
      tx.one<{ categoria_financeira_id: number; descricao: string }>(
        'SELECT categoria_financeira_id, descricao FROM movimento_financeiro WHERE extrato_linha_id = $1',
        [tarifa.id],
      ),
    );
    expect(movimento).toEqual({ categoria_financeira_id: categoria.id, descricao: 'Tarifa bancária' });
  });

  it('INV: every reconciled line equals the sum of its movements; undo unlinks and keeps the title paid', async () => {
    const sums = await server.db.withSystem((tx) =>
      tx.query<{ id: number; valor: number; soma: number }>(
        `SELECT l.id, l.valor, (SELECT coalesce(sum(m.valor), 0) FROM movimento_financeiro m WHERE m.extrato_linha_id = l.id) AS soma
           FROM extrato_linha l WHERE l.conta_id = $1 AND l.situacao = 1`,
        [banco.id],
      ),
    );
    expect(sums).toHaveLength(6);
    for (const row of sums) expect(row.soma).toBe(row.valor);
    const energia = (await linhas()).find((row) => row.valor === -392.5) as { id: number };
    // The ledger's link is a foreign key (migration 055).
    const fk = await server.db.withSystem((tx) =>
      tx.query("SELECT 1 FROM pg_constraint WHERE conname = 'fk_movimento_financeiro_extrato_linha'"),
    );
    expect(fk).toHaveLength(1);
    // A reconciled baixa cannot be reversed: undo the conciliação first (the ledger's rule).
    const baixaId = await server.db.withSystem(async (tx) =>
      Number(
        (await tx.one<{ id: number }>('SELECT id FROM baixa WHERE lancamento_id = $1', [ids.energia])).id,
      ),
    );
    const estorno = await api('POST', `/api/Baixas/${baixaId}/estornar`, tokens.demo, {});
    expect(estorno.statusCode).toBe(409);
    const undo = await api('POST', `${BASE}/linhas/${energia.id}/desfazer`, tokens.demo);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().movimentos).toHaveLength(1);
    expect(await ligados(energia.id)).toEqual([]);
    expect(await titulo(ids.energia)).toMatchObject({ situacao: 1 });
    const pendente = await linha(-392.5);
    expect(pendente.situacao).toBe(0);
    // The baixa's movement is a candidate again (score 2: amount equal), and reconciles back.
    expect(pendente.candidatos[0]).toMatchObject({ tipo: 'movimento', valor: -392.5 });
    const back = await conciliar(pendente.id, { movimentos: [pendente.candidatos[0]?.id] });
    expect(back.statusCode, back.body).toBe(200);
    const twice = await api('POST', `${BASE}/linhas/${pendente.id}/conciliar`, tokens.demo, {
      movimentos: [],
    });
    expect(twice.statusCode).toBe(409);
  });
});
