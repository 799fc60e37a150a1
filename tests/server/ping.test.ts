import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../runtime/server/app.ts';

describe('GET /ping/json', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    app = await buildApp();
  });
  afterAll(async () => app.close());

  it('answers ok with the server date', async () => {
    const before = Date.now();
    const response = await app.inject({ method: 'GET', url: '/ping/json' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.status).toBe('ok');
    expect(Date.parse(body.date)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('answers an unknown route with the LoopBack error envelope in pt-BR', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/NaoExiste?x=1' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        statusCode: 404,
        name: 'NotFoundError',
        code: 'ROTA_NAO_ENCONTRADA',
        message: 'Recurso não encontrado: GET /api/NaoExiste',
      },
    });
  });
});
