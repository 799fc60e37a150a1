import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workSefazJobs } from '../../runtime/server/fiscal/sefazJobs.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { documentosFiscais } from '../../runtime/server/services/arquivosFiscais/documentosFiscais.ts';
import { type FakeSefaz, iniciarFakeSefaz, verificarAssinaturas } from '../../scripts/lib/fakeSefaz.ts';
import { type PdvFixture, prepararPdv } from '../support/pdvFixture.ts';
import { testApi } from '../support/testApi.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * The Frente de caixa (issue 17 PDV, flows.md §4) against the real server, PostgreSQL and the local fake SEFAZ:
 * one open session per terminal (concurrent aberturas, the partial unique index), sangria and suprimento with
 * motivo and the drawer limit, sales refused without an open session or above the perfil's discount, a sale
 * posting its NFC-e, stock and cash movements once (also when retried with the same Idempotency-Key, also
 * concurrently), the NFC-e authorised by the fake with its payments and troco in detPag, offline contingency
 * while SEFAZ is down and its later transmission by the job, the fechamento's diferença per method, a closed
 * session refusing everything, and the check:ledgers invariants.
 */
let server: TestServer;
let fake: FakeSefaz;
let token: string;
let fx: PdvFixture;
type Body = Record<string, unknown>;
const { api, ok, fails, system } = testApi(() => ({ server, token }));
const HOST_NFCE_SP = 'homologacao.nfce.fazenda.sp.gov.br';

let caixaId = 0;
/** What the cash drawer should hold, in cents, as the test moves it. */
let gaveta = 0;
let cartao = 0;
let chaveSeq = 0;
/** The sale retried with one key (cancelled later). */
let vendaRepetida = 0;

const vender = (body: Body, key = `venda-${++chaveSeq}`, caixa = caixaId, as = token) =>
  server.app.inject({
    method: 'POST',
    url: `/api/Caixas/${caixa}/vendas`,
    headers: { host: 'localhost', authorization: as, 'idempotency-key': key },
    payload: body,
  });
const movimentosDaNota = (notaId: number) =>
  system<{ tipo: string; forma_pagamento_id: number; valor: string; caixa_id: number }>(
    `SELECT tipo, forma_pagamento_id::int AS forma_pagamento_id, valor, caixa_id::int AS caixa_id FROM movimento_caixa
      WHERE origem_tipo = 'notaFiscal' AND origem_id = $1 ORDER BY origem_linha`,
    [notaId],
  );
const saidasDaNota = (notaId: number) =>
  system<{ produto_id: number; qtd: string; deposito_id: number }>(
    `SELECT produto_id::int AS produto_id, qtd, deposito_id::int AS deposito_id FROM movimentacao_estoque
      WHERE origem_tipo = 'notaFiscal' AND origem_id = $1 ORDER BY origem_linha`,
    [notaId],
  );
const fisico = async (produtoId: number) =>
  Number(
    (
      await system<{ fisico: string }>(
        'SELECT fisico FROM saldo_estoque WHERE produto_id = $1 AND deposito_id = $2',
        [produtoId, fx.depositoId],
      )
    )[0]!.fisico,
  );
const nota = (id: number) => system<Body>('SELECT * FROM nota_fiscal WHERE id = $1', [id]).then((r) => r[0]!);

async function aguardarSituacao(id: number, situacao: number): Promise<Body> {
  const limite = Date.now() + 45_000;
  for (;;) {
    const row = await nota(id);
    if (Number(row.situacao) === situacao) return row;
    if (Date.now() > limite)
      throw new Error(`nota ${id} ficou na situação ${row.situacao} (${row.motivo_rejeicao ?? ''})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  fake = await iniciarFakeSefaz();
  server = await createTestServer({
    jobs: {},
    config: { sefazUrlBase: fake.url, sefazCa: fake.caPem, sefazTimeoutMs: 3_000, sefazRetrySeconds: 1 },
  });
  await workSefazJobs({
    db: server.db,
    config: server.config,
    jobs: server.jobs!,
    schemas: server.tenants.schemaFiles,
  });
  token = await login(server.app, 'demo@erp.local');
  fx = await prepararPdv(ok, system, fake);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('abertura: one open session per terminal', () => {
  it('two concurrent aberturas of one PDV: one wins, the other is a 409 naming the open session', async () => {
    const body = { pdvId: fx.pdvId, operadorPdvId: fx.operadorId, valorAbertura: 100 };
    const respostas = await Promise.all([
      api('POST', '/api/Caixas/abrir', body),
      api('POST', '/api/Caixas/abrir', body),
    ]);
    const status = respostas.map((r) => r.statusCode).sort();
    expect(status).toEqual([200, 409]);
    const recusada = respostas.find((r) => r.statusCode === 409)!.json().error;
    expect(recusada.code).toBe('CAIXA_JA_ABERTO');
    expect(recusada.message).toMatch(
      /^O PDV Caixa 1 já tem um caixa aberto \(desde \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
    );
    const aberto = respostas.find((r) => r.statusCode === 200)!.json();
    caixaId = aberto.id;
    gaveta = 10_000;
    expect(aberto).toMatchObject({
      situacao: 'aberto',
      pdv: 'Caixa 1',
      operador: 'Ana Operadora',
      valorAbertura: 100,
    });
    expect(aberto.formas).toEqual([
      { formaPagamentoId: fx.dinheiroId, descricao: 'Dinheiro', dinheiro: true, esperado: 100 },
    ]);
  });

  it('the database holds it too: a second open row for the PDV violates the partial unique index', async () => {
    await expect(
      system(
        `INSERT INTO caixa (empresa_id, filial_id, pdv_id, abertura, situacao) VALUES ($1, $2, $3, now(), 'aberto')`,
        [fx.empresaId, fx.filialId, fx.pdvId],
      ),
    ).rejects.toThrow(/caixa_um_aberto_por_pdv/);
  });

  it('the generic API cannot edit a session of the Frente de caixa', async () => {
    const erro = await fails('PATCH', `/api/Caixas/${caixaId}`, { valorAbertura: 1000 }, 409);
    expect(erro.message).toMatch(/controlado pela Frente de caixa/);
  });
});

describe('sangria and suprimento', () => {
  it('motivo is required', async () => {
    const erro = await fails('POST', `/api/Caixas/${caixaId}/sangria`, { valor: 10, motivo: '   ' }, 422);
    expect(erro).toMatchObject({ code: 'MOTIVO_OBRIGATORIO', message: 'Informe o motivo da sangria.' });
    expect(
      (await fails('POST', `/api/Caixas/${caixaId}/suprimento`, { valor: 10, motivo: '' }, 422)).message,
    ).toBe('Informe o motivo do suprimento.');
  });

  it('a sangria larger than the cash in the drawer is refused; suprimento then sangria move it', async () => {
    const erro = await fails(
      'POST',
      `/api/Caixas/${caixaId}/sangria`,
      { valor: 100.01, motivo: 'Depósito' },
      422,
    );
    expect(erro).toMatchObject({
      code: 'SANGRIA_ACIMA_DA_GAVETA',
      message: 'A sangria de R$ 100,01 passa do dinheiro na gaveta (R$ 100,00).',
    });
    await ok('POST', `/api/Caixas/${caixaId}/suprimento`, { valor: 50, motivo: 'Troco do cofre' });
    const resumo = await ok('POST', `/api/Caixas/${caixaId}/sangria`, {
      valor: 80,
      motivo: 'Depósito no banco',
    });
    gaveta += 5_000 - 8_000;
    expect(resumo.formas).toEqual([
      expect.objectContaining({ formaPagamentoId: fx.dinheiroId, esperado: gaveta / 100 }),
    ]);
    const linhas = await system<{ tipo: string; valor: string; motivo: string; origem_linha: number }>(
      `SELECT tipo, valor, motivo, origem_linha FROM movimento_caixa WHERE origem_tipo = 'caixa' AND origem_id = $1 ORDER BY id`,
      [caixaId],
    );
    expect(linhas.map((l) => [l.tipo, Number(l.valor), l.motivo, l.origem_linha])).toEqual([
      ['suprimento', 50, 'Troco do cofre', 1],
      ['sangria', -80, 'Depósito no banco', 2],
    ]);
  });

  it('the ledger is append-only', async () => {
    await expect(
      system(`UPDATE movimento_caixa SET valor = 1 WHERE caixa_id = $1`, [caixaId]),
    ).rejects.toThrow(/só aceita inclusões/);
  });
});

describe('venda', () => {
  let notaId = 0;
  let chave = '';

  it('without an open session of the Frente de caixa it is refused', async () => {
    const outro = await ok('POST', '/api/Pdvs', {
      descricao: 'Caixa 2',
      serie: 8,
      depositoId: fx.depositoId,
    });
    const legado = await ok('POST', '/api/Caixas', { pdvId: outro.id, abertura: '2026-11-20T10:00:00Z' });
    const body = {
      itens: [{ codigo: 'CAFE500', quantidade: 1 }],
      pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 20 }],
    };
    const r = await vender(body, 'legado', Number(legado.id));
    expect(r.statusCode, r.body).toBe(409);
    expect(r.json().error.code).toBe('CAIXA_FORA_DA_FRENTE');
    const semChave = await api('POST', `/api/Caixas/${caixaId}/vendas`, body);
    expect(semChave.statusCode).toBe(400);
    expect(semChave.json().error.code).toBe('IDEMPOTENCY_KEY_OBRIGATORIA');
  });

  it('previa: the items priced (promoção of the day for the quantity), the totals, nothing posted', async () => {
    const cafe = fx.produtos[0]!;
    await ok('POST', '/api/Promocoes', {
      descricao: 'Leve 6 cafés',
      produtoId: cafe.id,
      inicio: '2020-01-01',
      fim: '2099-12-31',
      percentualDesconto: 10,
      quantidadeMinima: 6,
    });
    const previa = await ok('POST', `/api/Caixas/${caixaId}/vendas/previa`, {
      itens: [
        { codigo: cafe.codigoBarras, quantidade: 6 },
        { codigo: 'LEITE1L', quantidade: 1, desconto: 0.49 },
      ],
    });
    expect(previa).toEqual({
      itens: [
        expect.objectContaining({
          produtoId: cafe.id,
          codigo: 'CAFE500',
          precoUnitario: 17.01,
          valorTotal: 102.06,
        }),
        expect.objectContaining({ codigo: 'LEITE1L', precoUnitario: 5.49, desconto: 0.49, valorTotal: 5 }),
      ],
      valorProdutos: 107.55,
      valorDesconto: 0.49,
      valorTotal: 107.06,
    });
    expect(await system('SELECT 1 FROM nota_fiscal WHERE caixa_id = $1', [caixaId])).toHaveLength(0);
  });

  it('a discount above the perfil limit is refused; within it the sale goes through', async () => {
    const limitado = await addDemoUserWithProfile(server, {
      email: 'caixa.pdv@erp.local',
      nome: 'Caixa com limite',
      perfil: 'Operador de caixa',
      permissoes: { VENDAS_FRENTE_CAIXA: 4 },
    });
    await system(`UPDATE perfil SET desconto_maximo = 5 WHERE nome = 'Operador de caixa'`);
    const acima = await vender(
      {
        itens: [{ codigo: '7891000100103', quantidade: 1, desconto: 1.9 }],
        pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 17 }],
      },
      'desconto-acima',
      caixaId,
      limitado.token,
    );
    expect(acima.statusCode, acima.body).toBe(422);
    expect(acima.json().error).toMatchObject({
      code: 'DESCONTO_ACIMA_DO_LIMITE',
      message:
        'O desconto de 10,05% nesta venda excede o limite de 5,00% do perfil Operador de caixa. Reduza o desconto ou chame um usuário com limite maior.',
    });
    const dentro = await vender(
      {
        itens: [{ codigo: '7891000100103', quantidade: 1 }],
        desconto: 0.94,
        pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 17.96 }],
      },
      'desconto-dentro',
      caixaId,
      limitado.token,
    );
    expect(dentro.statusCode, dentro.body).toBe(200);
    expect(dentro.json().venda).toMatchObject({ valorTotal: 17.96, valorDesconto: 0.94, troco: 0 });
    // The cashier prints the DANFCE of the session's sale without the NF-e permission.
    const notaDentro = dentro.json().venda.notaFiscalId;
    const get = (url: string) =>
      server.app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost', authorization: limitado.token },
      });
    const danfce = await get(`/api/Caixas/${caixaId}/vendas/${notaDentro}/danfce`);
    expect(danfce.statusCode, danfce.body).toBe(200);
    expect(danfce.headers['content-type']).toBe('application/pdf');
    expect((await get(`/api/NotasFiscais/${notaDentro}/danfe`)).statusCode).toBe(403);
    expect((await get(`/api/Caixas/${caixaId + 1000}/vendas/${notaDentro}/danfce`)).statusCode).toBe(404);
    gaveta += 1796;
  });

  it('posts the NFC-e, the stock saída and the cash movements once; the fake authorises it with detPag and troco', async () => {
    const [cafe, leite] = fx.produtos as [PdvFixture['produtos'][0], PdvFixture['produtos'][0]];
    const antes = [await fisico(cafe.id), await fisico(leite.id)];
    const r = await vender(
      {
        itens: [
          { codigo: cafe.codigoBarras, quantidade: 2 },
          { codigo: leite.codigo, quantidade: 1 },
        ],
        pagamentos: [
          { formaPagamentoId: fx.cartaoId, valor: 20 },
          { formaPagamentoId: fx.dinheiroId, valor: 30 },
        ],
        operadorPdvId: fx.operadorId,
      },
      'venda-principal',
    );
    expect(r.statusCode, r.body).toBe(200);
    const { venda, nfce, erroNfce } = r.json();
    expect(erroNfce).toBeNull();
    expect(venda).toMatchObject({
      valorProdutos: 43.29,
      valorDesconto: 0,
      valorTotal: 43.29,
      valorPago: 50,
      troco: 6.71,
      serie: 7,
    });
    expect(nfce).toMatchObject({
      situacao: 1,
      situacaoDescricao: 'Autorizado',
      modelo: 65,
      tipoEmissao: 1,
      cStat: 100,
    });
    notaId = venda.notaFiscalId;
    chave = nfce.chave;
    expect(chave.slice(20, 25)).toBe('65007');
    expect(fake.autorizadas.has(chave)).toBe(true);
    expect(await fisico(cafe.id)).toBe(antes[0]! - 2);
    expect(await fisico(leite.id)).toBe(antes[1]! - 1);
    expect((await saidasDaNota(notaId)).map((s) => [s.produto_id, Number(s.qtd), s.deposito_id])).toEqual([
      [cafe.id, -2, fx.depositoId],
      [leite.id, -1, fx.depositoId],
    ]);
    expect(
      (await movimentosDaNota(notaId)).map((m) => [
        m.tipo,
        m.forma_pagamento_id,
        Number(m.valor),
        m.caixa_id,
      ]),
    ).toEqual([
      ['troco', fx.dinheiroId, -6.71, caixaId],
      ['venda', fx.cartaoId, 20, caixaId],
      ['venda', fx.dinheiroId, 30, caixaId],
    ]);
    gaveta += 3000 - 671;
    cartao += 2000;
    const autorizada = await nota(notaId);
    expect(autorizada).toMatchObject({ caixa_id: caixaId, serie: 7, destinatario_id: null });
    const xml = String(autorizada.xml);
    expect(verificarAssinaturas(xml)).toBe(true);
    expect(xml).toContain('<mod>65</mod>');
    expect(xml).not.toContain('<dest>');
    // The card group SEFAZ requires of a card payment (rejeição 391, which the fake applies too): a POS apart.
    expect(xml).toMatch(
      /<detPag><indPag>0<\/indPag><tPag>03<\/tPag><vPag>20\.00<\/vPag><card><tpIntegra>2<\/tpIntegra><tBand>02<\/tBand><\/card><\/detPag>/,
    );
    expect(xml).toMatch(
      /<detPag><indPag>0<\/indPag><tPag>01<\/tPag><vPag>30\.00<\/vPag><\/detPag><vTroco>6\.71<\/vTroco>/,
    );
    const danfe = await api('GET', `/api/NotasFiscais/${notaId}/danfe`);
    expect(danfe.statusCode).toBe(200);
    expect(danfe.headers['content-type']).toBe('application/pdf');
  });

  it('a retried sale with the same key posts once and answers the same sale, also when both arrive together', async () => {
    const body = {
      itens: [{ codigo: 'LEITE1L', quantidade: 2 }],
      pagamentos: [{ formaPagamentoId: fx.cartaoId, valor: 10.98 }],
    };
    const leite = fx.produtos[1]!.id;
    const antes = await fisico(leite);
    const [a, b] = await Promise.all([vender(body, 'mesma-chave'), vender(body, 'mesma-chave')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().venda.notaFiscalId).toBe(b.json().venda.notaFiscalId);
    const c = await vender(body, 'mesma-chave');
    expect(c.statusCode).toBe(200);
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(c.json().venda).toEqual(a.json().venda);
    expect(c.json().nfce).toMatchObject({ situacao: 1 });
    const id = a.json().venda.notaFiscalId;
    vendaRepetida = id;
    expect(await saidasDaNota(id)).toHaveLength(1);
    expect(await movimentosDaNota(id)).toHaveLength(1);
    expect(await fisico(leite)).toBe(antes - 2);
    const outroCorpo = await vender(
      { ...body, pagamentos: [{ formaPagamentoId: fx.cartaoId, valor: 11 }] },
      'mesma-chave',
    );
    expect(outroCorpo.statusCode).toBe(422);
    cartao += 1098;
  });

  it('change only from cash; payments short of the total are refused, naming what is missing', async () => {
    const cafe = { codigo: 'CAFE500', quantidade: 1 };
    const curto = await vender({
      itens: [cafe],
      pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 18 }],
    });
    expect(curto.statusCode).toBe(422);
    expect(curto.json().error.message).toBe('Faltam R$ 0,90 para pagar a venda de R$ 18,90.');
    const semTroco = await vender({
      itens: [cafe],
      pagamentos: [{ formaPagamentoId: fx.cartaoId, valor: 20 }],
    });
    expect(semTroco.statusCode).toBe(422);
    expect(semTroco.json().error.code).toBe('TROCO_SEM_DINHEIRO');
    const desconhecido = await vender({
      itens: [{ codigo: '000', quantidade: 1 }],
      pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 1 }],
    });
    expect(desconhecido.statusCode).toBe(422);
    expect(desconhecido.json().error.message).toBe('Item 1: nenhum produto com o código 000.');
  });

  it("CPF na nota: the consumer's CPF goes to the NFC-e's dest alone; a wrong one or one with a cliente is refused", async () => {
    const leite = fx.produtos[1]!.id;
    const antes = await fisico(leite);
    const body = {
      itens: [{ codigo: 'LEITE1L', quantidade: 1 }],
      pagamentos: [{ formaPagamentoId: fx.cartaoId, valor: 5.49 }],
    };
    const errado = await vender({ ...body, documentoConsumidor: '529.982.247-26' });
    expect(errado.statusCode).toBe(422);
    expect(errado.json().error).toMatchObject({
      code: 'DOCUMENTO_CONSUMIDOR_INVALIDO',
      message:
        'O CPF/CNPJ 529.982.247-26 informado para a nota não é válido (dígitos verificadores). Confira o número com o consumidor.',
    });
    const [cliente] = await system<{ id: number }>(
      'SELECT id::int AS id FROM pessoa WHERE empresa_id = $1 ORDER BY id LIMIT 1',
      [fx.empresaId],
    );
    const dois = await vender({ ...body, clienteId: cliente!.id, documentoConsumidor: '52998224725' });
    expect(dois.statusCode).toBe(422);
    expect(dois.json().error.code).toBe('CONSUMIDOR_DUPLICADO');
    expect(await fisico(leite)).toBe(antes);

    const r = await vender({ ...body, documentoConsumidor: '529.982.247-25' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().nfce).toMatchObject({ situacao: 1, cStat: 100 });
    cartao += 549;
    const id = r.json().venda.notaFiscalId as number;
    const row = await nota(id);
    expect(row).toMatchObject({ documento_consumidor: '52998224725', destinatario_id: null });
    const xml = String(row.xml);
    expect(verificarAssinaturas(xml)).toBe(true);
    // Homologação: SEFAZ wants its fixed text as the name whenever there is a dest; no address for a consumer.
    expect(xml).toContain(
      '<dest><CPF>52998224725</CPF><xNome>NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL</xNome><indIEDest>9</indIEDest></dest>',
    );
    expect(xml).not.toContain('<enderDest>');
    // LGPD: a consultation by that CPF finds the NFC-e, kept by the fiscal retention (never anonymised).
    const lgpd = await api('POST', '/api/Lgpd/consulta', { termo: '529.982.247-25' });
    expect(lgpd.statusCode, lgpd.body).toBe(200);
    const registro = (
      lgpd.json().registros as Array<{ entidade: string; id: number; retencao: string | null }>
    ).find((item) => item.entidade === 'notaFiscal' && item.id === id);
    expect(registro?.retencao).toContain('documento fiscal emitido');
  });

  it('SEFAZ down: the NFC-e goes out in offline contingency (tpEmis 9), posted once, transmitted by the job later', async () => {
    await fake.derrubar('recusar', [HOST_NFCE_SP]);
    const r = await vender({
      itens: [{ codigo: 'CAFE500', quantidade: 1 }],
      pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 20 }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const { venda, nfce } = r.json();
    expect(nfce).toMatchObject({ situacao: 5, situacaoDescricao: 'Em contingência', tipoEmissao: 9 });
    expect(String(nfce.chave)[34]).toBe('9');
    expect(fake.autorizadas.has(nfce.chave)).toBe(false);
    gaveta += 2000 - 110;
    await fake.restaurar();
    const autorizada = await aguardarSituacao(venda.notaFiscalId, 1);
    expect(autorizada.chave).toBe(nfce.chave);
    expect(fake.autorizadas.has(nfce.chave)).toBe(true);
    expect(await saidasDaNota(venda.notaFiscalId)).toHaveLength(1);
    expect(await movimentosDaNota(venda.notaFiscalId)).toHaveLength(2);
  });
});

describe('cancelamento', () => {
  it("cancelling a sale's NFC-e (135) reverses its stock saída and hands its money back in the open session", async () => {
    const leite = fx.produtos[1]!.id;
    const antes = await fisico(leite);
    const evento = await ok('POST', `/api/NotasFiscais/${vendaRepetida}/cancelar`, {
      justificativa: 'Cliente desistiu da compra no caixa',
    });
    expect(evento).toMatchObject({ cStat: 135, situacao: 2, avisos: [] });
    expect(await fisico(leite)).toBe(antes + 2);
    expect(
      (await movimentosDaNota(vendaRepetida)).map((m) => [m.tipo, m.forma_pagamento_id, Number(m.valor)]),
    ).toEqual([
      ['devolucao', fx.cartaoId, -10.98],
      ['venda', fx.cartaoId, 10.98],
    ]);
    cartao -= 1098;
    const estornos = await system<{ n: number }>(
      `SELECT count(*)::int AS n FROM movimentacao_estoque WHERE origem_tipo = 'notaFiscal.estorno' AND origem_id = $1`,
      [vendaRepetida],
    );
    expect(estornos[0]!.n).toBe(1);
  });
});

describe('fechamento', () => {
  it('stores contado − esperado per method exactly, then the session refuses sales, sangrias and a second fechamento', async () => {
    const resumo = await ok('GET', `/api/Caixas/${caixaId}/resumo`);
    expect(resumo.vendas).toEqual({ quantidade: 4, total: 85.64 });
    expect(resumo.formas).toEqual([
      { formaPagamentoId: fx.dinheiroId, descricao: 'Dinheiro', dinheiro: true, esperado: gaveta / 100 },
      {
        formaPagamentoId: fx.cartaoId,
        descricao: 'Cartão de crédito',
        dinheiro: false,
        esperado: cartao / 100,
      },
    ]);
    const fechado = await ok('POST', `/api/Caixas/${caixaId}/fechar`, {
      contado: [
        { formaPagamentoId: fx.dinheiroId, valor: (gaveta - 37) / 100 },
        { formaPagamentoId: fx.cartaoId, valor: cartao / 100 },
      ],
    });
    expect(fechado.situacao).toBe('fechado');
    expect(fechado.fechamentos).toEqual([
      {
        formaPagamentoId: fx.dinheiroId,
        descricao: 'Dinheiro',
        esperado: gaveta / 100,
        contado: (gaveta - 37) / 100,
        diferenca: -0.37,
      },
      {
        formaPagamentoId: fx.cartaoId,
        descricao: 'Cartão de crédito',
        esperado: cartao / 100,
        contado: cartao / 100,
        diferenca: 0,
      },
    ]);
    const [caixa] = await system<{ valor_fechamento: string; fechamento: Date | null }>(
      'SELECT valor_fechamento, fechamento FROM caixa WHERE id = $1',
      [caixaId],
    );
    expect(Number(caixa!.valor_fechamento)).toBe((gaveta - 37) / 100);
    expect(caixa!.fechamento).not.toBeNull();
    const venda = await vender({
      itens: [{ codigo: 'CAFE500', quantidade: 1 }],
      pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 20 }],
    });
    expect(venda.statusCode).toBe(409);
    expect(venda.json().error.code).toBe('CAIXA_FECHADO');
    expect((await fails('POST', `/api/Caixas/${caixaId}/sangria`, { valor: 1, motivo: 'x' }, 409)).code).toBe(
      'CAIXA_FECHADO',
    );
    expect((await fails('POST', `/api/Caixas/${caixaId}/fechar`, { contado: [] }, 409)).code).toBe(
      'CAIXA_FECHADO',
    );
    // A new session can open on the terminal now.
    const novo = await ok('POST', '/api/Caixas/abrir', {
      pdvId: fx.pdvId,
      operadorPdvId: fx.operadorId,
      valorAbertura: 0,
    });
    expect(novo.id).not.toBe(caixaId);
  });

  it('check:ledgers finds the stock, finance and cash-session invariants intact', async () => {
    const report = await checkLedgers(server.db);
    expect(report.diferencas).toEqual([]);
    expect(report.movimentosCaixa).toBe(11);
    expect(report.caixas).toBeGreaterThanOrEqual(2);
  });

  it('the SPED and Sintegra read the sales as NFC-e (modelo 65, no participante)', async () => {
    const documentos = await server.db.withSystem((tx) =>
      documentosFiscais(tx, fx.filialId, '2020-01-01', '2099-12-31'),
    );
    const vendas = documentos.filter((d) => d.serie === 7);
    expect(vendas.length).toBe(5);
    for (const venda of vendas)
      expect(venda).toMatchObject({ origem: 'nfce', modelo: '65', participanteId: null });
  });

  it('another company sees nothing of it', async () => {
    const verde = await login(server.app, 'verde@erp.local', 'demo1234', 'verde.localhost');
    const r = await server.app.inject({
      method: 'GET',
      url: `/api/Caixas/${caixaId}/resumo`,
      headers: { host: 'verde.localhost', authorization: verde },
    });
    expect(r.statusCode).toBe(404);
  });
});

describe('fechamento cego', () => {
  it('the operator of a blind PDV never sees what the drawer should hold; the supervisor and the ledger do', async () => {
    const pdv = (await ok('POST', '/api/Pdvs', {
      descricao: 'Caixa cego',
      serie: 19,
      depositoId: fx.depositoId,
      fechamentoCego: true,
    })) as { id: number };
    const operadorCego = (await ok('POST', '/api/OperadoresPdv', {
      nome: 'Bia Operadora',
      codigo: 'BIA',
    })) as {
      id: number;
    };
    const operadora = await addDemoUserWithProfile(server, {
      email: 'cego.pdv@erp.local',
      nome: 'Operadora cega',
      perfil: 'Operador de caixa cego',
      permissoes: { VENDAS_FRENTE_CAIXA: 4 },
    });
    const como = (method: 'GET' | 'POST', url: string, payload?: Body, key?: string) =>
      server.app.inject({
        method,
        url,
        headers: {
          host: 'localhost',
          authorization: operadora.token,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        ...(payload ? { payload } : {}),
      });
    // The cashier holds the Frente de caixa key only: the screen's lists come from its own routes.
    expect((await como('GET', '/api/Pdvs')).statusCode).toBe(403);
    const cadastros = await como('GET', '/api/Caixas/frente/cadastros');
    expect(cadastros.statusCode, cadastros.body).toBe(200);
    expect(cadastros.json().pdvs).toContainEqual({
      id: pdv.id,
      descricao: 'Caixa cego',
      caixaAbertoId: null,
    });
    expect(cadastros.json().operadores).toContainEqual({ id: operadorCego.id, descricao: 'Bia Operadora' });
    expect(cadastros.json().formas).toContainEqual({
      id: fx.dinheiroId,
      descricao: 'Dinheiro',
      dinheiro: true,
    });
    const busca = await como('GET', '/api/Caixas/frente/produtos?texto=caf');
    expect(busca.json()).toEqual([
      {
        id: fx.produtos[0]!.id,
        descricao: 'Café torrado 500 g',
        codigo: 'CAFE500',
        codigoBarras: '7891000100103',
        precoVenda: 18.9,
      },
    ]);
    expect((await como('GET', '/api/Caixas/frente/produtos?texto=7891000055502')).json()).toHaveLength(1);
    // LIKE wildcards typed by the cashier are literal text.
    expect(
      (await como('GET', `/api/Caixas/frente/produtos?texto=${encodeURIComponent('%')}`)).json(),
    ).toEqual([]);
    const aberto = await como(
      'POST',
      '/api/Caixas/abrir',
      { pdvId: pdv.id, operadorPdvId: operadorCego.id, valorAbertura: 50 },
      'cego-abrir',
    );
    expect(aberto.statusCode, aberto.body).toBe(200);
    const caixa = aberto.json().id as number;
    expect((await como('GET', '/api/Caixas/frente/cadastros')).json().pdvs).toContainEqual({
      id: pdv.id,
      descricao: 'Caixa cego',
      caixaAbertoId: caixa,
    });
    expect(aberto.json()).toMatchObject({ fechamentoCego: true, formas: [{ esperado: null }] });
    const venda = await vender(
      {
        itens: [{ codigo: 'CAFE500', quantidade: 1 }],
        pagamentos: [{ formaPagamentoId: fx.dinheiroId, valor: 20 }],
      },
      'cego-venda',
      caixa,
      operadora.token,
    );
    expect(venda.statusCode, venda.body).toBe(200);

    // The operator: counts and methods, no amounts to aim at.
    const resumo = (await como('GET', `/api/Caixas/${caixa}/resumo`)).json();
    expect(resumo.vendas).toEqual({ quantidade: 1, total: null });
    expect(resumo.formas).toEqual([
      { formaPagamentoId: fx.dinheiroId, descricao: 'Dinheiro', dinheiro: true, esperado: null },
    ]);
    const sangria = await como(
      'POST',
      `/api/Caixas/${caixa}/sangria`,
      { valor: 500, motivo: 'Teste' },
      'cego-s',
    );
    expect(sangria.statusCode).toBe(422);
    expect(sangria.json().error.message).toBe(
      'A sangria de R$ 500,00 passa do dinheiro na gaveta. Conte o dinheiro de novo ou chame o supervisor.',
    );
    // The supervisor (Vendas › Caixas) sees everything: 50 + 20 − 1,10 of change.
    const supervisor = (await ok('GET', `/api/Caixas/${caixa}/resumo`)) as {
      vendas: unknown;
      formas: Array<{ esperado: number | null }>;
    };
    expect(supervisor.vendas).toEqual({ quantidade: 1, total: 18.9 });
    expect(supervisor.formas[0]).toMatchObject({ esperado: 68.9 });

    const fechado = await como(
      'POST',
      `/api/Caixas/${caixa}/fechar`,
      { contado: [{ formaPagamentoId: fx.dinheiroId, valor: 68 }] },
      'cego-fechar',
    );
    expect(fechado.statusCode, fechado.body).toBe(200);
    expect(fechado.json().fechamentos).toEqual([
      {
        formaPagamentoId: fx.dinheiroId,
        descricao: 'Dinheiro',
        esperado: null,
        contado: 68,
        diferenca: null,
      },
    ]);
    const [guardado] = await system<{ esperado: string; contado: string; diferenca: string }>(
      'SELECT esperado, contado, diferenca FROM caixa_fechamento WHERE caixa_id = $1',
      [caixa],
    );
    expect([Number(guardado!.esperado), Number(guardado!.contado), Number(guardado!.diferenca)]).toEqual([
      68.9, 68, -0.9,
    ]);
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});
