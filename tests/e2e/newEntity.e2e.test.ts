import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { CHROMIUM } from './support/browserHarness.ts';

/**
 * "A new entity is a schema folder": in a copy of the project, add one entity folder, one menu entry and
 * its permission key — no code — then run `npm run generate` and start the product as `npm start` does
 * (on a fresh database). The entity gets its table, its API, its typed client, a grid and a form.
 */
const run = promisify(execFile);
const port = 57000 + (process.pid % 2000);
const base = `http://127.0.0.1:${port}`;
let copy: string;
let child: ChildProcess | undefined;
let browser: Browser | undefined;
let databaseName: string | undefined;
let output = '';

const entity = {
  $schema: '../../_meta/entity.schema.json',
  name: 'ferramenta',
  resource: 'Ferramentas',
  label: 'Ferramenta',
  labelPlural: 'Ferramentas',
  gender: 'f',
  scope: 'filial',
  permission: 'ESTOQUE_FERRAMENTAS',
  route: 'pages/estoque/ferramentas',
  display: 'descricao',
  description: 'Tools lent to employees (test entity added by tests/e2e/newEntity.e2e.test.ts).',
  fields: {
    descricao: { type: 'string', label: 'Descrição', required: true, maxLength: 80, search: true },
    patrimonio: { type: 'string', label: 'Nº de patrimônio', maxLength: 20 },
    valor: { type: 'money', label: 'Valor de compra' },
    emprestada: { type: 'boolean', label: 'Emprestada', default: false },
  },
  indexes: { patrimonioUnico: { fields: ['patrimonio'], unique: true } },
};
const grid = {
  $schema: '../../_meta/grid.schema.json',
  entity: 'ferramenta',
  title: 'Ferramentas',
  defaultOrder: 'descricao ASC',
  columns: {
    descricao: { flex: 2, sortable: true, filter: true },
    patrimonio: { width: 160 },
    valor: { format: 'money', width: 150 },
    emprestada: { format: 'boolean', width: 120 },
  },
  searchFields: ['descricao', 'patrimonio'],
  actions: { criar: true, editar: true, copiar: true, excluir: true },
  empty: {
    passos: ['Clique em Novo para cadastrar uma ferramenta.'],
    informacoes: ['As ferramentas são de cada filial.'],
  },
};
const form = {
  $schema: '../../_meta/form.schema.json',
  entity: 'ferramenta',
  title: 'Ferramenta',
  sections: {
    dados: {
      title: 'Dados da ferramenta',
      columns: 2,
      fields: { descricao: { colSpan: 2 }, patrimonio: {}, valor: {}, emprestada: {} },
    },
  },
};

interface KeysFile {
  keys: Record<string, unknown>;
}
interface MenuFile {
  items: { estoque: { children: Record<string, unknown> } };
}

async function editJson<T>(path: string, edit: (json: T) => void) {
  const json = JSON.parse(await readFile(path, 'utf8'));
  edit(json);
  await writeFile(path, `${JSON.stringify(json, null, 2)}\n`);
}

/** A copy of the project (sources, schemas, tenants; node_modules linked) with the new entity added. */
async function prepareCopy() {
  copy = await mkdtemp(join(tmpdir(), 'erp-new-entity-'));
  for (const name of [
    'package.json',
    'tsconfig.json',
    'vite.config.ts',
    'schemas',
    'tenants',
    'runtime',
    'scripts',
    'generated',
  ]) {
    await cp(join(REPO_ROOT, name), join(copy, name), { recursive: true });
  }
  await symlink(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const folder = join(copy, 'schemas/entities/ferramenta');
  await mkdir(folder);
  await writeFile(join(folder, 'ferramenta.entity.json'), JSON.stringify(entity, null, 2));
  await writeFile(join(folder, 'ferramenta.grid.json'), JSON.stringify(grid, null, 2));
  await writeFile(join(folder, 'ferramenta.form.json'), JSON.stringify(form, null, 2));
  await editJson<KeysFile>(join(copy, 'schemas/permissions/keys.json'), (keys) => {
    keys.keys.ESTOQUE_FERRAMENTAS = {
      label: 'Ferramentas',
      module: 'estoque',
      routes: ['pages/estoque/ferramentas'],
    };
  });
  await editJson<MenuFile>(join(copy, 'schemas/menus/main.menu.json'), (menu) => {
    menu.items.estoque.children.ferramentas = {
      title: 'Ferramentas',
      link: '/pages/estoque/ferramentas',
      icon: 'handyman',
      data: { key: 'ESTOQUE_FERRAMENTAS' },
    };
  });
}

/** `npm start` in the copy, on a fresh database of the test PostgreSQL server. */
async function startCopy(): Promise<void> {
  const serverUrl = inject('pgServerUrl');
  databaseName = `novo_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  await admin.end();
  child = spawn(process.execPath, ['--import', 'tsx', 'runtime/server/main.ts'], {
    cwd: copy,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(copy, 'data'),
      DATABASE_URL: serverUrl.replace(/\/postgres$/, `/${databaseName}`),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  for (let waited = 0; waited < 150_000; waited += 250) {
    if (child.exitCode !== null) throw new Error(`app exited early:\n${output}`);
    const ok = await fetch(`${base}/ping/json`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`app did not start:\n${output}`);
}

beforeAll(async () => {
  await prepareCopy();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child?.once('exit', resolve));
  }
  if (databaseName) {
    const admin = new pg.Client({ connectionString: inject('pgServerUrl') });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
  if (copy) await rm(copy, { recursive: true, force: true });
});

describe('a new entity added as one schema folder plus a menu entry', () => {
  it('gets a typed client from npm run generate', async () => {
    await run('npm', ['run', 'generate'], { cwd: copy });
    const types = await readFile(join(copy, 'generated/api.d.ts'), 'utf8');
    expect(types).toContain('"/api/Ferramentas": {');
    expect(types).toContain('"/api/Ferramentas/{id}": {');
    // The project's own generated/ is untouched: only `npm run generate` in a project writes it.
    expect(await readFile(join(REPO_ROOT, 'generated/api.d.ts'), 'utf8')).not.toContain('/api/Ferramentas');

    // The typed client knows the resource's fields, their types and which are required.
    await writeFile(
      join(copy, 'runtime/probe.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from '../generated/api.d.ts';
const api = createClient<paths>({ baseUrl: 'http://localhost' });
export async function probe(): Promise<string | null | undefined> {
  const { data } = await api.GET('/api/Ferramentas', { params: { query: {} } });
  await api.POST('/api/Ferramentas', { body: { descricao: 'Furadeira', valor: 10 } });
  // @ts-expect-error: descricao is a string
  await api.POST('/api/Ferramentas', { body: { descricao: 123 } });
  // @ts-expect-error: descricao is required
  await api.POST('/api/Ferramentas', { body: { patrimonio: 'PAT-1' } });
  return data?.[0]?.descricao;
}
`,
    );
    const tsc = join(REPO_ROOT, 'node_modules/typescript/bin/tsc');
    const args = [tsc, '--noEmit', '--strict', '--module', 'NodeNext', '--moduleResolution', 'NodeNext'];
    args.push('--target', 'ES2022', '--lib', 'ES2023,DOM', '--skipLibCheck', '--allowImportingTsExtensions');
    args.push('runtime/probe.ts');
    const result = await run(process.execPath, args, { cwd: copy }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    );
    expect(result).toBe('');
  }, 120_000);

  it('gets its table, API, grid and form after a start of the product', async () => {
    await startCopy();
    const login = await fetch(`${base}/api/Usuarios/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@erp.local', password: 'demo1234' }),
    }).then((response) => response.json());
    const headers = { authorization: login.id as string, 'content-type': 'application/json' };

    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 }, locale: 'pt-BR' });
    await context.addInitScript(() => window.localStorage.setItem('demoNOVIDADES', '1'));
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${base}/#/auth/login`);
    await page.getByLabel('E-mail').fill('demo@erp.local');
    await page.getByLabel('Senha', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL(/#\/pages\//);

    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Estoque').click();
    await menu.getByRole('link', { name: 'Ferramentas' }).click();
    await page.waitForURL(/#\/pages\/estoque\/ferramentas$/);
    await page.locator('[data-screen="list"] .ag-root-wrapper').waitFor();
    await page.getByText('Clique em Novo para cadastrar uma ferramenta.').waitFor();

    await page.getByRole('link', { name: 'Novo' }).click();
    const formView = page.locator('[data-screen="form"] form');
    await formView.getByLabel('Descrição').fill('Furadeira de impacto');
    await formView.getByLabel('Nº de patrimônio').fill('PAT-0001');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/estoque\/ferramentas$/);
    await page
      .locator('[role="gridcell"][col-id="descricao"]', { hasText: 'Furadeira de impacto' })
      .waitFor();
    await page.screenshot({ path: join(REPO_ROOT, 'test-results/screenshots/new-entity-list.png') });
    expect(errors).toEqual([]);

    const rows = await fetch(`${base}/api/Ferramentas`, { headers }).then((response) => response.json());
    expect(rows).toMatchObject([
      { descricao: 'Furadeira de impacto', patrimonio: 'PAT-0001', emprestada: false },
    ]);
    // The unique index of the entity file is in the table: the same patrimônio again is a 409.
    const duplicate = await fetch(`${base}/api/Ferramentas`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ descricao: 'Outra', patrimonio: 'PAT-0001' }),
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).error.message).toMatch(/^Registro duplicado/);
  }, 240_000);
});
