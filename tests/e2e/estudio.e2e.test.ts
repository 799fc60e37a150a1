import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 240_000 });

/**
 * Operator studio (issue 18) in Chromium: the white-label's operator (a master user) customises the verde white-label's product
 * form and list, previews the drafts, compares and publishes; a verde user already on the product form sees
 * the new label without reloading and keeps what was typed; a user of another white-label sees none of it;
 * then the operator rolls back through the history.
 */
let harness: BrowserHarness;
const VERDE = 'verde.localhost';

beforeAll(async () => {
  harness = await startBrowserHarness();
  // The verde white-label's operator: a master user of that white-label (its company's owner is a plain user).
  await harness.server.db.withSystem(async (tx) => {
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO usuario (empresa_id, config_white_label_id, email, nome, senha_hash, perfil_id, filial_selecionada_id,
                            perfil_admin, is_contador, is_avanco, master, painel_administrativo, primeiro_acesso)
       SELECT empresa_id, config_white_label_id, 'operador@verde.local', 'Otávio Operador', senha_hash, perfil_id,
              filial_selecionada_id, perfil_admin, false, false, true, false, false
         FROM usuario WHERE email = 'verde@erp.local' RETURNING id`,
    );
    await tx.query(
      `INSERT INTO usuario_filial (usuario_id, filial_id, empresa_id)
       SELECT $1, filial_id, empresa_id FROM usuario_filial
        WHERE usuario_id = (SELECT id FROM usuario WHERE email = 'verde@erp.local')`,
      [row?.id],
    );
  });
});
afterAll(async () => harness?.close());

/** Logs in and resolves once the page's websocket is authenticated (events sent later reach it). */
async function loginLive(page: Page, email: string, host: string) {
  const authenticated = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"authenticated"')) resolve();
      });
    });
  });
  await harness.login(page, email, { host });
  await authenticated;
}

/** The row of one field or column (the innermost list item holding its label box, not its section's). */
const row = (page: Page, label: string) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByLabel(`Rótulo de "${label}"`) })
    .last();

describe('Administrador › Estúdio', () => {
  it('renames a field and hides a column as drafts, previews, publishes to live users and rolls back', async () => {
    const user = await harness.newPage();
    await loginLive(user.page, 'verde@erp.local', VERDE);
    await user.page.goto(harness.url('pages/estoque/produtos/cadastrar', VERDE));
    const userForm = user.page.locator('[data-screen="form"] form');
    await userForm.getByLabel('Descrição').fill('Parafuso sextavado');

    const operator = await harness.newPage();
    await harness.login(operator.page, 'operador@verde.local', { host: VERDE });
    const op = operator.page;
    await op.goto(harness.url('administrador/configuracoes/estudio', VERDE));
    await op.getByRole('heading', { level: 1, name: 'Estúdio' }).waitFor();
    await op.getByText('Versão publicada: 0').waitFor();

    // Formulários: rename "Descrição", move "Código de barras" to the top of its section.
    await op.getByLabel('Formulário de').fill('Produto');
    await op.getByRole('option', { name: 'Produto', exact: true }).click();
    await op.getByLabel('Rótulo de "Descrição"').fill('Nome do produto');
    // The studio marks the property it changed and can restore it alone.
    await row(op, 'Descrição').getByText('estúdio').waitFor();
    await row(op, 'Descrição')
      .getByRole('button', { name: 'Restaurar padrão de o rótulo de Descrição' })
      .click();
    expect(await op.getByLabel('Rótulo de "Descrição"').inputValue()).toBe('');
    await op.getByLabel('Rótulo de "Descrição"').fill('Nome do produto');
    await row(op, 'Código de barras (GTIN)')
      .getByRole('button', { name: /para cima/ })
      .click();
    await row(op, 'Código de barras (GTIN)')
      .getByRole('button', { name: /para cima/ })
      .click();
    await row(op, 'Código de barras (GTIN)')
      .getByRole('button', { name: /para cima/ })
      .click();
    await harness.screenshot(op, 'estudio-formulario');
    await op.getByRole('button', { name: 'Salvar rascunho' }).click();
    await op.getByText('Rascunho salvo.').waitFor();

    // Listas: hide the "Unidade" column of Produtos.
    await op.getByRole('tab', { name: 'Listas' }).click();
    await op.getByLabel('Lista de').fill('Produtos');
    await op.getByRole('option', { name: 'Produtos', exact: true }).click();
    await row(op, 'Unidade').getByLabel('Visível').uncheck();
    await op.getByRole('button', { name: 'Salvar rascunho' }).click();
    await op.getByText('2 rascunho(s)').waitFor();

    // Campos personalizados: "Código interno" on Produtos (its internal name follows the label).
    await op.getByRole('tab', { name: 'Campos personalizados' }).click();
    await op.getByLabel('Cadastro').fill('Produto');
    await op.getByRole('option', { name: 'Produto', exact: true }).click();
    await op.getByRole('button', { name: 'Adicionar campo' }).click();
    await op.getByLabel('Rótulo', { exact: true }).fill('Código interno');
    expect(await op.getByLabel('Nome interno').inputValue()).toBe('codigoInterno');
    await op.getByLabel('Tamanho máximo').fill('20');
    await op.getByRole('button', { name: 'Aplicar' }).click();
    await op.getByRole('table', { name: 'Campos personalizados' }).getByText('codigoInterno').waitFor();
    await harness.screenshot(op, 'estudio-campos-personalizados');
    await op.getByRole('button', { name: 'Salvar rascunho' }).click();
    await op.getByText('3 rascunho(s)').waitFor();

    // The user still sees the published form.
    await userForm.getByLabel('Descrição').waitFor();

    // Comparar lists the changes in Portuguese.
    await op.getByRole('button', { name: 'Comparar' }).click();
    const compare = op.getByRole('dialog', { name: 'Comparar com o publicado' });
    await compare
      .getByText('seção identificacao › campo descricao › rótulo: (padrão) → "Nome do produto"')
      .waitFor();
    await compare.getByText('coluna unidade › oculto: (padrão) → sim').waitFor();
    await compare
      .getByText('campo personalizado codigoInterno › rótulo: (padrão) → "Código interno"')
      .waitFor();
    await harness.screenshot(op, 'estudio-comparar');
    await compare.getByRole('button', { name: 'Fechar' }).click();

    // Visualizar: the operator's own browser renders the drafts.
    // The switch turns on once the drafts' schemas arrived.
    await op.getByLabel('Visualizar rascunhos').click();
    await expect.poll(() => op.getByLabel('Visualizar rascunhos').isChecked()).toBe(true);
    await op.goto(harness.url('pages/estoque/produtos/cadastrar', VERDE));
    const opForm = op.locator('[data-screen="form"] form');
    await opForm.getByLabel('Nome do produto').waitFor();
    await opForm.getByLabel('Código interno').waitFor();
    const labels = await opForm.locator('label').allTextContents();
    expect(labels.findIndex((text) => text.startsWith('Código de barras'))).toBeLessThan(
      labels.findIndex((text) => text.startsWith('Nome do produto')),
    );
    await op.goto(harness.url('administrador/configuracoes/estudio', VERDE));
    await op.getByRole('heading', { level: 1, name: 'Estúdio' }).waitFor();

    // Publicar: the user's open form follows without a reload and keeps the typed value.
    await op.getByRole('button', { name: 'Publicar' }).click();
    await op.getByRole('dialog').getByLabel('Resumo (opcional)').fill('Nome do produto');
    await op.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
    await op.getByText('Versão 1 publicada.').waitFor();
    await userForm.getByLabel('Nome do produto').waitFor({ timeout: 15_000 });
    expect(await userForm.getByLabel('Nome do produto').inputValue()).toBe('Parafuso sextavado');
    // The new custom field is on the open form; the user fills it and saves the product.
    await userForm.getByLabel('Código interno').fill('PX-1');
    await harness.screenshot(user.page, 'estudio-usuario-publicado');
    await user.page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await user.page.locator('[data-screen="list"] .ag-root-wrapper').waitFor();
    const saved = await harness.server.db.withSystem((tx) =>
      tx.query<{ custom: Record<string, unknown> }>(
        `SELECT custom FROM produto WHERE descricao = 'Parafuso sextavado'`,
      ),
    );
    expect(saved.map((product) => product.custom)).toEqual([{ codigoInterno: 'PX-1' }]);

    await user.page.locator('.ag-header-cell[col-id="descricao"]').waitFor();
    await user.page.locator('.ag-header-cell[col-id="custom.codigoInterno"]').waitFor();
    await user.page.locator('.ag-cell[col-id="custom.codigoInterno"]', { hasText: 'PX-1' }).waitFor();
    expect(await user.page.locator('.ag-header-cell[col-id="unidade"]').count()).toBe(0);
    await harness.screenshot(user.page, 'estudio-usuario-lista');

    // Another white-label sees none of it.
    const other = await harness.newPage();
    await harness.login(other.page, 'demo@erp.local');
    await other.page.goto(harness.url('pages/estoque/produtos/cadastrar'));
    await other.page.locator('[data-screen="form"] form').getByLabel('Descrição').waitFor();
    expect(await other.page.getByText('Código interno').count()).toBe(0);

    // A second version, then the rollback to the first through the history.
    await op.getByRole('tab', { name: 'Formulários' }).click();
    await op.getByLabel('Formulário de').fill('Produto');
    await op.getByRole('option', { name: 'Produto', exact: true }).click();
    await op.getByLabel('Rótulo de "Descrição"').fill('Mercadoria');
    await op.getByRole('button', { name: 'Salvar rascunho' }).click();
    await op.getByText('Rascunho salvo.').waitFor();
    await op.getByRole('button', { name: 'Publicar' }).click();
    await op.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
    await op.getByText('Versão 2 publicada.').waitFor();
    await user.page.goto(harness.url('pages/estoque/produtos/cadastrar', VERDE));
    await user.page
      .locator('[data-screen="form"] form')
      .getByRole('textbox', { name: /^Mercadoria/ })
      .waitFor();

    await op.getByRole('button', { name: 'Histórico' }).click();
    const history = op.getByRole('dialog', { name: 'Histórico de versões' });
    await history.getByText('Versão 1 — Nome do produto').waitFor();
    await harness.screenshot(op, 'estudio-historico');
    await history
      .getByRole('listitem')
      .filter({ hasText: 'Versão 1 — Nome do produto' })
      .getByRole('button', { name: 'Restaurar' })
      .click();
    await op.getByText('Versão 1 restaurada como versão 3.').waitFor();
    await user.page
      .locator('[data-screen="form"] form')
      .getByLabel('Nome do produto')
      .waitFor({ timeout: 15_000 });

    // Telas: every text of a declared screen, each in its own box with the base's words as example.
    if (await history.isVisible()) await op.keyboard.press('Escape');
    await history.waitFor({ state: 'hidden' });
    await op.getByRole('tab', { name: 'Telas' }).click();
    await op.getByLabel('Tela', { exact: true }).fill('Alteração de preço');
    await op.getByRole('option', { name: /^Alteração de preço/ }).click();
    const texts = op.getByLabel('Textos da tela');
    const first = texts.getByRole('textbox').first();
    const original = await first.inputValue();
    expect(original.length).toBeGreaterThan(0);
    await first.fill(`${original} (revisado)`);
    await harness.screenshot(op, 'estudio-textos-da-tela');
    await op.getByRole('button', { name: 'Salvar rascunho' }).click();
    await op.getByText('Rascunho salvo.').waitFor();

    expect(user.errors).toEqual([]);
    expect(operator.errors).toEqual([]);
    expect(other.errors).toEqual([]);
  });
});
