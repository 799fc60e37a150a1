import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

vi.setConfig({ testTimeout: 180_000 });

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

describe('Administrador › Sequência de filial', () => {
  it('finds a branch by CNPJ and lowers a sequence after the duplicity warning', async () => {
    // Loja Centro already issued NF-e 80 of série 1.
    await harness.server.db.withSystem((tx) =>
      tx.query(
        `INSERT INTO nota_fiscal (empresa_id, filial_id, serie, numero)
         SELECT empresa_id, id, 1, 80 FROM filial WHERE apelido = 'Loja Centro'`,
      ),
    );
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/sequencia-filial'));
    await page.getByRole('heading', { level: 1, name: 'Sequência de filial' }).waitFor();
    await page.getByRole('searchbox', { name: 'CNPJ ou razão social' }).fill('11.222.333/0002');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: 'Abrir sequências de Loja Centro' }).click();
    const table = page.getByRole('table', { name: 'Sequências da filial' });
    await table.waitFor();

    await page.getByRole('button', { name: 'Editar NF-e (modelo 55) Produção' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar NF-e (modelo 55) — Produção' });
    await dialog.getByRole('textbox', { name: 'Próximo número' }).fill('50');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Risco de duplicidade' });
    await confirm.getByText('Duplicidade de NF-e', { exact: false }).waitFor();
    await harness.screenshot(page, 'admin-sequencia-filial-aviso');
    await confirm.getByRole('button', { name: 'Alterar mesmo assim' }).click();
    await page.getByText('Sequência alterada.').waitFor();
    const historico = page.getByRole('table', { name: 'Histórico de alterações' });
    await historico.getByText('1 → 50').waitFor();
    await historico.getByText('Abaixo do usado (confirmado)').waitFor();
    await harness.screenshot(page, 'admin-sequencia-filial');
    // Back to the results of the same search.
    await page.getByRole('button', { name: 'Voltar aos resultados' }).click();
    await page.getByRole('button', { name: 'Abrir sequências de Loja Centro' }).waitFor();
    expect(await page.getByRole('searchbox', { name: 'CNPJ ou razão social' }).inputValue()).toBe(
      '11.222.333/0002',
    );
    expect(errors).toEqual([]);
  });
});

describe('Administrador › Financeiro white label', () => {
  it("platform staff generate the month's fatura; the master sees its own white-label", async () => {
    await harness.server.db.withSystem((tx) =>
      tx.query(
        `UPDATE empresa SET plano_id = (SELECT id FROM plano WHERE id_externo = 'basico' AND config_white_label_id = empresa.config_white_label_id)
          WHERE nome = 'Empresa Demonstração Ltda'`,
      ),
    );
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/financeiro-whitelabel'));
    await page.getByRole('heading', { level: 1, name: 'Financeiro white label' }).waitFor();
    const empresas = page.getByRole('table', { name: 'Empresas ativas' });
    await empresas.getByText('Empresa Demonstração Ltda').waitFor();
    await empresas.getByText('R$ 89,90').first().waitFor();

    await page.getByRole('button', { name: 'Gerar fatura do mês' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Gerar' }).click();
    await page.getByText(/Fatura de \d{2}\/\d{4} gerada\./).waitFor();
    const faturas = page.getByRole('table', { name: 'Faturas' });
    await faturas.getByText('Aberta').waitFor();
    await faturas.getByRole('button', { name: /Marcar fatura .* como paga/ }).waitFor();
    await harness.screenshot(page, 'admin-financeiro-whitelabel');
    expect(errors).toEqual([]);

    await harness.server.db.withSystem((tx) =>
      tx.query(`UPDATE usuario SET master = true WHERE email = 'verde@erp.local'`),
    );
    const master = await harness.newPage();
    await harness.login(master.page, 'verde@erp.local', { host: 'verde.localhost' });
    await master.page.goto(
      harness.url('administrador/configuracoes/financeiro-whitelabel', 'verde.localhost'),
    );
    await master.page.getByRole('heading', { level: 1, name: 'Financeiro white label' }).waitFor();
    await master.page.getByText('Nenhuma empresa com assinatura ativa.').waitFor();
    expect(await master.page.getByRole('button', { name: 'Gerar fatura do mês' }).count()).toBe(0);
    expect(await master.page.getByText('Empresa Demonstração Ltda').count()).toBe(0);
    expect(master.errors).toEqual([]);
  });
});

describe('Administrador › Pesquisa NPS', () => {
  it('activates the survey; a user answers it in the shell; the result shows', async () => {
    const { page, errors } = await harness.newPage();
    await harness.login(page, 'admin@erp.local');
    await page.goto(harness.url('administrador/configuracoes/nps'));
    await page.getByRole('heading', { level: 1, name: 'Pesquisa NPS' }).waitFor();
    await page.getByRole('switch', { name: 'Pesquisa ativa' }).check();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Configuração da pesquisa salva.').waitFor();

    const user = await harness.newPage();
    await harness.login(user.page, 'vendedor@erp.local');
    const survey = user.page.getByRole('dialog', { name: 'Pesquisa de satisfação' });
    await survey
      .getByText('Em uma escala de 0 a 10, o quanto você recomendaria o sistema a um amigo ou colega?')
      .waitFor();
    await survey.getByRole('button', { name: 'Nota 9' }).click();
    await survey.getByRole('textbox', { name: 'Comentário (opcional)' }).fill('Muito prático no dia a dia.');
    await harness.screenshot(user.page, 'nps-dialogo');
    await survey.getByRole('button', { name: 'Enviar' }).click();
    await user.page.getByText('Obrigado pela sua resposta!').waitFor();
    expect(await survey.count()).toBe(0);
    expect(user.errors).toEqual([]);

    await page.reload();
    const comentarios = page.getByRole('table', { name: 'Comentários' });
    await comentarios.getByText('Muito prático no dia a dia.').waitFor();
    await comentarios.getByText('Victor Vendedor').waitFor();
    await page.getByRole('listitem', { name: 'Nota 9: 1' }).waitFor();
    await harness.screenshot(page, 'admin-nps');
    expect(errors).toEqual([]);
  });
});
