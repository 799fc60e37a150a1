import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { type ItemXmlTeste, type NotaXmlTeste, nfeXml } from '../support/nfeXml.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Compras › Pedido de compra on the engine (issue 15, flows.md §3): aprovar puts the quantities a receber,
 * confirming notas de entrada linked to the order receives them (partial, full, within the tolerance),
 * cancelling is refused once something was received, and the payables come from the XML's dup or the
 * supplier's condição — against real PostgreSQL.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const MATRIZ = '11222333000181';
const FORNECEDOR = { cnpj: '11444777000161', nome: 'Distribuidora Paulista de Parafusos Ltda' };

const { api, ok, fails, system } = testApi(() => ({ server, token }));

let deposito: Body;
let arruela: Body;
let chapa: Body;
let fornecedor: Body;

const saldo = async (produtoId: unknown) => {
  const [row] = await system<{ fisico: string; a_receber: string; valor: string }>(
    `SELECT fisico, a_receber, valor FROM saldo_estoque
      WHERE produto_id = $1 AND deposito_id = $2 AND lote_id IS NULL AND NOT em_transito`,
    [produtoId, deposito.id],
  );
  return {
    fisico: Number(row?.fisico ?? 0),
    aReceber: Number(row?.a_receber ?? 0),
    valor: Number(row?.valor ?? 0),
  };
};
const titulos = (notaId: unknown) =>
  system<{ valor: string; vencimento: string; situacao: number }>(
    `SELECT valor, to_char(data_vencimento, 'YYYY-MM-DD') AS vencimento, situacao
       FROM lancamento WHERE origem_tipo = 'notaEntrada' AND origem_id = $1 AND tipo = 2 ORDER BY parcela`,
    [notaId],
  );
const pedidoItens = async (id: unknown) =>
  (
    await system<{ numero_item: number; quantidade_recebida: string }>(
      'SELECT numero_item, quantidade_recebida FROM pedido_compra_item WHERE pedido_compra_id = $1 ORDER BY numero_item',
      [id],
    )
  ).map((row) => Number(row.quantidade_recebida));
const valorNota = async (id: unknown) =>
  Number(
    (await system<{ v: string }>('SELECT valor_total AS v FROM nota_entrada WHERE id = $1', [id]))[0]?.v,
  );
const situacao = async (id: unknown) =>
  (await system<{ situacao: string }>('SELECT situacao FROM pedido_compra WHERE id = $1', [id]))[0]?.situacao;

const arruelaXml = (quantidade: number): ItemXmlTeste => ({
  codigo: 'DP-200',
  descricao: 'ARRUELA LISA 3/8',
  ncm: '73182200',
  cfop: '5102',
  unidade: 'UN',
  quantidade,
  valorUnitario: 0.5,
  csosn: '102',
});
const chapaXml = (quantidade: number): ItemXmlTeste => ({
  codigo: 'DP-100',
  descricao: 'CHAPA GALVANIZADA',
  ncm: '73181500',
  cfop: '5102',
  unidade: 'UN',
  quantidade,
  valorUnitario: 24,
  csosn: '102',
});
const nota = (numero: number, itens: ItemXmlTeste[], extra: Partial<NotaXmlTeste> = {}): NotaXmlTeste => ({
  emitente: FORNECEDOR,
  destinatarioCnpj: MATRIZ,
  numero,
  serie: 1,
  dataEmissao: '2026-09-14',
  itens,
  ...extra,
});

/** Imports a note, linking its items to products, and points it at the purchase order. */
async function importar(xmlNota: NotaXmlTeste, produtos: Body[], pedidoCompraId?: unknown): Promise<Body> {
  const { xml } = nfeXml(xmlNota);
  const importada = await ok('POST', '/api/XmlNfe/importar', {
    xml,
    depositoId: deposito.id,
    dataEntrada: '2026-09-15',
    itens: produtos.map((produto, index) => ({ numeroItem: index + 1, produtoId: produto.id })),
    ...(pedidoCompraId === undefined ? {} : { pedidoCompraId }),
  });
  return importada;
}

async function novoPedido(itens: [Body, number, number][], extra: Body = {}): Promise<Body> {
  return ok('POST', '/api/PedidosCompra', {
    fornecedorId: fornecedor.id,
    dataEmissao: '2026-09-01',
    depositoId: deposito.id,
    itens: itens.map(([produto, quantidade, valorUnitario], index) => ({
      numeroItem: index + 1,
      produtoId: produto.id,
      descricao: String(produto.descricao),
      unidade: 'UN',
      quantidade,
      valorUnitario,
    })),
    ...extra,
  });
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  deposito = await ok('POST', '/api/Depositos', { descricao: 'Almoxarifado pedidos' });
  await ok('POST', '/api/Contas', { descricao: 'Conta movimento pedidos' });
  arruela = await ok('POST', '/api/Produtos', { descricao: 'Arruela lisa 3/8', codigo: 'ARR38' });
  chapa = await ok('POST', '/api/Produtos', { descricao: 'Chapa galvanizada', codigo: 'CHG' });
  fornecedor = await ok('POST', '/api/Fornecedores', {
    nome: FORNECEDOR.nome,
    cpfCnpj: FORNECEDOR.cnpj,
    condicaoPagamento: '30/60',
  });
});
afterAll(async () => server?.close());

describe('Pedido de compra: aprovar, receber pela nota de entrada, cancelar', () => {
  let pedido: Body;
  let primeira: Body;
  let chapaNota: Body;

  it('a new order is aberto with a system number and computed totals; aprovar puts the items a receber', async () => {
    pedido = await novoPedido(
      [
        [arruela, 100, 0.5],
        [chapa, 10, 24],
      ],
      { toleranciaRecebimento: 10, valorFrete: 5 },
    );
    expect(pedido.situacao).toBe('aberto');
    expect(Number(pedido.numero)).toBeGreaterThan(0);
    expect(Number(pedido.valorProdutos)).toBe(290);
    expect(Number(pedido.valorTotal)).toBe(295);
    expect(await saldo(arruela.id)).toMatchObject({ aReceber: 0 });
    const aprovado = await ok('POST', `/api/PedidosCompra/${pedido.id}/aprovar`);
    expect(aprovado.situacao).toBe('aReceber');
    expect(await saldo(arruela.id)).toMatchObject({ fisico: 0, aReceber: 100 });
    expect(await saldo(chapa.id)).toMatchObject({ fisico: 0, aReceber: 10 });
    const again = await fails('POST', `/api/PedidosCompra/${pedido.id}/aprovar`, undefined, 409);
    expect(again.message).toBe(`O pedido de compra ${pedido.numero} já foi aprovado (a receber).`);
  });

  it('a partial receipt: the order is parcial, the a receber falls, payables from the supplier condição', async () => {
    primeira = await importar(nota(5001, [arruelaXml(60)]), [arruela], pedido.id);
    await ok('POST', `/api/NotasEntrada/${primeira.id}/confirmar`);
    expect(await situacao(pedido.id)).toBe('parcial');
    expect(await pedidoItens(pedido.id)).toEqual([60, 0]);
    expect(await saldo(arruela.id)).toMatchObject({ fisico: 60, aReceber: 40, valor: 30 });
    // No cobr in the XML: 30/60 of the supplier from the emission (14/09), 30 split in two.
    const pagar = await titulos(primeira.id);
    expect(pagar.map((t) => [Number(t.valor), t.vencimento])).toEqual([
      [15, '2026-10-14'],
      [15, '2026-11-13'],
    ]);
    expect(pagar.reduce((sum, t) => sum + Number(t.valor), 0)).toBe(await valorNota(primeira.id));
  });

  it('beyond the tolerance is refused naming the limit, and nothing is posted', async () => {
    // 60 received + 55 = 115 > 100 + 10%.
    const demais = await importar(nota(5002, [arruelaXml(55)]), [arruela], pedido.id);
    const error = await fails('POST', `/api/NotasEntrada/${demais.id}/confirmar`, undefined, 422);
    expect(error.code).toBe('RECEBIMENTO_ACIMA_DO_PEDIDO');
    expect(error.message).toContain('tem 40 a receber');
    expect(error.message).toContain('tolerância de 10%: no máximo 50');
    expect(await saldo(arruela.id)).toMatchObject({ fisico: 60, aReceber: 40 });
    expect(await titulos(demais.id)).toEqual([]);
    expect(await pedidoItens(pedido.id)).toEqual([60, 0]);
    await ok('POST', `/api/NotasEntrada/${demais.id}/cancelar`);
  });

  it('within the tolerance the item is received in full; the last item makes the order recebido', async () => {
    const dentro = await importar(nota(5003, [arruelaXml(45)]), [arruela], pedido.id);
    await ok('POST', `/api/NotasEntrada/${dentro.id}/confirmar`);
    expect(await pedidoItens(pedido.id)).toEqual([105, 0]);
    expect(await saldo(arruela.id)).toMatchObject({ fisico: 105, aReceber: 0 });
    expect(await situacao(pedido.id)).toBe('parcial');

    chapaNota = await importar(
      nota(5004, [chapaXml(10)], {
        duplicatas: [
          { numero: '001', vencimento: '2026-10-20', valor: 120 },
          { numero: '002', vencimento: '2026-11-20', valor: 120 },
        ],
      }),
      [chapa],
      pedido.id,
    );
    await ok('POST', `/api/NotasEntrada/${chapaNota.id}/confirmar`);
    expect(await situacao(pedido.id)).toBe('recebido');
    expect(await saldo(chapa.id)).toMatchObject({ fisico: 10, aReceber: 0, valor: 240 });
    // The XML's dup win over the supplier's condição; Σ titles = vNF.
    const pagar = await titulos(chapaNota.id);
    expect(pagar.map((t) => [Number(t.valor), t.vencimento])).toEqual([
      [120, '2026-10-20'],
      [120, '2026-11-20'],
    ]);
    expect(pagar.reduce((sum, t) => sum + Number(t.valor), 0)).toBe(await valorNota(chapaNota.id));
  });

  it('cancelar is refused once something was received, naming the nota', async () => {
    const error = await fails('POST', `/api/PedidosCompra/${pedido.id}/cancelar`, undefined, 409);
    expect(error.code).toBe('PEDIDO_COMPRA_RECEBIDO');
    expect(error.message).toContain(`O pedido de compra ${pedido.numero} não pode ser cancelado`);
    expect(error.message).toContain(`NF-e 5001 de ${FORNECEDOR.nome}`);
    expect(await situacao(pedido.id)).toBe('recebido');
  });

  it('cancelling an entry gives its quantities back to the order', async () => {
    await ok('POST', `/api/NotasEntrada/${chapaNota.id}/cancelar`);
    expect(await situacao(pedido.id)).toBe('parcial');
    expect(await pedidoItens(pedido.id)).toEqual([105, 0]);
    expect(await saldo(chapa.id)).toMatchObject({ fisico: 0, aReceber: 10 });
    expect((await titulos(chapaNota.id)).map((t) => t.situacao)).toEqual([3, 3]);
  });

  it('an order not approved receives nothing; cancelar releases what was a receber', async () => {
    const outro = await novoPedido([[chapa, 7, 20]]);
    const nota6 = await importar(nota(5006, [chapaXml(7)]), [chapa], outro.id);
    const error = await fails('POST', `/api/NotasEntrada/${nota6.id}/confirmar`, undefined, 409);
    expect(error.message).toBe(
      `O pedido de compra ${outro.numero} está em aberto: aprove-o antes de receber a nota.`,
    );
    expect(await saldo(chapa.id)).toMatchObject({ fisico: 0, aReceber: 10 });
    await ok('POST', `/api/PedidosCompra/${outro.id}/aprovar`);
    expect(await saldo(chapa.id)).toMatchObject({ aReceber: 17 });
    const cancelado = await ok('POST', `/api/PedidosCompra/${outro.id}/cancelar`);
    expect(cancelado.situacao).toBe('cancelado');
    expect(await saldo(chapa.id)).toMatchObject({ aReceber: 10 });
    // A cancelled order refuses the note too.
    const fechado = await fails('POST', `/api/NotasEntrada/${nota6.id}/confirmar`, undefined, 409);
    expect(fechado.message).toContain('está cancelado');
  });

  it('aprovar without a depósito is refused with the rule', async () => {
    const semDeposito = await novoPedido([[arruela, 1, 1]], { depositoId: null });
    const error = await fails('POST', `/api/PedidosCompra/${semDeposito.id}/aprovar`, undefined, 422);
    expect(error.message).toBe(
      `Informe o depósito de entrega do pedido de compra ${semDeposito.numero} antes de aprovar.`,
    );
  });

  it('the XML’s xPed / nItemPed link each item to the order’s own item', async () => {
    const duplo = await novoPedido([
      [arruela, 10, 0.5],
      [arruela, 5, 0.5],
    ]);
    await ok('POST', `/api/PedidosCompra/${duplo.id}/aprovar`);
    const antes = (await saldo(arruela.id)).aReceber;
    const item = { ...arruelaXml(5), pedido: { xPed: String(duplo.numero), nItemPed: 2 } };
    const importada = await importar(nota(5007, [item]), [arruela]);
    const [ligado] = await system<{ pedido_compra_id: number; numero_item_pedido: number }>(
      'SELECT pedido_compra_id, numero_item_pedido FROM nota_entrada_item WHERE nota_entrada_id = $1',
      [importada.id],
    );
    expect(ligado).toMatchObject({ pedido_compra_id: duplo.id, numero_item_pedido: 2 });
    await ok('POST', `/api/NotasEntrada/${importada.id}/confirmar`);
    // Item 2, not the first item of the same product, is the one received.
    expect(await pedidoItens(duplo.id)).toEqual([0, 5]);
    expect(await situacao(duplo.id)).toBe('parcial');
    expect((await saldo(arruela.id)).aReceber).toBe(antes - 5);
  });

  it('two notas confirmed at once against the last units of an item: one receives, the other is refused', async () => {
    const ultimo = await novoPedido([[chapa, 6, 20]]);
    await ok('POST', `/api/PedidosCompra/${ultimo.id}/aprovar`);
    const a = await importar(nota(5008, [chapaXml(6)]), [chapa], ultimo.id);
    const b = await importar(nota(5009, [chapaXml(6)]), [chapa], ultimo.id);
    const respostas = await Promise.all([
      api('POST', `/api/NotasEntrada/${a.id}/confirmar`),
      api('POST', `/api/NotasEntrada/${b.id}/confirmar`),
    ]);
    expect(respostas.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(respostas.find((r) => r.statusCode === 422)?.json().error.code).toBe(
      'RECEBIMENTO_ACIMA_DO_PEDIDO',
    );
    expect(await pedidoItens(ultimo.id)).toEqual([6]);
    expect(await situacao(ultimo.id)).toBe('recebido');
  });

  it('migration 046 continues the numbering after the numbers typed before it', async () => {
    const typed = await novoPedido([[arruela, 1, 1]]);
    await system('UPDATE pedido_compra SET numero = 500 WHERE id = $1', [typed.id]);
    const sql = await readFile(
      new URL('../../runtime/server/db/migrations/046_pedido_compra_documento.sql', import.meta.url),
      'utf8',
    );
    await system(sql);
    const next = await novoPedido([[arruela, 1, 1]]);
    expect(next.numero).toBe(501);
  });

  it('check:ledgers finds the a receber equal to what the approved orders wait for', async () => {
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
    await system('UPDATE saldo_estoque SET a_receber = a_receber + 1 WHERE produto_id = $1', [chapa.id]);
    const tampered = await checkLedgers(server.db);
    expect(tampered.diferencas.map((d) => [d.regra, d.mensagem])).toEqual([
      ['aReceber', 'saldo a receber 11, pendente dos pedidos de compra aprovados 10'],
    ]);
    await system('UPDATE saldo_estoque SET a_receber = a_receber - 1 WHERE produto_id = $1', [chapa.id]);
  });
});

describe('Devolução de compra: limite, custo médio atual e contas a pagar', () => {
  let porca: Body;
  let notaA: Body;
  const porcaXml = (quantidade: number, valorUnitario: number): ItemXmlTeste => ({
    codigo: 'DP-300',
    descricao: 'PORCA SEXTAVADA M8',
    ncm: '73181600',
    cfop: '5102',
    unidade: 'UN',
    quantidade,
    valorUnitario,
    csosn: '102',
  });
  const pagar = async (notaId: unknown) => (await titulos(notaId)).map((t) => [Number(t.valor), t.situacao]);
  const creditos = (devolucaoId: unknown) =>
    system<{ valor: string; tipo: number; pessoa_id: string }>(
      "SELECT valor, tipo, pessoa_id FROM lancamento WHERE origem_tipo = 'devolucaoCompra' AND origem_id = $1",
      [devolucaoId],
    );

  beforeAll(async () => {
    porca = await ok('POST', '/api/Produtos', { descricao: 'Porca sextavada M8', codigo: 'PM8' });
    // 10 at 2,00 (one dup of 20) and 10 at 4,00: average 3,00.
    notaA = await importar(
      nota(6001, [porcaXml(10, 2)], { duplicatas: [{ numero: '001', vencimento: '2026-10-30', valor: 20 }] }),
      [porca],
    );
    await ok('POST', `/api/NotasEntrada/${notaA.id}/confirmar`);
    const notaB = await importar(nota(6002, [porcaXml(10, 4)]), [porca]);
    await ok('POST', `/api/NotasEntrada/${notaB.id}/confirmar`);
    expect(await saldo(porca.id)).toMatchObject({ fisico: 20, valor: 60 });
  });

  const devolver = (quantidade: number, tratamento = 'abatimento', data = new Date().toISOString()) =>
    api('POST', '/api/DevolucoesCompra', {
      notaEntradaId: notaA.id,
      data,
      tratamento,
      itens: [{ numeroItem: 1, quantidade }],
    });

  it('refuses a date in the future or before the nota’s entrada, posting nothing', async () => {
    const futura = (
      await devolver(1, 'abatimento', new Date(Date.now() + 2 * 86_400_000).toISOString())
    ).json();
    const e1 = await fails('POST', `/api/DevolucoesCompra/${futura.id}/confirmar`, undefined, 422);
    expect(e1.message).toMatch(/^A data da devolução \(\d{2}\/\d{2}\/\d{4}\) não pode ser futura\.$/);
    const antiga = (await devolver(1, 'abatimento', '2026-01-02T12:00:00-03:00')).json();
    const e2 = await fails('POST', `/api/DevolucoesCompra/${antiga.id}/confirmar`, undefined, 422);
    expect(e2.code).toBe('DATA_ANTERIOR_AO_ORIGINAL');
    expect(e2.message).toMatch(
      /^A data da devolução \(02\/01\/2026\) é anterior à entrada da NF-e 6001 \(\d{2}\/\d{2}\/\d{4}\)\.$/,
    );
    expect(await saldo(porca.id)).toMatchObject({ fisico: 20, valor: 60 });
  });

  it('leaves at the current average cost and reduces the nota’s open payable', async () => {
    const devolucao = (await devolver(4)).json() as Body;
    const confirmada = await ok('POST', `/api/DevolucoesCompra/${devolucao.id}/confirmar`);
    expect(confirmada.situacao).toBe('confirmada');
    // 4 × 3,00 leave: 16 at 3,00 = 48 (not 4 × 2,00 of the nota).
    expect(await saldo(porca.id)).toMatchObject({ fisico: 16, valor: 48 });
    const [saida] = await system<{ qtd: string; dif_valor: string; custo_medio_apos: string; data: Date }>(
      "SELECT qtd, dif_valor, custo_medio_apos, data FROM movimentacao_estoque WHERE origem_tipo = 'devolucaoCompra' AND origem_id = $1",
      [devolucao.id],
    );
    // At the devolução's typed moment, not the confirmation's.
    expect(saida?.data.toISOString()).toBe(new Date(String(devolucao.data)).toISOString());
    expect([Number(saida?.qtd), Number(saida?.dif_valor), Number(saida?.custo_medio_apos)]).toEqual([
      -4, -12, 3,
    ]);
    // The nota's value of 4 of 10 items (8,00) comes off its payable of 20.
    expect(await pagar(notaA.id)).toEqual([[12, 0]]);
    expect(await creditos(devolucao.id)).toEqual([]);
  });

  it('with tratamento crédito the value becomes a conta a receber from the supplier', async () => {
    const devolucao = (await devolver(6, 'credito')).json() as Body;
    await ok('POST', `/api/DevolucoesCompra/${devolucao.id}/confirmar`);
    expect(await saldo(porca.id)).toMatchObject({ fisico: 10, valor: 30 });
    expect(await pagar(notaA.id)).toEqual([[12, 0]]);
    const [credito] = await creditos(devolucao.id);
    expect([Number(credito?.valor), credito?.tipo, Number(credito?.pessoa_id)]).toEqual([
      12,
      1,
      Number(notaA.fornecedorId),
    ]);
  });

  it('refuses more than received − already returned, naming both', async () => {
    const devolucao = (await devolver(1)).json() as Body;
    const error = await fails('POST', `/api/DevolucoesCompra/${devolucao.id}/confirmar`, undefined, 422);
    expect(error.code).toBe('DEVOLUCAO_EXCEDENTE');
    expect(error.message).toBe(
      'Item 1: a quantidade devolvida (1) excede o que resta a devolver da NF-e 6001 (0: recebido 10, já devolvido 10).',
    );
    expect(await saldo(porca.id)).toMatchObject({ fisico: 10, valor: 30 });
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});
