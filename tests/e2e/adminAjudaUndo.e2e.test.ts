import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('Administrador › Ajuda (declared tool): undo and nothing to save', () => {
  it('says there is nothing to save, puts the loaded values back and sends no request', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/api/ConfigWhiteLabels/'))
        puts.push(request.url());
    });
    await page.goto(harness.url('administrador/configuracoes/ajuda'));
    await page.getByRole('heading', { level: 1, name: 'Ajuda', exact: true }).waitFor();
    const undo = page.getByRole('button', { name: 'Desfazer alterações' });
    await page.getByRole('button', { name: 'Adicionar link' }).waitFor();
    expect(await undo.isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Nenhuma alteração para salvar.').waitFor();

    await page.getByRole('button', { name: 'Adicionar link' }).click();
    await page
      .getByRole('group', { name: 'Link 1' })
      .getByRole('textbox', { name: 'Título' })
      .fill('Rascunho');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('Ajuda@Exemplo.com.br');
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('ajuda@exemplo.com.br');
    // After a save attempt the values are checked as they change: the new link still lacks its address.
    const link = page.getByRole('group', { name: 'Link 1' });
    await link.getByText('Campo Obrigatório!').waitFor();
    expect(await link.getByText('Campo Obrigatório!').count()).toBe(1);
    expect(await undo.isDisabled()).toBe(false);
    expect(seriousViolations(await runAxe(page))).toEqual([]);

    await undo.click();
    await page.getByText('Nenhum link cadastrado.', { exact: false }).waitFor();
    expect(await page.getByText('Campo Obrigatório!').count()).toBe(0);
    expect(await page.getByRole('group', { name: 'Link 1' }).count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('');
    expect(await undo.isDisabled()).toBe(true);
    expect(puts).toEqual([]);
    expect(errors).toEqual([]);
  });
});
