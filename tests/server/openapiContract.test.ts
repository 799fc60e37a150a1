import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import { createClient } from '@hey-api/openapi-ts';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * generated/openapi.json as tools nobody here wrote read it: the official OpenAPI 3.0 schema
 * (swagger-parser), redocly's recommended rules, and a second generator (hey-api) whose client must
 * typecheck and work against the real API: log in, send the token, read a white-label file.
 */
const FILE = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

type Operation = { operationId?: string; security?: Array<Record<string, string[]>> };
type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

/** What the generated client is used for, typechecked with it and then run against the server. */
const SMOKE = `import { client } from './client.gen';
import { ping, tenantAssets, usuariosGetUserInfo, usuariosLogin } from './sdk.gen';

export async function smoke(baseUrl: string, email: string, password: string) {
  client.setConfig({ baseUrl });
  const anonymous = await usuariosGetUserInfo();
  const login = await usuariosLogin({ body: { email, password } });
  const token: string | undefined = login.data?.id;
  client.setConfig({ auth: () => token });
  const me = await usuariosGetUserInfo();
  const status: 'ok' | undefined = (await ping()).data?.status;
  const logo = await tenantAssets({ path: { slug: 'demo', path: 'logo.svg' }, parseAs: 'text' });
  // The wildcard's slashes travel as %2F and come back as slashes: no way out of the assets folder.
  const outside = await tenantAssets({ path: { slug: 'demo', path: '../../package.json' }, parseAs: 'text' });
  return {
    anonymous: anonymous.response.status,
    login: login.response.status,
    me: me.response.status,
    email: me.data?.email,
    authorization: me.request.headers.get('authorization'),
    ping: status,
    logo: logo.response.status,
    logoUrl: new URL(logo.request.url).pathname,
    outside: outside.response.status,
    outsideUrl: new URL(outside.request.url).pathname,
    pingAuthorization: (await ping()).request.headers.get('authorization'),
  };
}
`;

let text: string;
let document: Document;
let clientDir: string;
let server: TestServer;

beforeAll(async () => {
  text = await readFile(FILE, 'utf8');
  document = JSON.parse(text) as Document;
  clientDir = await mkdtemp(join(tmpdir(), 'erp-openapi-client-'));
  await createClient({
    input: JSON.parse(text),
    output: { path: clientDir },
    plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
    logs: { level: 'silent' },
  });
  await writeFile(join(clientDir, 'smoke.ts'), SMOKE);
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
  if (clientDir) await rm(clientDir, { recursive: true, force: true });
});

describe('generated/openapi.json for other tools', () => {
  it('is valid against the official OpenAPI 3.0 schema (swagger-parser)', async () => {
    const errors = await SwaggerParser.validate(structuredClone(document) as never).then(
      () => '',
      (error: Error) => error.message,
    );
    expect(errors).toBe('');
    expect(document).toMatchObject({ openapi: '3.0.3' });
  });

  it("has no error under redocly's recommended rules", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: FILE, config });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors.slice(0, 20)).toEqual([]);
  });

  it('declares security on every operation, naming only declared schemes', () => {
    const schemes = Object.keys(document.components.securitySchemes);
    const missing: string[] = [];
    const unknown: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.includes(method)) continue;
        if (!Array.isArray(operation.security)) missing.push(`${method} ${path}`);
        for (const requirement of operation.security ?? [])
          for (const name of Object.keys(requirement))
            if (!schemes.includes(name)) unknown.push(`${method} ${path}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(unknown).toEqual([]);
  });

  it('generates a client with hey-api that typechecks with no error', async () => {
    const files = (await readdir(clientDir, { recursive: true }))
      .filter((file) => file.endsWith('.ts'))
      .map((file) => join(clientDir, file));
    expect(files.map((file) => file.slice(clientDir.length + 1))).toEqual(
      expect.arrayContaining(['sdk.gen.ts', 'types.gen.ts', 'client.gen.ts', 'smoke.ts']),
    );
    const program = ts.createProgram(files, {
      noEmit: true,
      strict: true,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnostics.slice(0, 20)).toEqual([]);
  }, 120_000);

  it('works against the API: the token goes where the contract says, public calls send none', async () => {
    const baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { smoke } = (await import(join(clientDir, 'smoke.ts'))) as {
      smoke: (baseUrl: string, email: string, password: string) => Promise<Record<string, unknown>>;
    };
    expect(await smoke(baseUrl, 'demo@erp.local', 'demo1234')).toEqual({
      anonymous: 401,
      login: 200,
      me: 200,
      email: 'demo@erp.local',
      authorization: expect.stringMatching(/^[\w-]{20,}$/),
      ping: 'ok',
      logo: 200,
      logoUrl: '/tenants/demo/assets/logo.svg',
      outside: 404,
      outsideUrl: '/tenants/demo/assets/..%2F..%2Fpackage.json',
      pingAuthorization: null,
    });
  });
});
