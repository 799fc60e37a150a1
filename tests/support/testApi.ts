import { expect } from 'vitest';
import type { TestServer } from './testServer.ts';

type Body = Record<string, unknown>;

/**
 * The request helpers of a server test, bound lazily to its server and token (set in beforeAll):
 * `api` injects a request as the user, `ok` expects 200 and returns the JSON, `fails` expects a status
 * and returns the pt-BR error, `system` queries as the system role (every empresa).
 */
export function testApi(current: () => { server: TestServer; token: string }) {
  const api = (method: string, url: string, payload?: unknown) => {
    const { server, token } = current();
    return server.app.inject({
      method: method as 'GET',
      url,
      headers: { host: 'localhost', authorization: token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  const ok = async (method: string, url: string, payload?: unknown) => {
    const response = await api(method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Body;
  };
  const fails = async (method: string, url: string, payload: unknown, status: number) => {
    const response = await api(method, url, payload);
    expect(response.statusCode, response.body).toBe(status);
    return response.json().error as { message: string; code: string };
  };
  const system = <T>(sql: string, params: unknown[] = []) =>
    current().server.db.withSystem((tx) => tx.query<T & Record<string, unknown>>(sql, params));
  return { api, ok, fails, system };
}
