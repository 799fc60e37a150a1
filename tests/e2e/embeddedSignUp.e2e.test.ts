import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../runtime/core/constants.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

/** Merges `patch` into the demo white-label's settings (as the administrator's screen would) and reloads them. */
async function patchDemo(patch: Record<string, unknown>) {
  await harness.server.db.withSystem((tx) =>
    tx.query(`UPDATE config_white_label SET patch = patch || $1::jsonb WHERE slug = 'demo'`, [
      JSON.stringify(patch),
    ]),
  );
  await harness.server.tenants.reload();
}

/**
 * A parent site on its own loopback port (a real server: Chromium's local-network checks keep pages
 * without an address from framing localhost) whose page frames the demo white-label's embedded sign-up.
 */
async function parentSite(): Promise<{ origin: string; close(): Promise<void> }> {
  const site = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>Parceiro</title><iframe id="erp" width="600" height="900" src="http://localhost:${harness.port}/cadastrar#/cadastrar"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}

describe('embedded sign-up under the CSP', () => {
  it("lets only an allowed origin frame the app's document, with no CSP error", async () => {
    const partner = await parentSite();
    const intruder = await parentSite();
    try {
      await patchDemo({ cadastroOrigensPermitidas: [partner.origin] });
      const cspErrors = (errors: string[]) =>
        errors.filter((error) => /Content Security Policy|frame-ancestors|Refused to/i.test(error));
      const appFrame = (page: import('playwright-core').Page) =>
        page.frames().find((frame) => frame !== page.mainFrame());

      // The allowed partner gets the app's document in its frame, with no CSP complaint. (Whether the app
      // then runs depends on the browser granting the third-party frame its storage: see the report.)
      const allowed = await harness.newPage();
      await allowed.page.goto(`${partner.origin}/`);
      await expect
        .poll(() => appFrame(allowed.page)?.url() ?? '')
        .toContain(`localhost:${harness.port}/cadastrar`);
      await appFrame(allowed.page)?.locator('#root').waitFor({ state: 'attached' });
      expect(cspErrors(allowed.errors)).toEqual([]);

      // Any other site is refused by frame-ancestors: the frame never holds the app's document.
      const refused = await harness.newPage();
      await refused.page.goto(`${intruder.origin}/`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const blocked = appFrame(refused.page);
      expect(blocked ? await blocked.locator('#root').count() : 0).toBe(0);
    } finally {
      await patchDemo({ cadastroOrigensPermitidas: [] });
      await partner.close();
      await intruder.close();
    }
  });

  it('shows the sign-up page message when the white-label turned sign-up off', async () => {
    await patchDemo({ cadastroAtivo: false });
    try {
      const { page, errors } = await harness.newPage();
      await page.goto(harness.url('auth/cadastrar'));
      await page.getByText(MESSAGES.signUp.disabled).waitFor();
      expect(await page.getByRole('button', { name: 'Confirmar' }).count()).toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await patchDemo({ cadastroAtivo: true });
    }
  });
});
