import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Configurações › Usuários: the generic list and form over the hand-written /api/Usuarios (an unmanaged
 * entity file), with a write-only password and a multiple relation (filiais).
 */
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

async function findUser(token: string, email: string) {
  const filter = encodeURIComponent(JSON.stringify({ where: { email } }));
  const response = await harness.server.app.inject({
    method: 'GET',
    url: `/api/Usuarios?filter=${filter}`,
    headers: { host: 'localhost', authorization: token },
  });
  expect(response.statusCode).toBe(200);
  return response.json()[0] as { id: number; nome: string; perfilId: number; filiais: number[] } | undefined;
}

describe('users screen', () => {
  it('creates a user with a profile, two branches and a password, then edits it keeping the password', async () => {
    const token = await login(harness.server.app, 'demo@erp.local');
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/usuarios'));
    await page.locator('[role="gridcell"][col-id="email"]', { hasText: 'vendedor@erp.local' }).waitFor();
    await page.getByRole('link', { name: 'Novo' }).click();

    const form = page.locator('[data-screen="form"] form');
    await form.getByLabel('Nome').fill('Bruno Balconista');
    await form.getByLabel('E-mail').fill('bruno@erp.local');
    await form.getByLabel('Senha').fill('balcao123');
    await form.getByLabel('Perfil de acesso').click();
    await page.getByRole('option', { name: 'Vendas' }).click();
    await form.getByLabel('Filiais').click();
    await page.getByRole('option', { name: 'Empresa Demonstração Ltda', exact: true }).click();
    await page.getByRole('option', { name: 'Empresa Demonstração Ltda — Centro' }).click();
    await page.keyboard.press('Escape');
    await harness.screenshot(page, 'usuarios-form');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/configuracoes\/usuarios$/);
    await page.locator('[role="gridcell"][col-id="nome"]', { hasText: 'Bruno Balconista' }).waitFor();

    const created = await findUser(token, 'bruno@erp.local');
    expect(created).toMatchObject({ nome: 'Bruno Balconista', perfilId: 2 });
    expect([...(created?.filiais ?? [])].sort()).toEqual([1, 2]);
    expect(await login(harness.server.app, 'bruno@erp.local', 'balcao123')).toMatch(/\S{20,}/);

    // Editing with the password left blank keeps it (the field is write-only: never read back).
    await page.goto(harness.url(`pages/configuracoes/usuarios/editar/${created?.id}`));
    await form.getByLabel('Nome').fill('Bruno Balconista Jr.');
    expect(await form.getByLabel('Senha').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/#\/pages\/configuracoes\/usuarios$/);
    await page.locator('[role="gridcell"][col-id="nome"]', { hasText: 'Bruno Balconista Jr.' }).waitFor();
    expect((await findUser(token, 'bruno@erp.local'))?.nome).toBe('Bruno Balconista Jr.');
    expect(await login(harness.server.app, 'bruno@erp.local', 'balcao123')).toMatch(/\S{20,}/);

    // A repeated e-mail is refused by the server with its message; nothing is lost on the form.
    await page.getByRole('link', { name: 'Novo' }).click();
    await form.getByLabel('Nome').fill('Outro Bruno');
    await form.getByLabel('E-mail').fill('bruno@erp.local');
    await form.getByLabel('Senha').fill('balcao123');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page
      .getByText(/Já existe/)
      .first()
      .waitFor();
    await harness.screenshot(page, 'usuarios-duplicado');
    expect(await form.getByLabel('Nome').inputValue()).toBe('Outro Bruno');
    expect(errors.filter((error) => !/status of 409/.test(error))).toEqual([]);
  }, 120_000);
});
