import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Sales orders on the ERP engine (issue 15; flows.md §3): orçamento → aprovado (reserva) → faturado (saída
 * de estoque + contas a receber das parcelas + comissão) → entregue; cancelar libera a reserva ou estorna
 * tudo, recusado com baixa; pedidos de serviço sem estoque; §3 invariants, a property test over random
 * sequences and 20 parallel faturamentos for the last 10 units — against real PostgreSQL.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const filter = (url: string, value: unknown) => `${url}?filter=${encodeURIComponent(JSON.stringify(value))}`;

let loja: Body;
let cliente: Body;
let conta: Body;
let vendedor: Body;
let numeroProduto = 0;

/** A product with `fisico` units in the loja at custo 4 (a stock entrada through the engine). */
async function produto(fisico: number, preco = 10): Promise<Body> {
  numeroProduto += 1;
  const row = await ok('POST', '/api/Produtos', {
    descricao: `Produto ${numeroProduto}`,
    codigo: `P${numeroProduto}`,
    precoVenda: preco,
  });
  if (fisico > 0) {
    const entrada = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-01-05T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Compra',
      itens: [{ numeroItem: 1, produtoId: row.id, quantidade: fisico, custoUnitario: 4 }],
    });
    await ok('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
  }
  return row;
}

const pedido = (itens: [Body, number, number?][], extra: Body = {}) =>
  ok('POST', '/api/PedidosVenda', {
    tipo: 0,
    clienteId: cliente.id,
    dataEmissao: '2026-03-10',
    depositoId: loja.id,
    itens: itens.map(([p, quantidade, valorUnitario], i) => ({
      numeroItem: i + 1,
      produtoId: p.id,
      descricao: p.descricao,
      unidade: 'UN',
      quantidade,
      valorUnitario: valorUnitario ?? 10,
    })),
    ...extra,
  });
const acao = (id: unknown, action: string, headers: Record<string, string> = {}) =>
  api('POST', `/api/PedidosVenda/${id}/${action}`, {}, headers);
const saldo = async (p: Body) =>
  ((
    await ok('GET', filter('/api/SaldosEstoque', { where: { produtoId: p.id, depositoId: loja.id } }))
  )[0] ?? {
    fisico: 0,
    reservado: 0,
    valor: 0,
  }) as Body;
const titulos = async (id: unknown) =>
  (await ok(
    'GET',
    filter('/api/Receitas', { where: { origemTipo: 'pedidoVenda', origemId: id }, order: 'parcela ASC' }),
  )) as Body[];
const ledger = async (id: unknown) =>
  (await ok(
    'GET',
    filter('/api/MovimentacoesEstoque', {
      where: { origemId: id, origemTipo: { inq: ['pedidoVenda', 'pedidoVenda.estorno'] } },
      order: 'id ASC',
    }),
  )) as Body[];
const cents = (value: unknown) => Math.round(Number(value) * 100);

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  loja = await ok('POST', '/api/Depositos', { descricao: 'Loja vendas' });
  cliente = await ok('POST', '/api/Clientes', { nome: 'Mercadinho Bom Preço' });
  conta = await ok('POST', '/api/Contas', { descricao: 'Banco vendas' });
  vendedor = await ok('POST', '/api/Vendedores', { nome: 'Vera Vendedora', comissao: 5 });
});
afterAll(() => server?.close());

describe('pedido de venda: lifecycle', () => {
  it('numbers the pedido, starts it as orçamento and computes item and order totals on the server', async () => {
    const cafe = await produto(0);
    const a = await pedido([[cafe, 3, 12.5]], {
      numero: 999,
      situacao: 'faturado',
      valorDesconto: 7.5,
      valorFrete: 10,
    });
    const b = await pedido([[cafe, 1]]);
    expect(a.situacao).toBe('orcamento');
    expect(b.numero).toBe((a.numero as number) + 1);
    const full = await ok('GET', filter(`/api/PedidosVenda/${a.id}`, { include: ['itens'] }));
    expect((full.itens as Body[])[0]?.valorTotal).toBe(37.5);
    expect(full).toMatchObject({ valorProdutos: 37.5, valorTotal: 40 });
    // An orçamento has no stock or financial effect.
    expect(await saldo(cafe)).toMatchObject({ fisico: 0, reservado: 0 });
    expect(await titulos(a.id)).toEqual([]);
  });

  it('aprovar reserves, faturar takes the saída and creates the parcelas, entregar closes; repeats are refused by name', async () => {
    const cafe = await produto(10);
    const acucar = await produto(5);
    const p = await pedido(
      [
        [cafe, 4, 20],
        [acucar, 2, 5.5],
      ],
      { vendedorId: vendedor.id, condicaoPagamento: '3x', valorDesconto: 1, valorFrete: 2 },
    );
    expect((await acao(p.id, 'aprovar')).statusCode).toBe(200);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, reservado: 4, disponivel: 6 });
    expect(await saldo(acucar)).toMatchObject({ fisico: 5, reservado: 2 });
    // Approved: no longer editable.
    const edit = await api('PATCH', `/api/PedidosVenda/${p.id}`, { observacao: 'mudou' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.code).toBe('DOCUMENTO_NAO_EDITAVEL');

    const key = randomUUID();
    const faturado = await acao(p.id, 'faturar', { 'idempotency-key': key });
    expect(faturado.statusCode, faturado.body).toBe(200);
    expect(faturado.json()).toMatchObject({ situacao: 'faturado', valorTotal: 92, valorComissao: 4.5 });
    // The reservation became a saída at the average cost (4).
    expect(await saldo(cafe)).toMatchObject({ fisico: 6, reservado: 0, valor: 24 });
    expect(await saldo(acucar)).toMatchObject({ fisico: 3, reservado: 0 });
    const rows = await ledger(p.id);
    expect(rows.map((row) => [row.origemLinha, row.qtd, row.difValor])).toEqual([
      [1, -4, -16],
      [2, -2, -8],
    ]);
    // Σ titles = items − desconto + frete (91 − 1 + 2 = 92), 3 parcelas, remainder on the last.
    const parcelas = await titulos(p.id);
    expect(parcelas.map((t) => t.valor)).toEqual([30.66, 30.66, 30.68]);
    expect(parcelas.map((t) => `${t.parcela}/${t.totalParcelas}`)).toEqual(['1/3', '2/3', '3/3']);
    expect(
      parcelas.every((t) => t.pessoaId === cliente.id && t.contaId === conta.id && t.situacao === 0),
    ).toBe(true);

    // A retry under the same key gets the first answer; without it, the state refuses by name.
    const replay = await acao(p.id, 'faturar', { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(faturado.body);
    const again = await acao(p.id, 'faturar');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(`O pedido de venda ${p.numero} já foi faturado.`);
    expect(await ledger(p.id)).toHaveLength(2);
    expect(await titulos(p.id)).toHaveLength(3);

    expect((await acao(p.id, 'entregar')).json().situacao).toBe('entregue');
    const cancel = await acao(p.id, 'cancelar');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe(
      'Não é possível cancelar pedido: o pedido de venda está entregue.',
    );
  });

  it('refuses a reservation beyond the disponível, and a saída of stock reserved for another pedido', async () => {
    const cafe = await produto(5);
    const first = await pedido([[cafe, 4]]);
    expect((await acao(first.id, 'aprovar')).statusCode).toBe(200);
    const second = await pedido([[cafe, 2]]);
    const refused = await acao(second.id, 'aprovar');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      `Estoque insuficiente para reservar: produto ${cafe.descricao} tem 1 UN disponíveis no depósito Loja vendas (pedido pede 2).`,
    );
    // Invoicing the orçamento directly would take units the first pedido reserved.
    const direct = await acao(second.id, 'faturar');
    expect(direct.statusCode).toBe(422);
    expect(direct.json().error.code).toBe('ESTOQUE_RESERVADO');
    expect(await saldo(cafe)).toMatchObject({ fisico: 5, reservado: 4 });
    expect(await ledger(second.id)).toEqual([]);
    expect(await titulos(second.id)).toEqual([]);
    // Cancelling the approved pedido releases its reservation; then the second one can be invoiced.
    expect((await acao(first.id, 'cancelar')).json().situacao).toBe('cancelado');
    expect(await saldo(cafe)).toMatchObject({ fisico: 5, reservado: 0 });
    expect((await acao(second.id, 'faturar')).statusCode).toBe(200);
    expect(await saldo(cafe)).toMatchObject({ fisico: 3, reservado: 0 });
  });

  it('cancelar a faturado pedido reverses the saída and cancels the titles; refused while a title has a baixa', async () => {
    const cafe = await produto(8);
    const p = await pedido([[cafe, 3, 33.34]], { condicaoPagamento: '30/60' });
    expect((await acao(p.id, 'faturar')).statusCode).toBe(200);
    const before = await saldo(cafe);
    expect(before).toMatchObject({ fisico: 5, valor: 20 });
    const [primeira] = await titulos(p.id);
    const {
      baixas: [baixa],
    } = (await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-04-10',
      contaId: conta.id,
      itens: [{ lancamentoId: primeira?.id, principal: 10 }],
    })) as { baixas: Array<{ id: number }> };
    const refused = await acao(p.id, 'cancelar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `O pedido ${p.numero} não pode ser cancelado: a conta a receber (parcela 1) tem baixa. Estorne o recebimento antes de cancelar.`,
    );
    // Nothing moved: still faturado, stock out, the first title pago parcialmente by its baixa.
    expect((await ok('GET', `/api/PedidosVenda/${p.id}`)).situacao).toBe('faturado');
    expect(await saldo(cafe)).toMatchObject({ fisico: 5 });
    expect((await titulos(p.id)).map((t) => t.situacao)).toEqual([2, 0]);

    await ok('POST', `/api/Baixas/${baixa?.id}/estornar`, {});
    const cancelled = await acao(p.id, 'cancelar');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await saldo(cafe)).toMatchObject({ fisico: 8, valor: 32 });
    expect((await titulos(p.id)).map((t) => t.situacao)).toEqual([3, 3]);
    // Append-only: the saída stays, a reversing row (estornoDe) nets it to zero.
    const rows = await ledger(p.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ origemTipo: 'pedidoVenda.estorno', qtd: 3, estornoDe: rows[0]?.id });
    expect((await acao(p.id, 'faturar')).statusCode).toBe(409);
  });

  it('faturar prepares the NF-e draft linked to the pedido; cancelar drops it, and is refused once the note was issued', async () => {
    const natureza = await ok('POST', '/api/NaturezasOperacao', { descricao: 'Venda de mercadoria' });
    const cafe = await produto(10);
    const p = await pedido(
      [
        [cafe, 2, 12],
        [cafe, 1, 12],
      ],
      { naturezaOperacaoId: natureza.id, valorFrete: 5 },
    );
    expect((await acao(p.id, 'faturar')).statusCode).toBe(200);
    const notas = (await ok(
      'GET',
      filter('/api/NotasFiscaisSaida', { where: { pedidoVendaId: p.id }, include: ['itens'] }),
    )) as Body[];
    expect(notas).toHaveLength(1);
    expect(notas[0]).toMatchObject({
      situacao: 0,
      destinatarioId: cliente.id,
      naturezaOperacaoId: natureza.id,
      valorProdutos: 36,
      valorFrete: 5,
      valorTotal: 41,
    });
    expect(
      ((notas[0]?.itens ?? []) as Body[]).map((item) => [item.numeroItem, item.quantidade, item.valorTotal]),
    ).toEqual([
      [1, 2, 24],
      [2, 1, 12],
    ]);
    // Once issued (autorizada), the pedido cannot be cancelled; a draft is dropped with the cancel.
    await server.db.withSystem((tx) =>
      tx.query('UPDATE nota_fiscal SET situacao = 1, numero = 77 WHERE pedido_venda_id = $1', [p.id]),
    );
    const refused = await acao(p.id, 'cancelar');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `O pedido ${p.numero} não pode ser cancelado: a nota fiscal nº 77 já foi emitida. Cancele a nota antes.`,
    );
    await server.db.withSystem((tx) =>
      tx.query('UPDATE nota_fiscal SET situacao = 0, numero = NULL WHERE pedido_venda_id = $1', [p.id]),
    );
    expect((await acao(p.id, 'cancelar')).statusCode).toBe(200);
    expect(await ok('GET', filter('/api/NotasFiscaisSaida', { where: { pedidoVendaId: p.id } }))).toEqual([]);
    expect(await saldo(cafe)).toMatchObject({ fisico: 10 });
  });

  it('refuses pt-BR: no depósito, a bad condição, no conta — and posts nothing', async () => {
    const cafe = await produto(5);
    const semDeposito = await pedido([[cafe, 1]], { depositoId: null });
    const r1 = await acao(semDeposito.id, 'aprovar');
    expect(r1.statusCode).toBe(422);
    expect(r1.json().error.message).toBe(
      `Informe o depósito do pedido ${semDeposito.numero} antes de aprovar ou faturar.`,
    );
    const ruim = await pedido([[cafe, 1]], { condicaoPagamento: 'trinta dias' });
    const r2 = await acao(ruim.id, 'faturar');
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.message).toContain(`Pedido ${ruim.numero}: Condição de pagamento inválida`);
    expect(await saldo(cafe)).toMatchObject({ fisico: 5, reservado: 0 });
    expect(await ledger(ruim.id)).toEqual([]);
  });

  it('pedido de serviço: the same lifecycle with titles and no stock', async () => {
    const servico = await ok('POST', '/api/Servicos', { descricao: 'Instalação', tipoServico: 100000001 });
    const cafe = await produto(0);
    const payload: Body = {
      clienteId: cliente.id,
      dataEmissao: '2026-03-10',
      condicaoPagamento: 'à vista',
      servicoId: servico.id,
      itens: [
        {
          numeroItem: 1,
          produtoId: cafe.id,
          descricao: 'Instalação',
          unidade: 'UN',
          quantidade: 2,
          valorUnitario: 75,
        },
      ],
    };
    const created = await api('POST', '/api/PedidosServico', payload);
    expect(created.statusCode, created.body).toBe(200);
    const os = created.json();
    expect(os).toMatchObject({ tipo: 1, situacao: 'orcamento', valorTotal: 150 });
    expect((await api('POST', `/api/PedidosServico/${os.id}/aprovar`, {})).statusCode).toBe(200);
    const fat = await api('POST', `/api/PedidosServico/${os.id}/faturar`, {});
    expect(fat.statusCode, fat.body).toBe(200);
    expect(await saldo(cafe)).toMatchObject({ fisico: 0, reservado: 0 });
    expect(await ledger(os.id)).toEqual([]);
    expect((await titulos(os.id)).map((t) => t.valor)).toEqual([150]);
  });
});

describe('preços, promoções e limite de desconto', () => {
  it('limits the discount over list prices (promoções by date and quantity included) to the perfil', async () => {
    const balconista = await addDemoUserWithProfile(server, {
      email: 'balconista@erp.local',
      nome: 'Balconista',
      perfil: 'Balconista',
      permissoes: { VENDAS_PEDIDO_VENDAS: 3 },
    });
    await server.db.withSystem((tx) =>
      tx.query("UPDATE perfil SET desconto_maximo = 10 WHERE nome = 'Balconista'"),
    );
    const cafe = await produto(100, 10);
    await ok('POST', '/api/Promocoes', {
      descricao: 'Atacado março',
      produtoId: cafe.id,
      inicio: '2026-03-01',
      fim: '2026-03-31',
      percentualDesconto: 20,
      quantidadeMinima: 12,
    });
    const aprovarComo = (id: unknown, authorization: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api/PedidosVenda/${id}/aprovar`,
        headers: { host: 'localhost', authorization },
        payload: {},
      });
    // 15% below the list price, no promoção for 10 units: refused for the balconista.
    const caro = await pedido([[cafe, 10, 8.5]]);
    const refused = await aprovarComo(caro.id, balconista.token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      `O desconto de 15,00% no pedido ${caro.numero} excede o limite de 10,00% do perfil Balconista.`,
    );
    expect(await saldo(cafe)).toMatchObject({ reservado: 0 });
    // The header discount counts too (100 − 11 = 11%); faturar straight from orçamento checks it as well.
    const cabecalho = await pedido([[cafe, 10, 10]], { valorDesconto: 11 });
    const direto = await server.app.inject({
      method: 'POST',
      url: `/api/PedidosVenda/${cabecalho.id}/faturar`,
      headers: { host: 'localhost', authorization: balconista.token },
      payload: {},
    });
    expect(direto.statusCode).toBe(422);
    expect(direto.json().error.code).toBe('DESCONTO_ACIMA_DO_LIMITE');
    // 12 units reach the 20% promoção (list 8.00): 7.50 is 6.25% below it.
    const atacado = await pedido([[cafe, 12, 7.5]]);
    expect((await aprovarComo(atacado.id, balconista.token)).statusCode).toBe(200);
    // The same price out of the promoção's period is 25% off: refused.
    const abril = await pedido([[cafe, 12, 7.5]], { dataEmissao: '2026-04-02' });
    expect((await aprovarComo(abril.id, balconista.token)).statusCode).toBe(422);
    // An administrator is not limited.
    expect((await aprovarComo(caro.id, token)).statusCode).toBe(200);
  });
});

describe('devolução de venda', () => {
  const devolucao = (pedidoId: unknown, itens: [number, number][], tratamento = 'abatimento') =>
    ok('POST', '/api/DevolucoesVenda', {
      pedidoVendaId: pedidoId,
      data: new Date().toISOString(),
      tratamento,
      motivo: 'Avaria',
      itens: itens.map(([numeroItem, quantidade]) => ({ numeroItem, quantidade })),
    });
  const confirmar = (id: unknown) => api('POST', `/api/DevolucoesVenda/${id}/confirmar`, {});
  const creditos = async (id: unknown) =>
    (await ok(
      'GET',
      filter('/api/Despesas', { where: { origemTipo: 'devolucaoVenda', origemId: id } }),
    )) as Body[];

  it('enters at the original saída cost, abates the open title, and caps at delivered − already returned', async () => {
    const cafe = await produto(10); // average 4
    const p = await pedido([[cafe, 6, 15]], { condicaoPagamento: '2x' });
    expect((await acao(p.id, 'faturar')).statusCode).toBe(200);
    // A later purchase at 10 moves the average away from the saída cost (4).
    const entrada = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-15T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Compra',
      itens: [{ numeroItem: 1, produtoId: cafe.id, quantidade: 4, custoUnitario: 10 }],
    });
    await ok('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {});
    expect(await saldo(cafe)).toMatchObject({ fisico: 8, valor: 56 });

    const d1 = await devolucao(p.id, [[1, 2]]);
    expect(d1.situacao).toBe('rascunho');
    const r1 = await confirmar(d1.id);
    expect(r1.statusCode, r1.body).toBe(200);
    // +2 at 4 (the saída cost), not at the average 7 nor the price 15.
    expect(await saldo(cafe)).toMatchObject({ fisico: 10, valor: 64 });
    // 2 × 15 = 30 abated from the last parcela (45 → 15).
    expect((await titulos(p.id)).map((t) => [t.valor, t.situacao])).toEqual([
      [45, 0],
      [15, 0],
    ]);

    const excesso = await devolucao(p.id, [[1, 5]]);
    const r2 = await confirmar(excesso.id);
    expect(r2.statusCode).toBe(422);
    expect(r2.json().error.message).toBe(
      `Item 1: a quantidade devolvida (5) excede o que resta a devolver do pedido ${p.numero} (4: entregue 6, já devolvido 2).`,
    );
    expect(await saldo(cafe)).toMatchObject({ fisico: 10 });

    // The remaining 4 (60): abates 15 + 45, cancelling both titles.
    await ok('PATCH', `/api/DevolucoesVenda/${excesso.id}`, { itens: [{ numeroItem: 1, quantidade: 4 }] });
    expect((await confirmar(excesso.id)).statusCode).toBe(200);
    expect((await titulos(p.id)).map((t) => t.situacao)).toEqual([3, 3]);
    expect(await saldo(cafe)).toMatchObject({ fisico: 14 });
    const outra = await devolucao(p.id, [[1, 1]]);
    expect((await confirmar(outra.id)).statusCode).toBe(422);
    // A pedido with a confirmed return can no longer be cancelled (its entrada would be reversed twice).
    const cancel = await acao(p.id, 'cancelar');
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('PEDIDO_COM_DEVOLUCAO');
  });

  it('crédito: a conta a pagar to the customer; an orçamento cannot be returned', async () => {
    const cafe = await produto(5);
    const p = await pedido([[cafe, 2, 30]]);
    const orcamento = await devolucao(p.id, [[1, 1]], 'credito');
    const early = await confirmar(orcamento.id);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.code).toBe('PEDIDO_NAO_FATURADO');
    expect((await acao(p.id, 'faturar')).statusCode).toBe(200);
    expect((await confirmar(orcamento.id)).statusCode).toBe(200);
    expect((await creditos(orcamento.id)).map((t) => [t.valor, t.pessoaId])).toEqual([[30, cliente.id]]);
    // The receivable is untouched with crédito.
    expect((await titulos(p.id)).map((t) => t.valor)).toEqual([60]);
  });
});

describe('pedido de venda: concurrency and invariants', () => {
  it('20 parallel faturamentos competing for the last 10 units sell exactly 10', async () => {
    const ultimo = await produto(10);
    const pedidos = await Promise.all(Array.from({ length: 20 }, () => pedido([[ultimo, 1]])));
    const answers = await Promise.all(pedidos.map((p) => acao(p.id, 'faturar')));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 422)).toHaveLength(10);
    expect(await saldo(ultimo)).toMatchObject({ fisico: 0, reservado: 0 });
    const faturados = pedidos.filter((_, i) => codes[i] === 200);
    for (const p of faturados) expect(await titulos(p.id)).toHaveLength(1);
    for (const p of pedidos.filter((_, i) => codes[i] !== 200)) {
      expect(await titulos(p.id)).toEqual([]);
      expect((await ok('GET', `/api/PedidosVenda/${p.id}`)).situacao).toBe('orcamento');
    }
  });

  it('property: after random pedidos (launched by the pedido or by its nota), approvals, faturamentos, nota launches and estornos, cancellations and returns, stock and titles match the documents', async () => {
    const produtos = [await produto(200), await produto(200)];
    const natureza = await ok('POST', '/api/NaturezasOperacao', { descricao: 'Venda (propriedade)' });
    const inicial = 200;
    const NOTA = ['lancarEstoque', 'estornarEstoque', 'lancarContas', 'estornarContas'] as const;
    type Op =
      | { kind: 'criar'; p: number; q: number; preco: number; nota: boolean }
      | { kind: 'aprovar' | 'faturar' | 'cancelar' | 'devolver' | (typeof NOTA)[number]; i: number };
    // Few pedidos, many actions on them: the nota's launches need a pedido faturado in nota mode first.
    const op: fc.Arbitrary<Op> = fc.oneof(
      {
        weight: 1,
        arbitrary: fc.record({
          kind: fc.constant('criar' as const),
          p: fc.integer({ min: 0, max: 1 }),
          q: fc.integer({ min: 1, max: 12 }),
          preco: fc.integer({ min: 1, max: 5000 }),
          nota: fc.boolean(),
        }),
      },
      {
        weight: 3,
        arbitrary: fc.record({
          kind: fc.constantFrom(
            'aprovar' as const,
            'faturar' as const,
            'cancelar' as const,
            'devolver' as const,
            ...NOTA,
          ),
          i: fc.nat(),
        }),
      },
    );
    const notaDe = async (pedidoId: unknown) =>
      (
        (await ok('GET', filter('/api/NotasFiscaisSaida', { where: { pedidoVendaId: pedidoId } }))) as Body[]
      )[0];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 20 }), async (ops) => {
        const criados: Body[] = [];
        for (const step of ops) {
          if (step.kind === 'criar') {
            criados.push(
              await pedido([[produtos[step.p] as Body, step.q, step.preco / 100]], {
                condicaoPagamento: '2x',
                naturezaOperacaoId: natureza.id,
                lancarPor: step.nota ? 'notaFiscal' : 'pedido',
              }),
            );
            continue;
          }
          const alvo = criados[step.i % Math.max(criados.length, 1)];
          if (!alvo) continue;
          const nota = (NOTA as readonly string[]).includes(step.kind) ? await notaDe(alvo.id) : undefined;
          if ((NOTA as readonly string[]).includes(step.kind) && !nota) continue;
          const response = nota
            ? await api('POST', `/api/NotasFiscaisSaida/${nota.id}/${step.kind}`, {})
            : step.kind === 'devolver'
              ? await api(
                  'POST',
                  `/api/DevolucoesVenda/${
                    (
                      await ok('POST', '/api/DevolucoesVenda', {
                        pedidoVendaId: alvo.id,
                        data: new Date().toISOString(),
                        itens: [{ numeroItem: 1, quantidade: 1 }],
                      })
                    ).id
                  }/confirmar`,
                  {},
                )
              : await acao(alvo.id, step.kind);
          // Refusals are 4xx with a message, never a 500.
          expect(
            response.statusCode === 200 || response.statusCode === 409 || response.statusCode === 422,
            response.body,
          ).toBe(true);
        }
        // Whole-history check per product, over every pedido of the run so far.
        const devolucoes = (await ok(
          'GET',
          filter('/api/DevolucoesVenda', { include: ['itens'], where: { situacao: 'confirmada' } }),
        )) as Body[];
        const devolvidoDe = (pedidoId: unknown) =>
          devolucoes
            .filter((d) => d.pedidoVendaId === pedidoId)
            .reduce(
              (acc, d) => acc + (d.itens as Body[]).reduce((sum, item) => sum + Number(item.quantidade), 0),
              0,
            );
        const todos = (await ok(
          'GET',
          filter('/api/PedidosVenda', { include: ['itens'], where: { tipo: 0 } }),
        )) as Body[];
        const aberto = (row: Body) => row.situacao === 'faturado' || row.situacao === 'entregue';
        for (const p of produtos) {
          let vendido = 0;
          let reservado = 0;
          for (const row of todos) {
            const qtd = (row.itens as Body[])
              .filter((item) => item.produtoId === p.id)
              .reduce((acc, item) => acc + Number(item.quantidade), 0);
            // The saída is out only once launched (by the pedido or its nota); until then it stays reserved.
            if (aberto(row) && row.estoqueLancadoPor)
              vendido += qtd - ((row.itens as Body[])[0]?.produtoId === p.id ? devolvidoDe(row.id) : 0);
            if (row.situacao === 'aprovado' || (aberto(row) && !row.estoqueLancadoPor)) reservado += qtd;
          }
          const s = await saldo(p);
          expect(Number(s.fisico)).toBe(inicial - vendido);
          expect(Number(s.reservado)).toBe(reservado);
          expect(Number(s.fisico)).toBeGreaterThanOrEqual(0);
        }
        for (const row of criados) {
          const atual = await ok('GET', `/api/PedidosVenda/${row.id}`);
          const nota = await notaDe(row.id);
          const daNota = nota
            ? ((await ok(
                'GET',
                filter('/api/Receitas', { where: { origemTipo: 'notaFiscal', origemId: nota.id } }),
              )) as Body[])
            : [];
          const ativos = [...(await titulos(row.id)), ...daNota].filter((t) => t.situacao !== 3);
          // At most one active accounts launch per chain: the pedido's titles or the nota's, never both.
          expect(new Set(ativos.map((t) => t.origemTipo)).size).toBeLessThanOrEqual(1);
          const soma = ativos.reduce((acc, t) => acc + cents(t.valor), 0);
          const rows = [
            ...(await ledger(row.id)),
            ...(nota
              ? ((await ok(
                  'GET',
                  filter('/api/MovimentacoesEstoque', {
                    where: { origemId: nota.id, origemTipo: { inq: ['notaFiscal', 'notaFiscal.estorno'] } },
                  }),
                )) as Body[])
              : []),
          ];
          const liquido = rows.reduce((acc, r) => acc + Number(r.qtd), 0);
          const item = (
            (await ok('GET', filter(`/api/PedidosVenda/${row.id}`, { include: ['itens'] }))).itens as Body[]
          )[0] as Body;
          if (aberto(atual) && atual.contasLancadasPor) {
            // Returns abate the open titles at the item's unit price.
            expect(soma).toBe(
              cents(atual.valorTotal) - cents(devolvidoDe(row.id) * Number(item.valorUnitario)),
            );
          } else expect(soma).toBe(0);
          // One active stock launch: the saída of the pedido's quantity, or nothing.
          expect(liquido).toBe(aberto(atual) && atual.estoqueLancadoPor ? -Number(item.quantidade) : 0);
          expect(rows.filter((r) => r.origemTipo === 'pedidoVenda').length).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 40 },
    );
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  }, 240_000);
});
