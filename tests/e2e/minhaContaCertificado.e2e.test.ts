import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCertificado } from '../support/generateCertificado.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Minha conta, a declared tool: the signed-in user's card and the change of one's own password; and the
 * removal of the branch's A1 certificate on Certificado digital (a declared upload with a status card).
 */
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const ROUTE = 'pages/configuracoes/usuarios/editarminhaconta';

describe('Minha conta', () => {
  it('shows who is signed in and changes the password, refusing what does not check', async () => {
    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(ROUTE));
    const screen = page.locator(`[data-screen="page"][data-kind="tool"][data-route="${ROUTE}"]`);
    await screen.getByRole('heading', { name: 'Minha conta', level: 1 }).waitFor();
    await screen.getByText('demo@erp.local').first().waitFor();
    await expect.poll(async () => seriousViolations(await runAxe(page)), { timeout: 5_000 }).toEqual([]);

    const alterar = screen.getByRole('button', { name: 'Alterar senha' });
    const problem = async (text: string) => {
      await screen.getByRole('alert').filter({ hasText: text }).waitFor();
      expect(await screen.getByRole('alert').count()).toBe(1);
    };
    await alterar.click();
    await problem('Informe a senha atual.');
    await screen.getByLabel('Senha atual', { exact: true }).fill('demo1234');
    await screen.getByLabel('Nova senha', { exact: true }).fill('abc');
    await alterar.click();
    await problem('A nova senha deve ter no mínimo 6 caracteres.');
    await screen.getByLabel('Nova senha', { exact: true }).fill('nova-senha-1');
    await screen.getByLabel('Confirme a nova senha').fill('nova-senha-2');
    await alterar.click();
    await problem('A confirmação não confere com a nova senha.');
    await harness.screenshot(page, 'minha-conta-confirmacao');

    // The server's refusal of a wrong current password comes back in the action error dialog.
    await screen.getByLabel('Senha atual', { exact: true }).fill('errada123');
    await screen.getByLabel('Confirme a nova senha').fill('nova-senha-1');
    await alterar.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('A senha atual não confere.', { exact: false }).waitFor();
    await dialog.getByRole('button').first().click();

    await screen.getByLabel('Senha atual', { exact: true }).fill('demo1234');
    await alterar.click();
    await page.getByText('Senha alterada com sucesso!').waitFor();
    await expect.poll(() => screen.getByLabel('Senha atual', { exact: true }).inputValue()).toBe('');
    expect(await screen.getByLabel('Nova senha', { exact: true }).inputValue()).toBe('');
    await harness.screenshot(page, 'minha-conta');

    const login = (senha: string) =>
      harness.server.app.inject({
        method: 'POST',
        url: '/api/Usuarios/login',
        headers: { host: 'localhost' },
        payload: { email: 'demo@erp.local', password: senha },
      });
    expect((await login('nova-senha-1')).statusCode).toBe(200);
    expect((await login('demo1234')).statusCode).not.toBe(200);
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  }, 120_000);
});

describe('Certificado digital', () => {
  it('removes the installed certificate after the confirmation, and the screen says there is none', async () => {
    const token = await apiLogin(harness.server.app, 'demo@erp.local', 'nova-senha-1');
    const sent = await harness.server.app.inject({
      method: 'POST',
      url: '/api/CertificadosDigitais',
      headers: { host: 'localhost', authorization: token },
      payload: {
        arquivo: generateCertificado({ senha: 'segredo123', days: 5 }).toString('base64'),
        senha: 'segredo123',
        nomeArquivo: 'antigo.pfx',
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const { page, errors } = await harness.newPage();
    page.setDefaultTimeout(20_000);
    await harness.login(page, 'demo@erp.local', { password: 'nova-senha-1' });
    await page.goto(harness.url('pages/fiscais/certificado-digital'));
    const card = page.getByRole('region', { name: 'Certificado instalado' });
    await card.getByText('antigo.pfx').waitFor();
    expect(await card.locator('[data-severity]').getAttribute('data-severity')).toBe('warning');
    await card.getByText('O certificado está perto de vencer', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Substituir certificado' }).waitFor();
    await harness.screenshot(page, 'certificado-vencendo-remover');
    await expect.poll(async () => seriousViolations(await runAxe(page)), { timeout: 5_000 }).toEqual([]);

    // A file that is no .pfx/.p12, or too large for an A1 certificate, is refused before any request.
    const refused = async (name: string, bytes: number, message: string) => {
      await page.getByLabel('Arquivo do certificado').setInputFiles({
        name,
        mimeType: 'application/octet-stream',
        buffer: Buffer.alloc(bytes, 1),
      });
      const dialog = page.getByRole('dialog');
      await dialog.getByText(message).waitFor();
      await dialog.getByRole('button').first().click();
      await dialog.waitFor({ state: 'hidden' });
    };
    await refused('nota.xml', 100, 'Selecione o arquivo do certificado A1, com extensão .pfx ou .p12.');
    await refused('grande.P12', 70_000, 'O arquivo é grande demais para um certificado A1 (máximo 64 KiB).');
    expect(await page.getByText('nota.xml').count()).toBe(0);

    await card.getByRole('button', { name: 'Remover certificado' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click();
    await page.getByText('Certificado digital removido.').waitFor();
    await page.getByText('Nenhum certificado digital enviado para esta filial.', { exact: false }).waitFor();
    await page.getByRole('heading', { name: 'Enviar certificado' }).waitFor();
    expect(await card.count()).toBe(0);
    const stored = await harness.server.app.inject({
      method: 'GET',
      url: '/api/CertificadosDigitais',
      headers: { host: 'localhost', authorization: token },
    });
    expect(stored.json()).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
