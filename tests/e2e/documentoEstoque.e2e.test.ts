import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { harnessApi } from './support/documentPage.ts';

/** A stock document's lifecycle in the generic form: status chip, transition buttons, read-only once posted. */
let harness: BrowserHarness;
let token: string;
type Body = Record<string, unknown>;

const api = harnessApi(
  () => harness,
  () => token,
);

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
});
afterAll(async () => harness?.close());

describe('stock document form', () => {
  it('shows the state, posts with Efetivar (confirmed), becomes read-only, and Estornar restores the balance', async () => {
    const loja = (await api('POST', '/api/Depositos', { descricao: 'Loja' })) as Body;
    const produto = (await api('POST', '/api/Produtos', { descricao: 'Café torrado 500 g' })) as Body;
    const doc = (await api('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-10T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Compra sem nota',
      itens: [{ numeroItem: 1, produtoId: produto.id, quantidade: 10, custoUnitario: 12.5 }],
    })) as Body;
    const { page, errors } = await harness.newPage({ width: 1440, height: 900 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(`pages/estoque/acerto-estoque/editar/${doc.id}`));
    await page.getByLabel('Situação: Rascunho').waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Salvar' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Efetivar' }).click();
    await page.getByText('Efetivar o lançamento? O estoque será movimentado').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Efetivar' }).click();
    await page.getByText('Situação alterada para Efetivado.').waitFor();
    await page.getByLabel('Situação: Efetivado').waitFor();
    expect(await page.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Efetivar' }).count()).toBe(0);
    const saldos = (await api(
      'GET',
      `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id } }))}`,
    )) as Body[];
    expect(saldos[0]).toMatchObject({ fisico: 10, custoMedio: 12.5, valor: 125 });
    const lancamentos = page.getByRole('table', { name: 'Lançamentos' });
    await lancamentos.getByRole('cell', { name: 'Café torrado 500 g' }).waitFor();
    expect(await lancamentos.getByRole('row').count()).toBe(2);
    expect(await lancamentos.getByRole('cell', { name: 'R$ 125,00' }).count()).toBe(1);
    await page.getByRole('tab', { name: 'Histórico' }).click();
    const historico = page.getByRole('table', { name: 'Histórico' });
    await historico.getByRole('cell', { name: 'Rascunho → Efetivado' }).waitFor();
    expect(await historico.getByRole('cell', { name: 'Ana Demonstração' }).count()).toBe(2);
    await harness.screenshot(page, 'documento-estoque-efetivado');
    await page.getByRole('tab', { name: 'Lançamentos' }).click();

    await page.getByRole('button', { name: 'Estornar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Estornar' }).click();
    await page.getByLabel('Situação: Estornado').waitFor();
    const depois = (await api(
      'GET',
      `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id } }))}`,
    )) as Body[];
    expect(depois[0]).toMatchObject({ fisico: 0, valor: 0 });
    await expect.poll(() => lancamentos.getByRole('cell', { name: 'Estorno' }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 180_000);
});
