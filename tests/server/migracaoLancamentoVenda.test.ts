import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../runtime/server/db/migrate.ts';
import { entradaEstoque } from '../support/entradaEstoque.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Migration 049 on a database that had sales before the E/C flags: the pedidos invoiced by the lifecycle
 * (stock saída and titles of origem pedidoVenda) get lancarPor and their flags "pedido", their notas too.
 */
let server: TestServer;
let token: string;
const { ok, system } = testApi(() => ({ server, token }));

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
});
afterAll(() => server?.close());

describe('migration 049_venda_lancamento_por_nota', () => {
  it('fills the flags of pedidos invoiced before it, and of their notas', async () => {
    const loja = await ok('POST', '/api/Depositos', { descricao: 'Loja migração' });
    const produto = await ok('POST', '/api/Produtos', { descricao: 'Café migração', codigo: 'CM1' });
    await ok('POST', '/api/Contas', { descricao: 'Banco migração' });
    const natureza = await ok('POST', '/api/NaturezasOperacao', { descricao: 'Venda de mercadoria' });
    const cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente migração' });
    await entradaEstoque(ok, { depositoId: loja.id, produtoId: produto.id, quantidade: 5, custoUnitario: 4 });
    const pedido = (quantidade: number) =>
      ok('POST', '/api/PedidosVenda', {
        tipo: 0,
        clienteId: cliente.id,
        dataEmissao: '2026-03-10',
        depositoId: loja.id,
        naturezaOperacaoId: natureza.id,
        itens: [
          {
            numeroItem: 1,
            produtoId: produto.id,
            descricao: 'Café',
            unidade: 'UN',
            quantidade,
            valorUnitario: 9,
          },
        ],
      });
    const faturado = await pedido(2);
    await ok('POST', `/api/PedidosVenda/${faturado.id}/faturar`, {});
    const aberto = await pedido(1);
    // As a database before the flags: the columns empty and the migration not applied yet.
    await system(
      'UPDATE pedido_venda SET lancar_por = NULL, estoque_lancado_por = NULL, contas_lancadas_por = NULL',
    );
    await system('UPDATE nota_fiscal SET estoque_lancado_por = NULL, contas_lancadas_por = NULL');
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
    expect(await ok('GET', `/api/PedidosVenda/${aberto.id}`)).toMatchObject({
      lancarPor: null,
      estoqueLancadoPor: null,
      contasLancadasPor: null,
    });
    const [nota] = await system<{ estoque_lancado_por: string; contas_lancadas_por: string }>(
      'SELECT estoque_lancado_por, contas_lancadas_por FROM nota_fiscal WHERE pedido_venda_id = $1',
      [faturado.id],
    );
    expect(nota).toEqual({ estoque_lancado_por: 'pedido', contas_lancadas_por: 'pedido' });
  });
});
