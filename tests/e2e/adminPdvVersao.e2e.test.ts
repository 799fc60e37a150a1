import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('Administrador › Versões do PDV', () => {
  it('publishes, edits and deletes a version', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/pdv-versao'));
    await page.getByRole('heading', { level: 1, name: 'Versões do PDV', exact: true }).waitFor();
    await page.getByText('Nenhuma versão publicada.').waitFor();

    await page.getByRole('button', { name: 'Nova versão' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova versão' });
    await dialog.getByRole('textbox', { name: 'Versão', exact: true }).fill('2.4');
    await dialog
      .getByRole('textbox', { name: 'Endereço de download' })
      .fill('http://downloads.exemplo.com.br/pdv.exe');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.getByText('Use o formato semver, ex.: 2.4.1 ou 3.0.0-beta.1').waitFor();
    await dialog.getByText('Informe um endereço https', { exact: false }).waitFor();
    await harness.screenshot(page, 'admin-pdv-versao-erros');
    await dialog.getByRole('textbox', { name: 'Versão', exact: true }).fill('2.4.1');
    await dialog
      .getByRole('textbox', { name: 'Endereço de download' })
      .fill('https://downloads.exemplo.com.br/pdv.exe');
    await dialog.getByRole('textbox', { name: 'Notas da versão' }).fill('Pix no caixa.');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Versão 2.4.1 salva.').waitFor();
    const table = page.getByRole('table', { name: 'Versões do PDV' });
    await table.getByText('Pix no caixa.').waitFor();

    await page.getByRole('button', { name: 'Editar versão 2.4.1' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar versão 2.4.1' });
    await edit.getByRole('switch', { name: 'Atualização obrigatória' }).check();
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await table.getByText('Obrigatória').waitFor();
    await page.reload();
    await table.getByText('Obrigatória').waitFor();
    await harness.screenshot(page, 'admin-pdv-versao');

    await page.getByRole('button', { name: 'Excluir versão 2.4.1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
    await page.getByText('Nenhuma versão publicada.').waitFor();
    expect(errors).toEqual([]);
  });
});
