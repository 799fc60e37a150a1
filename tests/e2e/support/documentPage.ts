import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserHarness } from './browserHarness.ts';

/**
 * The setup calls of a browser test that types documents: `api` injects a request into the harness's
 * server as the file's user (both read when called, as they are set in beforeAll), expects 200 and returns
 * the JSON.
 */
export function harnessApi(harness: () => BrowserHarness, token: () => string) {
  return async (method: string, url: string, payload?: unknown) => {
    const response = await harness().server.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: token() },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
}

/** A records URL with a LoopBack `filter` query. */
export const filter = (url: string, value: unknown) =>
  `${url}?filter=${encodeURIComponent(JSON.stringify(value))}`;

/** A cell of a child collection's items table, by its column label and item number. */
export const cell = (page: Page, label: string, item: number) =>
  page.getByRole('group', { name: `${label} do item ${item}` });
