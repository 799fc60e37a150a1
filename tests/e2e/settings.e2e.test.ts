import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCertificado } from '../support/generateCertificado.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/**
 * Settings entries that are configuration records, not lists: Configuração fiscal (configuracaoNfe, one
 * per branch), Configurações (configuracaoGeral, one per company) — their routes open the form directly
 * and saving stays there — and Certificado digital (upload of an A1 .pfx with its password).
 */
let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;
const toast = (page: Page) => page.getByText('Registro salvo com sucesso.');
/** Console errors other than the failed-resource line of an expected HTTP status. */
const unexpected = (errors: string[], ...statuses: number[]) =>
  errors.filter(
    (error) =>
      !statuses.some((status) =>
        error.includes(`Failed to load resource: the server responded with a status of ${status}`),
      ),
  );

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('configuration records open as forms', () => {
  it(
    'Configuração fiscal: create from the menu, save, stay, reload and edit again',
    async () => {
      const { page, errors } = await harness.newPage();
      await harness.login(page, 'demo@erp.local');
      await page.getByRole('button', { name: 'Configurações' }).click();
      await page.getByRole('menuitem', { name: 'Configuração fiscal', exact: true }).click();
      await page.waitForURL(/#\/pages\/configuracoes\/nfe$/);
      await page.getByRole('heading', { name: 'Configuração fiscal', exact: true }).waitFor();
      // A new record starts from the entity's defaults.
      expect(await page.getByLabel('Série da NF-e').inputValue()).toBe('1');
      expect(await page.getByRole('button', { name: 'Descartar alterações' }).isDisabled()).toBe(true);

      await chooseOption(page, 'Ambiente', 'Produção');
      await page.getByLabel('Próximo número da NF-e').fill('1501');
      await page.getByLabel('Série da NFC-e').fill('2');
      // NT 2025.001: the QR code version for the NFC-e and its offline contingency.
      await chooseOption(page, 'Versão do QR Code da NFC-e', 'Versão 3 (sem CSC)');
      await page.getByLabel('Identificador do CSC').fill('000001');
      await page.getByLabel('Token do CSC').fill('A1B2C3D4-E5F6-4711-8899-AABBCCDDEEFF');
      await page.getByLabel('E-mail para cópia do XML').fill('contador@exemplo.com.br');
      await page
        .getByLabel('Informações complementares padrão')
        .fill('Documento emitido por ME ou EPP optante pelo Simples Nacional.');
      await harness.screenshot(page, 'settings-nfe-filled');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page).waitFor();
      // No list to go back to: still the form, now of the stored record.
      expect(page.url()).toMatch(/#\/pages\/configuracoes\/nfe$/);
      await page.getByRole('heading', { name: 'Configuração fiscal', exact: true }).waitFor();
      await expect.poll(() => page.getByLabel('Próximo número da NF-e').inputValue()).toBe('1501');

      await page.reload();
      await page.getByRole('heading', { name: 'Configuração fiscal', exact: true }).waitFor();
      await expect.poll(() => page.getByLabel('Próximo número da NF-e').inputValue()).toBe('1501');
      expect(await page.getByLabel('Série da NFC-e').inputValue()).toBe('2');
      // The CSC is write-only (README "Segurança"): never shown again, kept on every later save.
      expect(await page.getByLabel('Token do CSC').inputValue()).toBe('');
      expect(await page.getByRole('combobox', { name: 'Ambiente' }).textContent()).toContain('Produção');
      expect(
        await page.getByRole('combobox', { name: 'Versão do QR Code da NFC-e' }).textContent(),
      ).toContain('Versão 3 (sem CSC)');
      await harness.screenshot(page, 'settings-nfe-reloaded');

      // A second save edits the same record (a fresh version, no conflict); discarding restores it.
      await page.getByLabel('Próximo número da NF-e').fill('1502');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await expect.poll(() => toast(page).count()).toBeGreaterThan(0);
      await expect.poll(() => page.getByLabel('Próximo número da NF-e').inputValue()).toBe('1502');
      await page.getByLabel('Série da NF-e').fill('7');
      await page.getByRole('button', { name: 'Descartar alterações' }).click();
      await expect.poll(() => page.getByLabel('Série da NF-e').inputValue()).toBe('1');

      const token = await (await import('../support/testServer.ts')).login(
        harness.server.app,
        'demo@erp.local',
      );
      const stored = await harness.server.app.inject({
        method: 'GET',
        url: '/api/ConfiguracoesNfe',
        headers: { host: 'localhost', authorization: token },
      });
      expect(stored.json()).toEqual([
        expect.objectContaining({
          ambiente: 1,
          proximoNumeroNfe: 1502,
          serieNfce: 2,
          versaoQrCodeNfce: 3,
          versao: 2,
          cscTokenDefinido: true,
        }),
      ]);
      expect(unexpected(errors)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    'Configurações: the company preferences keep their values after a reload',
    async () => {
      const { page, errors } = await harness.newPage();
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/configuracoes'));
      await page.getByRole('heading', { name: 'Configurações gerais', exact: true }).waitFor();
      await page.getByLabel('Casas decimais da quantidade').fill('2');
      await page.getByLabel('Casas decimais do valor unitário').fill('4');
      await chooseOption(page, 'Preço de venda calculado pela', 'Markup (sobre o custo)');
      await page.getByLabel('Permitir vender sem estoque (estoque negativo)').check();
      await page.getByLabel('Dias para o vencimento padrão').fill('28');
      await page.getByLabel('Mensagem do pedido').fill('Obrigado pela preferência!');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await toast(page).waitFor();
      await page.reload();
      await page.getByRole('heading', { name: 'Configurações gerais', exact: true }).waitFor();
      await expect.poll(() => page.getByLabel('Casas decimais do valor unitário').inputValue()).toBe('4');
      expect(await page.getByLabel('Casas decimais da quantidade').inputValue()).toBe('2');
      expect(await page.getByLabel('Dias para o vencimento padrão').inputValue()).toBe('28');
      expect(await page.getByLabel('Permitir vender sem estoque (estoque negativo)').isChecked()).toBe(true);
      expect(await page.getByLabel('Mensagem do pedido').inputValue()).toBe('Obrigado pela preferência!');
      expect(
        await page.getByRole('combobox', { name: 'Preço de venda calculado pela' }).textContent(),
      ).toContain('Markup');
      await harness.screenshot(page, 'settings-geral');
      expect(unexpected(errors)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});

describe('Certificado digital', () => {
  it(
    'uploads an A1 certificate, refusing a wrong password, and shows holder and validity',
    async () => {
      const { page, errors } = await harness.newPage();
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/fiscais/certificado-digital'));
      await page.getByRole('heading', { name: 'Certificado digital', exact: true }).waitFor();
      await page.getByText('Nenhum certificado digital enviado para esta filial.').waitFor();
      const file = (days: number) => ({
        name: 'empresa-demo.pfx',
        mimeType: 'application/x-pkcs12',
        buffer: generateCertificado({ senha: 'segredo123', days }),
      });

      await page.getByLabel('Arquivo do certificado').setInputFiles(file(200));
      await page.getByText('empresa-demo.pfx').waitFor();
      await page.getByLabel('Senha do certificado').fill('errada');
      await page.getByRole('button', { name: 'Enviar certificado' }).click();
      await page.getByRole('alert').filter({ hasText: 'A senha não confere com o certificado.' }).waitFor();
      await harness.screenshot(page, 'settings-certificado-senha-errada');

      await page.getByLabel('Senha do certificado').fill('segredo123');
      await page.getByRole('button', { name: 'Enviar certificado' }).click();
      const card = page.getByRole('region', { name: 'Certificado instalado' });
      await card.waitFor();
      await card.getByText('EMPRESA DEMONSTRACAO LTDA').waitFor();
      await card.getByText('11.222.333/0001-81').waitFor();
      await card.getByText('AC TESTE ERP v5').waitFor();
      expect(await card.getByText(/^\d{2}\/\d{2}\/\d{4}$/).count()).toBeGreaterThan(0);
      const chip = card.locator('[data-severity]');
      expect(await chip.getAttribute('data-severity')).toBe('success');
      expect(await chip.textContent()).toBe('Válido por mais 200 dias');
      await page.getByText('Certificado digital salvo com sucesso.').waitFor();
      await harness.screenshot(page, 'settings-certificado');

      // A certificate close to expiry shows in the warning colour; the page keeps it after a reload.
      await page.getByLabel('Arquivo do certificado').setInputFiles(file(12));
      await page.getByLabel('Senha do certificado').fill('segredo123');
      await page.getByRole('button', { name: 'Enviar certificado' }).click();
      await expect.poll(() => chip.getAttribute('data-severity')).toBe('warning');
      await page.reload();
      await card.waitFor();
      expect(await chip.textContent()).toBe('Vence em 12 dias');
      await card.getByText('perto de vencer', { exact: false }).waitFor();
      await harness.screenshot(page, 'settings-certificado-vencendo');
      expect(unexpected(errors, 400)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});

describe('Assistente fiscal', () => {
  it(
    'walks regime, configuration, certificate and default operation nature',
    async () => {
      const { page, errors } = await harness.newPage();
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/configuracoes/assistente-fiscal'));
      await page.getByRole('heading', { name: 'Assistente fiscal', exact: true }).waitFor();

      // 1. Regime: saved into the branch's Configuração fiscal, then the form step opens with it.
      await page.getByRole('combobox', { name: 'Regime tributário (CRT)' }).click();
      await page.getByRole('option', { name: 'Regime Normal', exact: true }).click();
      await page.getByRole('button', { name: 'Salvar e continuar' }).click();
      await page.getByRole('heading', { name: 'Configuração fiscal', exact: true }).waitFor();
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Regime tributário (CRT)' }).textContent())
        .toContain('Regime Normal');
      await harness.screenshot(page, 'settings-assistente-nfe');

      // 2: the embedded form saves and stays; 3: the certificate screen, embedded.
      await page.getByRole('button', { name: 'Salvar', exact: true }).click();
      await toast(page).waitFor();
      await page.getByRole('button', { name: 'Próximo passo' }).click();
      await page.getByRole('heading', { name: 'Certificado digital', exact: true }).waitFor();
      await page.getByLabel('Arquivo do certificado').setInputFiles({
        name: 'assistente.pfx',
        mimeType: 'application/x-pkcs12',
        buffer: generateCertificado({ senha: 'segredo123', days: 90 }),
      });
      await page.getByLabel('Senha do certificado').fill('segredo123');
      await page.getByRole('button', { name: 'Enviar certificado' }).click();
      await page.getByRole('region', { name: 'Certificado instalado' }).getByText('assistente.pfx').waitFor();

      // 3 → 4: without an operation nature the step says how to get one.
      await page.getByRole('button', { name: 'Próximo passo' }).click();
      await page.getByText('Nenhuma natureza de operação ativa cadastrada.').waitFor();
      const token = await (await import('../support/testServer.ts')).login(
        harness.server.app,
        'demo@erp.local',
      );
      const created = await harness.server.app.inject({
        method: 'POST',
        url: '/api/NaturezasOperacao',
        headers: { host: 'localhost', authorization: token },
        payload: { descricao: 'Venda de mercadoria' },
      });
      expect(created.statusCode, created.body).toBe(200);
      await page.getByRole('button', { name: 'Voltar' }).click();
      await page.getByRole('heading', { name: 'Certificado digital', exact: true }).waitFor();
      await page.getByRole('button', { name: 'Próximo passo' }).click();
      await page.getByRole('combobox', { name: 'Natureza de operação padrão' }).click();
      await page.getByRole('option', { name: 'Venda de mercadoria' }).click();
      await page.getByRole('button', { name: 'Salvar e continuar' }).click();
      await page.getByText('Tudo pronto! A filial está configurada para emitir notas fiscais.').waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'Salvar e continuar' }).isEnabled())
        .toBe(true);
      await harness.screenshot(page, 'settings-assistente-pronto');

      const stored = await harness.server.app.inject({
        method: 'GET',
        url: '/api/ConfiguracoesNfe',
        headers: { host: 'localhost', authorization: token },
      });
      expect(stored.json()).toEqual([
        expect.objectContaining({ regimeTributario: 3, naturezaOperacaoId: created.json().id }),
      ]);
      expect(unexpected(errors)).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
