import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../runtime/core/formatDate.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 120_000 });

let harness: BrowserHarness;
let vendedorId: number;
beforeAll(async () => {
  harness = await startBrowserHarness();
  const [row] = await harness.server.db.withSystem((tx) =>
    tx.query<{ id: number }>(`SELECT id FROM usuario WHERE email = 'vendedor@erp.local'`),
  );
  vendedorId = row?.id ?? 0;
});
afterAll(async () => harness?.close());

/** POST through the API as another user would (the administrator or platform staff). */
async function post(email: string, url: string, payload: object) {
  const token = await apiLogin(harness.server.app, email);
  const response = await harness.server.app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', authorization: token },
    payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/**
 * Logs in and resolves once the page's websocket is authenticated, so that an event sent after this
 * is guaranteed to reach the page.
 */
async function loginLive(page: Page, email: string) {
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"authenticated"')) resolve();
      });
    });
  });
  await harness.login(page, email);
  await authenticated;
}

/** Waits for the popover's fade-in to end so a screenshot shows it as a person sees it. */
const settled = (page: Page) =>
  expect
    .poll(() => page.locator('.MuiPopover-paper').evaluate((node) => getComputedStyle(node).opacity))
    .toBe('1');

const bell = (page: Page) => page.getByRole('button', { name: /^Notificações/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notificações' });

describe('alerts bell', () => {
  it('tells a user without alerts that there is nothing yet', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'contador@erp.local');
    await bell(page).click();
    await panel(page).getByText('Sem notificações por enquanto.').waitFor();
    await settled(page);
    await harness.screenshot(page, 'alerts-empty');
    expect(errors).toEqual([]);
  });

  it('shows an alert sent through the API without a reload, with its date, and follows its link', async () => {
    const { page, errors } = await harness.newPage();
    await loginLive(page, 'vendedor@erp.local');
    const texto = 'Novo cliente cadastrado pela loja virtual.';
    await post('demo@erp.local', '/api/Alertas', {
      usuarioId: vendedorId,
      tipo: 'success',
      texto,
      link: 'pages/vendas/clientes',
    });
    await page.getByRole('button', { name: 'Notificações (1 não lidas)' }).waitFor();
    const badge = page.locator('.MuiBadge-badge');
    await expect.poll(() => badge.evaluate((node) => node.getBoundingClientRect().width)).toBeGreaterThan(15);
    await harness.screenshot(page, 'alerts-badge');
    await bell(page).click();
    const item = panel(page).getByRole('listitem', { name: texto });
    await item.getByText(formatDate(new Date())).waitFor();
    expect(await item.getByRole('button', { name: 'Fechar' }).count()).toBe(1);
    await settled(page);
    await harness.screenshot(page, 'alerts-live');
    await item.getByRole('button', { name: 'Ver detalhes' }).click();
    await page.waitForURL(/#\/pages\/vendas\/clientes$/);
    expect(await panel(page).count()).toBe(0);
    // Opening the list marked it read: the badge is gone.
    await page.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes an alert, offers no delete for a fixed one, and refetches after a general alert', async () => {
    const { page, errors } = await harness.newPage();
    await loginLive(page, 'vendedor@erp.local');
    await post('demo@erp.local', '/api/Alertas', {
      usuarioId: vendedorId,
      tipo: 'warning',
      texto: 'Aviso fixo da administração.',
      permiteExcluir: false,
    });
    await page.getByRole('button', { name: /não lidas/ }).waitFor();
    await bell(page).click();
    const fixed = panel(page).getByRole('listitem', { name: 'Aviso fixo da administração.' });
    await fixed.waitFor();
    expect(await fixed.getByRole('button', { name: 'Excluir notificação' }).count()).toBe(0);
    expect(await fixed.getByRole('button', { name: 'Ver detalhes' }).count()).toBe(0);

    const removable = panel(page).getByRole('listitem', {
      name: 'Novo cliente cadastrado pela loja virtual.',
    });
    await removable.getByRole('button', { name: 'Excluir notificação' }).click();
    await removable.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await panel(page).waitFor({ state: 'detached' });

    await post('admin@erp.local', '/api/Alertas/geral', {
      tipo: 'info',
      texto: 'Manutenção no domingo às 22h.',
    });
    await page.getByRole('button', { name: /não lidas/ }).waitFor();
    await bell(page).click();
    await panel(page).getByRole('listitem', { name: 'Manutenção no domingo às 22h.' }).waitFor();
    expect(await panel(page).getByRole('listitem').count()).toBe(2);
    await settled(page);
    await harness.screenshot(page, 'alerts-list');
    expect(errors).toEqual([]);
  });
});
