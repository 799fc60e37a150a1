import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REPO_ROOT } from '../../runtime/server/schemas/readSchemaFiles.ts';
import { type ReportDefinition, reportRoute } from '../../runtime/web/views/report/reportDefinitions.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
let definitions: ReportDefinition[];

beforeAll(async () => {
  const dir = join(REPO_ROOT, 'schemas', 'reports');
  const files = (await readdir(dir)).filter((file) => file.endsWith('.report.json'));
  definitions = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(join(dir, file), 'utf8')) as ReportDefinition),
  );
  harness = await startBrowserHarness({ jobs: {} });
});
afterAll(async () => harness?.close());

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ofMenu = (menu: string) => definitions.filter((definition) => definition.menu === menu);

/** Fills every required filter (and at least one) with a value its kind accepts. */
async function fillFilters(page: Page, definition: ReportDefinition): Promise<string[]> {
  const entries = Object.entries(definition.filters ?? {});
  const chosen = entries.filter(([, filter]) => filter.required);
  // A select exercises more of the form than a text box: prefer an enumeration.
  const optional =
    entries.find(
      ([, filter]) => !filter.required && (filter.type ?? (filter.enum ? 'enum' : '')) === 'enum',
    ) ?? entries.find(([, filter]) => !filter.required);
  if (optional && chosen.length === 0) chosen.push(optional);
  const form = page.locator('[data-screen="page"] form');
  for (const [, filter] of chosen) {
    const type = filter.type ?? (filter.enum ? 'enum' : 'string');
    const field = form.getByLabel(new RegExp(`^${escapeRegExp(filter.label)}( \\*)?$`));
    if (type === 'date') await field.fill(filter.op.startsWith('l') ? '2099-12-31' : '2000-01-01');
    else if (type === 'enum' || type === 'boolean') {
      await field.click();
      await page.getByRole('option').filter({ hasNotText: 'Não informado' }).first().click();
      if (filter.op === 'inq') await page.keyboard.press('Escape');
    } else if (type === 'integer' || type === 'number') await field.fill('0');
    else await field.fill('a');
  }
  return chosen.map(([, filter]) => filter.label);
}

describe('report menus', () => {
  it('every report menu opens its page with a card per report of the menu', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    const headings = {
      estoque: 'Relatórios de Estoque',
      vendas: 'Relatórios de Vendas',
      financeiro: 'Relatórios Financeiros',
      pessoas: 'Relatórios de Pessoas',
    };
    for (const [menu, heading] of Object.entries(headings)) {
      await page.goto(harness.url(`pages/relatorios/${menu}/menu`));
      const screen = page.locator(`[data-screen="page"][data-route="pages/relatorios/${menu}/menu"]`);
      await screen.getByRole('heading', { level: 1, name: heading }).waitFor();
      await expect.poll(() => screen.locator('article').count()).toBe(ofMenu(menu).length);
      for (const definition of ofMenu(menu))
        expect(
          await screen.getByRole('link', { name: `Abrir ${definition.title}` }).getAttribute('href'),
        ).toBe(`#${reportRoute(definition)}`);
    }
    await harness.screenshot(page, 'report-menu-pessoas');
    expect(errors).toEqual([]);
  });

  it('Relatórios › Estoque lists its reports; a report exports XLSX with a filter, downloads and shows Finalizado', async () => {
    const estoque = ofMenu('estoque');
    expect(estoque.length).toBeGreaterThan(0);
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByText('Relatórios', { exact: true }).click();
    await menu.locator('a[href="#/pages/relatorios/estoque/menu"]').click();
    await page.getByRole('heading', { level: 1, name: 'Relatórios de Estoque' }).waitFor();
    const cards = page.locator('[data-screen="page"] article');
    await expect.poll(() => cards.count()).toBe(estoque.length);
    for (const definition of estoque)
      expect(await page.getByRole('heading', { level: 2, name: definition.title, exact: true }).count()).toBe(
        1,
      );
    await harness.screenshot(page, 'report-menu-estoque');

    // The main report of the menu (spec 000 §2.5: pages/relatorios/estoque), else the first one.
    const report =
      estoque.find((definition) => reportRoute(definition) === '/pages/relatorios/estoque') ?? estoque[0];
    if (!report) throw new Error('nenhum relatório de estoque');
    await page.getByRole('link', { name: `Abrir ${report.title}` }).click();
    await page.waitForURL(new RegExp(`#${reportRoute(report)}$`));
    await page.getByRole('heading', { level: 1, name: report.title }).waitFor();
    // The columns the file will hold.
    const columns = page.getByRole('table', { name: 'Colunas do relatório' });
    for (const column of Object.values(report.columns))
      expect(await columns.getByRole('cell', { name: column.label, exact: true }).count()).toBe(1);
    const formats = report.formats ?? ['pdf', 'xlsx'];
    expect(await page.getByRole('button', { name: 'Exportar PDF' }).count()).toBe(
      formats.includes('pdf') ? 1 : 0,
    );

    // A required filter left empty stops the export with the form's message.
    const required = Object.values(report.filters ?? {}).filter((filter) => filter.required);
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/Relatorios/exportar')) posted.push(request.postData() ?? '');
    });
    if (required.length > 0) {
      await page.getByRole('button', { name: 'Exportar XLSX' }).click();
      await page.getByText('Campo Obrigatório!').first().waitFor();
      expect(posted).toEqual([]);
    }
    const filled = await fillFilters(page, report);
    expect(filled.length).toBeGreaterThan(0);
    await harness.screenshot(page, 'report-page-filled');

    const download = page.waitForEvent('download', { timeout: 120_000 });
    await page.getByRole('button', { name: 'Exportar XLSX' }).click();
    await page.getByText(`Gerando ${report.title} XLSX...`).waitFor();
    await page.getByText('Clique aqui para acompanhar o progresso').waitFor();
    await harness.screenshot(page, 'report-export-progress');
    const body = JSON.parse(posted[0] ?? '{}') as { relatorio?: string; formato?: string; filtros?: object };
    expect(body).toMatchObject({ relatorio: report.name, formato: 'xlsx' });
    expect(Object.keys(body.filtros ?? {}).length).toBeGreaterThan(0);

    const file = await download;
    expect(file.suggestedFilename()).toBe(`${report.title}.xlsx`);
    const path = await file.path();
    const bytes = await readFile(path);
    // An XLSX is a zip archive.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    await page.getByText(`${report.title} XLSX gerado com sucesso!`).waitFor();

    await page.getByRole('button', { name: 'Relatórios exportados' }).click();
    const dialog = page.getByRole('dialog', { name: /^Relatórios exportados/ });
    const row = dialog
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: report.title, exact: true }) });
    await row.getByText('Finalizado').waitFor();
    expect(await row.getByRole('cell', { name: 'XLSX' }).count()).toBe(1);
    await harness.screenshot(page, 'report-export-finished');
    expect(errors).toEqual([]);
  });

  it('each menu shows only what the user may see; an unknown report says so', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'vendedor@erp.local');
    // Profile "Vendas": RELATORIOS_VENDAS view only.
    await page.goto(harness.url('pages/relatorios/vendas/menu'));
    await page.getByRole('heading', { level: 1, name: 'Relatórios de Vendas' }).waitFor();
    const cards = page.locator('[data-screen="page"] article');
    const vendas = ofMenu('vendas').filter((definition) => definition.permission === 'RELATORIOS_VENDAS');
    if (vendas.length > 0) await expect.poll(() => cards.count()).toBe(vendas.length);
    else await page.getByText('Nenhum relatório disponível neste menu.').waitFor();
    await harness.screenshot(page, 'report-menu-vendas-vendedor');
    await page.goto(harness.url('pages/relatorios/estoque/menu'));
    await page.getByRole('heading', { name: 'Acesso negado' }).waitFor();

    await page.goto(harness.url('pages/relatorios/relatorio-que-nao-existe'));
    await page.getByRole('heading', { name: 'Relatório não encontrado' }).waitFor();
    expect(errors).toEqual([]);
  });
});
