import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

/** Fiscais › Tributações estaduais: the ST/DIFAL fields the tax engine reads are typed and saved. */
describe('Tributação estadual form', () => {
  it('saves alíquota interna do destino, FCP and redução da base ST', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/fiscais/tributacoes-estaduais/cadastrar'));
    await page.getByLabel('Descrição').fill('Bebidas com ST');
    await page.getByRole('combobox', { name: 'UF' }).click();
    await page.getByRole('option', { name: 'Bahia' }).click();
    await page.getByRole('tab', { name: 'ICMS ST e DIFAL' }).click();
    await page.getByLabel('Alíquota interna da UF de destino').fill('20,5');
    await page.getByLabel('Alíquota do FCP').fill('2');
    await page.getByLabel('Redução da base do ICMS ST').fill('10');
    await harness.screenshot(page, 'tributacao-estadual-st-difal');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Registro salvo com sucesso.').waitFor();
    const token = await apiLogin(harness.server.app, 'demo@erp.local');
    const response = await harness.server.app.inject({
      method: 'GET',
      url: `/api/TributacoesEstaduais?filter=${encodeURIComponent(JSON.stringify({ where: { descricao: 'Bebidas com ST' } }))}`,
      headers: { authorization: token },
    });
    expect(response.json()).toMatchObject([
      { uf: 'BA', aliquotaInternaDestino: 20.5, aliquotaFcp: 2, reducaoBaseSt: 10 },
    ]);
    expect(errors).toEqual([]);
  }, 120_000);
});
