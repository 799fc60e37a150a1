import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Administrador › Módulos: the product's modules and plan add-ons of a white-label, read and saved as a form. */
let server: TestServer;
let staff: string;
let id: number;

const call = (token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
  server.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  server = await createTestServer();
  staff = await login(server.app, 'admin@erp.local');
  const [row] = await server.db.withSystem((tx) =>
    tx.query<{ id: number }>(`SELECT id FROM config_white_label WHERE id_config = 'demo'`),
  );
  id = row?.id as number;
}, 60_000);
afterAll(async () => server?.close());

describe('GET/PUT /api/ConfigWhiteLabels/{id}/modulos', () => {
  it('lists every switchable module with its state, switches one and keeps the add-ons chosen', async () => {
    const before = await call(staff, 'GET', `/api/ConfigWhiteLabels/${id}/modulos`);
    expect(before.statusCode, before.body).toBe(200);
    const { modulos, planoModulos } = before.json() as {
      modulos: Array<{ id: string; label: string; ativo: boolean }>;
      planoModulos: Array<{ id: string; visivel: boolean }>;
    };
    expect(modulos.map((modulo) => modulo.id)).not.toContain('administrador');
    expect(modulos.find((modulo) => modulo.id === 'vendas')).toEqual({
      id: 'vendas',
      label: 'Vendas',
      ativo: true,
    });
    expect(planoModulos.length).toBeGreaterThan(0);

    const addon = planoModulos[0] as { id: string };
    const saved = await call(staff, 'PUT', `/api/ConfigWhiteLabels/${id}/modulos`, {
      modulos: [{ id: 'vendas', ativo: false }],
      planoModulos: [{ id: addon.id, visivel: false }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as { modulos: typeof modulos; planoModulos: typeof planoModulos };
    expect(after.modulos.find((modulo) => modulo.id === 'vendas')?.ativo).toBe(false);
    // The others keep their state (all active before): the stored list now names every module.
    expect(after.modulos.filter((modulo) => modulo.id !== 'vendas').every((modulo) => modulo.ativo)).toBe(
      true,
    );
    expect(after.planoModulos.find((modulo) => modulo.id === addon.id)?.visivel).toBe(false);
    const config = (await call(staff, 'GET', `/api/ConfigWhiteLabels/${id}`)).json() as {
      modulos: Array<{ id: string; ativo: boolean }>;
    };
    expect(config.modulos).toContainEqual(expect.objectContaining({ id: 'vendas', ativo: false }));
  });

  it('refuses a company administrator, and a body without the lists, in pt-BR', async () => {
    const demo = await login(server.app, 'demo@erp.local');
    const denied = await call(demo, 'GET', `/api/ConfigWhiteLabels/${id}/modulos`);
    expect(denied.statusCode).toBe(403);
    const bad = await call(staff, 'PUT', `/api/ConfigWhiteLabels/${id}/modulos`, { modulos: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/planoModulos/);
  });
});
