import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

async function openAjuda(page: Page) {
  await page.goto(harness.url('administrador/configuracoes/ajuda'));
  try {
    await page.getByRole('heading', { level: 1, name: 'Ajuda', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Adicionar link' }).waitFor();
  } catch (error) {
    await harness.screenshot(page, 'admin-ajuda-failed');
    throw error;
  }
}

const link = (page: Page, n: number) => page.getByRole('group', { name: `Link ${n}` });

describe('Administrador › Ajuda', () => {
  it('edits the help links and the support contact, persisted after a reload', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await openAjuda(page);
    await page.getByText('Nenhum link cadastrado.', { exact: false }).waitFor();
    await harness.screenshot(page, 'admin-ajuda-vazio');

    // Browser-side rules come from the tenant-settings meta-schema: title required, https only.
    await page.getByRole('button', { name: 'Adicionar link' }).click();
    await link(page, 1).getByRole('textbox', { name: 'Endereço (URL)' }).fill('http://ajuda.exemplo.com.br');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await link(page, 1).getByText('Campo Obrigatório!').waitFor();
    await link(page, 1).getByText('Deve ser um endereço https, ex.: https://ajuda.exemplo.com.br').waitFor();
    await harness.screenshot(page, 'admin-ajuda-erros');

    await link(page, 1).getByRole('textbox', { name: 'Título' }).fill('Primeiros passos');
    await link(page, 1)
      .getByRole('textbox', { name: 'Endereço (URL)' })
      .fill('https://ajuda.exemplo.com.br/inicio');
    await link(page, 1).getByRole('textbox', { name: 'Descrição (opcional)' }).fill('Cadastre a empresa');
    await page.getByRole('button', { name: 'Adicionar link' }).click();
    await link(page, 2).getByRole('textbox', { name: 'Título' }).fill('Emitir NF-e');
    await link(page, 2)
      .getByRole('textbox', { name: 'Endereço (URL)' })
      .fill('https://ajuda.exemplo.com.br/nfe');
    // The second link goes first.
    await link(page, 2).getByRole('button', { name: 'Mover para cima' }).click();
    expect(await link(page, 1).getByRole('textbox', { name: 'Título' }).inputValue()).toBe('Emitir NF-e');

    await page.getByRole('textbox', { name: 'E-mail' }).fill('Suporte@Exemplo.com.br');
    const whatsapp = page.getByRole('textbox', { name: 'WhatsApp' });
    await whatsapp.pressSequentially('11987654321');
    expect(await whatsapp.inputValue()).toBe('(11) 9 8765-4321');
    const telefone = page.getByRole('textbox', { name: 'Telefone' });
    await telefone.pressSequentially('113333');
    await page.getByRole('textbox', { name: 'Horário de atendimento' }).fill('Segunda a sexta, 8h às 18h');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Deve ter 10 ou 11 dígitos com o DDD').waitFor();
    await telefone.press('End');
    await telefone.pressSequentially('4444');
    expect(await telefone.inputValue()).toBe('(11) 3333-4444');
    await harness.screenshot(page, 'admin-ajuda-preenchido');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Ajuda do white-label salva.').waitFor();

    const [row] = await harness.server.db.withSystem((tx) =>
      tx.query<{ patch: { ajuda?: unknown } }>(
        `SELECT patch FROM config_white_label WHERE id_config = 'demo'`,
      ),
    );
    expect(row?.patch.ajuda).toEqual({
      links: [
        { titulo: 'Emitir NF-e', url: 'https://ajuda.exemplo.com.br/nfe', descricao: '' },
        {
          titulo: 'Primeiros passos',
          url: 'https://ajuda.exemplo.com.br/inicio',
          descricao: 'Cadastre a empresa',
        },
      ],
      contato: {
        email: 'suporte@exemplo.com.br',
        telefone: '1133334444',
        whatsapp: '11987654321',
        horarioAtendimento: 'Segunda a sexta, 8h às 18h',
      },
    });

    await page.reload();
    await openAjuda(page);
    await link(page, 2).waitFor();
    expect(await link(page, 1).getByRole('textbox', { name: 'Título' }).inputValue()).toBe('Emitir NF-e');
    expect(await link(page, 2).getByRole('textbox', { name: 'Descrição (opcional)' }).inputValue()).toBe(
      'Cadastre a empresa',
    );
    expect(await page.getByRole('textbox', { name: 'Telefone' }).inputValue()).toBe('(11) 3333-4444');
    expect(await page.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('suporte@exemplo.com.br');

    // Removing a link and saving again replaces the list.
    await link(page, 1).getByRole('button', { name: 'Remover link' }).click();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Ajuda do white-label salva.').waitFor();
    await page.reload();
    await openAjuda(page);
    await link(page, 1).waitFor();
    expect(await link(page, 2).count()).toBe(0);
    expect(await link(page, 1).getByRole('textbox', { name: 'Título' }).inputValue()).toBe(
      'Primeiros passos',
    );
    await harness.screenshot(page, 'admin-ajuda-salvo');

    // Narrow screens stack the fields.
    await page.setViewportSize({ width: 390, height: 844 });
    await harness.screenshot(page, 'admin-ajuda-celular');
    expect(errors).toEqual([]);
  });

  it('places the server messages of a refused save under their fields', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await openAjuda(page);
    await page.route('**/api/ConfigWhiteLabels/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({
              error: {
                statusCode: 400,
                name: 'BadRequestError',
                code: 'CONFIGURACAO_INVALIDA',
                message: 'Configuração inválida: campo "ajuda.contato.horarioAtendimento" não é aceito.',
                details: {
                  fields: [{ campo: 'ajuda.contato.horarioAtendimento', mensagem: 'não é aceito' }],
                },
              },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('textbox', { name: 'Horário de atendimento' }).fill('Sempre');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Não foi possível salvar.' }).waitFor();
    await page.getByText('Não é aceito', { exact: true }).waitFor();
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });
});
