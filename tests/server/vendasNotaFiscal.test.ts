import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../runtime/server/db/migrate.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { entradaEstoque } from '../support/entradaEstoque.ts';
import { testApi } from '../support/testApi.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Stock and receivables launched by the pedido **or** by its nota fiscal, never both (issue 15; flows.md
 * §3): the pedido's lancarPor (default from Configurações gerais), the nota's actions Lançar/Estornar
 * estoque e contas (no state change, Idempotency-Key, permission), the E/C flags with their origin, the
 * one-active-launch-per-chain invariant held by the database (also under 10 concurrent calls), cancelling
 * the pedido undoing the nota's launch, and devoluções posting at their typed date — real PostgreSQL.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;
const { api, ok, fails, system } = testApi(() => ({ server, token }));
const filter = (url: string, value: unknown) => `${url}?filter=${encodeURIComponent(JSON.stringify(value))}`;

let loja: Body;
let cliente: Body;
let conta: Body;
let natureza: Body;
let numero = 0;

/** A product with `fisico` units in the loja at custo 4. */
async function produto(fisico: number): Promise<Body> {
  numero += 1;
  const row = await ok('POST', '/api/Produtos', { descricao: `Item NF ${numero}`, codigo: `NF${numero}` });
  await entradaEstoque(ok, { depositoId: loja.id, produtoId: row.id, quantidade: fisico, custoUnitario: 4 });
  return row;
}

/** A pedido of `quantidade` × 10,00 − 2,00 desconto + 5,00 frete in 2 parcelas. */
const pedido = (p: Body, quantidade: number, extra: Body = {}) =>
  ok('POST', '/api/PedidosVenda', {
    tipo: 0,
    clienteId: cliente.id,
    dataEmissao: '2026-03-10',
    depositoId: loja.id,
    naturezaOperacaoId: natureza.id,
    condicaoPagamento: '2x',
    valorDesconto: 2,
    valorFrete: 5,
    itens: [
      {
        numeroItem: 1,
        produtoId: p.id,
        descricao: p.descricao,
        unidade: 'UN',
        quantidade,
        valorUnitario: 10,
      },
    ],
    ...extra,
  });
const acao = (id: unknown, action: string) => api('POST', `/api/PedidosVenda/${id}/${action}`, {});
const notaAcao = (id: unknown, action: string) => api('POST', `/api/NotasFiscaisSaida/${id}/${action}`, {});
const list = async (url: string, value: unknown) =>
  (await ok('GET', filter(url, value))) as unknown as Body[];
const saldo = async (p: Body) =>
  (await list('/api/SaldosEstoque', { where: { produtoId: p.id, depositoId: loja.id } }))[0] as Body;
const notaDe = async (pedidoId: unknown) =>
  (await list('/api/NotasFiscaisSaida', { where: { pedidoVendaId: pedidoId } }))[0] as Body;
const titulos = (tipo: string, id: unknown) =>
  list('/api/Receitas', { where: { origemTipo: tipo, origemId: id }, order: 'parcela ASC' });
const soma = (rows: Body[]) => rows.reduce((acc, row) => acc + Math.round(Number(row.valor) * 100), 0) / 100;
const flags = (row: Body) => [row.estoqueLancadoPor ?? null, row.contasLancadasPor ?? null];

/** A pedido in nota fiscal mode, faturado, its nota numbered `nNF`. */
async function faturadoPorNota(p: Body, quantidade: number, nNF: number) {
  const pv = await pedido(p, quantidade, { lancarPor: 'notaFiscal' });
  expect((await acao(pv.id, 'aprovar')).statusCode).toBe(200);
  expect((await acao(pv.id, 'faturar')).statusCode).toBe(200);
  const nota = await notaDe(pv.id);
  await ok('PATCH', `/api/NotasFiscaisSaida/${nota.id}`, { numero: nNF });
  return { pv, nota };
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  loja = await ok('POST', '/api/Depositos', { descricao: 'Loja notas' });
  cliente = await ok('POST', '/api/Clientes', { nome: 'Armazém Nota Certa' });
  conta = await ok('POST', '/api/Contas', { descricao: 'Banco notas' });
  natureza = await ok('POST', '/api/NaturezasOperacao', { descricao: 'Venda de mercadoria' });
});
afterAll(() => server?.close());

describe('lançar por pedido ou por nota fiscal', () => {
  it('by the pedido (the default): faturar launches both, the flags name the pedido and the nota may not launch again', async () => {
    const cafe = await produto(10);
    const pv = await pedido(cafe, 3);
    const faturado = await ok('POST', `/api/PedidosVenda/${pv.id}/faturar`, {});
    expect(faturado).toMatchObject({
      lancarPor: 'pedido',
      estoqueLancadoPor: 'pedido',
      contasLancadasPor: 'pedido',
    });
    expect(await saldo(cafe)).toMatchObject({ fisico: 7, reservado: 0 });
    // Σ titles = items − desconto + frete.
    expect(soma(await titulos('pedidoVenda', pv.id))).toBe(33);
    const nota = await notaDe(pv.id);
    expect(flags(nota)).toEqual(['pedido', 'pedido']);
    const estoque = await notaAcao(nota.id, 'lancarEstoque');
    expect(estoque.statusCode).toBe(409);
    expect(estoque.json().error.message).toBe(
      `O estoque do pedido ${pv.numero} já foi lançado pelo pedido ${pv.numero}.`,
    );
    const contas = await notaAcao(nota.id, 'lancarContas');
    expect(contas.statusCode).toBe(409);
    expect(contas.json().error.message).toBe(
      `As contas a receber do pedido ${pv.numero} já foram lançadas pelo pedido ${pv.numero}.`,
    );
    expect(await saldo(cafe)).toMatchObject({ fisico: 7 });
    expect(await titulos('notaFiscal', nota.id)).toEqual([]);
  });

  it('by the nota: faturar keeps the reservation; the nota launches stock and titles once, names itself on a second launch, and estorna', async () => {
    const cafe = await produto(10);
    const { pv, nota } = await faturadoPorNota(cafe, 4, 9012);
    const depois = await ok('GET', `/api/PedidosVenda/${pv.id}`);
    expect(depois).toMatchObject({ situacao: 'faturado', lancarPor: 'notaFiscal' });
    expect(flags(depois)).toEqual([null, null]);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 4 });
    expect(await titulos('pedidoVenda', pv.id)).toEqual([]);

    // The nota launches what the pedido sold: items or total changed on the nota are refused, naming the difference.
    const [item] = (await ok('GET', filter(`/api/NotasFiscaisSaida/${nota.id}`, { include: ['itens'] })))
      .itens as Body[];
    await ok('PATCH', `/api/NotasFiscaisSaida/${nota.id}`, {
      valorTotal: 50,
      itens: [{ ...item, quantidade: 3 }],
    });
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {}, 409)).message).toBe(
      `A nota fiscal 9012 difere do pedido ${pv.numero} (item 1: 3 na nota, 4 no pedido): ajuste a nota antes de lançar.`,
    );
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarContas`, {}, 409)).message).toBe(
      `A nota fiscal 9012 difere do pedido ${pv.numero} (total R$ 50,00 na nota, R$ 43,00 no pedido): ajuste a nota antes de lançar.`,
    );
    await ok('PATCH', `/api/NotasFiscaisSaida/${nota.id}`, { valorTotal: 43, itens: [item] });
    expect(flags(await ok('GET', `/api/PedidosVenda/${pv.id}`))).toEqual([null, null]);
    const lancada = await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {});
    expect(flags(lancada)).toEqual(['notaFiscal', null]);
    expect(await saldo(cafe)).toMatchObject({ fisico: 6, reservado: 0, valor: 24 });
    expect(flags(await ok('GET', `/api/PedidosVenda/${pv.id}`))).toEqual(['notaFiscal', null]);
    // Launched, the nota is locked until the estorno (flows.md §3: editing requires estornar first).
    const bloqueio =
      'Esta nota fiscal foi transmitida à SEFAZ ou lançou o estoque ou as contas a receber do pedido e não pode ser alterada nem excluída: uma nota transmitida só muda por evento (cancelamento, carta de correção) e um lançamento se desfaz com Estornar estoque e Estornar contas.';
    expect(
      (await fails('PATCH', `/api/NotasFiscaisSaida/${nota.id}`, { informacoesComplementares: 'x' }, 409))
        .message,
    ).toBe(bloqueio);
    expect((await fails('DELETE', `/api/NotasFiscais/${nota.id}`, undefined, 409)).message).toBe(bloqueio);
    const again = await notaAcao(nota.id, 'lancarEstoque');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      `O estoque do pedido ${pv.numero} já foi lançado pela nota fiscal 9012.`,
    );

    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarContas`, {});
    const contas = await titulos('notaFiscal', nota.id);
    expect(contas.map((t) => [t.parcela, t.valor, t.numeroDocumento])).toEqual([
      [1, 21.5, 'NF 9012'],
      [2, 21.5, 'NF 9012'],
    ]);
    expect(soma(contas)).toBe(43);
    expect(flags(await notaDe(pv.id))).toEqual(['notaFiscal', 'notaFiscal']);

    // A baixa blocks Estornar contas, naming the title; without it the titles are cancelled.
    const {
      baixas: [baixa],
    } = (await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-04-10',
      contaId: conta.id,
      itens: [{ lancamentoId: contas[0]?.id, principal: 5 }],
    })) as { baixas: Array<{ id: number }> };
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/estornarContas`, {}, 409)).message).toBe(
      'As contas da nota fiscal 9012 não podem ser estornadas: a conta a receber NF 9012 (parcela 1) tem baixa. Estorne o recebimento antes.',
    );
    await ok('POST', `/api/Baixas/${baixa?.id}/estornar`, {});
    expect(flags(await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/estornarContas`, {}))).toEqual([
      'notaFiscal',
      null,
    ]);
    expect((await titulos('notaFiscal', nota.id)).length).toBe(0);
    // Launched again after the estorno: parcelas from 1, the cancelled ones kept under the estorno origem.
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarContas`, {});
    expect((await titulos('notaFiscal', nota.id)).map((t) => [t.parcela, t.situacao])).toEqual([
      [1, 0],
      [2, 0],
    ]);
    expect((await titulos('notaFiscal.estorno.1', nota.id)).map((t) => [t.parcela, t.situacao])).toEqual([
      [1, 3],
      [2, 3],
    ]);

    // Estornar estoque: the goods come back reserved for the pedido; launched again, a new block of linhas.
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/estornarEstoque`, {});
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 4, valor: 40 });
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/estornarEstoque`, {}, 409)).message).toBe(
      `O estoque do pedido ${pv.numero} não está lançado: não há o que estornar.`,
    );
    // Contas still launched by the nota: still locked.
    expect(
      (await fails('PATCH', `/api/NotasFiscaisSaida/${nota.id}`, { informacoesComplementares: 'x' }, 409))
        .code,
    ).toBe('REGISTRO_BLOQUEADO');
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {});
    expect(await saldo(cafe)).toMatchObject({ fisico: 6, reservado: 0 });
    const linhas = (await ok('GET', `/api/NotasFiscaisSaida/${nota.id}/lancamentos`)) as unknown as Body[];
    expect(linhas.map((row) => [row.origemTipo, row.origemLinha, row.qtd])).toEqual([
      ['notaFiscal', 1, -4],
      ['notaFiscal.estorno', 1, 4],
      ['notaFiscal', 10001, -4],
    ]);
    const historico = (await ok('GET', `/api/NotasFiscaisSaida/${nota.id}/historico`)) as unknown as Body[];
    expect(historico.map((h) => h.acao)).toEqual([
      'lancarEstoque',
      'lancarContas',
      'estornarContas',
      'lancarContas',
      'estornarEstoque',
      'lancarEstoque',
    ]);
    expect(historico[0]?.diferencas).toMatchObject({ estoqueLancadoPor: { de: null, para: 'notaFiscal' } });
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });

  it('cancelling the pedido reverses the nota’s launch, keeps the nota as Cancelado; an unlaunched one releases the reservation', async () => {
    const cafe = await produto(10);
    const { pv, nota } = await faturadoPorNota(cafe, 3, 9013);
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {});
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarContas`, {});
    expect(await saldo(cafe)).toMatchObject({ fisico: 7, reservado: 0 });
    const cancelado = await ok('POST', `/api/PedidosVenda/${pv.id}/cancelar`, {});
    expect(flags(cancelado)).toEqual([null, null]);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 0, valor: 40 });
    const cancelados = await system<{ situacao: number }>(
      "SELECT situacao FROM lancamento WHERE origem_tipo = 'notaFiscal' AND origem_id = $1 ORDER BY parcela",
      [nota.id],
    );
    expect(cancelados.map((t) => t.situacao)).toEqual([3, 3]);
    expect(await ok('GET', `/api/NotasFiscaisSaida/${nota.id}`)).toMatchObject({ situacao: 2 });
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {}, 409)).message).toBe(
      'Não é possível lançar o estoque: a nota fiscal 9013 está cancelada.',
    );

    const { pv: outro } = await faturadoPorNota(cafe, 5, 9014);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 5 });
    await ok('POST', `/api/PedidosVenda/${outro.id}/cancelar`, {});
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 0 });
    expect(await list('/api/NotasFiscaisSaida', { where: { pedidoVendaId: outro.id } })).toEqual([]);
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });

  it('10 concurrent launch calls: one launches, nine get the 409 naming the nota; the ledger has one saída', async () => {
    const cafe = await produto(20);
    const { pv, nota } = await faturadoPorNota(cafe, 2, 9015);
    for (const action of ['lancarEstoque', 'lancarContas']) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => notaAcao(nota.id, action)));
      const codes = answers.map((answer) => answer.statusCode).sort();
      expect(codes).toEqual([200, ...Array(9).fill(409)]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().error.message).toMatch(/pela nota fiscal 9015\.$/);
    }
    const rows = await system<{ n: string }>(
      "SELECT count(*) AS n FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal' AND origem_id = $1",
      [nota.id],
    );
    expect(Number(rows[0]?.n)).toBe(1);
    expect(await saldo(cafe)).toMatchObject({ fisico: 18, reservado: 0 });
    expect(soma(await titulos('notaFiscal', nota.id))).toBe(23);
    // The pedido cannot launch either: its chain already launched by the nota.
    expect(flags(await ok('GET', `/api/PedidosVenda/${pv.id}`))).toEqual(['notaFiscal', 'notaFiscal']);
  });

  it('the default comes from Configurações gerais; a nota-mode pedido needs its natureza; a typed nota cannot launch', async () => {
    const cafe = await produto(10);
    await system("UPDATE configuracao_geral SET lancar_vendas_por = 'notaFiscal'");
    await system(
      "INSERT INTO configuracao_geral (empresa_id, lancar_vendas_por) SELECT id, 'notaFiscal' FROM empresa e WHERE NOT EXISTS (SELECT 1 FROM configuracao_geral c WHERE c.empresa_id = e.id)",
    );
    try {
      const padrao = await pedido(cafe, 1);
      expect(await ok('POST', `/api/PedidosVenda/${padrao.id}/faturar`, {})).toMatchObject({
        lancarPor: 'notaFiscal',
        estoqueLancadoPor: null,
      });
      const explicito = await pedido(cafe, 1, { lancarPor: 'pedido' });
      expect(await ok('POST', `/api/PedidosVenda/${explicito.id}/faturar`, {})).toMatchObject({
        lancarPor: 'pedido',
        estoqueLancadoPor: 'pedido',
      });
      const semNatureza = await pedido(cafe, 1, { naturezaOperacaoId: null });
      expect((await fails('POST', `/api/PedidosVenda/${semNatureza.id}/faturar`, {}, 422)).message).toBe(
        `Informe a natureza de operação do pedido ${semNatureza.numero}: ele lança o estoque e as contas pela nota fiscal, preparada ao faturar.`,
      );
    } finally {
      await system("UPDATE configuracao_geral SET lancar_vendas_por = 'pedido'");
    }
    const digitada = await ok('POST', '/api/NotasFiscaisSaida', {
      naturezaOperacaoId: natureza.id,
      destinatarioId: cliente.id,
      dataEmissao: '2026-03-10T12:00:00Z',
      numero: 9016,
    });
    expect(
      (await fails('POST', `/api/NotasFiscaisSaida/${digitada.id}/lancarEstoque`, {}, 422)).message,
    ).toBe(
      'Não é possível lançar o estoque: a nota fiscal 9016 não foi preparada a partir de um pedido de venda. Só a nota de um pedido faturado lança o estoque e as contas do pedido.',
    );
    // Own entry notes have no launch actions at all.
    expect(
      (await api('POST', `/api/NotasFiscaisEntradaPropria/${digitada.id}/lancarEstoque`, {})).statusCode,
    ).toBe(404);
  });
});

describe('the nota’s actions as API operations', () => {
  it('an Idempotency-Key replays the first answer; the permission key of the screen at ALTERAR is checked', async () => {
    const cafe = await produto(10);
    const { nota } = await faturadoPorNota(cafe, 2, 9018);
    const post = (key: string, authorization = token) =>
      server.app.inject({
        method: 'POST',
        url: `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`,
        headers: { host: 'localhost', authorization, 'idempotency-key': key },
        payload: {},
      });
    const leitor = await addDemoUserWithProfile(server, {
      email: 'leitor-notas@erp.local',
      nome: 'Leitor de notas',
      perfil: 'Leitor de notas',
      permissoes: { VENDAS_NOTA_FISCAL: 1 },
    });
    expect((await post('k-leitor', leitor.token)).statusCode).toBe(403);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 2 });
    const first = await post('k-1');
    const again = await post('k-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // A new key is a new launch: refused, the chain already launched by this nota.
    expect((await post('k-2')).statusCode).toBe(409);
    expect(await saldo(cafe)).toMatchObject({ fisico: 8, reservado: 0 });
  });
});

describe('devolução at its typed date', () => {
  const devolucao = (pedidoId: unknown, data: string) =>
    ok('POST', '/api/DevolucoesVenda', {
      pedidoVendaId: pedidoId,
      data,
      tratamento: 'credito',
      motivo: 'Avaria',
      itens: [{ numeroItem: 1, quantidade: 1 }],
    });
  const confirmar = (id: unknown) => api('POST', `/api/DevolucoesVenda/${id}/confirmar`, {});

  it('posts its ledger row and crédito at the typed data; refuses a future date, one before the faturamento, and launches still pending on the nota', async () => {
    const cafe = await produto(10);
    const { pv, nota } = await faturadoPorNota(cafe, 4, 9017);
    const cedo = await devolucao(pv.id, new Date().toISOString());
    const naoLancado = await confirmar(cedo.id);
    expect(naoLancado.statusCode).toBe(409);
    expect(naoLancado.json().error.message).toBe(
      `O pedido ${pv.numero} lança o estoque e as contas pela nota fiscal: lance-os pela nota antes de confirmar a devolução.`,
    );
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarEstoque`, {});
    expect((await confirmar(cedo.id)).statusCode).toBe(409);
    await ok('POST', `/api/NotasFiscaisSaida/${nota.id}/lancarContas`, {});
    const [saida] = await system<{ data: Date; custo_unitario: string }>(
      "SELECT data, custo_unitario FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal' AND origem_id = $1",
      [nota.id],
    );
    const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

    const futura = await devolucao(pv.id, new Date(Date.now() + 3 * 86_400_000).toISOString());
    const r1 = await confirmar(futura.id);
    expect(r1.statusCode).toBe(422);
    expect(r1.json().error.message).toMatch(
      /^A data da devolução \(\d{2}\/\d{2}\/\d{4}\) não pode ser futura\.$/,
    );
    const antiga = await devolucao(pv.id, '2026-03-01T12:00:00Z');
    const r2 = await confirmar(antiga.id);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.message).toBe(
      `A data da devolução (01/03/2026) é anterior ao faturamento do pedido ${pv.numero} (${hoje.split('-').reverse().join('/')}).`,
    );

    // Typed one millisecond after the saída: the entrada and the crédito carry that moment, not the confirmation's.
    const digitada = new Date(new Date(saida?.data ?? 0).getTime() + 1).toISOString();
    const boa = await devolucao(pv.id, digitada);
    expect((await confirmar(boa.id)).statusCode).toBe(200);
    const [entrada] = await system<{ data: Date; custo_unitario: string }>(
      "SELECT data, custo_unitario FROM movimentacao_estoque WHERE origem_tipo = 'devolucaoVenda' AND origem_id = $1",
      [boa.id],
    );
    expect(entrada?.data.toISOString()).toBe(digitada);
    expect(Number(entrada?.custo_unitario)).toBe(4);
    const [credito] = await list('/api/Despesas', {
      where: { origemTipo: 'devolucaoVenda', origemId: boa.id },
    });
    expect(credito).toMatchObject({ valor: 10, dataEmissao: hoje });
    // A confirmed devolução keeps the nota's launches in place.
    expect((await fails('POST', `/api/NotasFiscaisSaida/${nota.id}/estornarEstoque`, {}, 409)).message).toBe(
      'O estoque da nota fiscal 9017 não pode ser estornado: o pedido tem a devolução nº ' +
        `${(await ok('GET', `/api/DevolucoesVenda/${boa.id}`)).numero} confirmada.`,
    );
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});

describe('migration 049_venda_lancamento_por_nota', () => {
  it('fills the flags of pedidos invoiced before it, and of their notas', async () => {
    const cafe = await produto(5);
    const faturado = await pedido(cafe, 2, { lancarPor: 'pedido' });
    await ok('POST', `/api/PedidosVenda/${faturado.id}/faturar`, {});
    const aberto = await pedido(cafe, 1);
    // As a database before the flags: the columns empty and the migration not applied yet.
    const ids = [faturado.id, aberto.id];
    await system(
      'UPDATE pedido_venda SET lancar_por = NULL, estoque_lancado_por = NULL, contas_lancadas_por = NULL WHERE id = ANY($1)',
      [ids],
    );
    await system(
      'UPDATE nota_fiscal SET estoque_lancado_por = NULL, contas_lancadas_por = NULL WHERE pedido_venda_id = ANY($1)',
      [ids],
    );
    const admin = new pg.Client({ connectionString: server.databaseUrl });
    await admin.connect();
    await admin.query("DELETE FROM schema_migrations WHERE name = '049_venda_lancamento_por_nota.sql'");
    await admin.end();
    await migrate(server.databaseUrl);
    expect(await ok('GET', `/api/PedidosVenda/${faturado.id}`)).toMatchObject({
      lancarPor: 'pedido',
      estoqueLancadoPor: 'pedido',
      contasLancadasPor: 'pedido',
    });
    expect(flags(await ok('GET', `/api/PedidosVenda/${aberto.id}`))).toEqual([null, null]);
    expect(flags(await notaDe(faturado.id))).toEqual(['pedido', 'pedido']);
  });
});
