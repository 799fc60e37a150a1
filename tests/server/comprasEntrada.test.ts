import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventoCancelamentoXml, type ItemXmlTeste, type NotaXmlTeste, nfeXml } from '../support/nfeXml.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Compras › Entrada de nota fiscal on the engine: importing a supplier's NF-e XML (issue 23's quirks, each
 * with a fixture written for the project) and confirming / cancelling the entry (stock at landed cost and
 * contas a pagar in one transaction), against real PostgreSQL.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const MATRIZ = '11222333000181';
/** An alphanumeric CNPJ (NT Conjunta 2025.001): letters in the base, numeric check digits. */
const ALFA = { cnpj: '12ABC34501DE35', nome: 'Ferragens Alfa Comércio Ltda' };
const NUMERICO = { cnpj: '11444777000161', nome: 'Distribuidora Paulista de Bebidas Ltda' };

const { ok, fails, system } = testApi(() => ({ server, token }));

let deposito: Body;
let parafuso: Body;
let arruela: Body;

const saldo = async (produtoId: unknown) =>
  (
    await system<{ fisico: string; valor: string; custo_medio: string }>(
      'SELECT fisico, valor, custo_medio FROM saldo_estoque WHERE produto_id = $1 AND deposito_id = $2',
      [produtoId, deposito.id],
    )
  )[0] ?? { fisico: '0', valor: '0', custo_medio: '0' };
const titulos = (notaId: unknown) =>
  system<{ valor: string; vencimento: string; situacao: number; parcela: number; pessoa_id: string }>(
    `SELECT valor, to_char(data_vencimento, 'YYYY-MM-DD') AS vencimento, situacao, parcela, pessoa_id
       FROM lancamento WHERE origem_tipo = 'notaEntrada' AND origem_id = $1 AND tipo = 2 ORDER BY parcela`,
    [notaId],
  );

const nota = (over: Partial<NotaXmlTeste> & { itens: ItemXmlTeste[] }): NotaXmlTeste => ({
  emitente: ALFA,
  destinatarioCnpj: MATRIZ,
  numero: 1,
  serie: 1,
  dataEmissao: '2026-09-14',
  ...over,
});

// Simples Nacional supplier (no ICMS credit in any regime): the landed cost is price + IPI + expenses.
const chapa: ItemXmlTeste = {
  codigo: 'FA-100',
  descricao: 'CHAPA A&#199;O &#216; 10MM',
  ncm: '73181500',
  cfop: '6102',
  unidade: 'CX',
  quantidade: 10,
  valorUnitario: 24,
  csosn: '102',
  ipi: 5,
  frete: 12,
  seguro: 3,
  outras: 5,
};
const arruelaItem: ItemXmlTeste = {
  codigo: 'FA-200',
  ean: '7890000000017',
  descricao: 'ARRUELA LISA 1/4',
  ncm: '73182200',
  cfop: '6405',
  unidade: 'UN',
  quantidade: 100,
  valorUnitario: 0.5,
  csosn: '500',
};

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  deposito = await ok('POST', '/api/Depositos', { descricao: 'Almoxarifado compras' });
  await ok('POST', '/api/Contas', { descricao: 'Conta movimento compras' });
  parafuso = await ok('POST', '/api/Produtos', {
    descricao: 'Chapa de aço 10mm (unidade)',
    codigo: 'CHAPA10',
  });
  arruela = await ok('POST', '/api/Produtos', {
    descricao: 'Arruela lisa 1/4',
    codigo: 'ARR14',
    codigoBarras: '7890000000017',
  });
});
afterAll(async () => server?.close());

describe('Importar XML da NF-e de entrada: as notas de verdade', () => {
  const alfa = nfeXml(
    nota({
      numero: 701,
      itens: [chapa, arruelaItem],
      duplicatas: [
        { numero: '001', vencimento: '2026-10-14', valor: 150 },
        { numero: '002', vencimento: '2026-11-13', valor: 147 },
      ],
      ibsCbs: { vIBS: 0.29, vCBS: 2.61 },
    }),
  );
  let entradaId: unknown;

  it('reads an alphanumeric-CNPJ key, decodes &#216;, keeps every value group and the duplicatas', async () => {
    expect(alfa.chave).toMatch(/^[0-9]{6}12ABC34501DE35/);
    const previa = await ok('POST', '/api/XmlNfe/importar/previa', { xml: alfa.xml });
    expect(previa.chave).toBe(alfa.chave);
    const totais = previa.totais as Record<string, number>;
    // 10 × 24 + 100 × 0.5 = 290; IPI 5% of 240 = 12; frete 12, seguro 3, outras 5 → vNF 322.
    expect(totais).toMatchObject({
      valorProdutos: 290,
      valorIpi: 12,
      valorFrete: 12,
      valorSeguro: 3,
      valorOutras: 5,
      valorIbs: 0.29,
      valorCbs: 2.61,
      valorTotal: 322,
    });
    expect(previa.divergencias).toEqual([]);
    // Σ dup (297) ≠ vNF would be a divergence only against vLiq; here fat/vLiq = Σ dup.
    expect(previa.duplicatas).toEqual([
      { numero: '001', vencimento: '2026-10-14', valor: 150 },
      { numero: '002', vencimento: '2026-11-13', valor: 147 },
    ]);
    const itens = previa.itens as Body[];
    expect(itens[0]?.descricao).toBe('CHAPA AÇO Ø 10MM');
    // CFOP from the table: 6102 → 2102 (compra para comercialização), 6405 (ST) → 2403, never 2405.
    expect(itens.map((item) => item.cfopEntrada)).toEqual(['2102', '2403']);
    expect(itens[1]?.sugestao).toMatchObject({ produtoId: arruela.id, motivo: 'ean', fator: 1 });
    expect(itens[0]?.sugestao).toBeNull();
  });

  it('imports with a manual link and unit factor, then confirms: stock at landed cost and contas a pagar', async () => {
    const importada = await ok('POST', '/api/XmlNfe/importar', {
      xml: alfa.xml,
      depositoId: deposito.id,
      itens: [{ numeroItem: 1, produtoId: parafuso.id, fatorConversao: 12 }],
    });
    entradaId = importada.id;
    const [row] = await system<Body>(
      `SELECT n.chave, n.situacao, n.valor_seguro, n.valor_outras, n.valor_ibs, n.valor_cbs, n.valor_total, p.cpf_cnpj
         FROM nota_entrada n JOIN pessoa p ON p.id = n.fornecedor_id WHERE n.id = $1`,
      [entradaId],
    );
    expect(row).toMatchObject({ chave: alfa.chave, situacao: 'pendente', cpf_cnpj: ALFA.cnpj });
    expect(Number(row?.valor_seguro)).toBe(3);
    expect(Number(row?.valor_outras)).toBe(5);
    expect(Number(row?.valor_ibs)).toBe(0.29);
    expect(Number(row?.valor_cbs)).toBe(2.61);
    expect(await titulos(entradaId)).toEqual([]);

    const confirmada = await ok('POST', `/api/NotasEntrada/${entradaId}/confirmar`);
    expect(confirmada.situacao).toBe('lancada');
    // Chapa: 240 + IPI 12 + frete 12 + seguro 3 + outras 5 = 272 for 10 CX × 12 = 120 UN.
    const chapaSaldo = await saldo(parafuso.id);
    expect(Number(chapaSaldo.fisico)).toBe(120);
    expect(Number(chapaSaldo.valor)).toBe(272);
    const arruelaSaldo = await saldo(arruela.id);
    expect(Number(arruelaSaldo.fisico)).toBe(100);
    expect(Number(arruelaSaldo.valor)).toBe(50);
    const pagar = await titulos(entradaId);
    expect(pagar.map((t) => [Number(t.valor), t.vencimento, t.situacao, t.parcela])).toEqual([
      [150, '2026-10-14', 0, 1],
      [147, '2026-11-13', 0, 2],
    ]);
    expect(pagar.every((t) => Number(t.pessoa_id) === Number(importada.fornecedorId))).toBe(true);
    // A repeated confirmation is refused by the state machine and posts nothing twice.
    await fails('POST', `/api/NotasEntrada/${entradaId}/confirmar`, undefined, 409);
    expect(Number((await saldo(parafuso.id)).fisico)).toBe(120);
  });

  it('the next note of the supplier suggests the saved (CNPJ, cProd) link with its factor', async () => {
    const segunda = nfeXml(nota({ numero: 702, itens: [chapa] }));
    const previa = await ok('POST', '/api/XmlNfe/importar/previa', { xml: segunda.xml });
    expect((previa.itens as Body[])[0]?.sugestao).toMatchObject({
      produtoId: parafuso.id,
      motivo: 'codigoFornecedor',
      fator: 12,
    });
  });

  it('refuses the same chave again naming the key and the import date', async () => {
    const error = await fails('POST', '/api/XmlNfe/importar', { xml: alfa.xml }, 409);
    const [hoje] = await system<{ d: string }>(
      "SELECT to_char(now() AT TIME ZONE 'America/Sao_Paulo', 'DD/MM/YYYY') AS d",
    );
    expect(error.message.startsWith(`A nota ${alfa.chave} já foi importada em ${hoje?.d}`)).toBe(true);
  });

  it('refuses to cancel while a conta a pagar has a baixa; after the estorno it reverses stock and titles', async () => {
    const [primeiro] = await system<{ id: string; conta_id: string }>(
      `SELECT id, conta_id FROM lancamento WHERE origem_tipo = 'notaEntrada' AND origem_id = $1 ORDER BY parcela LIMIT 1`,
      [entradaId],
    );
    const {
      baixas: [baixa],
    } = (await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-10-14',
      contaId: Number(primeiro?.conta_id),
      itens: [{ lancamentoId: Number(primeiro?.id), principal: 150 }],
    })) as { baixas: Array<{ id: number }> };
    const error = await fails('POST', `/api/NotasEntrada/${entradaId}/cancelar`, undefined, 409);
    expect(error.message).toContain('já tem baixa');
    expect(Number((await saldo(parafuso.id)).fisico)).toBe(120);
    await ok('POST', `/api/Baixas/${baixa?.id}/estornar`, {});

    const evento = eventoCancelamentoXml(alfa.chave, '135260000099999', '2026-09-15');
    const cancelada = await ok('POST', '/api/XmlNfe/cancelamento', { xml: evento });
    expect(cancelada).toMatchObject({ id: entradaId, protocolo: '135260000099999', jaCancelada: false });
    const [row] = await system<{ situacao: string; cancelada_pelo_emitente: string }>(
      'SELECT situacao, cancelada_pelo_emitente FROM nota_entrada WHERE id = $1',
      [entradaId],
    );
    expect(row?.situacao).toBe('cancelada');
    expect(row?.cancelada_pelo_emitente).toContain('135260000099999');
    expect(Number((await saldo(parafuso.id)).fisico)).toBe(0);
    expect(Number((await saldo(parafuso.id)).valor)).toBe(0);
    expect(Number((await saldo(arruela.id)).fisico)).toBe(0);
    expect((await titulos(entradaId)).map((t) => t.situacao)).toEqual([3, 3]);
    // The same event again changes nothing.
    expect(await ok('POST', '/api/XmlNfe/cancelamento', { xml: evento })).toMatchObject({
      jaCancelada: true,
    });
    expect(Number((await saldo(parafuso.id)).fisico)).toBe(0);
  });

  it('without cobr, one conta a pagar of vNF due on the entry date', async () => {
    const semCobr = nfeXml(nota({ emitente: NUMERICO, numero: 9001, itens: [arruelaItem] }));
    const importada = await ok('POST', '/api/XmlNfe/importar', {
      xml: semCobr.xml,
      depositoId: deposito.id,
      dataEntrada: '2026-09-20',
    });
    await ok('POST', `/api/NotasEntrada/${importada.id}/confirmar`);
    const pagar = await titulos(importada.id);
    expect(pagar.map((t) => [Number(t.valor), t.vencimento])).toEqual([[50, '2026-09-20']]);
  });
});

describe('Importar XML da NF-e de entrada: notas recusadas, com o motivo', () => {
  const previa = (xml: string, extra: Body = {}) => ({ xml, ...extra });

  it('a tampered vNF is refused; insisting books it flagged on the entry', async () => {
    const adulterada = nfeXml(nota({ numero: 801, itens: [arruelaItem], ajusteVNF: 100 }));
    const error = await fails('POST', '/api/XmlNfe/importar/previa', previa(adulterada.xml), 400);
    expect(error.code).toBe('XML_NFE_DIVERGENTE');
    expect(error.message).toContain('vNF R$ 150,00');
    expect(error.message).toContain('R$ 50,00');
    expect(await system('SELECT id FROM nota_entrada WHERE chave = $1', [adulterada.chave])).toEqual([]);
    const importada = await ok('POST', '/api/XmlNfe/importar', {
      xml: adulterada.xml,
      aceitarDivergencias: true,
    });
    const [row] = await system<{ alerta_xml: string }>('SELECT alerta_xml FROM nota_entrada WHERE id = $1', [
      importada.id,
    ]);
    expect(row?.alerta_xml).toContain('vNF R$ 150,00');
  });

  it('a note changed after the emitente signed it, or not signed at all, is refused; insisting flags it', async () => {
    // Totals still add up: only the signature shows that the item's description was changed on the way.
    const alterada = nfeXml(
      nota({
        numero: 826,
        itens: [arruelaItem],
        alterarDepoisDeAssinar: {
          de: `<xProd>${arruelaItem.descricao}</xProd>`,
          para: '<xProd>OUTRO PRODUTO</xProd>',
        },
      }),
    );
    const error = await fails('POST', '/api/XmlNfe/importar/previa', previa(alterada.xml), 400);
    expect(error.code).toBe('XML_NFE_DIVERGENTE');
    expect(error.message).toContain(
      'Assinatura digital: não confere, o conteúdo da nota foi alterado depois de assinado pelo emitente.',
    );
    expect(error.message).not.toContain('vNF');
    const semAssinatura = nfeXml(nota({ numero: 827, itens: [arruelaItem], assinatura: false }));
    expect(
      (await fails('POST', '/api/XmlNfe/importar/previa', previa(semAssinatura.xml), 400)).message,
    ).toContain('Assinatura digital: o XML não tem a assinatura digital do emitente.');
    expect(
      await system('SELECT id FROM nota_entrada WHERE chave = ANY($1)', [
        [alterada.chave, semAssinatura.chave],
      ]),
    ).toEqual([]);
    const importada = await ok('POST', '/api/XmlNfe/importar', {
      xml: alterada.xml,
      aceitarDivergencias: true,
    });
    const [row] = await system<{ alerta_xml: string }>('SELECT alerta_xml FROM nota_entrada WHERE id = $1', [
      importada.id,
    ]);
    expect(row?.alerta_xml).toContain('Assinatura digital: não confere');
    // The same note as signed reads clean: what broke it was the change, not the signing.
    const intacta = nfeXml(nota({ numero: 828, itens: [arruelaItem] }));
    expect((await ok('POST', '/api/XmlNfe/importar/previa', previa(intacta.xml))).divergencias).toEqual([]);
  });

  it('tpNF 0, a foreign namespace and a non-authorised note are refused with the reason', async () => {
    const entrada = nfeXml(nota({ numero: 802, itens: [arruelaItem], tpNF: 0 }));
    expect((await fails('POST', '/api/XmlNfe/importar/previa', previa(entrada.xml), 400)).message).toContain(
      'tpNF 0',
    );
    const namespace = nfeXml(
      nota({ numero: 803, itens: [arruelaItem], namespace: 'http://example.com/nfe' }),
    );
    expect(
      (await fails('POST', '/api/XmlNfe/importar/previa', previa(namespace.xml), 400)).message,
    ).toContain('namespace "http://example.com/nfe"');
    const denegada = nfeXml(nota({ numero: 804, itens: [arruelaItem], cStat: ['110', 'Uso Denegado'] }));
    expect((await fails('POST', '/api/XmlNfe/importar/previa', previa(denegada.xml), 400)).message).toContain(
      'cStat 110: Uso Denegado',
    );
    const fora = nfeXml(
      nota({ numero: 805, itens: [arruelaItem], cStat: ['150', 'Autorizado fora de prazo'] }),
    );
    expect((await fails('POST', '/api/XmlNfe/importar/previa', previa(fora.xml), 400)).message).toContain(
      'só notas com cStat 100',
    );
  });

  it('a note carrying its own cancellation event is refused', async () => {
    const cancelada = nfeXml(
      nota({
        numero: 806,
        itens: [arruelaItem],
        cancelamento: { protocolo: '135260000011111', data: '2026-09-15' },
      }),
    );
    const error = await fails('POST', '/api/XmlNfe/importar', previa(cancelada.xml), 400);
    expect(error.code).toBe('NFE_CANCELADA');
    expect(error.message).toContain('135260000011111');
    expect(await system('SELECT id FROM nota_entrada WHERE chave = $1', [cancelada.chave])).toEqual([]);
  });

  it('a CFOP outside the official entry table is refused; a supplier CFOP without a rule asks for one', async () => {
    const xml = nfeXml(nota({ numero: 807, itens: [arruelaItem] })).xml;
    const error = await fails(
      'POST',
      '/api/XmlNfe/importar',
      { xml, itens: [{ numeroItem: 1, cfop: '2405' }] },
      400,
    );
    expect(error.message).toContain('o CFOP 2405 não é um CFOP de entrada');
    const semRegra = nfeXml(nota({ numero: 808, itens: [{ ...arruelaItem, cfop: '5933' }] }));
    const analise = await ok('POST', '/api/XmlNfe/importar/previa', previa(semRegra.xml));
    expect((analise.itens as Body[])[0]?.cfopEntrada).toBe('');
    expect((analise.avisos as string[]).join(' ')).toContain('CFOP 5933');
    await fails('POST', '/api/XmlNfe/importar', previa(semRegra.xml), 400);
  });

  it('a cancellation event of a key without entry is a 404; an event of another type a 400', async () => {
    const semEntrada = nfeXml(nota({ numero: 809, itens: [arruelaItem] }));
    const error = await fails(
      'POST',
      '/api/XmlNfe/cancelamento',
      { xml: eventoCancelamentoXml(semEntrada.chave, '1', '2026-09-15') },
      404,
    );
    expect(error.message).toContain(semEntrada.chave);
    const cce = eventoCancelamentoXml(semEntrada.chave, '1', '2026-09-15').replaceAll('110111', '110110');
    expect((await fails('POST', '/api/XmlNfe/cancelamento', { xml: cce }, 400)).message).toContain(
      'não é um cancelamento',
    );
  });
});
