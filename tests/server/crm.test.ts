import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/** One request the fake CRM received. */
interface CrmRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  userKey: string | undefined;
  body: Record<string, unknown> | undefined;
}

const requests: CrmRequest[] = [];
/** E-mail → Id of contacts the fake CRM already knows. */
const contacts = new Map<string, number>();
let failStatus: number | undefined;
let nextId = 500;
let crm: Server;
let crmUrl: string;
let server: TestServer;

/** A Ploomes-style API: OData-ish GET /Contacts, POST /Contacts|Deals|Tasks answering {value:[{Id}]}. */
function startFakeCrm(): Promise<Server> {
  const fake = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://crm');
      const text = Buffer.concat(chunks).toString('utf8');
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      const userKey = req.headers['user-key'] as string | undefined;
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, userKey, body });
      const answer = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (failStatus) return answer(failStatus, { error: 'falha simulada' });
      if (req.method === 'GET' && url.pathname === '/Contacts') {
        const email = /^Email eq '(.*)'$/
          .exec(url.searchParams.get('$filter') ?? '')?.[1]
          ?.replaceAll("''", "'");
        const id = email === undefined ? undefined : contacts.get(email);
        return answer(200, { value: id ? [{ Id: id, Email: email, Phones: [] }] : [] });
      }
      if (req.method === 'POST' && ['/Contacts', '/Deals', '/Tasks'].includes(url.pathname)) {
        return answer(200, { value: [{ Id: nextId++, ...body }] });
      }
      return answer(404, { error: 'not found' });
    });
  });
  return new Promise((resolve) => fake.listen(0, '127.0.0.1', () => resolve(fake)));
}

/** Sets the demo white-label's CRM settings (null: none) and reloads the tenants. */
async function configureCrm(integracao: Record<string, unknown> | null) {
  const patch = integracao ? { misc: { integracaoPloomes: integracao } } : {};
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE config_white_label SET patch = $1 WHERE id_config = 'demo'`, [JSON.stringify(patch)]),
  );
  await server.tenants.reload();
}

const signUp = (overrides: Record<string, unknown>) =>
  server.app.inject({
    method: 'POST',
    url: '/api/Usuarios/cadastro',
    headers: { host: 'localhost' },
    payload: {
      email: 'lead@empresa.com.br',
      senha: 'segredo1',
      confirmaSenha: 'segredo1',
      cpfCnpj: '11.444.777/0001-61',
      nome: 'Maria Souza',
      empresa: 'Souza Materiais Ltda',
      telefone: '(11) 9 8765-4321',
      regime: 2,
      ...overrides,
    },
  });

beforeAll(async () => {
  crm = await startFakeCrm();
  crmUrl = `http://127.0.0.1:${(crm.address() as AddressInfo).port}`;
  // The fake CRM is plain http on loopback: allowed only through the explicit, off-by-default switch.
  server = await createTestServer({ config: { outboundAllowPrivate: true } });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => crm?.close(resolve));
});
beforeEach(async () => {
  requests.length = 0;
  contacts.clear();
  failStatus = undefined;
  nextId = 500;
  await configureCrm({ STAGE_ID: 123, TOKEN: 'tok', URL: crmUrl });
});

describe('CRM lead after sign-up (spec 000 §7)', () => {
  it('looks the contact up by e-mail, creates it, then a deal and a task, with the user key', async () => {
    const response = await signUp({ email: 'Lead1@Empresa.com.br' });
    expect(response.statusCode, response.body).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /Contacts',
      'POST /Contacts',
      'POST /Deals',
      'POST /Tasks',
    ]);
    expect(requests.every((r) => r.userKey === 'tok')).toBe(true);
    const [lookup, contact, deal, task] = requests as [CrmRequest, CrmRequest, CrmRequest, CrmRequest];
    expect(lookup.query.get('$filter')).toBe("Email eq 'lead1@empresa.com.br'");
    expect(lookup.query.get('$expand')).toBe('Phones');
    expect(contact.body).toEqual({
      Name: 'Souza Materiais Ltda',
      TypeId: 1,
      Email: 'lead1@empresa.com.br',
      Phones: [{ PhoneNumber: '11987654321', CountryId: 76 }],
    });
    expect(deal.body).toMatchObject({ StageId: 123, ContactId: 500, Email: 'lead1@empresa.com.br' });
    expect(deal.body?.Title).toEqual(expect.any(String));
    expect(task.body).toMatchObject({ DealId: 501, NoTime: true });
    expect(task.body?.Title).toMatch(/teste/);
    for (const part of ['Maria Souza', 'Souza Materiais Ltda', '11987654321', 'lead1@empresa.com.br'])
      expect(task.body?.Description).toContain(part);
  });

  it('creates a person contact (TypeId 2) for a CPF and escapes quotes in the e-mail filter', async () => {
    const response = await signUp({ email: "o'neil@empresa.com.br", cpfCnpj: '529.982.247-25' });
    expect(response.statusCode, response.body).toBe(200);
    expect(requests[0]?.query.get('$filter')).toBe("Email eq 'o''neil@empresa.com.br'");
    expect(requests[1]?.body).toMatchObject({ Name: 'Maria Souza', TypeId: 2 });
  });

  it('reuses an existing contact instead of creating one', async () => {
    contacts.set('lead2@empresa.com.br', 77);
    expect((await signUp({ email: 'lead2@empresa.com.br' })).statusCode).toBe(200);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /Contacts',
      'POST /Deals',
      'POST /Tasks',
    ]);
    expect(requests[1]?.body).toMatchObject({ StageId: 123, ContactId: 77 });
  });

  it('still signs the user up when the CRM answers 500', async () => {
    failStatus = 500;
    const response = await signUp({ email: 'lead3@empresa.com.br' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(String), userId: expect.any(Number) });
    expect(requests).toHaveLength(1);
    const info = await server.app.inject({
      method: 'GET',
      url: '/api/Usuarios/getUserInfo',
      headers: { host: 'localhost', authorization: body.id },
    });
    expect(info.json().email).toBe('lead3@empresa.com.br');
  });

  it('still signs the user up when the CRM is unreachable', async () => {
    const closed = await startFakeCrm();
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await configureCrm({ STAGE_ID: 123, TOKEN: 'tok', URL: `http://127.0.0.1:${port}` });
    const response = await signUp({ email: 'lead4@empresa.com.br' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().userId).toEqual(expect.any(Number));
  });

  it('sends nothing without a stage id and a token', async () => {
    await configureCrm({ URL: crmUrl, TOKEN: 'tok' });
    expect((await signUp({ email: 'lead5@empresa.com.br' })).statusCode).toBe(200);
    await configureCrm({ URL: crmUrl, STAGE_ID: 123 });
    expect((await signUp({ email: 'lead6@empresa.com.br' })).statusCode).toBe(200);
    await configureCrm(null);
    expect((await signUp({ email: 'lead7@empresa.com.br' })).statusCode).toBe(200);
    expect(requests).toHaveLength(0);
  });
});
