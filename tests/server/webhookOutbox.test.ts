import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookOutbox } from '../../runtime/server/services/webhooks/webhookOutbox.ts';
import { workWebhookDeliveries } from '../../runtime/server/services/webhooks/workWebhookDeliveries.ts';
import { nfeXml } from '../support/nfeXml.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';
import {
  validSignature as checkSignature,
  type Received,
  startWebhookReceiver,
  until,
  type WebhookReceiver,
} from '../support/webhookReceiver.ts';

/**
 * The transactional webhook outbox (issue 15): domain events written in the transaction of the change,
 * relayed to pg-boss deliveries after the commit; a receiver started here gets each event once, signed,
 * again after it answered 500, and nothing of a transaction that rolled back.
 */
const SEGREDO = 'segredo-da-caixa-de-saida-123';
let receiver: WebhookReceiver;
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const { api: call, ok, system } = testApi(() => ({ server, token }));

const callsFor = (path: string) => receiver.callsFor(path);
const events = (path: string) =>
  callsFor(path).map((entry) => JSON.parse(entry.body) as { evento: string; dados: { id: number } });
const validSignature = (entry: Received) => checkSignature(entry, SEGREDO);

/** Everything committed so far has been relayed and every delivery answered (delivered or failed). */
const settled = () =>
  until('caixa de saída vazia e entregas respondidas', async () => {
    const [row] = await system<{ fila: number; pendentes: number }>(
      `SELECT (SELECT count(*) FROM webhook_outbox)::int AS fila,
              (SELECT count(*) FROM webhook_entrega WHERE situacao = 'pendente')::int AS pendentes`,
    );
    return row?.fila === 0 && row.pendentes === 0;
  });

async function createWebhook(path: string, eventos: string[]) {
  return ok('POST', '/api/Webhooks', {
    descricao: `Receptor ${path}`,
    url: `${receiver.url}${path}`,
    eventos,
    segredo: SEGREDO,
  });
}

let deposito: Body;
let produto: Body;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await createTestServer({
    jobs: {},
    config: {
      outboundAllowPrivate: true,
      webhookRetryDelaySeconds: 1,
      webhookRetryLimit: 3,
      webhookOutboxRelaySeconds: 3600,
    },
  });
  if (!server.jobs) throw new Error('fila ausente');
  await workWebhookDeliveries(server.jobs, { db: server.db, allowPrivate: true });
  token = await login(server.app, 'demo@erp.local');
  deposito = await ok('POST', '/api/Depositos', { descricao: 'Depósito webhooks' });
  await ok('POST', '/api/Contas', { descricao: 'Conta webhooks' });
  produto = await ok('POST', '/api/Produtos', { descricao: 'Parafuso sextavado', codigo: 'PSX' });
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('caixa de saída de webhooks', () => {
  it('an empresa without webhooks writes nothing to the outbox', async () => {
    await ok('POST', '/api/Clientes', { nome: 'Cliente sem webhook' });
    expect(await system('SELECT id FROM webhook_outbox')).toEqual([]);
    expect(await system('SELECT id FROM webhook_entrega')).toEqual([]);
  });

  it('delivers cliente.criado, pedidoCompra.aprovado, notaEntrada.confirmada and pedidoCompra.recebido once each, signed', async () => {
    await createWebhook('/erp', [
      'cliente.criado',
      'pedidoCompra.aprovado',
      'notaEntrada.confirmada',
      'pedidoCompra.recebido',
    ]);
    const cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente com webhook' });
    const fornecedor = await ok('POST', '/api/Fornecedores', {
      nome: 'Fornecedor Webhook Ltda',
      cpfCnpj: '11444777000161',
    });
    const pedido = await ok('POST', '/api/PedidosCompra', {
      fornecedorId: fornecedor.id,
      dataEmissao: '2026-09-01',
      depositoId: deposito.id,
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Parafuso',
          unidade: 'UN',
          quantidade: 10,
          valorUnitario: 2,
        },
      ],
    });
    await ok('POST', `/api/PedidosCompra/${pedido.id}/aprovar`);
    const { xml } = nfeXml({
      emitente: { cnpj: '11444777000161', nome: 'Fornecedor Webhook Ltda' },
      destinatarioCnpj: '11222333000181',
      numero: 7001,
      serie: 1,
      dataEmissao: '2026-09-14',
      itens: [
        {
          codigo: 'PSX',
          descricao: 'PARAFUSO SEXTAVADO',
          ncm: '73181500',
          cfop: '5102',
          unidade: 'UN',
          quantidade: 10,
          valorUnitario: 2,
          csosn: '102',
        },
      ],
    });
    const nota = await ok('POST', '/api/XmlNfe/importar', {
      xml,
      depositoId: deposito.id,
      pedidoCompraId: pedido.id,
      itens: [{ numeroItem: 1, produtoId: produto.id }],
    });
    await ok('POST', `/api/NotasEntrada/${nota.id}/confirmar`);
    await until('quatro eventos', () => callsFor('/erp').length >= 4);
    await settled();
    // Once each; deliveries run in parallel, so two events of one transaction (the nota confirmed and the
    // order it received) may arrive in either order — as with any webhook sender, order is not promised.
    const recebidos = events('/erp').map((event) => [event.evento, event.dados.id]);
    expect(recebidos).toHaveLength(4);
    expect(recebidos).toEqual(
      expect.arrayContaining([
        ['cliente.criado', cliente.id],
        ['pedidoCompra.aprovado', pedido.id],
        ['notaEntrada.confirmada', nota.id],
        ['pedidoCompra.recebido', pedido.id],
      ]),
    );
    expect(callsFor('/erp').every(validSignature)).toBe(true);
    expect(new Set(callsFor('/erp').map((entry) => entry.headers['x-webhook-id'])).size).toBe(4);
  });

  it('after a 500 the same event comes again, newly signed, and the log shows both attempts', async () => {
    receiver.script.set('/instavel', [500]);
    const webhook = await createWebhook('/instavel', ['cliente.criado']);
    const cliente = await ok('POST', '/api/Clientes', { nome: 'Cliente da segunda tentativa' });
    await until('segunda tentativa', () => callsFor('/instavel').length >= 2);
    await settled();
    const [primeira, segunda] = callsFor('/instavel');
    expect(callsFor('/instavel')).toHaveLength(2);
    expect(primeira?.body).toBe(segunda?.body);
    expect(primeira?.headers['x-webhook-id']).toBe(segunda?.headers['x-webhook-id']);
    expect(JSON.parse(segunda?.body ?? '{}')).toMatchObject({
      evento: 'cliente.criado',
      dados: { id: cliente.id },
    });
    expect([primeira, segunda].every((entry) => entry && validSignature(entry))).toBe(true);
    const [log] = await system<{ situacao: string; tentativas: number; status_http: number }>(
      'SELECT situacao, tentativas, status_http FROM webhook_entrega WHERE webhook_id = $1',
      [webhook.id],
    );
    expect(log).toMatchObject({ situacao: 'entregue', tentativas: 2, status_http: 200 });
  });

  it('a transaction that rolls back sends nothing', async () => {
    const webhook = await createWebhook('/revertido', ['pedidoCompra.aprovado', 'cliente.criado']);
    const fornecedor = await system<{ id: number }>(
      "SELECT id FROM pessoa WHERE nome = 'Fornecedor Webhook Ltda'",
    );
    // No depósito: aprovar is refused by its effect after the event was written, so all of it rolls back.
    const pedido = await ok('POST', '/api/PedidosCompra', {
      fornecedorId: fornecedor[0]?.id,
      dataEmissao: '2026-09-02',
      itens: [
        {
          numeroItem: 1,
          produtoId: produto.id,
          descricao: 'Parafuso',
          unidade: 'UN',
          quantidade: 1,
          valorUnitario: 1,
        },
      ],
    });
    const recusado = await call('POST', `/api/PedidosCompra/${pedido.id}/aprovar`);
    expect(recusado.statusCode, recusado.body).toBe(422);
    // An event written to the outbox by a transaction that then fails is rolled back with it.
    const [empresa] = await system<{ empresa_id: number }>('SELECT empresa_id FROM webhook WHERE id = $1', [
      webhook.id,
    ]);
    const outbox = (server.app as unknown as { webhookOutbox: WebhookOutbox }).webhookOutbox;
    await expect(
      server.db.withTenant({ empresaId: Number(empresa?.empresa_id) }, async (tx) => {
        expect(
          await outbox.write(tx, {
            event: 'cliente.criado',
            id: 999999,
            empresaId: Number(empresa?.empresa_id),
          }),
        ).toBe(true);
        throw new Error('falha depois do evento');
      }),
    ).rejects.toThrow('falha depois do evento');
    expect(await outbox.relay()).toBe(0);
    // A committed event after them arrives alone.
    const depois = await ok('POST', '/api/Clientes', { nome: 'Cliente depois da reversão' });
    await until('evento confirmado', () => callsFor('/revertido').length >= 1);
    await settled();
    expect(events('/revertido').map((event) => [event.evento, event.dados.id])).toEqual([
      ['cliente.criado', depois.id],
    ]);
    expect(
      await system('SELECT id FROM webhook_entrega WHERE webhook_id = $1 AND evento <> $2', [
        webhook.id,
        'cliente.criado',
      ]),
    ).toEqual([]);
  });

  it('a deactivated webhook stops the outbox at once; reactivated, it receives again', async () => {
    const antes = await system<{ n: number }>('SELECT count(*)::int AS n FROM webhook_entrega');
    const webhooks = await system<{ id: number }>('SELECT id FROM webhook ORDER BY id');
    for (const webhook of webhooks) await ok('PATCH', `/api/Webhooks/${webhook.id}`, { ativo: false });
    await ok('POST', '/api/Clientes', { nome: 'Cliente com webhooks inativos' });
    expect(await system('SELECT id FROM webhook_outbox')).toEqual([]);
    const [first] = webhooks;
    await ok('PATCH', `/api/Webhooks/${first?.id}`, { ativo: true });
    const reativado = await ok('POST', '/api/Clientes', { nome: 'Cliente com webhook reativado' });
    await until('evento após reativar', () =>
      events('/erp').some((event) => event.dados.id === reativado.id),
    );
    await settled();
    const [depois] = await system<{ n: number }>('SELECT count(*)::int AS n FROM webhook_entrega');
    expect((depois?.n ?? 0) - (antes[0]?.n ?? 0)).toBe(1);
  });

  it('rows left in the outbox and deliveries never queued are picked up by the periodic relay', async () => {
    const [webhook] = await system<{ id: number; empresa_id: number }>(
      "SELECT id, empresa_id FROM webhook WHERE url LIKE '%/erp'",
    );
    const corpo = JSON.stringify({ evento: 'cliente.criado', dados: { id: 999001 } });
    await system(
      "INSERT INTO webhook_outbox (empresa_id, evento, aliases, corpo) VALUES ($1, 'cliente.criado', ARRAY['cliente.criado'], $2)",
      [webhook?.empresa_id, corpo],
    );
    const perdida = JSON.stringify({ evento: 'cliente.criado', dados: { id: 999002 } });
    await system(
      `INSERT INTO webhook_entrega (empresa_id, webhook_id, evento, corpo, situacao, tentativas, criado_em)
       VALUES ($1, $2, 'cliente.criado', $3, 'pendente', 0, now() - interval '5 minutes')`,
      [webhook?.empresa_id, webhook?.id, perdida],
    );
    const app = server.app as unknown as { webhookOutbox: WebhookOutbox };
    expect(await app.webhookOutbox.relay()).toBe(2);
    await until('os dois', () => events('/erp').filter((event) => event.dados.id >= 999001).length >= 2);
    await settled();
    expect(
      events('/erp')
        .filter((event) => event.dados.id >= 999001)
        .map((event) => event.dados.id)
        .sort(),
    ).toEqual([999001, 999002]);
    expect(await app.webhookOutbox.relay()).toBe(0);
  });
});
