import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Operator studio (issue 18), server side: drafts validated before they are stored, the conflict of two
 * operators, isolation between white-labels, publication seen by every API process and its browsers, history
 * and restoration.
 */
let server: TestServer;
let second: TestServer;
let verdeId: number;
let demoId: number;
let verdeMaster: string;
let staff: string;
let demoAdmin: string;

const FORM = 'schemas/entities/produto/produto.form.json';
const ENUM = 'schemas/enums/situacaoLancamento.enum.json';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
const call = (target: TestServer, token: string | null, method: Method, url: string, payload?: object) =>
  target.app.inject({
    method,
    url,
    headers: { host: 'verde.localhost', ...(token ? { authorization: token } : {}) },
    ...(payload ? { payload } : {}),
  });
const base = (id: number) => `/api/ConfigWhiteLabels/${id}/customizacoes`;
const rename = (label: string) => ({
  sections: { identificacao: { fields: { descricao: { label } } } },
});
type Bundle = {
  versao?: number;
  entities: Record<
    string,
    { form: { sections: Record<string, { fields: Record<string, { label?: string }> }> } }
  >;
};
const labelIn = (bundle: Bundle) =>
  bundle.entities.produto?.form.sections.identificacao?.fields.descricao?.label;
const bundleOf = async (target: TestServer, host: string) =>
  (
    await target.app.inject({ method: 'GET', url: '/api/Schemas/bundle', headers: { host } })
  ).json() as Bundle;

beforeAll(async () => {
  server = await createTestServer();
  const ids = await server.db.withSystem((tx) =>
    tx.query<{ id: number; id_config: string }>('SELECT id, id_config FROM config_white_label'),
  );
  verdeId = Number(ids.find((row) => row.id_config === 'verde')?.id);
  demoId = Number(ids.find((row) => row.id_config === 'demo')?.id);
  await server.db.withSystem((tx) =>
    tx.query(`UPDATE usuario SET master = true, nome = 'Vera Operadora' WHERE email = 'verde@erp.local'`),
  );
  verdeMaster = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
  staff = await login(server.app, 'admin@erp.local');
  demoAdmin = await login(server.app, 'demo@erp.local');
  second = await createTestServer({ databaseUrl: server.databaseUrl });
}, 90_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

describe('drafts', () => {
  it('stores a valid draft that only the operator previews, and describes it in Portuguese', async () => {
    const saved = await call(server, verdeMaster, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho: FORM,
      patch: rename('Nome do produto'),
      revisao: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ caminho: FORM, revisao: 1 });

    // Users of the white-label still see the published schemas.
    expect(labelIn(await bundleOf(server, 'verde.localhost'))).toBeUndefined();
    const preview = await call(server, verdeMaster, 'GET', `${base(verdeId)}/previa`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(labelIn(preview.json())).toBe('Nome do produto');

    const diff = await call(server, verdeMaster, 'GET', `${base(verdeId)}/comparacao`);
    expect(diff.json().alteracoes).toEqual([
      expect.objectContaining({
        caminho: FORM,
        alvo: 'formulário produto',
        ponteiro: '/sections/identificacao/fields/descricao/label',
        depois: 'Nome do produto',
        descricao: 'seção identificacao › campo descricao › rótulo: (padrão) → "Nome do produto"',
      }),
    ]);
  });

  it('refuses the second of two operators saving from the same revision, naming who saved first', async () => {
    const late = await call(server, staff, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho: FORM,
      patch: rename('Produto (nome)'),
      revisao: 0,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(
      /^Vera Operadora alterou este rascunho em .+ Recarregue a tela/,
    );
    const current = (await call(server, verdeMaster, 'GET', base(verdeId))).json();
    expect(current.rascunhos).toEqual([expect.objectContaining({ caminho: FORM, revisao: 1 })]);
    expect(current.rascunhos[0].patch).toEqual(rename('Nome do produto'));
  });

  it.each([
    [
      'an enumeration code change',
      ENUM,
      {
        values: [
          { code: 0, key: 'ABERTO', label: 'Aberto' },
          { code: 9, key: 'PAGO', label: 'Pago' },
          { code: 2, key: 'PARCIAL', label: 'Parcial' },
          { code: 3, key: 'CANCELADO', label: 'Cancelado' },
        ],
      },
      /os códigos e as chaves de uma enumeração não mudam/,
    ],
    [
      'a patch that breaks the meta-schema',
      FORM,
      { sections: { identificacao: { fields: { descricao: { hidden: 'sim' } } } } },
      /\/sections\/identificacao\/fields\/descricao\/hidden: deve ser um booleano \(regra: type\)/,
    ],
    [
      'hiding a required field without default',
      FORM,
      { sections: { identificacao: { fields: { descricao: { hidden: true } } } } },
      /o campo "Descrição" é obrigatório e não tem valor padrão: não pode ser oculto/,
    ],
    [
      'a new field in an entity',
      'schemas/entities/produto/produto.entity.json',
      { fields: { codigoInterno: { type: 'string', label: 'Código interno' } } },
      /campos novos são criados em Campos personalizados/,
    ],
    [
      'a weaker rule than the base',
      'schemas/entities/produto/produto.entity.json',
      { fields: { descricao: { required: false } } },
      /é obrigatório no sistema e continua obrigatório/,
    ],
    [
      'a form naming a field the entity lacks',
      FORM,
      { sections: { identificacao: { fields: { inexistente: {} } } } },
      /inexistente/,
    ],
  ])('refuses %s with a pt-BR 422 and stores nothing', async (_name, caminho, patch, message) => {
    const response = await call(server, verdeMaster, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho,
      patch,
      revisao: caminho === FORM ? 1 : 0,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toMatch(/^A personalização não foi salva: /);
    expect(response.json().error.message).toMatch(message);
    const drafts = (await call(server, verdeMaster, 'GET', base(verdeId))).json().rascunhos;
    expect(
      drafts.map((draft: { caminho: string; revisao: number }) => [draft.caminho, draft.revisao]),
    ).toEqual([[FORM, 1]]);
  });

  it('refuses an unknown screen and the settings files', async () => {
    const unknown = await call(server, verdeMaster, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho: 'schemas/screens/nao-existe.screen.json',
      patch: { title: 'X' },
      revisao: 0,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(
      'A tela ou o schema "schemas/screens/nao-existe.screen.json" não existe.',
    );
    const keys = await call(server, verdeMaster, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho: 'schemas/permissions/keys.json',
      patch: { keys: {} },
      revisao: 0,
    });
    expect(keys.statusCode).toBe(422);
    expect(keys.json().error.message).toMatch(/não é personalizável no estúdio/);
  });
});

describe('isolation', () => {
  it("keeps one white-label's operator out of another's customisations", async () => {
    for (const [method, url, payload] of [
      ['GET', base(demoId), undefined],
      ['GET', `${base(demoId)}/previa`, undefined],
      ['PUT', `${base(demoId)}/rascunhos`, { caminho: FORM, patch: rename('X'), revisao: 0 }],
      ['POST', `${base(demoId)}/publicar`, {}],
      ['POST', `${base(demoId)}/versoes/1/restaurar`, undefined],
    ] as const) {
      const response = await call(server, verdeMaster, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const companyAdmin = await server.app.inject({
      method: 'GET',
      url: base(demoId),
      headers: { authorization: demoAdmin },
    });
    expect(companyAdmin.statusCode).toBe(403);
  });
});

describe('publication', () => {
  it('publishes one version that every process and the white-label’s browsers pick up, never another white-label', async () => {
    const socketBase = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = io(socketBase, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      extraHeaders: { origin: 'http://verde.localhost' },
    });
    const published = new Promise<{ versao: number }>((resolve) => browser.on('schemas.publicados', resolve));
    await new Promise<void>((resolve, reject) => {
      browser.on('authenticated', () => resolve());
      browser.on('unauthorized', reject);
      browser.on('connect', () => browser.emit('authentication', { token: verdeMaster }));
    });
    // The second process has just loaded (its 5-second refresh cannot be what updates it).
    expect(labelIn(await bundleOf(second, 'verde.localhost'))).toBeUndefined();
    const started = Date.now();

    const response = await call(server, verdeMaster, 'POST', `${base(verdeId)}/publicar`, {
      resumo: 'Nome do produto',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ versao: 1 });
    expect(await published).toEqual({ versao: 1 });
    const after = await bundleOf(second, 'verde.localhost');
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(labelIn(after)).toBe('Nome do produto');
    expect(after.versao).toBe(1);
    browser.close();

    expect(labelIn(await bundleOf(server, 'verde.localhost'))).toBe('Nome do produto');
    expect(labelIn(await bundleOf(server, 'localhost'))).toBeUndefined();
    const state = (await call(server, verdeMaster, 'GET', base(verdeId))).json();
    expect(state).toMatchObject({ versao: 1, rascunhos: [], problemas: [] });
    expect(state.publicadas).toEqual({ [FORM]: rename('Nome do produto') });

    const empty = await call(server, verdeMaster, 'POST', `${base(verdeId)}/publicar`, {});
    expect(empty.statusCode).toBe(409);
    expect(empty.json().error.message).toBe('Não há rascunhos para publicar: altere uma tela antes.');
  });

  it('lists the history and restores an old version as a new one', async () => {
    const saved = await call(server, verdeMaster, 'PUT', `${base(verdeId)}/rascunhos`, {
      caminho: FORM,
      patch: rename('Mercadoria'),
      revisao: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(server, verdeMaster, 'POST', `${base(verdeId)}/publicar`, {})).json()).toEqual({
      versao: 2,
    });
    expect(labelIn(await bundleOf(server, 'verde.localhost'))).toBe('Mercadoria');

    const restored = await call(server, verdeMaster, 'POST', `${base(verdeId)}/versoes/1/restaurar`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ versao: 3 });
    expect(labelIn(await bundleOf(server, 'verde.localhost'))).toBe('Nome do produto');

    const history = (await call(server, verdeMaster, 'GET', `${base(verdeId)}/versoes`)).json();
    expect(
      history.map((row: { versao: number; restauradaDe: number | null; autorNome: string }) => [
        row.versao,
        row.restauradaDe,
        row.autorNome,
      ]),
    ).toEqual([
      [3, 1, 'Vera Operadora'],
      [2, null, 'Vera Operadora'],
      [1, null, 'Vera Operadora'],
    ]);
    expect(history[0].caminhos).toEqual([FORM]);
    const missing = await call(server, verdeMaster, 'POST', `${base(verdeId)}/versoes/99/restaurar`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('A versão 99 não existe neste white-label.');
  });

  it('answers 304 to the ETag of the version served, and a new ETag after a publication', async () => {
    const first = await server.app.inject({
      method: 'GET',
      url: '/api/Schemas/bundle',
      headers: { host: 'verde.localhost' },
    });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"schemas-\d+-3-/);
    expect(first.json().versao).toBe(3);
    const again = await server.app.inject({
      method: 'GET',
      url: '/api/Schemas/bundle',
      headers: { host: 'verde.localhost', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const demo = await server.app.inject({
      method: 'GET',
      url: '/api/Schemas/bundle',
      headers: { host: 'localhost', 'if-none-match': etag },
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers.etag).not.toBe(etag);
  });
});
