import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSefaz, iniciarFakeSefaz } from '../../scripts/lib/fakeSefaz.ts';
import { entradaEstoque } from '../support/entradaEstoque.ts';
import {
  CERVEJA,
  cadastrarClientePaulista,
  enviarCertificadoA1,
  prepararEmissaoFiscal,
} from '../support/fiscalFixture.ts';
import { login as apiLogin } from '../support/testServer.ts';
import { runAxe, seriousViolations } from './support/axe.ts';
import { type BrowserHarness, startBrowserHarness } from './support/browserHarness.ts';
import { filter, harnessApi } from './support/documentPage.ts';

/**
 * Issue 17's screens in Debian Chromium against the real server and the local fake SEFAZ (mutual TLS):
 * a pedido de venda in nota fiscal mode faturado in its form, its nota's "Emitir NF-e", the preview of
 * the items' taxes and the signed XML's validation, a rejection shown with its cStat message, the item
 * corrected in the screen, Transmitir again → the lote polled until Autorizado with its protocolo, the
 * DANFE downloaded, the Notas processadas grid with the chip and the actions of that situação, the
 * cancelamento with its justificativa (≥ 15 characters) → Cancelado, and the transmissions log.
 */
let harness: BrowserHarness;
let fake: FakeSefaz;
let token: string;
type Body = Record<string, unknown>;

const api = harnessApi(
  () => harness,
  () => token,
);
const system = <T>(sql: string, params: unknown[] = []) =>
  harness.server.db.withSystem((tx) => tx.query<T & Record<string, unknown>>(sql, params));

let pedidoId = 0;
/** Ids of the emitente, the product, the natureza and the cliente of the setup (a nota typed by SQL reuses them). */
const ids = { empresa: 0, filial: 0, produto: 0, natureza: 0, cliente: 0 };

/** axe (WCAG 2.1 AA) finds nothing serious on the screen as drawn (a finding must persist past the fades). */
async function acessivel(page: Page) {
  let graves = seriousViolations(await runAxe(page));
  if (graves.length) {
    await page.waitForTimeout(800);
    graves = seriousViolations(await runAxe(page));
  }
  expect(graves).toEqual([]);
}

async function escolher(page: Page, label: string, busca: string, opcao: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  await input.fill(busca);
  await page.getByRole('option', { name: opcao }).click();
}

/** Waits for a dialog's or menu's opening transition to end, so its screenshot shows it as the user sees it. */
const aberto = (dialog: Locator) =>
  expect
    .poll(() =>
      dialog.evaluate(
        (element) =>
          getComputedStyle(element.closest('.MuiDialog-container, .MuiPopover-paper') ?? element).opacity,
      ),
    )
    .toBe('1');

beforeAll(async () => {
  fake = await iniciarFakeSefaz();
  harness = await startBrowserHarness({
    config: { sefazUrlBase: fake.url, sefazCa: fake.caPem, sefazTimeoutMs: 5_000, sefazRetrySeconds: 1 },
  });
  token = await apiLogin(harness.server.app, 'demo@erp.local');
  const fiscal = await prepararEmissaoFiscal(system, {
    configuracao: { proximoNumeroNfe: 1001, proximoNumeroNfce: 5001 },
    produtos: [CERVEJA],
  });
  Object.assign(ids, {
    empresa: fiscal.empresaId,
    filial: fiscal.filialId,
    produto: fiscal.produtoIds[0],
    natureza: fiscal.naturezaOperacaoId,
    cliente: await cadastrarClientePaulista(system, fiscal.empresaId),
  });
  await api('POST', '/api/Contas', { descricao: 'Banco emissão e2e' });
  const deposito = (await api('POST', '/api/Depositos', { descricao: 'Loja emissão e2e' })) as Body;
  await entradaEstoque(api, {
    depositoId: deposito.id,
    produtoId: ids.produto,
    quantidade: 50,
    custoUnitario: 4,
  });
  await enviarCertificadoA1(api, fake);
  const pedido = (await api('POST', '/api/PedidosVenda', {
    tipo: 0,
    clienteId: ids.cliente,
    dataEmissao: '2026-11-20',
    depositoId: deposito.id,
    naturezaOperacaoId: ids.natureza,
    condicaoPagamento: '2x',
    lancarPor: 'notaFiscal',
    itens: [
      {
        numeroItem: 1,
        produtoId: ids.produto,
        descricao: 'Cerveja Pilsen 350 ml',
        unidade: 'UN',
        quantidade: 3,
        valorUnitario: 10,
      },
    ],
  })) as Body;
  pedidoId = Number(pedido.id);
  await api('POST', `/api/PedidosVenda/${pedidoId}/aprovar`, {});
}, 240_000);

afterAll(async () => {
  await harness?.close();
  await fake?.close();
});

describe('emissão da NF-e pelas telas', () => {
  it('fatura, emite com prévia, mostra a rejeição, corrige, autoriza, lista e cancela', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    await harness.login(page, 'demo@erp.local');

    // The pedido is faturado in its form; its nota appears in the "Nota fiscal" section with Emitir NF-e.
    await page.goto(harness.url(`pages/vendas/pedido-vendas/editar/${pedidoId}`));
    await page.getByRole('button', { name: 'Faturar' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Faturar' }).click();
    await page.getByLabel('Situação: Faturado').waitFor();
    const [nota] = (await api(
      'GET',
      filter('/api/NotasFiscaisSaida', { where: { pedidoVendaId: pedidoId } }),
    )) as Body[];
    const secaoNota = page.getByRole('table', { name: 'Nota fiscal' });
    await secaoNota.getByText('Em digitação').waitFor();
    await secaoNota.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'emissao-pedido-nota');
    await secaoNota.getByRole('button', { name: 'Emitir NF-e' }).click();

    // The preview: the item's CFOP, CST, ICMS 18 % of R$ 30,00, PIS and COFINS on the base without the ICMS
    // (R$ 24,60 × 1,65 % and × 7,6 %); the XML signed and valid.
    await page.waitForURL(new RegExp(`pages/nfe/notas-processadas/emitir/${nota?.id}$`));
    await page.getByRole('heading', { name: 'Emitir NF-e' }).waitFor();
    const itens = page.getByRole('table', { name: 'Itens e tributos' });
    const linha = itens.getByRole('row').filter({ hasText: 'Cerveja Pilsen 350 ml' });
    await linha.waitFor();
    const celulas = await linha.getByRole('cell').allTextContents();
    expect(celulas.slice(1, 7).map((texto) => texto.replace(/\s/g, ' '))).toEqual([
      '22030000',
      '5102',
      '00',
      'R$ 30,00',
      '18 %',
      'R$ 5,40',
    ]);
    expect(celulas.slice(9, 11).map((texto) => texto.replace(/\s/g, ' '))).toEqual(['R$ 0,41', 'R$ 1,87']);
    await page.getByText('XML assinado e válido no schema oficial: pronto para transmitir.').waitFor();
    await harness.screenshot(page, 'emissao-previa');
    await acessivel(page);

    // SEFAZ rejects it: the screen shows the cStat and the motive, the nota stays Rejeitado.
    fake.roteiro.push({ servico: 'NFeAutorizacao4', cStat: 778 });
    await page.getByRole('button', { name: 'Transmitir' }).click();
    const resposta = page.getByRole('alert', { name: 'Resposta da SEFAZ' });
    await expect
      .poll(() => resposta.textContent(), { timeout: 30_000 })
      .toMatch(/778 [-—] Rejeição: Informado NCM inexistente/);
    await page.getByLabel('Situação: Rejeitado').waitFor();
    await harness.screenshot(page, 'emissao-rejeitada');

    // The item's NCM is corrected in the screen; the preview is read again.
    await page.getByRole('button', { name: 'Corrigir o item 1' }).click();
    const dialogo = page.getByRole('dialog', { name: 'Corrigir o item 1' });
    await dialogo.getByLabel('NCM').fill('22030000');
    await dialogo.getByRole('button', { name: 'Salvar item' }).click();
    await dialogo.waitFor({ state: 'detached' });
    await page.getByText('XML assinado e válido no schema oficial: pronto para transmitir.').waitFor();
    const item = (await api(
      'GET',
      filter('/api/NotasFiscaisItens', { where: { notaFiscalId: nota?.id } }),
    )) as Body[];
    expect(item[0]?.ncm).toMatch(/^2203\.?00\.?00$/);

    // Transmitted again: lote 103, polled 105 → 100, Autorizado with its protocolo.
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.getByLabel('Situação: Autorizado').waitFor({ timeout: 45_000 });
    await expect.poll(() => resposta.textContent()).toContain('100 — Autorizado o uso da NF-e');
    const autorizada = (await api('GET', `/api/NotasFiscais/${nota?.id}`)) as Body;
    expect(autorizada.protocolo).toMatch(/^\d{15}$/);
    await page.getByText(String(autorizada.protocolo)).waitFor();
    for (const nome of ['DANFE', 'XML', 'Enviar por e-mail', 'Carta de correção', 'Cancelar nota'])
      await page.getByRole('button', { name: nome }).waitFor();
    expect(await page.getByRole('button', { name: 'Transmitir' }).count()).toBe(0);
    await harness.screenshot(page, 'emissao-autorizada');
    await acessivel(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'DANFE' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`nota-${autorizada.numero}-danfe.pdf`);
    const pdf = await readFile(String(await download.path()));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The grid: the Autorizado chip and the actions of that situação only.
    await page.goto(harness.url('pages/nfe/notas-processadas'));
    const linhaGrid = page.getByRole('row').filter({ hasText: 'Cliente Paulista Ltda' });
    await linhaGrid.getByText('Autorizado', { exact: true }).waitFor();
    for (const nome of ['Editar', 'DANFE', 'XML', 'Mais ações'])
      expect(await linhaGrid.getByRole('button', { name: nome }).count(), nome).toBe(1);
    for (const nome of ['Emitir NF-e', 'Consultar na SEFAZ'])
      expect(await linhaGrid.getByRole('button', { name: nome }).count(), nome).toBe(0);
    await page.getByRole('link', { name: 'Status do serviço' }).waitFor();
    await linhaGrid.getByRole('button', { name: 'Mais ações' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await aberto(menu);
    expect(await menu.getByRole('menuitem').count()).toBe(4);
    for (const nome of ['Enviar por e-mail', 'Carta de correção', 'Cancelar nota', 'Transmissões'])
      expect(await menu.getByRole('menuitem', { name: nome, exact: true }).count(), nome).toBe(1);
    await harness.screenshot(page, 'emissao-grid-autorizada');

    // Cancelamento: the justificativa needs 15 characters before the dialog sends it.
    await menu.getByRole('menuitem', { name: 'Cancelar nota' }).click();
    const cancelar = page.getByRole('dialog', { name: `Cancelar a nota ${autorizada.numero}` });
    await cancelar.getByLabel('Justificativa').fill('Erro');
    await cancelar.getByText('Faltam 11 caracteres.').waitFor();
    expect(await cancelar.getByRole('button', { name: 'Cancelar nota' }).isDisabled()).toBe(true);
    await cancelar.getByLabel('Justificativa').fill('Pedido cancelado pelo cliente');
    await aberto(cancelar);
    await harness.screenshot(page, 'emissao-cancelar');
    await cancelar.getByRole('button', { name: 'Cancelar nota' }).click();
    await page.getByText(`Nota ${autorizada.numero} cancelada na SEFAZ.`).waitFor({ timeout: 30_000 });
    await linhaGrid.getByText('Cancelado', { exact: true }).waitFor();
    for (const nome of ['DANFE', 'XML', 'Transmissões'])
      expect(await linhaGrid.getByRole('button', { name: nome }).count(), nome).toBe(1);
    expect(await linhaGrid.getByRole('button', { name: 'Mais ações' }).count()).toBe(0);
    await harness.screenshot(page, 'emissao-grid-cancelada');

    // The log: every request with SEFAZ's answer, the XML viewable.
    await linhaGrid.getByRole('button', { name: 'Transmissões' }).click();
    const log = page.getByRole('table', { name: 'Transmissões' });
    await log.getByText('135 — Evento registrado e vinculado a NF-e').waitFor();
    await log
      .getByText(/778 [-—] Rejeição: Informado NCM inexistente/)
      .first()
      .waitFor();
    await log.getByRole('button', { name: 'Ver XML' }).first().click();
    await page.getByRole('dialog').getByText('<enviNFe', { exact: false }).first().waitFor();
    await aberto(page.getByRole('dialog'));
    await harness.screenshot(page, 'emissao-transmissoes');

    // Status do serviço, from the grid's toolbar: the authorizer of the filial answers 107.
    await page.goto(harness.url('pages/nfe/notas-processadas'));
    await page.getByRole('link', { name: 'Status do serviço' }).click();
    await page.getByText('107 — Serviço em Operação').waitFor();
    await harness.screenshot(page, 'emissao-status-servico');

    // Inutilização from NF-e › Inutilizações › Novo: asked to SEFAZ (102); the same range again is refused (241).
    await page.goto(harness.url('pages/nfe/inutilizacoes/cadastrar'));
    await page.getByRole('heading', { name: 'Inutilizar numeração' }).waitFor();
    await page.getByLabel('Número inicial').fill('1005');
    await page.getByLabel('Número final').fill('1006');
    await page.getByLabel('Justificativa').fill('Números pulados por falha no sistema');
    const inutilizar = async () => {
      await page.getByRole('button', { name: 'Inutilizar' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Inutilizar' }).click();
    };
    await inutilizar();
    await page.getByText(/SEFAZ: 102 — Inutilização de número homologado\. Protocolo \d{15}\./).waitFor();
    await harness.screenshot(page, 'emissao-inutilizacao');
    await inutilizar();
    await page.getByText('A SEFAZ não inutilizou a faixa').waitFor();
    await page.getByText(/241 - Rejeição: Um número da faixa já foi utilizado/).waitFor();
    const [inutilizada] = (await api(
      'GET',
      filter('/api/Inutilizacoes', { where: { numeroInicial: 1005 } }),
    )) as Body[];
    expect(inutilizada).toMatchObject({ numeroFinal: 1006, situacao: 8 });
    // The refused inutilização is a 422 the browser logs; nothing else went wrong.
    expect(errors.filter((erro) => !erro.includes('status of 422'))).toEqual([]);
  }, 300_000);

  it('Emitir NFC-e: the model chosen in the screen is previewed and authorised synchronously', async () => {
    const [nota] = await system<{ id: number }>(
      `INSERT INTO nota_fiscal (empresa_id, filial_id, tipo_operacao, finalidade, natureza_operacao_id, destinatario_id,
              data_emissao, valor_produtos, valor_total, modalidade_frete, situacao, valor_frete, valor_desconto)
       VALUES ($1, $2, 1, 1, $3, $4, now(), 50, 50, 9, 0, 0, 0) RETURNING id::int AS id`,
      [ids.empresa, ids.filial, ids.natureza, ids.cliente],
    );
    await system(
      `INSERT INTO nota_fiscal_item (empresa_id, filial_id, nota_fiscal_id, numero_item, produto_id, codigo, descricao,
              cfop, unidade, quantidade, valor_unitario, valor_total)
       SELECT $1, $2, $3, 1, p.id, p.codigo, p.descricao, '5102', 'UN', 2, 25, 50 FROM produto p WHERE p.id = $4`,
      [ids.empresa, ids.filial, nota?.id, ids.produto],
    );
    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url(`pages/nfe/notas-processadas/emitir/${nota?.id}`));
    await page.getByText('XML assinado e válido no schema oficial: pronto para transmitir.').waitFor();
    await page.getByRole('button', { name: 'NFC-e (65)' }).click();
    await page.getByRole('heading', { name: 'Emitir NFC-e' }).waitFor();
    await page.getByText('XML assinado e válido no schema oficial: pronto para transmitir.').waitFor();
    await page.getByRole('button', { name: 'Transmitir' }).click();
    await page.getByLabel('Situação: Autorizado').waitFor({ timeout: 30_000 });
    const autorizada = (await api('GET', `/api/NotasFiscais/${nota?.id}`)) as Body;
    expect(String(autorizada.chave).slice(20, 22)).toBe('65');
    await page.getByRole('heading', { name: `NFC-e ${autorizada.numero}` }).waitFor();
    await page.getByText('100 — Autorizado o uso da NF-e').waitFor();
    // No carta de correção for an NFC-e (the CC-e exists for the NF-e only).
    await page.getByRole('button', { name: 'Cancelar nota' }).waitFor();
    expect(await page.getByRole('button', { name: 'Carta de correção' }).count()).toBe(0);
    await harness.screenshot(page, 'emissao-nfce-autorizada');
    expect(errors).toEqual([]);
  }, 120_000);

  it('NF-e › Emitir NF-e: the saved nota opens in the emission screen, which names what to fix', async () => {
    const { page, errors } = await harness.newPage({ width: 1440, height: 1000 });
    await harness.login(page, 'demo@erp.local');
    await page.goto(harness.url('pages/nfe/emitir-nfe'));
    await page.getByLabel('Data de emissão').fill('2026-11-21T10:30');
    await escolher(page, 'Natureza de operação', 'Venda', 'Venda de mercadoria');
    await escolher(page, 'Destinatário', 'Cliente Pau', 'Cliente Paulista Ltda');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.waitForURL(/pages\/nfe\/notas-processadas\/emitir\/\d+$/);
    await page.getByRole('heading', { name: 'Emitir NF-e' }).waitFor();
    // Typed without items: the preview names what to fix, Transmitir stays off, the nota's form is a click away.
    await page
      .getByRole('alert', { name: 'Corrija antes de transmitir' })
      .getByText('A nota não tem itens. Inclua ao menos um produto.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Transmitir' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Editar a nota' }).waitFor();
    await harness.screenshot(page, 'emissao-nota-sem-itens');
    expect(errors.filter((erro) => !erro.includes('status of 422'))).toEqual([]);
  }, 120_000);
});
