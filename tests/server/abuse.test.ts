import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AbuseWorld, prepareAbuseWorld } from '../support/abuse/abuseWorld.ts';
import { loadOpenApi, type OpenApiDocument } from '../support/abuse/openapiOperations.ts';
import { type AbuseResult, describeFailures, runAbuse, sampleVariants } from '../support/abuse/runAbuse.ts';
import { SECRET_EXCLUSIONS } from '../support/abuse/secretExclusions.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Our own abuse suite (issue 12), bounded: for every operation of generated/openapi.json, as anonymous, a
 * company user, a user of another company and one of another white-label, the well-formed request aimed
 * at another tenant's record plus a deterministic sample of malformed variants. `npm run fuzz` sends all
 * of them. No answer may be a 5xx, carry a row of another company or white-label, or carry a secret.
 */
const VARIANTS_PER_OPERATION = 3;
let server: TestServer;
let openapi: OpenApiDocument;
let world: AbuseWorld;
let result: AbuseResult;
const ownViews: Array<{ marker: string; body: string }> = [];

beforeAll(async () => {
  server = await createTestServer();
  openapi = loadOpenApi();
  world = await prepareAbuseWorld(server, openapi);
  // Before the sweep (the own-records pass overwrites the company's own rows).
  for (const actor of world.actors.filter((candidate) => candidate.token)) {
    const response = await server.app.inject({
      method: 'GET',
      url: '/api/Clientes',
      headers: { host: actor.host, authorization: actor.token as string },
    });
    ownViews.push({ marker: actor.marker as string, body: response.body });
  }
  result = await runAbuse({
    app: server.app,
    openapi,
    world,
    pick: sampleVariants(VARIANTS_PER_OPERATION),
    secretExclusions: SECRET_EXCLUSIONS,
  });
}, 240_000);
afterAll(async () => server?.close());

describe('abuse suite (sample of npm run fuzz)', () => {
  it('plants markers each owner sees, so a leak would be found', async () => {
    expect(ownViews.length).toBe(3);
    for (const { marker, body } of ownViews) expect(body).toContain(marker);
    const stored = await server.db.withSystem((tx) =>
      tx.query<{ csc_token: string }>('SELECT csc_token FROM configuracao_nfe'),
    );
    const csc = world.secrets.filter((secret) => secret.what.includes('CSC')).map((secret) => secret.value);
    expect(stored.map((row) => row.csc_token).sort()).toEqual(csc.sort());
  });

  it('reaches every operation of generated/openapi.json as every actor', () => {
    expect(result.operations).toBe(openapi.operations.length);
    expect(result.requests).toBeGreaterThan(openapi.operations.length * world.actors.length * 2);
  });

  it('answers no 5xx', () => {
    expect(describeFailures(result.serverErrors)).toBe('');
  });

  it("never answers another company's or white-label's rows", () => {
    expect(describeFailures(result.leaks)).toBe('');
  });

  it('answers every error in the LoopBack envelope with its status, a code and a message', () => {
    expect(describeFailures(result.badEnvelopes)).toBe('');
  });

  it('never answers a planted secret', () => {
    expect(describeFailures(result.secretLeaks)).toBe('');
  });
});
