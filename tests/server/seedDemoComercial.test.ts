import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoComercial } from '../../runtime/server/db/seed/seedDemoComercial.ts';
import { seedDemoEstoque } from '../../runtime/server/db/seed/seedDemoEstoque.ts';
import { seedDemoFiscal, ultimoMesFechado } from '../../runtime/server/db/seed/seedDemoFiscal.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { readSchemaFiles } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Issue 15: after `npm start` six months of purchases, sales, returns and commissions tell one story. */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;
const get = async (url: string, filter?: object) => {
  const response = await server.app.inject({
    method: 'GET',
    url: filter ? `${url}?filter=${encodeURIComponent(JSON.stringify(filter))}` : url,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const hoje = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  const { files } = await readSchemaFiles();
  expect(await seedDemoEstoque(server.db, files)).toBe(true);
  expect(await seedDemoFiscal(server.db, files)).toBe(true);
  expect(await seedDemoComercial(server.db, files)).toBe(true);
  expect(await seedDemoComercial(server.db, files)).toBe(false);
}, 120_000);
afterAll(() => server?.close());

describe('demo purchases and sales seed', () => {
  it('sells through six months, by two vendedores with their commissions, and leaves this month open', async () => {
    const pedidos = (await get('/api/PedidosVenda', {
      include: ['itens'],
      order: 'dataEmissao ASC',
    })) as Body[];
    const meses = new Set(pedidos.map((pedido) => String(pedido.dataEmissao).slice(0, 7)));
    expect(meses.size).toBeGreaterThanOrEqual(6);
    const situacoes = pedidos.map((pedido) => pedido.situacao);
    expect(situacoes.filter((s) => s === 'entregue').length).toBeGreaterThanOrEqual(25);
    expect(situacoes.filter((s) => s === 'orcamento')).toHaveLength(1);
    expect(situacoes.filter((s) => s === 'aprovado')).toHaveLength(1);
    const vendedores = (await get('/api/Vendedores')) as Body[];
    const taxa = new Map(vendedores.map((v) => [v.id, Number(v.comissao)]));
    for (const pedido of pedidos.filter((p) => p.situacao === 'entregue' || p.situacao === 'faturado')) {
      const base = Number(pedido.valorProdutos) - Number(pedido.valorDesconto ?? 0);
      // Rounded half up to the cent: base × rate % in cents.
      expect(Number(pedido.valorComissao)).toBe(
        Math.round(base * (taxa.get(pedido.vendedorId) ?? 0) + 1e-6) / 100,
      );
      expect(Number(pedido.valorComissao)).toBeGreaterThan(0);
    }
    // Every invoiced pedido's receivables add up to its total (no returns reduce the ones checked here).
    const titulos = (await get('/api/Receitas', { where: { origemTipo: 'pedidoVenda' } })) as Body[];
    const primeiro = pedidos.find((p) => p.situacao === 'entregue') as Body;
    const doPrimeiro = titulos.filter((t) => t.origemId === primeiro.id);
    expect(doPrimeiro.reduce((soma, t) => soma + Number(t.valor), 0)).toBeCloseTo(
      Number(primeiro.valorTotal),
      2,
    );
    // Old titles were received on their due date; recent ones are still open.
    expect(doPrimeiro.every((t) => t.situacao === 1)).toBe(true);
    expect(titulos.some((t) => t.situacao === 0 && String(t.dataVencimento) >= hoje)).toBe(true);
    const [aprovado] = (await get('/api/PedidosVenda', { where: { situacao: 'aprovado' } })) as Body[];
    expect(aprovado?.dataEmissao).toBe(hoje);
  });

  it('has one pedido launched by its nota fiscal: E/C flags on both, the saída and the titles of the nota', async () => {
    const [porNota, ...outros] = (await get('/api/PedidosVenda', {
      where: { lancarPor: 'notaFiscal' },
    })) as Body[];
    expect(outros).toEqual([]);
    expect(porNota).toMatchObject({
      situacao: 'faturado',
      estoqueLancadoPor: 'notaFiscal',
      contasLancadasPor: 'notaFiscal',
    });
    const [nota] = (await get('/api/NotasFiscaisSaida', { where: { pedidoVendaId: porNota?.id } })) as Body[];
    expect(nota).toMatchObject({ estoqueLancadoPor: 'notaFiscal', contasLancadasPor: 'notaFiscal' });
    expect(Number(nota?.numero)).toBeGreaterThan(0);
    const titulos = (await get('/api/Receitas', {
      where: { origemTipo: 'notaFiscal', origemId: nota?.id },
    })) as Body[];
    expect(titulos.map((t) => t.parcela)).toEqual([1, 2]);
    expect(titulos.reduce((soma, t) => soma + Number(t.valor), 0)).toBeCloseTo(
      Number(porNota?.valorTotal),
      2,
    );
    const saidas = (await get(`/api/NotasFiscaisSaida/${nota?.id}/lancamentos`)) as Body[];
    expect(saidas.map((row) => row.qtd)).toEqual([-3, -10]);
  });

  it('buys with pedidos received by notas, two imported from the signed XMLs of scripts/demo-nfe', async () => {
    const compras = (await get('/api/PedidosCompra')) as Body[];
    expect(compras.length).toBeGreaterThanOrEqual(8);
    expect(compras.every((pedido) => pedido.situacao === 'recebido')).toBe(true);
    const notas = (await get('/api/NotasEntrada', { where: { pedidoCompraId: { neq: null } } })) as Body[];
    expect(notas.every((nota) => nota.situacao === 'lancada')).toBe(true);
    const importadas = await server.db.withSystem((tx) =>
      tx.query<{ numero: number; alerta_xml: string | null; fornecedor: string }>(
        `SELECT n.numero, n.alerta_xml, p.nome AS fornecedor FROM nota_entrada n JOIN pessoa p ON p.id = n.fornecedor_id
          WHERE n.xml IS NOT NULL ORDER BY n.numero`,
      ),
    );
    expect(importadas).toEqual([
      { numero: 21408, alerta_xml: null, fornecedor: 'Distribuidora Paulista de Alimentos Ltda' },
      { numero: 22957, alerta_xml: null, fornecedor: 'Distribuidora Paulista de Alimentos Ltda' },
    ]);
    const pagar = (await get('/api/Despesas', { where: { origemTipo: 'notaEntrada' } })) as Body[];
    expect(pagar.map((t) => Number(t.valor))).toEqual(expect.arrayContaining([1297.5, 1297.5, 2783.6]));
  });

  it('returns goods both ways, and the stock ledger agrees with the balances', async () => {
    const [devolucaoVenda] = (await get('/api/DevolucoesVenda')) as Body[];
    const [devolucaoCompra] = (await get('/api/DevolucoesCompra')) as Body[];
    expect([devolucaoVenda?.situacao, devolucaoCompra?.situacao]).toEqual(['confirmada', 'confirmada']);
    // A confirmed devolução is no longer deleted (what the lists' empty pages tell).
    const excluir = await server.app.inject({
      method: 'DELETE',
      url: `/api/DevolucoesCompra/${devolucaoCompra?.id}`,
      headers: { host: 'localhost', authorization: token },
    });
    expect(excluir.statusCode).toBeGreaterThanOrEqual(400);
    expect(excluir.statusCode).toBeLessThan(500);
    const credito = (await get('/api/Receitas', {
      where: { origemTipo: 'devolucaoCompra', origemId: devolucaoCompra?.id },
    })) as Body[];
    expect(credito).toHaveLength(1);
    const saldos = (await get('/api/SaldosEstoque')) as Body[];
    expect(saldos.every((saldo) => Number(saldo.fisico) >= 0)).toBe(true);
    expect(saldos.some((saldo) => Number(saldo.reservado) > 0)).toBe(true);
    const report = await checkLedgers(server.db);
    expect(report.diferencas).toEqual([]);
  });

  it('keeps the SPED of the last closed month clean', async () => {
    const mes = ultimoMesFechado();
    const preview = await server.app.inject({
      method: 'POST',
      url: '/api/ArquivosFiscais/sped/preview',
      headers: { host: 'localhost', authorization: token },
      payload: {
        periodo: mes.periodo,
        finalidade: 0,
        perfil: 'A',
        codigoReceita: '046-2',
        contaEstoque: '1.1.4.01',
      },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().problemas).toEqual([]);
  });
});
