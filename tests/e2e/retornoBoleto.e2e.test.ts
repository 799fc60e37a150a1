import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnab400 } from '../support/cnabRetorno.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';

/** Configurações › Pagamento › Atualizar transações in the browser as demo@erp.local. */
let harness: BrowserHarness;
let token: string;
let boletoId: number;
let receitaId: number;

const api = async (method: string, url: string, payload?: unknown) => {
  const response = await harness.server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  harness = await startBrowserHarness();
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  const conta = await api('POST', '/api/Contas', { descricao: 'Bradesco cobrança', bancoCodigo: '237' });
  const cliente = await api('POST', '/api/Clientes', { nome: 'Ana Pagadora' });
  const gateway = await api('POST', '/api/GatewaysBoleto', {
    descricao: 'Bradesco carteira 09',
    banco: '237',
    convenio: '1234567',
  });
  receitaId = (
    await api('POST', '/api/Receitas', {
      descricao: 'Mensalidade Ana',
      contaId: conta.id,
      valor: 150,
      dataVencimento: '2025-01-10',
    })
  ).id;
  boletoId = (
    await api('POST', '/api/Boletos', {
      pessoaId: cliente.id,
      gatewayBoletoId: gateway.id,
      valor: 150,
      dataVencimento: '2025-01-10',
      nossoNumero: '1234',
      situacao: 1,
      lancamentoId: receitaId,
    })
  ).id;
});
afterAll(async () => harness?.close());

const CASE_TIMEOUT_MS = 120_000;

async function open(page: Page, route: string, title: string) {
  await harness.login(page, 'demo@erp.local');
  await page.goto(harness.url(route));
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('Atualizar transações', () => {
  it(
    'uploads a CNAB 400 return file, previews the occurrences, confirms and the boleto is paid',
    async () => {
      const text = cnab400([
        { nossoNumero: '12345', codigo: '06', valor: 150, pago: 152, tarifa: 2.5 },
        { nossoNumero: '77777', codigo: '02', valor: 10, tarifa: 1.5 },
      ]);
      const { page, errors } = await harness.newPage();
      await open(page, 'pages/configuracoes/atualizar-transacoes', 'Atualizar transações');
      await page
        .getByRole('combobox', { name: 'Gateway de boleto' })
        .filter({ hasText: 'Bradesco carteira 09' })
        .waitFor();
      await page.getByLabel('Arquivo de retorno').setInputFiles({
        name: 'CB160125.RET',
        mimeType: 'text/plain',
        buffer: Buffer.from(text, 'latin1'),
      });
      const table = page.getByRole('table', { name: 'Ocorrências do arquivo de retorno' });
      const paid = table.getByRole('row', { name: /Ana Pagadora/ });
      await paid.waitFor();
      await page.getByText('CNAB 400 · banco 237').waitFor();
      await page.getByText('2 ocorrência(s) · 0 já processada(s)').waitFor();
      const row = await paid.innerText();
      for (const part of [
        '06 — Liquidação',
        'venc. 10/01/2025 · R$ 150,00',
        'R$ 152,00',
        'R$ 2,50',
        'Registrar pagamento e baixar a receita',
        'Receita: Mensalidade Ana',
      ])
        expect(row).toContain(part);
      const unknown = await table.getByRole('row', { name: /Boleto não encontrado/ }).innerText();
      expect(unknown).toContain('02 — Entrada confirmada');
      expect(unknown).toContain('Apenas registrar');
      await expect
        .poll(() => page.getByRole('button', { name: 'Escolher arquivo de retorno' }).isEnabled())
        .toBe(true);
      await page.waitForTimeout(400); // let MUI's 250 ms colour transitions end before the screenshot
      await harness.screenshot(page, 'configuracoes-atualizar-transacoes');
      // The upload screen kind with its preview grid (chips, captions, tones): no serious axe finding.
      expect(seriousViolations(await runAxe(page))).toEqual([]);

      await page.getByRole('button', { name: 'Confirmar (2)' }).click();
      await page
        .getByRole('dialog', { name: 'Confirmar atualização' })
        .getByRole('button', { name: 'Confirmar' })
        .click();
      await page.getByText('2 ocorrência(s) · 2 já processada(s)').waitFor();
      await page.getByText(/2 ocorrência\(s\) processada\(s\) · 1 pagamento\(s\) registrado\(s\)/).waitFor();
      await expect.poll(() => table.getByText('Já processado', { exact: true }).count()).toBe(2);
      expect(await page.getByRole('button', { name: 'Confirmar (0)' }).isDisabled()).toBe(true);
      await page.waitForTimeout(400);
      await harness.screenshot(page, 'configuracoes-atualizar-transacoes-aplicado');
      expect(seriousViolations(await runAxe(page))).toEqual([]);

      expect(await api('GET', `/api/Boletos/${boletoId}`)).toMatchObject({ situacao: 2, valorPago: 152 });
      expect(await api('GET', `/api/Receitas/${receitaId}`)).toMatchObject({ situacao: 1 });

      await page.getByRole('link', { name: 'Ver boletos' }).click();
      await page.getByRole('heading', { level: 1, name: 'Boletos' }).waitFor();
      await page.getByText('Pago', { exact: true }).first().waitFor();
      await harness.screenshot(page, 'pagamentos-boletos-pago');
      expect(errors).toEqual([]);
    },
    CASE_TIMEOUT_MS,
  );
});
