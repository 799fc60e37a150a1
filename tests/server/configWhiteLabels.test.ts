import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

let server: TestServer;
let admin: string;
let vendedor: string;
let demoId: number;
beforeAll(async () => {
  server = await createTestServer();
  admin = await login(server.app, 'admin@erp.local');
  vendedor = await login(server.app, 'vendedor@erp.local');
  demoId = (await server.tenants.all()).find((tenant) => tenant.settings.slug === 'demo')!.id;
});
afterAll(async () => server?.close());

type Payload = Record<string, unknown> | Buffer;
const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: Payload,
  type?: string,
) =>
  server.app.inject({
    method,
    url,
    payload,
    headers: {
      host: 'localhost',
      ...(token ? { authorization: token } : {}),
      ...(type ? { 'content-type': type } : {}),
    },
  });
const byIdConfig = (idConfig: string, token?: string) =>
  call(
    'GET',
    `/api/ConfigWhiteLabels?filter=${encodeURIComponent(JSON.stringify({ where: { idConfig } }))}`,
    token,
  );
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('GET /api/ConfigWhiteLabels (public)', () => {
  it('returns the demo configuration by idConfig with loadable asset URLs', async () => {
    const response = await byIdConfig('demo');
    expect(response.statusCode).toBe(200);
    const [config, ...rest] = response.json();
    expect(rest).toEqual([]);
    expect(config).toMatchObject({
      id: demoId,
      idConfig: 'demo',
      title: 'ERP Demonstração',
      tema: 'azul',
      cacheAtivo: true,
      cadastroAtivo: true,
      dominios: ['localhost', '127.0.0.1'],
      imagens: { logo: '/tenants/demo/assets/logo.svg', capa: '/tenants/demo/assets/capa.svg' },
      documentos: { termoUso: '/tenants/demo/assets/termos-de-uso.html' },
      misc: { linkFavicon: '/tenants/demo/assets/favicon.svg', exibirCpfCnpjTelaCadastro: true },
    });
    expect(config.planoModulos.map((modulo: { id: string }) => modulo.id)).toEqual(['nfse', 'pagamentos']);
    const logo = await call('GET', config.imagens.logo);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/svg+xml');
  });

  it('never returns the CRM token; its operators see only that one is set', async () => {
    const put = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, {
      misc: { integracaoPloomes: { TOKEN: 'segredo-do-crm', STAGE_ID: 4242, URL: 'https://crm.example' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    for (const token of [undefined, vendedor]) {
      for (const response of [
        await byIdConfig('demo', token),
        await call('GET', `/api/ConfigWhiteLabels/${demoId}`, token),
      ]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain('segredo-do-crm');
        expect(response.body).not.toContain('4242');
        const config = [response.json()].flat()[0];
        expect(config.misc.integracaoPloomes).toEqual({ URL: 'https://crm.example' });
      }
    }
    const asAdmin = await call('GET', `/api/ConfigWhiteLabels/${demoId}`, admin);
    expect(asAdmin.body).not.toContain('segredo-do-crm');
    expect(asAdmin.json().misc.integracaoPloomes).toEqual({
      TOKENDefinido: true,
      STAGE_ID: 4242,
      URL: 'https://crm.example',
    });
  });

  it('filters on the allow-listed fields only', async () => {
    const titled = await call(
      'GET',
      `/api/ConfigWhiteLabels?filter=${encodeURIComponent('{"where":{"title":"Verde Gestão"}}')}`,
    );
    expect(titled.json().map((config: { idConfig: string }) => config.idConfig)).toEqual(['verde']);
    const bad = await call(
      'GET',
      `/api/ConfigWhiteLabels?filter=${encodeURIComponent('{"where":{"base":"x"}}')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Filtro inválido');
    expect((await call('GET', '/api/ConfigWhiteLabels/999999')).statusCode).toBe(404);
    expect((await call('GET', '/api/ConfigWhiteLabels/abc')).statusCode).toBe(400);
  });
});

describe('PUT /api/ConfigWhiteLabels/{id}', () => {
  it('stores the change as a patch over the unchanged base', async () => {
    const response = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, {
      title: 'ERP Demo Alterado',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe('ERP Demo Alterado');
    expect((await byIdConfig('demo')).json()[0].title).toBe('ERP Demo Alterado');
    expect((await server.tenants.byId(demoId))?.settings.title).toBe('ERP Demo Alterado');
    const row = await server.db.withSystem((tx) =>
      tx.one<{ base: { title: string }; patch: Record<string, unknown> }>(
        'SELECT base, patch FROM config_white_label WHERE id = $1',
        [demoId],
      ),
    );
    expect(row.base.title).toBe('ERP Demonstração');
    expect(row.patch.title).toBe('ERP Demo Alterado');
  });

  it('sends back what it received: a GET → PUT round trip changes nothing', async () => {
    const before = await server.db.withSystem((tx) =>
      tx.one<{ patch: unknown }>('SELECT patch FROM config_white_label WHERE id = $1', [demoId]),
    );
    const config = (await call('GET', `/api/ConfigWhiteLabels/${demoId}`, admin)).json();
    const response = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, config);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(config);
    const after = await server.db.withSystem((tx) =>
      tx.one<{ patch: unknown }>('SELECT patch FROM config_white_label WHERE id = $1', [demoId]),
    );
    expect(after.patch).toEqual(before.patch);
  });

  it('rejects invalid settings with 400 naming the field in pt-BR', async () => {
    const tema = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, { tema: 123 });
    expect(tema.statusCode).toBe(400);
    expect(tema.json().error.message).toMatch(/^Configuração inválida: campo "tema" deve ser um dos temas/);
    const color = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, {
      misc: { customThemeColor: 'azul' },
    });
    expect(color.statusCode).toBe(400);
    expect(color.json().error.message).toContain('campo "misc.customThemeColor"');
    const extra = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, {
      misc: { corDeFundo: '#000000' },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.message).toContain('corDeFundo');
    const unknown = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, { cor: 'azul' });
    expect(unknown.json().error.message).toBe('O campo "cor" não existe na configuração de white-label.');
    const idConfig = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, { idConfig: 'outro' });
    expect(idConfig.statusCode).toBe(400);
    expect(idConfig.json().error.message).toContain('O idConfig não pode ser alterado');
    const domain = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, admin, {
      dominios: ['localhost', 'verde.localhost'],
    });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().error.message).toBe(
      'O domínio "verde.localhost" já pertence à configuração "verde".',
    );
    expect((await byIdConfig('demo')).json()[0].tema).toBe('azul');
  });

  it('is for platform staff only', async () => {
    const asVendedor = await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, vendedor, { title: 'Invadido' });
    expect(asVendedor.statusCode).toBe(403);
    expect(asVendedor.json().error.message).toBe('Somente a equipe da plataforma pode realizar esta ação.');
    expect(
      (await call('PUT', `/api/ConfigWhiteLabels/${demoId}`, undefined, { title: 'Invadido' })).statusCode,
    ).toBe(401);
    const demo = await login(server.app, 'demo@erp.local');
    expect((await call('DELETE', `/api/ConfigWhiteLabels/${demoId}`, demo)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/api/ConfigWhiteLabels', vendedor, {
          idConfig: 'x',
          title: 'X',
          dominios: ['x.com'],
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('POST and DELETE /api/ConfigWhiteLabels', () => {
  it('refuses a duplicate idConfig with 409', async () => {
    const response = await call('POST', '/api/ConfigWhiteLabels', admin, {
      idConfig: 'demo',
      title: 'Outra',
      dominios: ['outra.localhost'],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Já existe uma configuração com este idConfig.');
    const missing = await call('POST', '/api/ConfigWhiteLabels', admin, {
      idConfig: 'semtitulo',
      dominios: ['a.com'],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('title');
  });

  it('creates a configuration with defaults and its trial plan, then deletes it', async () => {
    const created = await call('POST', '/api/ConfigWhiteLabels', admin, {
      idConfig: 'laranja',
      title: 'Laranja ERP',
      tema: 'laranja',
      dominios: ['laranja.localhost'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const config = created.json();
    expect(config).toMatchObject({
      idConfig: 'laranja',
      tema: 'laranja',
      cadastroAtivo: true,
      imagens: { logo: '' },
    });
    expect(config.misc.textoDestaqueCadastro).toBe('GRATUITAMENTE');
    const plano = await server.db.withSystem((tx) =>
      tx.maybeOne<{ dias_trial: number }>(
        'SELECT dias_trial FROM plano WHERE config_white_label_id = $1 AND id_externo = $2',
        [config.id, 'trial'],
      ),
    );
    expect(plano?.dias_trial).toBe(15);
    const page = await server.app.inject({
      method: 'GET',
      url: '/ambientes.json',
      headers: { host: 'laranja.localhost' },
    });
    expect(page.json()).toContainEqual({
      dominio: 'laranja.localhost',
      nome: 'Laranja ERP',
      api_endpoint: '',
    });

    expect((await call('DELETE', `/api/ConfigWhiteLabels/${config.id}`, admin)).json()).toEqual({ count: 1 });
    expect((await call('GET', `/api/ConfigWhiteLabels/${config.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a configuration in use or shipped in tenants/', async () => {
    const shipped = await call('DELETE', `/api/ConfigWhiteLabels/${demoId}`, admin);
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().error.message).toContain('tenants/demo');
    const created = (
      await call('POST', '/api/ConfigWhiteLabels', admin, {
        idConfig: 'usada',
        title: 'Usada',
        dominios: ['usada.localhost'],
      })
    ).json();
    await server.db.withSystem((tx) =>
      tx.query(`INSERT INTO empresa (config_white_label_id, nome) VALUES ($1, 'Cliente da Usada')`, [
        created.id,
      ]),
    );
    const inUse = await call('DELETE', `/api/ConfigWhiteLabels/${created.id}`, admin);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().error.message).toBe('Não é possível excluir: 1 empresa usa esta configuração.');
  });
});

describe('logo upload and tenant assets', () => {
  it('stores an uploaded logo, serves it back and lets a new address replace it', async () => {
    const created = (
      await call('POST', '/api/ConfigWhiteLabels', admin, {
        idConfig: 'comlogo',
        title: 'Com Logo',
        dominios: ['logo.localhost'],
      })
    ).json();
    expect((await call('GET', `/api/ConfigWhiteLabels/${created.id}/logo`)).statusCode).toBe(404);
    const upload = await call('POST', `/api/ConfigWhiteLabels/${created.id}/upload`, admin, PNG, 'image/png');
    expect(upload.statusCode, upload.body).toBe(200);
    const url = upload.json().imagens.logo as string;
    expect(url).toMatch(new RegExp(`^/api/ConfigWhiteLabels/${created.id}/logo\\?v=[0-9a-f]{12}$`));
    const logo = await call('GET', url);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.equals(PNG)).toBe(true);
    expect((await call('GET', `/api/ConfigWhiteLabels/${created.id}`)).json().imagens.logo).toBe(url);

    const replaced = await call('PUT', `/api/ConfigWhiteLabels/${created.id}`, admin, {
      imagens: { logo: 'https://cdn.example/logo.png' },
    });
    expect(replaced.json().imagens.logo).toBe('https://cdn.example/logo.png');
    expect((await call('GET', `/api/ConfigWhiteLabels/${created.id}/logo`)).statusCode).toBe(404);
  });

  it('refuses oversize, mistyped and unauthorised uploads', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1 - PNG.length)]);
    const tooBig = await call('POST', `/api/ConfigWhiteLabels/${demoId}/upload`, admin, big, 'image/png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(
      'A imagem excede o tamanho máximo de 1 MiB. Reduza o arquivo e envie novamente.',
    );
    const fake = await call(
      'POST',
      `/api/ConfigWhiteLabels/${demoId}/upload`,
      admin,
      Buffer.from('not a png'),
      'image/png',
    );
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error.message).toBe('O arquivo enviado não é uma imagem PNG válida.');
    const gif = await call(
      'POST',
      `/api/ConfigWhiteLabels/${demoId}/upload`,
      admin,
      Buffer.from('GIF89a'),
      'image/gif',
    );
    expect(gif.statusCode).toBe(415);
    expect(gif.json().error.message).toContain('PNG, JPEG, SVG ou WebP');
    expect(
      (await call('POST', `/api/ConfigWhiteLabels/${demoId}/upload`, vendedor, PNG, 'image/png')).statusCode,
    ).toBe(403);
    const svgLogo = await call('GET', `/api/ConfigWhiteLabels/${demoId}/logo`);
    expect(svgLogo.headers['content-type']).toBe('image/svg+xml');
  });

  it('serves tenant assets with their content types', async () => {
    const svg = await call('GET', '/tenants/demo/assets/logo.svg');
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('<svg');
    const terms = await call('GET', '/tenants/verde/assets/termos-de-uso.html');
    expect(terms.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(terms.headers['content-security-policy']).toContain('sandbox');
    expect((await call('GET', '/tenants/demo/assets/nao-existe.png')).statusCode).toBe(404);
    expect((await call('GET', '/tenants/nao-existe/assets/logo.svg')).statusCode).toBe(404);
  });

  it('never serves a file outside the assets folder', async () => {
    for (const url of [
      '/tenants/demo/assets/..%2F..%2Fpackage.json',
      '/tenants/demo/assets/../../../package.json',
      '/tenants/demo/assets/%2e%2e/tenant.json',
      '/tenants/demo/assets/..%5C..%5Cpackage.json',
      '/tenants/..%2F..%2Fruntime/assets/server%2Fapp.ts',
      '/tenants/demo/assets/%2Fetc%2Fpasswd',
    ]) {
      const response = await call('GET', url);
      expect([400, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('erp-whitelabel-runtime');
      expect(response.body).not.toContain('idConfig');
    }
  });
});
