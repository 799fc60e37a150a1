import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliverWebhook,
  WebhookAttemptError,
} from '../../runtime/server/services/webhooks/deliverWebhook.ts';
import { workWebhookDeliveries } from '../../runtime/server/services/webhooks/workWebhookDeliveries.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';
import {
  validSignature as checkSignature,
  type Received,
  startWebhookReceiver,
  until,
  type WebhookReceiver,
} from '../support/webhookReceiver.ts';

const SEGREDO = 'segredo-de-teste-1234567890';
let receiver: WebhookReceiver;
let receiverUrl: string;
let script: Map<string, number[]>;
let server: TestServer;
let token: string;

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  server.app.inject({
    method,
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const callsFor = (path: string) => receiver.callsFor(path);
const validSignature = (call: Received, segredo = SEGREDO) => checkSignature(call, segredo);

async function createWebhook(path: string, eventos: string[]) {
  const response = await call('POST', '/api/Webhooks', {
    descricao: `Receptor ${path}`,
    url: `${receiverUrl}${path}`,
    eventos,
    segredo: SEGREDO,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number };
}

const entregas = async (webhookId: number) => {
  const response = await call(
    'GET',
    `/api/WebhookEntregas?filter=${encodeURIComponent(JSON.stringify({ where: { webhookId }, order: 'id ASC' }))}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  receiverUrl = receiver.url;
  script = receiver.script;
  server = await createTestServer({
    jobs: {},
    config: { outboundAllowPrivate: true, webhookRetryDelaySeconds: 1, webhookRetryLimit: 3 },
  });
  if (!server.jobs) throw new Error('fila ausente');
  await workWebhookDeliveries(server.jobs, { db: server.db, allowPrivate: true });
  token = await login(server.app, 'demo@erp.local');
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

describe('webhooks', () => {
  it('delivers each subscribed event once, as signed JSON, and logs the delivery', async () => {
    const webhook = await createWebhook('/clientes', ['cliente.criado']);
    await createWebhook('/outros', ['fornecedor.criado']);
    const cliente = await call('POST', '/api/Clientes', { nome: 'Cliente do webhook' });
    expect(cliente.statusCode, cliente.body).toBe(200);
    const [first] = await until('a entrega', () =>
      callsFor('/clientes').length > 0 ? callsFor('/clientes') : null,
    );
    if (!first) throw new Error('sem entrega');
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['x-webhook-evento']).toBe('cliente.criado');
    expect(validSignature(first)).toBe(true);
    expect(validSignature(first, 'outro-segredo-qualquer')).toBe(false);
    const body = JSON.parse(first.body);
    expect(body).toMatchObject({ evento: 'cliente.criado', dados: { id: cliente.json().id } });
    expect(body.empresaId).toBeGreaterThan(0);
    // Once: no retry after a 200, and the webhook subscribed to other events got nothing.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsFor('/clientes')).toHaveLength(1);
    expect(callsFor('/outros')).toHaveLength(0);
    const [log] = await entregas(webhook.id);
    expect(log).toMatchObject({
      evento: 'cliente.criado',
      situacao: 'entregue',
      tentativas: 1,
      statusHttp: 200,
      resposta: 'recebido',
    });
    expect(String(first.headers['x-webhook-id'])).toBe(String(log?.id));
  });

  it('retries with backoff after a 500 and delivers the same event again, signed anew', async () => {
    const webhook = await createWebhook('/retry', ['cliente.criado']);
    script.set('/retry', [500]);
    const before = callsFor('/retry').length;
    const cliente = await call('POST', '/api/Clientes', { nome: 'Cliente da segunda tentativa' });
    expect(cliente.statusCode).toBe(200);
    const calls = await until('a segunda tentativa', () =>
      callsFor('/retry').length >= before + 2 ? callsFor('/retry') : null,
    );
    const [failed, retried] = calls.slice(before);
    if (!failed || !retried) throw new Error('tentativas ausentes');
    expect(retried.body).toBe(failed.body);
    expect(retried.headers['x-webhook-id']).toBe(failed.headers['x-webhook-id']);
    expect(validSignature(failed)).toBe(true);
    expect(validSignature(retried)).toBe(true);
    const log = await until('a entrega registrada', async () => {
      const rows = await entregas(webhook.id);
      return rows[0]?.situacao === 'entregue' ? rows[0] : null;
    });
    expect(log).toMatchObject({ tentativas: 2, statusHttp: 200 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(callsFor('/retry')).toHaveLength(before + 2);

    // "reenviar": one more delivery of the same body.
    const reenvio = await call('POST', `/api/WebhookEntregas/${log.id}/reenviar`);
    expect(reenvio.statusCode, reenvio.body).toBe(200);
    await until('o reenvio', () => callsFor('/retry').length === before + 3);
    expect(callsFor('/retry')[before + 2]?.body).toBe(failed.body);
    const after = await until('o reenvio registrado', async () => {
      const rows = await entregas(webhook.id);
      return rows[0]?.tentativas === 3 && rows[0]?.situacao === 'entregue' ? rows[0] : null;
    });
    expect(after.statusHttp).toBe(200);
    expect((await call('POST', '/api/WebhookEntregas/999999/reenviar')).statusCode).toBe(404);
  });

  it('logs the failure and keeps retrying while the receiver answers 500', async () => {
    const webhook = await createWebhook('/sempre500', ['cliente.alterado']);
    script.set('/sempre500', [500, 500]);
    const cliente = await call('POST', '/api/Clientes', { nome: 'Cliente alterado' });
    await call('PATCH', `/api/Clientes/${cliente.json().id}`, { nome: 'Cliente alterado 2' });
    const log = await until('a falha registrada', async () => {
      const rows = await entregas(webhook.id);
      return rows[0]?.situacao === 'erro' ? rows[0] : null;
    });
    expect(log).toMatchObject({ evento: 'cliente.alterado', statusHttp: 500, resposta: 'erro interno 500' });
    await until(
      'a entrega após as falhas',
      async () => (await entregas(webhook.id))[0]?.situacao === 'entregue',
    );
    expect(callsFor('/sempre500')).toHaveLength(3);
  });

  it('sends document transitions under the state reached, and the action name subscribes too', async () => {
    const porEstado = await createWebhook('/revogada', ['apiKey.revogada']);
    const porAcao = await createWebhook('/revogar', ['apiKey.revogar']);
    const key = await call('POST', '/api/ApiKeys', { descricao: 'Para revogar', permissoes: {} });
    const revogada = await call('POST', `/api/ApiKeys/${key.json().id}/revogar`);
    expect(revogada.statusCode, revogada.body).toBe(200);
    for (const path of ['/revogada', '/revogar']) {
      const [delivered] = await until(path, () => (callsFor(path).length ? callsFor(path) : null));
      expect(JSON.parse(delivered?.body ?? '{}')).toMatchObject({
        evento: 'apiKey.revogada',
        dados: { id: key.json().id, situacao: 'revogada', acao: 'apiKey.revogar' },
      });
    }
    expect((await entregas(porEstado.id))[0]?.evento).toBe('apiKey.revogada');
    expect((await entregas(porAcao.id))[0]?.evento).toBe('apiKey.revogada');
  });

  it('obeys the outbound rules: a loopback receiver is refused unless the setting allows it', async () => {
    const webhook = await createWebhook('/bloqueado', ['fornecedor.alterado']);
    const entrega = await server.db.withSystem((tx) =>
      tx.one<{ id: number }>(
        `INSERT INTO webhook_entrega (empresa_id, webhook_id, evento, corpo, situacao, tentativas)
         SELECT empresa_id, id, 'fornecedor.alterado', '{}', 'pendente', 0 FROM webhook WHERE id = $1 RETURNING id`,
        [webhook.id],
      ),
    );
    await expect(deliverWebhook({ db: server.db, allowPrivate: false }, entrega.id)).rejects.toBeInstanceOf(
      WebhookAttemptError,
    );
    expect(callsFor('/bloqueado')).toHaveLength(0);
    const [log] = await entregas(webhook.id);
    expect(log).toMatchObject({ situacao: 'erro', tentativas: 1 });
    expect(String(log?.resposta)).toContain('destino recusado');
  });

  it('refuses a webhook without a secret and keeps the secret out of every answer', async () => {
    const semSegredo = await call('POST', '/api/Webhooks', { url: `${receiverUrl}/x`, eventos: ['*'] });
    expect(semSegredo.statusCode).toBe(400);
    const list = await call('GET', '/api/Webhooks');
    expect(list.body).not.toContain(SEGREDO);
    const log = await call('GET', '/api/WebhookEntregas');
    expect(log.body).not.toContain(SEGREDO);
  });
});
