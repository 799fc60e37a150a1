import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * `npm run tenant:export` and `tenant:import` (issue 18) against a real database: the published studio layer
 * written as override files folded with the white-label's own files, then read into another white-label as a
 * dry run, applied, and refused over a newer publication unless forced.
 */
const run = promisify(execFile);
let server: TestServer;
let folder: string;
let verdeId: number;
let demoId: number;
let staff: string;
const FORM = 'schemas/entities/produto/produto.form.json';

const script = (name: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'scripts', name), ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: server.databaseUrl },
  })
    .then((result) => ({ ...result, code: 0 }))
    .catch((error: { stdout: string; stderr: string; code: number }) => error);

const publish = async (id: number, label: string) => {
  const headers = { authorization: staff };
  const url = `/api/ConfigWhiteLabels/${id}/customizacoes`;
  const state = (await server.app.inject({ method: 'GET', url, headers })).json() as { rascunhos: unknown[] };
  expect(state.rascunhos).toEqual([]);
  const saved = await server.app.inject({
    method: 'PUT',
    url: `${url}/rascunhos`,
    headers,
    payload: {
      caminho: FORM,
      patch: { sections: { identificacao: { fields: { descricao: { label } } } } },
      revisao: 0,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await server.app.inject({ method: 'POST', url: `${url}/publicar`, headers, payload: {} });
  expect(published.statusCode, published.body).toBe(200);
};
const labelOf = async (host: string) => {
  await server.tenants.reload();
  const bundle = (
    await server.app.inject({ method: 'GET', url: '/api/Schemas/bundle', headers: { host } })
  ).json();
  return bundle.entities.produto.form.sections.identificacao.fields.descricao?.label as string | undefined;
};

beforeAll(async () => {
  server = await createTestServer();
  folder = await mkdtemp(join(tmpdir(), 'erp-tenant-export-'));
  const rows = await server.db.withSystem((tx) =>
    tx.query<{ id: number; id_config: string }>('SELECT id, id_config FROM config_white_label'),
  );
  verdeId = Number(rows.find((row) => row.id_config === 'verde')?.id);
  demoId = Number(rows.find((row) => row.id_config === 'demo')?.id);
  staff = await login(server.app, 'admin@erp.local');
}, 90_000);
afterAll(async () => {
  await server?.close();
  await rm(folder, { recursive: true, force: true });
});

describe('tenant:export', () => {
  it("writes the published studio layer folded with the white-label's files", async () => {
    await publish(verdeId, 'Nome do produto');
    const result = await script('tenant-export.ts', ['verde', '--para', folder]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/com a versão 1 do estúdio/);
    const form = JSON.parse(
      await readFile(join(folder, 'tenants/verde/overrides/entities/produto/produto.form.json'), 'utf8'),
    );
    expect(form).toEqual({
      $schema: '../../../../../schemas/_meta/tenant-patch.schema.json',
      sections: { identificacao: { fields: { descricao: { label: 'Nome do produto' } } } },
    });
    // The white-label's own files are part of the export (the renamed menu entry of tenants/verde).
    const menu = JSON.parse(
      await readFile(join(folder, 'tenants/verde/overrides/menus/main.menu.json'), 'utf8'),
    );
    const shipped = JSON.parse(
      await readFile(join(REPO_ROOT, 'tenants/verde/overrides/menus/main.menu.json'), 'utf8'),
    );
    expect(menu).toEqual(shipped);
  });
});

describe('tenant:import', () => {
  it('simulates first, applies on request and refuses over a newer publication unless forced', async () => {
    await cp(
      join(folder, 'tenants/verde/overrides/entities'),
      join(folder, 'tenants/demo/overrides/entities'),
      {
        recursive: true,
      },
    );
    const dry = await script('tenant-import.ts', ['demo', '--de', folder]);
    expect(dry.stdout).toMatch(
      /formulário produto: seção identificacao › campo descricao › rótulo: \(padrão\) → "Nome do produto"/,
    );
    expect(dry.stdout).toMatch(/Simulação: nada foi gravado/);
    expect(await labelOf('localhost')).toBeUndefined();

    const applied = await script('tenant-import.ts', ['demo', '--de', folder, '--aplicar']);
    expect(applied.stdout).toMatch(/Publicada a versão 1\./);
    expect(await labelOf('localhost')).toBe('Nome do produto');

    await publish(demoId, 'Mercadoria');
    const refused = await script('tenant-import.ts', ['demo', '--de', folder, '--aplicar']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/A versão 2 foi publicada no estúdio depois destes arquivos/);
    expect(await labelOf('localhost')).toBe('Mercadoria');

    const forced = await script('tenant-import.ts', ['demo', '--de', folder, '--aplicar', '--forcar']);
    expect(forced.stdout).toMatch(/Publicada a versão 3\./);
    expect(await labelOf('localhost')).toBe('Nome do produto');
  });

  it('names an unknown white-label', async () => {
    const result = await script('tenant-import.ts', ['nao-existe']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/White-label "nao-existe" não encontrado/);
  });
});

describe('check:overrides', () => {
  it('lists a published customisation that no longer applies, per white-label, and exits 1', async () => {
    await server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO customizacao_versao (config_white_label_id, versao, patches)
         VALUES ($1, 4, $2::jsonb)`,
        [
          demoId,
          JSON.stringify({ [FORM]: { sections: { identificacao: { fields: { campoRemovido: {} } } } } }),
        ],
      ),
    );
    const result = await script('check-overrides.ts', []);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/arquivos de tenants\/: 0 problema\(s\)/);
    expect(result.stdout).toMatch(
      /demo v4 · schemas\/entities\/produto\/produto\.form\.json .*campoRemovido/,
    );
    expect(result.stdout).toMatch(
      /estúdio: [1-9]\d* personalização\(ões\) publicada\(s\) que não se aplicam mais/,
    );
  });
});
