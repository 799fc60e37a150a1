import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { NEWS_WIZARD_VERSION } from '../../../runtime/core/constants.ts';
import { REPO_ROOT } from '../../../runtime/server/schemas/readSchemaFiles.ts';
import { createTestServer, type TestServer } from '../../support/testServer.ts';

/** Configuration ids of the demo white-labels, whose news-wizard flag newPage() pre-marks. */
const NEWS_CONFIG_IDS = ['demo', 'verde'];

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS = join(REPO_ROOT, 'test-results', 'screenshots');

export interface BrowserHarness {
  server: TestServer;
  browser: Browser;
  port: number;
  /** http://<host>:<port>/ — host "localhost" (demo white-label) or "verde.localhost". */
  url(hashRoute?: string, host?: string): string;
  /** A fresh page (own storage) with console errors collected in `errors`. */
  newPage(options?: {
    width?: number;
    height?: number;
    /** Let the news wizard show (by default it is marked as already seen, so it does not get in the way). */
    showNews?: boolean;
  }): Promise<{ page: Page; context: BrowserContext; errors: string[] }>;
  /** Logs in through the login screen as a person would and waits for the landing route. */
  login(page: Page, email: string, options?: { password?: string; host?: string }): Promise<void>;
  /** Keeps a screenshot under test-results/screenshots (also on failure, by the caller). */
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Real server (fresh database with the demo data, built SPA served at "/") on a free port, and
 * Debian's Chromium driven by playwright-core, for one browser test file.
 */
export async function startBrowserHarness(
  /** More of the test server (e.g. `jobs` to run the report queue); the SPA is always served. */
  serverOptions: Parameters<typeof createTestServer>[0] = {},
): Promise<BrowserHarness> {
  const server = await createTestServer({ ...serverOptions, serveWeb: true });
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const port = Number(new URL(address).port);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  await mkdir(SCREENSHOTS, { recursive: true });
  const url = (hashRoute = 'auth/login', host = 'localhost') =>
    `http://${host}:${port}/#/${hashRoute.replace(/^[#/]+/, '')}`;
  return {
    server,
    browser,
    port,
    url,
    async newPage(options = {}) {
      const context = await browser.newContext({
        viewport: { width: options.width ?? 1366, height: options.height ?? 800 },
        locale: 'pt-BR',
        timezoneId: 'America/Sao_Paulo',
      });
      if (!options.showNews) {
        await context.addInitScript(
          ({ ids, version }) => {
            for (const id of ids) window.localStorage.setItem(`${id}NOVIDADES`, version);
          },
          { ids: NEWS_CONFIG_IDS, version: String(NEWS_WIZARD_VERSION) },
        );
      }
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { page, context, errors };
    },
    async login(page, email, options = {}) {
      await page.goto(url('auth/login', options.host));
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Senha', { exact: true }).fill(options.password ?? 'demo1234');
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page.waitForURL(/#\/(pages|administrador)\//);
    },
    async screenshot(page, name) {
      const path = join(SCREENSHOTS, `${name}.png`);
      await page.screenshot({ path });
      return path;
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}
