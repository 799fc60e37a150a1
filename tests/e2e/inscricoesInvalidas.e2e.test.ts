import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Exportações › Inscrições estaduais inválidas (a declared lookup): the pessoas whose stored IE fails its
 * UF, searchable, each name a link to the form where it is fixed; once fixed, it leaves the list.
 */
vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
const ids: Record<string, number> = {};
beforeAll(async () => {
  harness = await startBrowserHarness();
  await harness.server.db.withSystem(async (tx) => {
    const { e } = await tx.one<{ e: number }>(
      `SELECT empresa_id::int AS e FROM usuario WHERE email = 'demo@erp.local'`,
    );
    const pessoa = async (tipo: number, nome: string, ie: string, uf: string) =>
      (
        await tx.one<{ id: number }>(
          `INSERT INTO pessoa (empresa_id, tipo_pessoa, nome, inscricao_estadual, uf)
           VALUES ($1, $2, $3, $4, $5) RETURNING id::int AS id`,
          [e, tipo, nome, ie, uf],
        )
      ).id;
    ids.cliente = await pessoa(0, 'Mercearia Dígito Errado', '110042490115', 'SP');
    ids.fornecedor = await pessoa(1, 'Atacado Paraná Antigo', '0123456789', 'PR');
    ids.certo = await pessoa(0, 'Cliente Com IE Certa', '110042490114', 'SP');
  });
});
afterAll(async () => harness?.close());

const ROTA = 'pages/fiscais/inscricoes-invalidas';
const expectAccessible = (page: Page) =>
  expect.poll(async () => seriousViolations(await runAxe(page)), { timeout: 5_000 }).toEqual([]);

describe('Inscrições estaduais inválidas', () => {
  it('lists the invalid IEs with the reason, searches them and links each to its cadastro', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(ROTA));
    const screen = page.locator(`[data-screen="page"][data-kind="lookup"][data-route="${ROTA}"]`);
    await screen.getByRole('heading', { level: 1, name: 'Inscrições estaduais inválidas' }).waitFor();
    const table = screen.getByRole('table', { name: 'Pessoas com inscrição estadual inválida' });
    const row = (nome: string) => table.getByRole('row').filter({ hasText: nome });
    await row('Mercearia Dígito Errado').waitFor();
    expect(await row('Mercearia Dígito Errado').innerText()).toMatch(
      /Mercearia Dígito Errado\s+Cliente\s+SP\s+110042490115\s+inscrição estadual inválida para SP/,
    );
    expect(await row('Atacado Paraná Antigo').getByRole('cell').nth(1).innerText()).toBe('Fornecedor');
    expect(await row('Cliente Com IE Certa').count()).toBe(0);
    const link = row('Atacado Paraná Antigo').getByRole('link', { name: 'Atacado Paraná Antigo' });
    expect(await link.getAttribute('href')).toBe(`#/pages/compras/fornecedores/editar/${ids.fornecedor}`);
    await harness.screenshot(page, 'inscricoes-invalidas');
    await expectAccessible(page);

    await page.getByRole('searchbox', { name: 'Buscar por nome, CPF/CNPJ ou IE' }).fill('mercearia');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('searchbox', { name: 'Buscar por nome, CPF/CNPJ ou IE' }).fill('zzz-ninguem');
    await page.getByText('Nenhuma inscrição inválida encontrada para “zzz-ninguem”.').waitFor();

    // The link opens the cliente's form; fixed there, the pessoa leaves the list.
    await page.getByRole('searchbox', { name: 'Buscar por nome, CPF/CNPJ ou IE' }).fill('');
    await row('Mercearia Dígito Errado').getByRole('link').click();
    await page.waitForURL(`**/#/pages/vendas/clientes/editar/${ids.cliente}`);
    const ie = page.getByLabel('Inscrição estadual', { exact: false }).first();
    await expect.poll(() => ie.inputValue()).toBe('110042490115');
    await harness.server.db.withSystem((tx) =>
      tx.query(`UPDATE pessoa SET inscricao_estadual = '110042490114' WHERE id = $1`, [ids.cliente]),
    );
    await page.goto(harness.url(ROTA));
    await row('Atacado Paraná Antigo').waitFor();
    expect(await row('Mercearia Dígito Errado').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
