import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const ADMIN = 'admin@erp.local';

/** Opens an administrator-area route as platform staff and waits for its h1. */
async function open(page: Page, route: string, heading: string) {
  await page.goto(harness.url(`administrador/configuracoes/${route}`));
  try {
    await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  } catch (error) {
    await harness.screenshot(page, `admin-failed-${route}`);
    throw error;
  }
}

/** Logs in and resolves once the page's websocket is authenticated (events sent later reach it). */
async function loginLive(page: Page, email: string) {
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"authenticated"')) resolve();
      });
    });
  });
  await harness.login(page, email);
  await authenticated;
}

describe('administrator area screens', () => {
  it('edits the white-label: a new title is saved and applied to the app', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await open(page, 'whitelabel', 'White label');
    await page.getByRole('img', { name: 'Logo de ERP Demonstração' }).waitFor();
    const title = page.getByRole('textbox', { name: 'Título' });
    expect(await title.inputValue()).toBe('ERP Demonstração');
    await harness.screenshot(page, 'admin-whitelabel');

    // Client-side rules come from the tenant-settings meta-schema.
    await title.fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Campo Obrigatório!').waitFor();

    await page.getByRole('tab', { name: 'Cadastro' }).click();
    await page.getByRole('textbox', { name: 'Texto em destaque' }).fill('POR 30 DIAS');
    await page.getByRole('tab', { name: 'Aparência' }).click();
    await page.getByRole('region', { name: 'Tema' }).waitFor();
    await harness.screenshot(page, 'admin-whitelabel-aparencia');
    await page.getByRole('tab', { name: 'Geral' }).click();
    await title.fill('ERP Demonstração Plus');
    await page.getByRole('button', { name: 'Salvar' }).click();
    // The save restarts the app so the title, theme and colours apply everywhere.
    // A full page load: give it room when the machine is busy.
    await page.getByText('Configuração do white-label salva.').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.title()).toBe('ERP Demonstração Plus');
    await page.getByRole('link', { name: 'ERP Demonstração Plus: início' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Título' }).inputValue()).toBe('ERP Demonstração Plus');
    const [row] = await harness.server.db.withSystem((tx) =>
      tx.query<{ patch: { title?: string; misc?: { textoDestaqueCadastro?: string } } }>(
        `SELECT patch FROM config_white_label WHERE id_config = 'demo'`,
      ),
    );
    expect(row?.patch.title).toBe('ERP Demonstração Plus');
    expect(row?.patch.misc?.textoDestaqueCadastro).toBe('POR 30 DIAS');
    await harness.screenshot(page, 'admin-whitelabel-salvo');
    expect(errors).toEqual([]);
  });

  it('shows the server validation messages of a refused save under their fields', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await open(page, 'whitelabel', 'White label');
    // A rule only the server knows (the browser form already checks the meta-schema's own rules).
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
                message: 'Configuração inválida: campo "misc.textoAlertaCadastro" não é aceito.',
                details: { fields: [{ campo: 'misc.textoAlertaCadastro', mensagem: 'não é aceito' }] },
              },
            }),
          })
        : route.continue(),
    );
    await page.getByRole('tab', { name: 'Cadastro' }).click();
    await page.getByRole('textbox', { name: 'Texto de alerta' }).fill('Texto recusado');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Não foi possível salvar.' }).waitFor();
    await page.getByText('não é aceito', { exact: true }).waitFor();
    await harness.screenshot(page, 'admin-whitelabel-erro');
    expect(errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it('creates, lists and deletes a plan', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await open(page, 'plano-config', 'Planos');
    await page.getByRole('table', { name: 'Planos' }).getByText('Teste grátis').waitFor();
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo plano' });
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    expect(await dialog.getByText('Campo Obrigatório!').count()).toBe(2);
    await dialog.getByRole('textbox', { name: 'Nome' }).fill('Plano Ouro');
    await dialog.getByRole('textbox', { name: 'Identificador externo' }).fill('ouro');
    await dialog.getByRole('textbox', { name: 'Valor mensal' }).fill('4990');
    expect(await dialog.getByRole('textbox', { name: 'Valor mensal' }).inputValue()).toBe('R$ 49,90');
    await dialog.getByRole('textbox', { name: 'Dias de teste grátis' }).fill('30');
    await dialog.getByRole('checkbox', { name: 'Vendas' }).check();
    await dialog.getByRole('checkbox', { name: 'Estoque' }).check();
    await harness.screenshot(page, 'admin-planos-dialog');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: 'Plano Ouro' });
    await row.getByText('R$ 49,90').waitFor();
    expect(await row.getByText('Vendas').count()).toBe(1);
    await harness.screenshot(page, 'admin-planos');

    await row.getByRole('button', { name: 'Editar plano Plano Ouro' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar plano Plano Ouro' });
    await edit.getByRole('textbox', { name: 'Valor mensal' }).fill('5990');
    const dias = edit.getByLabel('Dias de teste grátis');
    expect(await dias.inputValue()).toBe('30');
    await dias.fill('0');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.getByText('Informe de 1 a 36500 dias, ou deixe em branco.').waitFor();
    // Emptied, the trial period is removed (sent as null), not kept.
    await dias.fill('');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByText('Plano alterado.').waitFor();
    await row.getByText('R$ 59,90').waitFor();
    expect(await row.getByRole('cell', { name: '—', exact: true }).count()).toBe(1);

    await row.getByRole('button', { name: 'Excluir plano Plano Ouro' }).click();
    await page
      .getByRole('dialog', { name: 'Excluir plano' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await page.getByText('Plano excluído.').waitFor();
    await row.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('sends a general notification that reaches the bell of a company user', async () => {
    const demo = await harness.newPage();
    await loginLive(demo.page, 'demo@erp.local');
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await open(page, 'notificacoes', 'Notificações');
    await page.getByText('Nenhuma notificação geral enviada ainda.').waitFor();
    const texto = 'Manutenção programada no sábado às 22h.';
    await page.getByRole('combobox', { name: 'Tipo' }).click();
    await page.getByRole('option', { name: 'Aviso' }).click();
    await page.getByRole('textbox', { name: 'Texto' }).fill(texto);
    await page.getByRole('textbox', { name: 'Link (opcional)' }).fill('pages/dashboard');
    await page.getByRole('button', { name: 'Enviar notificação' }).click();
    await page
      .getByRole('dialog', { name: 'Enviar notificação' })
      .getByRole('button', { name: 'Enviar' })
      .click();
    await page.getByText(/^Notificação enviada a \d+ usuários\.$/).waitFor();
    const sent = page
      .getByRole('table', { name: 'Notificações enviadas' })
      .getByRole('row')
      .filter({ hasText: texto });
    await sent.waitFor();
    await harness.screenshot(page, 'admin-notificacoes');

    await demo.page.getByRole('button', { name: 'Notificações (1 não lidas)' }).waitFor();
    await demo.page.getByRole('button', { name: /^Notificações/ }).click();
    await demo.page
      .getByRole('region', { name: 'Notificações' })
      .getByRole('listitem', { name: texto })
      .waitFor();
    await harness.screenshot(demo.page, 'admin-notificacao-recebida');
    await demo.page.keyboard.press('Escape');

    // Deleting the sending removes it from every bell.
    await sent.getByRole('button', { name: `Excluir notificação: ${texto}` }).click();
    await page
      .getByRole('dialog', { name: 'Excluir notificação' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await page.getByText('Nenhuma notificação geral enviada ainda.').waitFor();
    await demo.page.getByRole('button', { name: 'Notificações', exact: true }).waitFor();
    expect(errors).toEqual([]);
    expect(demo.errors).toEqual([]);
  });

  it('lists modules, banks and the white-label users with search and paging', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, ADMIN);
    await open(page, 'modulo-config', 'Módulos');
    const vendas = page.getByRole('switch', { name: 'Módulo Vendas ativo' });
    expect(await vendas.isChecked()).toBe(true);
    await vendas.uncheck();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText(/^Módulos salvos\./).waitFor();
    await harness.screenshot(page, 'admin-modulos');

    await open(page, 'bancos', 'Bancos');
    await page.getByRole('cell', { name: 'Banco do Brasil S.A.' }).first().waitFor();
    await page.getByRole('searchbox', { name: 'Buscar por código ou nome' }).fill('341');
    await page.getByRole('cell', { name: /Itaú/ }).first().waitFor();
    await expect.poll(() => page.getByRole('table', { name: 'Bancos' }).getByRole('row').count()).toBe(2);
    await harness.screenshot(page, 'admin-bancos');

    await open(page, 'usuarios', 'Usuários');
    const table = page.getByRole('table', { name: 'Usuários do white-label' });
    await table.getByRole('cell', { name: 'admin@erp.local' }).waitFor();
    await page.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou empresa' }).fill('vendedor');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await table.getByRole('cell', { name: 'vendedor@erp.local' }).waitFor();
    await harness.screenshot(page, 'admin-usuarios');
    expect(errors).toEqual([]);
  });

  it('keeps company administrators out of the administrator area', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('administrador/configuracoes/whitelabel'));
    await page.waitForURL(/#\/pages\/dashboard$/);
    expect(await page.getByRole('heading', { name: 'White label' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
