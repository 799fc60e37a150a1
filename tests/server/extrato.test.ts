import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Financeiro › Extrato bancário: GET /api/Contas/{id}/extrato over the movimento_financeiro ledger (F3). */
let server: TestServer;
let token: string;

const call = (method: string, url: string, auth: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(resource: string, payload: Record<string, unknown>): Promise<number> {
  const response = await call('POST', `/api/${resource}`, token, payload);
  expect(response.statusCode, `${resource}: ${response.body}`).toBe(200);
  return response.json().id;
}

/** A receita or despesa of `valor` settled on `data` into `contaId` (POST /api/Lancamentos/baixar). */
async function settled(
  resource: 'Receitas' | 'Despesas',
  descricao: string,
  valor: number,
  data: string,
  contaId: number,
) {
  const lancamentoId = await create(resource, { descricao, contaId, valor, dataVencimento: data });
  const response = await call('POST', '/api/Lancamentos/baixar', token, {
    data,
    contaId,
    itens: [{ lancamentoId, principal: valor }],
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A transfer, then its action (efetivar or cancelar). */
async function transfer(payload: Record<string, unknown>, action: 'efetivar' | 'cancelar') {
  const id = await create('Transferencias', payload);
  const response = await call('POST', `/api/Transferencias/${id}/${action}`, token, {});
  expect(response.statusCode, response.body).toBe(200);
}

let banco: number;
let caixa: number;

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  banco = await create('Contas', {
    descricao: 'Banco do Brasil',
    tipoConta: 1,
    saldoInicial: 1000,
    dataSaldoInicial: '2026-01-01',
  });
  caixa = await create('Contas', { descricao: 'Caixa da loja', tipoConta: 0, saldoInicial: 0 });
  // No movement before the saldo inicial (2026-01-01): the ledger refuses it.
  const early = await create('Receitas', {
    descricao: 'Venda de dezembro (antes do saldo inicial)',
    contaId: banco,
    valor: 999,
    dataVencimento: '2025-12-20',
  });
  const refused = await call('POST', '/api/Lancamentos/baixar', token, {
    data: '2025-12-20',
    contaId: banco,
    itens: [{ lancamentoId: early, principal: 999 }],
  });
  expect(refused.statusCode).toBe(422);
  await settled('Receitas', 'Venda de janeiro', 100.1, '2026-01-20', banco);
  await settled('Receitas', 'Venda à vista', 500.25, '2026-02-10', banco);
  await settled('Despesas', 'Aluguel', 200.05, '2026-02-15', banco);
  await settled('Despesas', 'Compra de março', 80, '2026-03-02', banco);
  await transfer(
    {
      descricao: 'Troco para o caixa',
      contaId: banco,
      contaDestinoId: caixa,
      valor: 50,
      dataVencimento: '2026-02-20',
    },
    'efetivar',
  );
  await transfer(
    {
      descricao: 'Transferência cancelada',
      contaId: banco,
      contaDestinoId: caixa,
      valor: 70,
      dataVencimento: '2026-02-21',
    },
    'cancelar',
  );
}, 120_000);
afterAll(async () => server?.close());

describe('extrato bancário', () => {
  it('gives the balance before the period, the movements with the running balance and the totals', async () => {
    const response = await call(
      'GET',
      `/api/Contas/${banco}/extrato?inicio=2026-02-01&fim=2026-02-28`,
      token,
    );
    expect(response.statusCode, response.body).toBe(200);
    const extrato = response.json();
    expect(extrato.conta).toMatchObject({ id: banco, descricao: 'Banco do Brasil', saldoInicial: 1000 });
    // 1000 opening balance (2026-01-01) + 100.10 in January (December was refused: before the saldo inicial).
    expect(extrato.saldoAnterior).toBe(1100.1);
    expect(
      extrato.movimentos.map(
        (m: { data: string; descricao: string; origem: string; valor: number; saldo: number }) => [
          m.data,
          m.descricao,
          m.origem,
          m.valor,
          m.saldo,
        ],
      ),
    ).toEqual([
      ['2026-02-10', 'Venda à vista', 'recebimento', 500.25, 1600.35],
      ['2026-02-15', 'Aluguel', 'pagamento', -200.05, 1400.3],
      ['2026-02-20', 'Troco para o caixa', 'transferencia-saida', -50, 1350.3],
    ]);
    expect(extrato).toMatchObject({ entradas: 500.25, saidas: 250.05, saldoFinal: 1350.3 });

    const destino = (
      await call('GET', `/api/Contas/${caixa}/extrato?inicio=2026-02-01&fim=2026-02-28`, token)
    ).json();
    expect(destino.movimentos).toMatchObject([{ origem: 'transferencia-entrada', valor: 50, saldo: 50 }]);
    expect(destino.saldoFinal).toBe(50);
  });

  it('refuses a bad period, an unknown account, another company and a profile without the key', async () => {
    const bad = async (query: string) =>
      (await call('GET', `/api/Contas/${banco}/extrato?${query}`, token)).json().error;
    expect((await bad('inicio=2026-03-01&fim=2026-02-01')).message).toBe(
      'A data final deve ser igual ou posterior à data inicial.',
    );
    expect((await bad('inicio=2025-01-01&fim=2026-02-01')).message).toMatch(/no máximo 366 dias/);
    expect((await bad('inicio=ontem&fim=2026-02-01')).statusCode).toBe(400);
    const missing = await call('GET', '/api/Contas/999999/extrato?inicio=2026-02-01&fim=2026-02-28', token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Conta não encontrada nesta filial.');

    const signUp = await call('POST', '/api/Usuarios/cadastro', undefined, {
      email: 'outra@empresa.com.br',
      senha: 'segredo1',
      confirmaSenha: 'segredo1',
      nome: 'Outra Pessoa',
      empresa: 'Outra Empresa Ltda',
      telefone: '(11) 98765-4321',
      cpfCnpj: '45.997.418/0001-53',
      regime: 1,
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    const other = await call(
      'GET',
      `/api/Contas/${banco}/extrato?inicio=2026-02-01&fim=2026-02-28`,
      signUp.json().id,
    );
    expect(other.statusCode).toBe(404);

    const vendedor = await login(server.app, 'vendedor@erp.local');
    const denied = await call(
      'GET',
      `/api/Contas/${banco}/extrato?inicio=2026-02-01&fim=2026-02-28`,
      vendedor,
    );
    expect(denied.statusCode).toBe(403);
  });
});
