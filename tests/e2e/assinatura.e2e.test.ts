import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Assinatura › Módulos adicionais and Área do cliente for the active demo company. */
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('subscription screens', () => {
  it('contracts an add-on module and shows it with the monthly total in the customer area', async () => {
    const token = await login(harness.server.app, 'demo@erp.local');
    const before = (
      await harness.server.app.inject({
        method: 'GET',
        url: '/api/Usuarios/assinatura',
        headers: { host: 'localhost', authorization: token },
      })
    ).json();
    expect(before).toMatchObject({ situacao: 'ativo', modulosContratados: [] });

    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/assinatura/modulos'));
    const card = page.getByRole('article', { name: 'Notas de serviço (NFS-e)' });
    await card.getByText('R$ 39,90 /mês').waitFor();
    await card.getByLabel('Contratado').check();
    await page.getByText('Total mensal dos módulos:').getByText('R$ 39,90').waitFor();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Módulos adicionais atualizados com sucesso!').waitFor();
    await harness.screenshot(page, 'assinatura-modulos');
    const after = (
      await harness.server.app.inject({
        method: 'GET',
        url: '/api/Usuarios/assinatura',
        headers: { host: 'localhost', authorization: token },
      })
    ).json();
    expect(after.modulosContratados).toEqual(['nfse']);

    await page.goto(harness.url('pages/assinatura/area-cliente'));
    await page.getByRole('heading', { name: 'Área do cliente', level: 1 }).waitFor();
    await page.getByText('Notas de serviço (NFS-e)').waitFor();
    const plano = (
      await harness.server.app.inject({
        method: 'GET',
        url: `/api/Planos/${after.planoId}`,
        headers: { host: 'localhost', authorization: token },
      })
    ).json();
    const total = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(
      plano.valor + 39.9,
    );
    await page
      .getByText(total.replace(/\u00a0/g, ' '))
      .or(page.getByText(total))
      .first()
      .waitFor();
    await harness.screenshot(page, 'assinatura-area-cliente');
    expect(errors).toEqual([]);
  }, 90_000);
});
