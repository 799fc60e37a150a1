import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Issue 22: an IE with a wrong check digit is refused on the cliente form, on its field, in pt-BR. */
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('IE on the cliente form', () => {
  it('shows the UF rule on the field and saves once the IE is right', { timeout: 120_000 }, async () => {
    const { page } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/vendas/clientes/cadastrar'));
    await page.getByRole('heading', { name: 'Cliente — Novo' }).waitFor();
    await page.getByLabel('Nome / Razão social').fill('Mercearia Dígito Ltda');
    const ie = page.getByLabel('Inscrição estadual');
    await ie.fill('110.042.490.115');
    await page.getByRole('tab', { name: 'Endereço' }).click();
    await page.getByRole('combobox', { name: 'UF' }).click();
    await page.getByRole('option', { name: 'São Paulo' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('inscrição estadual inválida para SP (confira os dígitos)').first().waitFor();
    await harness.screenshot(page, 'inscricao-estadual-invalida');

    await page.getByRole('tab', { name: 'Dados principais' }).click();
    await ie.fill('110.042.490.114');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    const token = await apiLogin(harness.server.app, 'demo@erp.local');
    const response = await harness.server.app.inject({
      method: 'GET',
      url: `/api/Clientes?filter=${encodeURIComponent(JSON.stringify({ where: { nome: 'Mercearia Dígito Ltda' } }))}`,
      headers: { authorization: token },
    });
    expect(response.json()).toEqual([
      expect.objectContaining({ inscricaoEstadual: '110042490114', uf: 'SP' }),
    ]);
  });
});
