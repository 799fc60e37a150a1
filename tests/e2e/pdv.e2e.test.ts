import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workSefazJobs } from '../../runtime/server/fiscal/sefazJobs.ts';
import { type FakeSefaz, iniciarFakeSefaz } from '../../scripts/lib/fakeSefaz.ts';
import { type PdvFixture, prepararPdv } from '../support/pdvFixture.ts';
import { addDemoUserWithProfile, login as apiLogin } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { harnessApi } from './support/documentPage.ts';

/**
 * Vendas › Frente de caixa in Debian Chromium against the real server and the local fake SEFAZ: open the caixa,
 * sell two items by typing their codes + Enter, pay part by card and part in cash with troco, see the authorised
 * NFC-e and its DANFCE, a sangria, and the fechamento showing the diferença per payment method.
 */
let harness: BrowserHarness;
let fake: FakeSefaz;
let token: string;
let fx: PdvFixture;

const api = harnessApi(
  () => harness,
  () => token,
);
const system = <T>(sql: string, params: unknown[] = []) =>
  harness.server.db.withSystem((tx) => tx.query<T & Record<string, unknown>>(sql, params));

beforeAll(async () => {
  fake = await iniciarFakeSefaz();
  harness = await startBrowserHarness({
    jobs: {},
    config: { sefazUrlBase: fake.url, sefazCa: fake.caPem, sefazTimeoutMs: 3_000, sefazRetrySeconds: 1 },
  });
  await workSefazJobs({
    db: harness.server.db,
    config: harness.server.config,
    jobs: harness.server.jobs!,
    schemas: harness.server.tenants.schemaFiles,
  });
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  fx = await prepararPdv(api, system, fake);
});
afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

describe('Frente de caixa', () => {
  it('opens the caixa, sells by code + Enter, pays card + cash with troco, sees the NFC-e, sangria, closes with a diferença', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    page.setDefaultTimeout(15_000);
    try {
      await harness.login(page, 'demo@erp.local');
      await page.goto(harness.url('pages/vendas/frente-caixa'));
      await page.getByText('O caixa do Caixa 1 está fechado.').waitFor();
      await page.getByRole('button', { name: 'Abrir caixa' }).click();
      const abrir = page.getByRole('dialog', { name: 'Abrir caixa — Caixa 1' });
      await abrir.getByRole('combobox', { name: 'Operador' }).click();
      await page.getByRole('option', { name: 'Ana Operadora' }).click();
      await abrir.getByLabel('Fundo de troco (R$)').fill('100,00');
      await abrir.getByRole('button', { name: 'Abrir caixa' }).click();
      await page.getByText(/Operador Ana Operadora · Caixa aberto desde/).waitFor();

      // Keyboard first: the code field has the focus; a barcode and a código, each with Enter.
      await page.waitForFunction(() =>
        document.activeElement?.getAttribute('placeholder')?.startsWith('Leia o código'),
      );
      await page.keyboard.type(fx.produtos[0]!.codigoBarras);
      await page.keyboard.press('Enter');
      await page.getByRole('cell', { name: 'Café torrado 500 g', exact: true }).waitFor();
      await page.keyboard.type('2*LEITE1L');
      await page.keyboard.press('Enter');
      await page.getByRole('cell', { name: 'Leite integral 1 L', exact: true }).waitFor();
      const total = page.getByLabel('Total da venda');
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Total da venda"]')?.textContent === 'R$ 29,88',
      );
      expect(await total.textContent()).toBe('R$ 29,88');
      for (const atalho of ['F2 Quantidade', 'F4 Desconto', 'F9 Pagamento', 'F10 Finalizar venda'])
        await page.getByText(atalho).waitFor();
      // The sale screen as the cashier sees it has no serious accessibility finding (axe, as accessibility.e2e).
      await page.waitForTimeout(350);
      expect(seriousViolations(await runAxe(page))).toEqual([]);

      // F3 searches by description; Enter adds the first product found; the trash removes it again.
      await page.keyboard.press('F3');
      const busca = page.getByRole('dialog', { name: 'Buscar produto' });
      await busca.getByLabel('Descrição, código ou código de barras').fill('leite');
      await busca.getByRole('button', { name: /Leite integral 1 L/ }).waitFor();
      await page.keyboard.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Total da venda"]')?.textContent === 'R$ 35,37',
      );
      await page.getByRole('button', { name: 'Remover Leite integral 1 L' }).last().click();
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Total da venda"]')?.textContent === 'R$ 29,88',
      );

      // A discount on item 2 (Enter in its Desconto cell), priced again by the server.
      const descontoItem = page.getByLabel('Desconto do item 2');
      await descontoItem.fill('0,98');
      await descontoItem.press('Enter');
      await page.waitForFunction(
        () => document.querySelector('[aria-label="Total da venda"]')?.textContent === 'R$ 28,90',
      );
      await page.getByText('Descontos: R$ 0,98').waitFor();

      // F6: "CPF na nota?" — a wrong digit is flagged, the right CPF is masked and shown on the sale.
      await page.keyboard.press('F6');
      const cpf = page.getByRole('dialog', { name: 'CPF na nota' });
      await cpf.getByLabel('CPF ou CNPJ do consumidor').fill('52998224726');
      await cpf.getByText('CPF/CNPJ inválido: confira os dígitos com o consumidor.').waitFor();
      expect(await cpf.getByRole('button', { name: 'Incluir na nota' }).isDisabled()).toBe(true);
      await cpf.getByLabel('CPF ou CNPJ do consumidor').fill('52998224725');
      await cpf.getByLabel('CPF ou CNPJ do consumidor').press('Enter');
      await page.getByText('CPF/CNPJ na nota: 529.982.247-25').waitFor();

      // F9: the payment value with what is missing; part by card, the rest in cash with change.
      await page.keyboard.press('F9');
      const valor = page.getByLabel('Valor (F9)');
      expect(await valor.inputValue()).toBe('28,90');
      await page.getByRole('combobox', { name: 'Forma de pagamento' }).click();
      await page.getByRole('option', { name: 'Cartão de crédito' }).click();
      await valor.fill('20,00');
      await valor.press('Enter');
      await page.getByText('Falta pagar: R$ 8,90').waitFor();
      await page.getByRole('combobox', { name: 'Forma de pagamento' }).click();
      await page.getByRole('option', { name: 'Dinheiro' }).click();
      await valor.fill('20,00');
      await valor.press('Enter');
      await page.getByText('Troco: R$ 11,10').waitFor();
      await page.getByRole('listbox').waitFor({ state: 'detached' });
      expect(await page.getByRole('button', { name: 'Finalizar venda (F10)' }).isEnabled()).toBe(true);
      await page.waitForTimeout(400); // the select's menu fades out (MUI transition) before the picture
      await harness.screenshot(page, 'pdv-venda-pagamentos');
      await page.keyboard.press('F10');
      await page.getByText('Venda concluída — NFC-e 7/1').waitFor();
      await page.getByText(/^NFC-e autorizada pela SEFAZ — protocolo \d{15}/).waitFor();
      await page.getByRole('link', { name: 'DANFCE (PDF) para imprimir' }).waitFor();
      await harness.screenshot(page, 'pdv-venda-autorizada');
      const [nota] = await system<{ situacao: number; chave: string; xml: string }>(
        'SELECT situacao::int AS situacao, chave, xml FROM nota_fiscal WHERE caixa_id IS NOT NULL',
      );
      expect(nota!.situacao).toBe(1);
      expect(nota!.xml).toContain('<dest><CPF>52998224725</CPF>');
      expect(fake.autorizadas.has(nota!.chave)).toBe(true);

      // New sale, then a sangria of the cash: 100 + 20 − 11,10 = 108,90 in the drawer.
      await page.keyboard.press('Escape');
      await page.getByText('Nenhum item. Leia um código de barras para começar a venda.').waitFor();
      await page.keyboard.press('F7');
      const sangria = page.getByRole('dialog', { name: 'Sangria' });
      await sangria.getByText('Dinheiro na gaveta: R$ 108,90').waitFor();
      await sangria.getByLabel('Valor (R$)').fill('50,00');
      await sangria.getByLabel('Motivo').fill('Depósito no banco');
      await sangria.getByRole('button', { name: 'Registrar sangria' }).click();
      await sangria.waitFor({ state: 'hidden' });

      // Fechamento: 58,90 expected in cash, 58,50 counted; the card exact.
      await page.getByRole('button', { name: 'Fechar caixa' }).click();
      const fechar = page.getByRole('dialog', { name: 'Fechar caixa' });
      await fechar.getByRole('cell', { name: 'R$ 58,90', exact: true }).waitFor();
      await fechar.getByLabel('Contado em Dinheiro').fill('58,50');
      await fechar.getByLabel('Contado em Cartão de crédito').fill('20,00');
      await fechar.getByRole('cell', { name: '-R$ 0,40', exact: true }).waitFor();
      await fechar.getByRole('button', { name: 'Confirmar fechamento' }).click();
      const fechado = page.getByRole('dialog', { name: 'Caixa fechado' });
      const linhas = fechado
        .getByRole('table', { name: 'Fechamento por forma de pagamento' })
        .getByRole('row');
      await linhas.nth(1).waitFor();
      expect(await linhas.allInnerTexts()).toEqual([
        'Forma de pagamento\tEsperado\tContado\tDiferença',
        'Dinheiro\tR$ 58,90\tR$ 58,50\t-R$ 0,40',
        'Cartão de crédito\tR$ 20,00\tR$ 20,00\tR$ 0,00',
      ]);
      await harness.screenshot(page, 'pdv-caixa-fechado');
      await fechado.getByRole('button', { name: 'OK' }).click();
      await page.getByText('O caixa do Caixa 1 está fechado.').waitFor();
      expect(errors).toEqual([]);
    } catch (error) {
      await harness.screenshot(page, 'pdv-falha');
      throw error;
    }
  }, 120_000);

  it('a cashier with only the Frente de caixa key works a blind PDV: no expected amount anywhere, only the count', async () => {
    await system('UPDATE pdv SET fechamento_cego = true WHERE id = $1', [fx.pdvId]);
    await addDemoUserWithProfile(harness.server, {
      email: 'operadora.cega@erp.local',
      nome: 'Operadora Cega',
      perfil: 'Operador de caixa (cego)',
      permissoes: { VENDAS_FRENTE_CAIXA: 4 },
    });
    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    page.setDefaultTimeout(15_000);
    try {
      await harness.login(page, 'operadora.cega@erp.local');
      await page.goto(harness.url('pages/vendas/frente-caixa'));
      await page.getByText('O caixa do Caixa 1 está fechado.').waitFor();
      await page.getByRole('button', { name: 'Abrir caixa' }).click();
      const abrir = page.getByRole('dialog', { name: 'Abrir caixa — Caixa 1' });
      await abrir.getByRole('combobox', { name: 'Operador' }).click();
      await page.getByRole('option', { name: 'Ana Operadora' }).click();
      await abrir.getByLabel('Fundo de troco (R$)').fill('100,00');
      await abrir.getByRole('button', { name: 'Abrir caixa' }).click();
      await page.getByText(/Caixa aberto desde .* · 0 venda\(s\)$/).waitFor();

      // F3 searches the catalogue through the Frente de caixa's own route.
      await page.keyboard.press('F3');
      const busca = page.getByRole('dialog', { name: 'Buscar produto' });
      await busca.getByLabel('Descrição, código ou código de barras').fill('leite');
      await busca.getByText('Leite integral 1 L').waitFor();
      await page.keyboard.press('Escape');

      await page.keyboard.press('F7');
      const sangria = page.getByRole('dialog', { name: 'Sangria' });
      await sangria.getByLabel('Motivo').waitFor();
      expect(await sangria.getByText(/Dinheiro na gaveta/).count()).toBe(0);
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Fechar caixa' }).click();
      const fechar = page.getByRole('dialog', { name: 'Fechar caixa' });
      await fechar.getByText(/^Fechamento cego: conte/).waitFor();
      expect(await fechar.getByRole('columnheader').allInnerTexts()).toEqual([
        'Forma de pagamento',
        'Contado',
      ]);
      await fechar.getByLabel('Contado em Dinheiro').fill('98,00');
      await harness.screenshot(page, 'pdv-fechamento-cego');
      await fechar.getByRole('button', { name: 'Confirmar fechamento' }).click();
      const fechado = page.getByRole('dialog', { name: 'Caixa fechado' });
      await fechado.getByText(/o supervisor confere a diferença em Vendas › Caixas/).waitFor();
      expect(
        await fechado
          .getByRole('table', { name: 'Fechamento por forma de pagamento' })
          .getByRole('row')
          .allInnerTexts(),
      ).toEqual(['Forma de pagamento\tContado', 'Dinheiro\tR$ 98,00']);
      // The ledger keeps what the operator was not shown: 100 expected, 98 counted.
      const [linha] = await system<{ esperado: string; diferenca: string }>(
        `SELECT f.esperado, f.diferenca FROM caixa_fechamento f JOIN caixa c ON c.id = f.caixa_id
          WHERE c.pdv_id = $1 ORDER BY f.id DESC LIMIT 1`,
        [fx.pdvId],
      );
      expect([Number(linha!.esperado), Number(linha!.diferenca)]).toEqual([100, -2]);
      expect(errors).toEqual([]);
    } catch (error) {
      await harness.screenshot(page, 'pdv-cego-falha');
      throw error;
    }
  }, 90_000);
});
