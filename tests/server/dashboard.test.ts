import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Dashboard KPIs (issue 13; flows.md §5) over fixtures created through the API's services: vendas do mês
 * and the previous month, vendas por dia, contas a receber/a pagar (valor aberto, vencidos, hoje), products
 * at or below the minimum; tenant isolation and the permission keys.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const api = (method: string, url: string, auth: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown, auth = token) => {
  const response = await api(method, url, auth, payload);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response.json() as Body;
};

let deposito: Body;
let cliente: Body;
let numero = 0;

async function produto(extra: Body, fisico = 0): Promise<Body> {
  numero += 1;
  const row = await ok('POST', '/api/Produtos', {
    descricao: `KPI ${numero}`,
    codigo: `KPI${numero}`,
    precoVenda: 10,
    ...extra,
  });
  if (fisico > 0) {
    const entrada = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-01-05T12:00:00Z',
      depositoId: deposito.id,
      motivo: 'Compra',
      itens: [{ numeroItem: 1, produtoId: row.id, quantidade: fisico, custoUnitario: 4 }],
    });
    await ok('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
  }
  return row;
}

/** A pedido of one item (`quantidade` × `valor`) emitted on `data`, taken through `acoes`. */
async function pedido(data: string, quantidade: number, valor: number, acoes: string[]) {
  const item = await produto({}, 100);
  const row = await ok('POST', '/api/PedidosVenda', {
    tipo: 0,
    clienteId: cliente.id,
    dataEmissao: data,
    depositoId: deposito.id,
    itens: [
      {
        numeroItem: 1,
        produtoId: item.id,
        descricao: 'Item',
        unidade: 'UN',
        quantidade,
        valorUnitario: valor,
      },
    ],
  });
  for (const acao of acoes) await ok('POST', `/api/PedidosVenda/${row.id}/${acao}`, {});
  return row;
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  deposito = await ok('POST', '/api/Depositos', { descricao: 'Loja do dashboard' });
  cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente do dashboard' });
  // Abril de 2031: 100 + 30,50 count; the orçamento and the cancelled pedido do not. Março: 104,40.
  await pedido('2031-04-03', 2, 50, ['aprovar']);
  await pedido('2031-04-20', 1, 30.5, ['aprovar']);
  await pedido('2031-04-05', 1, 999, []);
  await pedido('2031-04-06', 5, 100, ['aprovar', 'cancelar']);
  await pedido('2031-03-31', 2, 52.2, ['aprovar']);
}, 180_000);
afterAll(async () => server?.close());

describe('vendas do mês', () => {
  it('sums approved pedidos of the month by emission date and compares them with the previous month', async () => {
    const vendas = await ok('GET', '/api/Dashboard/vendas-mes?referencia=2031-04');
    expect(vendas).toEqual({
      referencia: '2031-04',
      inicio: '2031-04-01',
      fim: '2031-04-30',
      valor: 130.5,
      quantidade: 2,
      ticketMedio: 65.25,
      anterior: 104.4,
      variacao: 25,
      // One pedido in março: ticket 104,40; abril's 65,25 is 37,5 % below it.
      ticketMedioAnterior: 104.4,
      variacaoTicket: -37.5,
      situacoes: ['aprovado', 'faturado', 'entregue'],
    });
    const marco = await ok('GET', '/api/Dashboard/vendas-mes?referencia=2031-03');
    expect(marco).toMatchObject({ valor: 104.4, quantidade: 1, anterior: 0, variacao: null });
    // Janeiro compares with dezembro of the year before.
    expect(await ok('GET', '/api/Dashboard/vendas-mes?referencia=2031-01')).toMatchObject({
      inicio: '2031-01-01',
      fim: '2031-01-31',
      valor: 0,
      ticketMedio: 0,
    });
  });

  it('gives every day of the month in the series, days without sales at zero', async () => {
    const serie = await ok('GET', '/api/Dashboard/vendas-por-dia?referencia=2031-04');
    const dias = serie.dias as Array<{ dia: string; valor: number }>;
    expect(dias).toHaveLength(30);
    expect(dias[0]).toEqual({ dia: '2031-04-01', valor: 0 });
    expect(dias[2]).toEqual({ dia: '2031-04-03', valor: 100 });
    expect(dias[19]).toEqual({ dia: '2031-04-20', valor: 30.5 });
    expect(dias.reduce((sum, d) => sum + d.valor, 0)).toBe(130.5);
    expect((await ok('GET', '/api/Dashboard/vendas-por-dia?referencia=2032-02')).dias).toHaveLength(29);
  });

  it('refuses a malformed reference month with a 400 in Portuguese', async () => {
    for (const referencia of ['2031-13', 'abril', '2031-4', '2031-00']) {
      const response = await api('GET', `/api/Dashboard/vendas-mes?referencia=${referencia}`, token);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(
        `Mês de referência inválido: "${referencia}". Informe o ano e o mês como AAAA-MM, ex.: 2026-03.`,
      );
    }
  });
});

describe('contas a receber e a pagar', () => {
  it('sums the valor aberto of open titles, overdue and due today apart, cancelled and paid ones left out', async () => {
    const hoje = hojeBrasilia();
    const antes = await ok('GET', '/api/Dashboard/contas-receber');
    const antesPagar = await ok('GET', '/api/Dashboard/contas-pagar');
    const conta = await ok('POST', '/api/Contas', { descricao: 'Banco do dashboard' });
    await ok('POST', '/api/Receitas', {
      descricao: 'Vencida',
      contaId: conta.id,
      valor: 300,
      dataVencimento: '2020-01-10',
    });
    const parcial = await ok('POST', '/api/Receitas', {
      descricao: 'Parcial',
      contaId: conta.id,
      valor: 200,
      dataVencimento: '2099-01-01',
    });
    await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-01-02',
      contaId: conta.id,
      itens: [{ lancamentoId: parcial.id, principal: 50, juros: 5 }],
    });
    await ok('POST', '/api/Receitas', {
      descricao: 'Hoje',
      contaId: conta.id,
      valor: 10,
      dataVencimento: hoje,
    });
    const cancelada = await ok('POST', '/api/Receitas', {
      descricao: 'Cancelada',
      contaId: conta.id,
      valor: 1000,
      dataVencimento: '2020-01-10',
    });
    await ok('POST', `/api/Receitas/${cancelada.id}/cancelar`, {});
    const paga = await ok('POST', '/api/Receitas', {
      descricao: 'Paga',
      contaId: conta.id,
      valor: 80,
      dataVencimento: '2020-01-10',
    });
    await ok('POST', '/api/Lancamentos/baixar', {
      data: '2020-01-10',
      contaId: conta.id,
      itens: [{ lancamentoId: paga.id, principal: 80 }],
    });
    await ok('POST', '/api/Despesas', {
      descricao: 'Aluguel atrasado',
      contaId: conta.id,
      valor: 70.25,
      dataVencimento: '2020-01-01',
    });

    const depois = await ok('GET', '/api/Dashboard/contas-receber');
    const delta = (key: string) => Math.round((Number(depois[key]) - Number(antes[key])) * 100) / 100;
    expect(depois.hoje).toBe(hoje);
    // 300 + (200 − (55 − 5)) + 10
    expect(delta('aberto')).toBe(460);
    expect(delta('quantidadeAberta')).toBe(3);
    expect(delta('vencido')).toBe(300);
    expect(delta('quantidadeVencida')).toBe(1);
    expect(delta('venceHoje')).toBe(10);
    const pagar = await ok('GET', '/api/Dashboard/contas-pagar');
    expect(Math.round((Number(pagar.vencido) - Number(antesPagar.vencido)) * 100) / 100).toBe(70.25);
    expect(Number(pagar.quantidadeVencida) - Number(antesPagar.quantidadeVencida)).toBe(1);
  });
});

describe('estoque mínimo', () => {
  it('counts active products whose disponível is at or below their minimum', async () => {
    const antes = await ok('GET', '/api/Dashboard/estoque-minimo');
    const semSaldo = await produto({ estoqueMinimo: 5 });
    const noMinimo = await produto({ estoqueMinimo: 5 }, 5);
    const acima = await produto({ estoqueMinimo: 5 }, 10);
    const inativo = await produto({ estoqueMinimo: 5, ativo: false });
    const semMinimo = await produto({});
    const depois = await ok('GET', '/api/Dashboard/estoque-minimo');
    expect(Number(depois.quantidade) - Number(antes.quantidade)).toBe(2);
    const ids = depois.ids as number[];
    expect(ids).toEqual(expect.arrayContaining([semSaldo.id, noMinimo.id]));
    for (const row of [acima, inativo, semMinimo]) expect(ids).not.toContain(row.id);
  });

  it('leaves out the stock of deposits marked desconsiderar (flows.md §5)', async () => {
    const avariados = await ok('POST', '/api/Depositos', { descricao: 'Avariados', desconsiderar: true });
    const item = await produto({ estoqueMinimo: 5 });
    const entrada = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-01-05T12:00:00Z',
      depositoId: avariados.id,
      motivo: 'Devolução avariada',
      itens: [{ numeroItem: 1, produtoId: item.id, quantidade: 50, custoUnitario: 4 }],
    });
    await ok('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
    // 50 units, all in a desconsiderar deposit: still below the minimum of 5.
    expect((await ok('GET', '/api/Dashboard/estoque-minimo')).ids).toContain(item.id);
  });
});

describe('tenants and permissions', () => {
  it('never counts another company’s sales, titles or products', async () => {
    const outra = await login(server.app, 'trial@erp.local');
    expect(await ok('GET', '/api/Dashboard/vendas-mes?referencia=2031-04', undefined, outra)).toMatchObject({
      valor: 0,
      anterior: 0,
    });
    const ours = (await ok('GET', '/api/Dashboard/estoque-minimo')).ids as number[];
    const theirs = (await ok('GET', '/api/Dashboard/estoque-minimo', undefined, outra)).ids as number[];
    expect(ours.length).toBeGreaterThan(0);
    expect(theirs.filter((id) => ours.includes(id))).toEqual([]);
    const receber = await ok('GET', '/api/Dashboard/contas-receber', undefined, outra);
    expect(receber.vencido).toBe(0);
  });

  it('answers each KPI only to a profile holding its permission key', async () => {
    const { token: financeiro } = await addDemoUserWithProfile(server, {
      email: 'financeiro-kpi@erp.local',
      nome: 'Fernanda Financeiro',
      perfil: 'Só receitas',
      permissoes: { DASHBOARD: 1, FINANCEIRO_RECEITAS: 1 },
    });
    expect((await api('GET', '/api/Dashboard/contas-receber', financeiro)).statusCode).toBe(200);
    for (const path of ['vendas-mes', 'vendas-por-dia', 'contas-pagar', 'estoque-minimo']) {
      const refused = await api('GET', `/api/Dashboard/${path}`, financeiro);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.message).toMatch(/permissão/i);
    }
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: '/api/Dashboard/vendas-mes',
          headers: { host: 'localhost' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
