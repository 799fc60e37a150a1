import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Administrador › Ajuda: the white-label's help links and support contact live in the tenant settings
 * (`ajuda`), are saved with PUT /api/ConfigWhiteLabels/{id} and read back by anyone with the configuration.
 */
let server: TestServer;
let demoId: number;
let verdeId: number;
let staff: string;
let verdeMaster: string;

const call = (method: string, url: string, token: string | null, payload?: unknown, host = 'localhost') =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  server = await createTestServer();
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; slug: string }>('SELECT id::int AS id, slug FROM config_white_label'),
  );
  demoId = rows.find((row) => row.slug === 'demo')?.id as number;
  verdeId = rows.find((row) => row.slug === 'verde')?.id as number;
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
  );
  verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  staff = await login(server.app, 'admin@erp.local');
});
afterAll(async () => server?.close());

const links = [
  { titulo: 'Primeiros passos', url: 'https://ajuda.exemplo.com.br/inicio', descricao: 'Cadastre a empresa' },
  { titulo: 'Emitir NF-e', url: 'https://ajuda.exemplo.com.br/nfe?aba=1' },
];

describe('ajuda of the white-label configuration', () => {
  it('starts empty with the defaults of the tenant-settings meta-schema', async () => {
    const response = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, null);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().ajuda).toEqual({
      links: [],
      contato: { email: '', telefone: '', whatsapp: '', horarioAtendimento: '' },
    });
  });

  it('saves links and contact, reads them back (public GET too) and merges the contact', async () => {
    const saved = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: {
        links,
        contato: {
          email: 'suporte@exemplo.com.br',
          telefone: '1133334444',
          whatsapp: '11987654321',
          horarioAtendimento: 'Segunda a sexta, 8h às 18h',
        },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      links: [links[0], { ...links[1], descricao: '' }],
      contato: {
        email: 'suporte@exemplo.com.br',
        telefone: '1133334444',
        whatsapp: '11987654321',
        horarioAtendimento: 'Segunda a sexta, 8h às 18h',
      },
    };
    expect(saved.json().ajuda).toEqual(expected);
    const read = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, null);
    expect(read.json().ajuda).toEqual(expected);
    const byFilter = await call(
      'GET',
      `/api/ConfigWhiteLabels?filter=${encodeURIComponent(JSON.stringify({ where: { idConfig: 'demo' } }))}`,
      null,
    );
    expect(byFilter.json()[0].ajuda).toEqual(expected);

    // Objects merge (only the schedule changes), the links list is replaced as a whole.
    const merged = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { links: [links[1]], contato: { horarioAtendimento: '24 horas' } },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().ajuda).toEqual({
      links: [{ ...links[1], descricao: '' }],
      contato: { ...expected.contato, horarioAtendimento: '24 horas' },
    });
    // Another member's PUT keeps the help.
    const other = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, { cacheAtivo: false });
    expect(other.json().ajuda.links).toHaveLength(1);
  });

  it('rejects a link that is not https with a pt-BR message naming the field, and keeps the stored value', async () => {
    const response = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { links: [links[0], { titulo: 'Inseguro', url: 'http://ajuda.exemplo.com.br' }] },
    });
    expect(response.statusCode, response.body).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('CONFIGURACAO_INVALIDA');
    expect(error.message).toBe(
      'Configuração inválida: campo "ajuda.links.1.url" deve ser um endereço https, ex.: https://ajuda.exemplo.com.br.',
    );
    expect(error.details.fields).toContainEqual({
      campo: 'ajuda.links.1.url',
      mensagem: 'deve ser um endereço https, ex.: https://ajuda.exemplo.com.br',
    });
    for (const url of ['javascript:alert(1)', 'https://', 'https://semponto', ' https://x.com.br']) {
      const bad = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
        ajuda: { links: [{ titulo: 'X', url }] },
      });
      expect(bad.statusCode, url).toBe(400);
    }
    const read = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, null);
    expect(read.json().ajuda.links).toEqual([{ ...links[1], descricao: '' }]);
  });

  it('rejects a missing title, a phone off the mask rule and an invalid e-mail, naming each field', async () => {
    const untitled = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { links: [{ titulo: '', url: 'https://ajuda.exemplo.com.br' }] },
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json().error.message).toContain('"ajuda.links.0.titulo"');

    const phone = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { contato: { whatsapp: '119876' } },
    });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.message).toBe(
      'Configuração inválida: campo "ajuda.contato.whatsapp" deve ter 10 ou 11 dígitos com o DDD.',
    );

    const email = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { contato: { email: 'suporte@' } },
    });
    expect(email.statusCode).toBe(400);
    expect(email.json().error.message).toContain('"ajuda.contato.email" deve ser um e-mail válido');

    const unknown = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, staff, {
      ajuda: { contato: { fax: '1133334444' } },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it("lets verde's operator change verde's help but never demo's", async () => {
    const own = await call(
      'PUT',
      `/api/ConfigWhiteLabels/${verdeId}`,
      verdeMaster,
      { ajuda: { links: [{ titulo: 'Central Verde', url: 'https://verde.exemplo.com.br/ajuda' }] } },
      'verde.localhost',
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().ajuda.links).toEqual([
      { titulo: 'Central Verde', url: 'https://verde.exemplo.com.br/ajuda', descricao: '' },
    ]);

    const before = (await call('GET', `/api/ConfigWhiteLabels/${demoId}`, null)).json().ajuda;
    const other = await call(
      'PUT',
      `/api/ConfigWhiteLabels/${demoId}`,
      verdeMaster,
      { ajuda: { links: [{ titulo: 'Tomado', url: 'https://verde.exemplo.com.br' }] } },
      'verde.localhost',
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toBe(
      'Você só pode alterar a configuração do seu próprio white-label.',
    );
    expect((await call('GET', `/api/ConfigWhiteLabels/${demoId}`, null)).json().ajuda).toEqual(before);

    const vendedor = await login(server.app, 'vendedor@erp.local');
    const denied = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, vendedor, {
      ajuda: { links: [] },
    });
    expect(denied.statusCode).toBe(403);
  });
});
