import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { login as apiLogin } from '../support/testServer.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { harnessApi } from './support/documentPage.ts';

vi.setConfig({ testTimeout: 180_000 });

/** Configurações › LGPD (a declared tool): the report of a data subject, then its anonymisation. */
let harness: BrowserHarness;
let token: string;
let pessoa: number;
const api = harnessApi(
  () => harness,
  () => token,
);

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  pessoa = (
    await api('POST', '/api/Pessoas', {
      tipoPessoa: 0,
      nome: 'Joana Titular Prado',
      cpfCnpj: '111.444.777-35',
      email: 'joana.prado@exemplo.com.br',
      telefone: '11987654321',
    })
  ).id as number;
});
afterAll(async () => harness?.close());

describe('Configurações › LGPD', () => {
  it('reports what the company holds about a person and anonymises it after confirming', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/configuracoes/lgpd'));
    await page.getByRole('heading', { level: 1, name: 'LGPD: dados pessoais' }).waitFor();
    const gerar = page.getByRole('button', { name: 'Gerar relatório' });
    expect(await gerar.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Anonimizar' }).count()).toBe(0);

    // Enter in the search runs the report.
    const termo = page.getByRole('textbox', { name: 'CPF, CNPJ, e-mail ou nome do titular' });
    await termo.fill('joana.prado@exemplo.com.br');
    await termo.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: /^Solicitação nº \d+ registrada em .+: 1 registro\(s\) encontrado\(s\)\.$/ })
      .waitFor();
    await page.getByRole('heading', { level: 2, name: `Pessoa nº ${pessoa}` }).waitFor();
    const dados = page.getByRole('table', { name: `Pessoa ${pessoa}` });
    await dados.getByRole('cell', { name: 'joana.prado@exemplo.com.br' }).waitFor();
    await page.getByText('Nenhum compartilhamento destes dados com terceiros.').waitFor();
    expect(await gerar.isDisabled()).toBe(false);
    await harness.screenshot(page, 'lgpd-relatorio');

    await page.getByRole('button', { name: 'Anonimizar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('Anonimizar 1 registro(s) deste titular? Esta ação não pode ser desfeita.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Anonimizar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Anonimizado', { exact: true }).waitFor();
    // Nothing is left to anonymise: the button is gone.
    await page.getByRole('heading', { level: 2, name: `Pessoa nº ${pessoa}` }).waitFor();
    expect(await page.getByRole('button', { name: 'Anonimizar' }).count()).toBe(0);
    const [row] = await harness.server.db.withSystem((tx) =>
      tx.query<{ nome: string | null; email: string | null }>(
        'SELECT nome, email FROM pessoa WHERE id = $1',
        [pessoa],
      ),
    );
    expect(row).toBeDefined();
    expect([row?.nome, row?.email]).not.toContain('joana.prado@exemplo.com.br');
    expect(row?.nome).not.toBe('Joana Titular Prado');
    await harness.screenshot(page, 'lgpd-anonimizado');
    expect(errors).toEqual([]);
  });
});
