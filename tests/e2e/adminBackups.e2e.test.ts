import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  // As under npm start: the embedded PostgreSQL, no DATABASE_URL in the server's configuration.
  harness = await startBrowserHarness({ config: { databaseUrl: undefined } });
});
afterAll(async () => harness?.close());

describe('Administrador › Backups', () => {
  it('shows platform staff the backup health and what is wrong', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/backups'));
    await page.getByRole('heading', { level: 1, name: 'Backups', exact: true }).waitFor();
    await page
      .getByRole('alert')
      .getByText('Nenhum backup base foi feito ainda: rode npm run backup.')
      .waitFor();
    const base = page.getByRole('table', { name: 'Backup base' });
    await base.getByRole('row', { name: /Último\s+nenhum/ }).waitFor();
    await page.getByRole('table', { name: 'Arquivamento do WAL' }).getByText('Falhas').waitFor();
    await harness.screenshot(page, 'admin-backups');
    expect(errors).toEqual([]);
  });

  it('is not for a company administrator', async () => {
    const { page } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('administrador/configuracoes/backups'));
    // The administrator area sends whoever is not staff or master back to the dashboard.
    await page.waitForURL(/#\/pages\/dashboard$/);
    expect(await page.getByRole('heading', { level: 1, name: 'Backups', exact: true }).count()).toBe(0);
  });
});
