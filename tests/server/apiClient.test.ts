import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';
import { createApiClient } from '../../runtime/web/api/createApiClient.ts';

describe('typed API client (openapi-fetch over generated/)', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let baseUrl: string;
  const seenHeaders: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    app = await buildApp();
    app.addHook('onRequest', async (request) => {
      seenHeaders.push({ ...request.headers });
    });
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app.close());

  it('calls /ping/json over real HTTP with the sistema header and the token', async () => {
    const client = createApiClient({ baseUrl, getToken: () => 'token-abc' });
    const { data, error } = await client.GET('/ping/json');
    expect(error).toBeUndefined();
    expect(data?.status).toBe('ok');
    expect(seenHeaders.at(-1)).toMatchObject({ sistema: 'novoerp', authorization: 'token-abc' });
  });
});
