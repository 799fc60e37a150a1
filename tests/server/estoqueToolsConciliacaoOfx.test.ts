import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfx } from '../../runtime/core/parseOfx.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Conciliação OFX: suggestions and baixas from statement lines — real PostgreSQL and RLS. */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

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
const BASE = '/api/Lancamentos/conciliacao-ofx';

let conta: Body;
let aluguel: Body;
let luz: Body;
let venda: Body;
let trialConta: Body;

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'vendedor', 'trial'])
    tokens[user] = await login(server.app, `${user}@erp.local`);
  conta = await create('Contas', {
    descricao: 'Itaú conta movimento',
    bancoCodigo: '341',
    agencia: '1234',
    numeroConta: '56789-0',
  });
  venda = await create('Receitas', {
    descricao: 'Venda Ana',
    contaId: conta.id,
    valor: 1500,
    dataVencimento: '2025-01-04',
  });
  luz = await create('Despesas', {
    descricao: 'Conta de luz',
    contaId: conta.id,
    valor: 89.9,
    dataVencimento: '2025-01-10',
  });
  aluguel = await create('Despesas', {
    descricao: 'Aluguel',
    contaId: conta.id,
    valor: 2000,
    dataVencimento: '2025-01-05',
  });
  trialConta = await create('Contas', { descricao: 'Conta da outra empresa' }, tokens.trial);
  await create(
    'Despesas',
    { descricao: 'Luz da outra empresa', contaId: trialConta.id, valor: 89.9, dataVencimento: '2025-01-10' },
    tokens.trial,
  );
});
afterAll(async () => server?.close());

const lines = [
  { fitId: 'F1', data: '2025-01-05', valor: 1500 },
  { fitId: 'F2', data: '2025-01-11', valor: -89.9 },
  { fitId: 'F3', data: '2025-01-06', valor: -1000 },
  { fitId: 'F4', data: '2025-01-20', valor: -12.34 },
];

describe('Conciliação OFX', () => {
  it('lists the branch accounts and suggests open entries by value and date, never another company’s', async () => {
    const contas = await api('GET', `${BASE}/contas`, tokens.demo);
    expect(contas.statusCode).toBe(200);
    expect(contas.json()).toEqual([
      expect.objectContaining({ id: conta.id, descricao: 'Itaú conta movimento', bancoCodigo: '341' }),
    ]);
    const response = await api('POST', `${BASE}/sugestoes`, tokens.demo, {
      contaId: conta.id,
      transacoes: lines,
    });
    expect(response.statusCode, response.body).toBe(200);
    const itens = response.json().itens as Body[];
    expect(itens.map((item) => item.sugerido)).toEqual([venda.id, luz.id, null, null]);
    expect(itens[1]?.candidatos).toEqual([
      { id: luz.id, descricao: 'Conta de luz', tipo: 2, dataVencimento: '2025-01-10', saldo: 89.9 },
    ]);
  });

  it('creates the baixas in one transaction, updates the entries and refuses the same line twice', async () => {
    const response = await api('POST', `${BASE}/baixas`, tokens.demo, {
      contaId: conta.id,
      itens: [
        { fitId: 'F1', lancamentoId: venda.id, data: '2025-01-05', valor: 1500 },
        { fitId: 'F3', lancamentoId: aluguel.id, data: '2025-01-06', valor: -1000 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ baixas: 2 });
    const vendaAfter = (await api('GET', `/api/Receitas/${venda.id}`, tokens.demo)).json();
    expect(vendaAfter).toMatchObject({ situacao: 1, versao: (venda.versao as number) + 1 });
    expect((await api('GET', `/api/Despesas/${aluguel.id}`, tokens.demo)).json()).toMatchObject({
      situacao: 2,
    });
    const baixas = (
      await api(
        'GET',
        `/api/Baixas?filter=${encodeURIComponent(JSON.stringify({ where: { lancamentoId: aluguel.id } }))}`,
        tokens.demo,
      )
    ).json();
    expect(baixas).toEqual([
      expect.objectContaining({
        valorPago: 1000,
        dataPagamento: '2025-01-06',
        contaId: conta.id,
        observacao: '[OFX F3]',
      }),
    ]);

    const again = await api('POST', `${BASE}/sugestoes`, tokens.demo, {
      contaId: conta.id,
      transacoes: lines,
    });
    const itens = again.json().itens as Body[];
    expect(itens[0]).toMatchObject({ fitId: 'F1', baixaId: expect.any(Number), sugerido: null });
    // The rest of the aluguel (1000 open) now matches a 1000 debit.
    const rest = await api('POST', `${BASE}/sugestoes`, tokens.demo, {
      contaId: conta.id,
      transacoes: [{ fitId: 'F9', data: '2025-01-07', valor: -1000 }],
    });
    expect(rest.json().itens[0].sugerido).toBe(aluguel.id);
    const twice = await api('POST', `${BASE}/baixas`, tokens.demo, {
      contaId: conta.id,
      itens: [{ fitId: 'F1', lancamentoId: venda.id, data: '2025-01-05', valor: 1500 }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('A transação F1 do extrato já foi conciliada.');
  });

  it('answers pt-BR 4xx for wrong kind, excess value, unknown accounts and missing permission, writing nothing', async () => {
    const post = (itens: Body[], contaId = conta.id, token = tokens.demo) =>
      api('POST', `${BASE}/baixas`, token, { contaId, itens });
    const kind = await post([{ fitId: 'K1', lancamentoId: luz.id, data: '2025-01-11', valor: 89.9 }]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().error.message).toBe('"Conta de luz": um crédito só baixa uma receita.');
    const excess = await post([
      { fitId: 'K2', lancamentoId: luz.id, data: '2025-01-11', valor: -50 },
      { fitId: 'K3', lancamentoId: luz.id, data: '2025-01-12', valor: -50 },
    ]);
    expect(excess.statusCode).toBe(400);
    expect(excess.json().error.code).toBe('VALOR_MAIOR_QUE_SALDO');
    // All or nothing: the first 50 of the failed request was rolled back.
    expect((await api('GET', `/api/Despesas/${luz.id}`, tokens.demo)).json()).toMatchObject({ situacao: 0 });
    const closed = await post([{ fitId: 'K4', lancamentoId: venda.id, data: '2025-01-11', valor: 1 }]);
    expect(closed.json().error.code).toBe('LANCAMENTO_NAO_ABERTO');
    const foreign = await post(
      [{ fitId: 'K5', lancamentoId: luz.id, data: '2025-01-11', valor: -89.9 }],
      trialConta.id as number,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('Conta bancária não encontrada nesta filial.');
    const badDate = await post([{ fitId: 'K6', lancamentoId: luz.id, data: '11/01/2025', valor: -89.9 }]);
    expect(badDate.statusCode).toBe(400);
    expect((await api('GET', `${BASE}/contas`, tokens.vendedor)).statusCode).toBe(403);
    expect(
      (
        await post(
          [{ fitId: 'K7', lancamentoId: luz.id, data: '2025-01-11', valor: -89.9 }],
          conta.id as number,
          tokens.vendedor,
        )
      ).statusCode,
    ).toBe(403);
    // The other company sees only its own account and entries.
    const trial = await api('POST', `${BASE}/sugestoes`, tokens.trial, {
      contaId: trialConta.id,
      transacoes: lines,
    });
    expect((trial.json().itens as Body[]).map((item) => item.sugerido)).toEqual([
      null,
      expect.any(Number),
      null,
      null,
    ]);
    expect((trial.json().itens as Body[])[1]?.sugerido).not.toBe(luz.id);
  });

  it('reconciles lines sharing one FITID (Inter) one by one through the fallback key; a re-import sees both done', async () => {
    const inter = await create('Contas', { descricao: 'Inter', bancoCodigo: '077', numeroConta: '7654321' });
    const receitas: Body[] = [];
    for (const nome of ['Ana', 'Bia'])
      receitas.push(
        await create('Receitas', {
          descricao: `Pix ${nome}`,
          contaId: inter.id,
          valor: 40,
          dataVencimento: '2025-03-05',
        }),
      );
    const trn = (memo: string) =>
      `<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20250305<TRNAMT>40.00<FITID>20250305<MEMO>${memo}</STMTTRN>`;
    const text = `<OFX><STMTRS><BANKACCTFROM><BANKID>077<ACCTID>7654321</BANKACCTFROM><BANKTRANLIST>${trn('PIX RECEBIDO')}${trn('PIX RECEBIDO')}<STMTTRN><TRNTYPE>OTHER<DTPOSTED>20250305<TRNAMT><FITID>20250305<MEMO>SALDO DIA</STMTTRN></BANKTRANLIST></STMTRS></OFX>`;
    const statement = parseOfx(text);
    expect(statement.avisos).toHaveLength(1);
    const [first, second] = statement.transacoes;
    expect(statement.transacoes).toHaveLength(2);
    expect(first?.chave).not.toBe(second?.chave);
    const itens = statement.transacoes.map((line, index) => ({
      fitId: line.chave,
      data: line.data,
      valor: line.valor,
      lancamentoId: receitas[index]?.id,
    }));
    const response = await api('POST', `${BASE}/baixas`, tokens.demo, { contaId: inter.id, itens });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ baixas: 2 });
    const again = parseOfx(text).transacoes.map(({ chave, data, valor }) => ({ fitId: chave, data, valor }));
    const sugestoes = await api('POST', `${BASE}/sugestoes`, tokens.demo, {
      contaId: inter.id,
      transacoes: again,
    });
    expect(sugestoes.statusCode, sugestoes.body).toBe(200);
    const done = (sugestoes.json().itens as Body[]).map((item) => item.baixaId);
    expect(done.every((id) => typeof id === 'number')).toBe(true);
    expect(new Set(done).size).toBe(2);
    const repeat = await api('POST', `${BASE}/baixas`, tokens.demo, {
      contaId: inter.id,
      itens: itens.slice(0, 1),
    });
    expect(repeat.statusCode).toBe(409);
  });
});
