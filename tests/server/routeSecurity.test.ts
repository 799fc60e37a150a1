import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowsAnonymous, type SecurityRequirements } from '../../runtime/server/plugins/routeSecurity.ts';
import { abuseVariants, variantUrl } from '../support/abuse/abuseVariants.ts';
import { loadOpenApi, type Operation } from '../support/abuse/openapiOperations.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * The `security` each operation of generated/openapi.json declares is what the server does: every
 * operation that requires the token answers 401 AUTHORIZATION_REQUIRED to a well-formed request sent
 * without one (before its body is read or validated), and every operation that allows anonymous callers
 * answers them something else. The lists come from the document, not from this file.
 */
const FILE = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));
const document = JSON.parse(readFileSync(FILE, 'utf8')) as {
  paths: Record<string, Record<string, { security?: SecurityRequirements }>>;
};
const openapi = loadOpenApi(FILE);
const securityOf = (operation: Operation) =>
  document.paths[operation.path]?.[operation.method.toLowerCase()]?.security ?? [{ missing: [] }];
const anonymous = openapi.operations.filter((operation) => allowsAnonymous(securityOf(operation)));
const protectedOperations = openapi.operations.filter((operation) => !allowsAnonymous(securityOf(operation)));

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

/** The well-formed request of an operation (abuse suite samples), sent without a token. */
async function callWithoutToken(operation: Operation, body?: string) {
  const [base] = abuseVariants(operation, openapi.resolve, 1);
  if (!base) throw new Error(`no request for ${operation.id}`);
  const payload = body ?? base.body?.payload;
  const response = await server.app.inject({
    method: operation.method,
    url: variantUrl(operation, base),
    headers: {
      host: 'localhost',
      ...(payload !== undefined ? { 'content-type': base.body?.contentType ?? 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  const code = response.headers['content-type']?.toString().includes('json')
    ? (response.json() as { error?: { code?: string } }).error?.code
    : undefined;
  return `${operation.method} ${operation.path} → ${response.statusCode} ${code ?? ''}`.trim();
}

describe('declared security matches the server', () => {
  it('declares some public and some protected operations', () => {
    expect(anonymous.length).toBeGreaterThan(0);
    expect(protectedOperations.length).toBeGreaterThan(anonymous.length);
    expect(anonymous.length + protectedOperations.length).toBe(openapi.operations.length);
  });

  it('answers 401 without a token on every operation that requires one', async () => {
    const answers = [];
    for (const operation of protectedOperations) answers.push(await callWithoutToken(operation));
    expect(answers.filter((answer) => !answer.endsWith('→ 401 AUTHORIZATION_REQUIRED'))).toEqual([]);
  }, 120_000);

  it('answers 401 before reading the body: malformed input gets no validation message', async () => {
    // Every fourth, in document order: the full list is the sweep above.
    const withBody = protectedOperations
      .filter((operation) => operation.body?.contentType === 'application/json')
      .filter((_, index) => index % 4 === 0);
    expect(withBody.length).toBeGreaterThan(0);
    const answers = [];
    for (const operation of withBody) answers.push(await callWithoutToken(operation, '{"a":'));
    expect(answers.filter((answer) => !answer.endsWith('→ 401 AUTHORIZATION_REQUIRED'))).toEqual([]);
  }, 120_000);

  it('serves every operation that allows anonymous callers without a token', async () => {
    const answers = [];
    for (const operation of anonymous) answers.push(await callWithoutToken(operation));
    expect(answers.filter((answer) => /→ (401 AUTHORIZATION_REQUIRED|5\d\d)/.test(answer))).toEqual([]);
  });

  it('documents the 401 of every operation that requires the token', () => {
    const undocumented = protectedOperations.filter((operation) => {
      const spec = document.paths[operation.path]?.[operation.method.toLowerCase()] as { responses?: object };
      return !Object.hasOwn(spec?.responses ?? {}, '401');
    });
    expect(undocumented.map((operation) => operation.id)).toEqual([]);
  });
});
