import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDocumentDefinition } from '../../runtime/core/documents/checkDocumentDefinition.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { addDemoUserWithProfile, createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Issue 14, second slice of stock, against real PostgreSQL with RLS: transfers between filiais with goods
 * in transit (enviar → receber, cancelar), variações (grade) as SKUs with their own balance, and amend
 * (emendar: estorno + a new linked version) on DocumentosEstoque.
 */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const api = (method: string, url: string, payload?: unknown, token = tokens.demo) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const list = async (resource: string, where: Body) =>
  (await ok(
    'GET',
    `/api/${resource}?filter=${encodeURIComponent(JSON.stringify({ where, order: 'id ASC' }))}`,
  )) as Body[];
const selecionar = (filialId: unknown) => ok('POST', '/api/Usuarios/selecionarFilial', { filialId });

let filialA: number;
let filialB: number;
let loja: Body; // filial A
let norte: Body; // filial B
let cafe: Body;

const entrada = async (itens: Body[], deposito: Body = loja) => {
  const doc = await ok('POST', '/api/DocumentosEstoque', {
    tipo: 'E',
    data: '2026-03-10T12:00:00Z',
    depositoId: deposito.id,
    motivo: 'Compra',
    itens: itens.map((item, i) => ({ numeroItem: i + 1, ...item })),
  });
  await ok('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {});
  return doc;
};
const saldos = (where: Body) => list('SaldosEstoque', where);
const transferencia = (extra: Body = {}) =>
  ok('POST', '/api/TransferenciasFilial', {
    produtoId: cafe.id,
    filialOrigemId: filialA,
    depositoOrigemId: loja.id,
    filialDestinoId: filialB,
    depositoDestinoId: norte.id,
    quantidade: 4,
    data: '2026-03-11T12:00:00Z',
    ...extra,
  });
const acao = (id: unknown, action: string, token?: string) =>
  api('POST', `/api/TransferenciasFilial/${id}/${action}`, {}, token);
const semDiferencas = async () => expect((await checkLedgers(server.db)).diferencas).toEqual([]);

beforeAll(async () => {
  server = await createTestServer();
  tokens.demo = await login(server.app, 'demo@erp.local');
  filialA = (await ok('GET', '/api/Usuarios/obterfilialselecionada')).id;
  filialB = (await ok('POST', '/api/Filiais', { nome: 'Filial Norte' })).id;
  loja = await ok('POST', '/api/Depositos', { descricao: 'Loja' });
  cafe = await ok('POST', '/api/Produtos', { descricao: 'Café torrado 500 g', codigo: 'CAF', unidade: 'UN' });
  await selecionar(filialB);
  norte = await ok('POST', '/api/Depositos', { descricao: 'Norte' });
  await selecionar(filialA);
  await entrada([{ produtoId: cafe.id, quantidade: 10, custoUnitario: 10 }]);
});
afterAll(() => server?.close());

describe('transfers between filiais with goods in transit', () => {
  it('enviar takes the goods out of the origin into transit at their cost; receber puts them in the destination once', async () => {
    const doc = await transferencia();
    expect(doc).toMatchObject({ situacao: 'rascunho', nfeObrigatoria: true });
    const enviado = await acao(doc.id, 'enviar');
    expect(enviado.statusCode, enviado.body).toBe(200);
    expect(enviado.json().situacao).toBe('enviado');
    expect(await saldos({ produtoId: cafe.id, depositoId: loja.id })).toMatchObject([
      { fisico: 6, valor: 60, custoMedio: 10, emTransito: false },
    ]);
    // The in-transit balance belongs to the destination depósito, in the destination filial.
    expect(await saldos({ produtoId: cafe.id, depositoId: norte.id })).toEqual([]);
    await selecionar(filialB);
    expect(await saldos({ produtoId: cafe.id, depositoId: norte.id })).toMatchObject([
      { fisico: 4, valor: 40, custoMedio: 10, emTransito: true },
    ]);
    await semDiferencas();

    const recebido = await acao(doc.id, 'receber');
    expect(recebido.statusCode, recebido.body).toBe(200);
    expect(recebido.json().situacao).toBe('recebido');
    const again = await acao(doc.id, 'receber');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('já foi recebida');
    const destino = await saldos({ produtoId: cafe.id, depositoId: norte.id });
    expect(destino.find((row) => row.emTransito === false)).toMatchObject({
      fisico: 4,
      valor: 40,
      custoMedio: 10,
    });
    expect(destino.find((row) => row.emTransito === true)).toMatchObject({ fisico: 0, valor: 0 });
    const rows = await list('MovimentacoesEstoque', { origemTipo: 'transferenciaFilial', origemId: doc.id });
    expect(rows.map((row) => [row.origemLinha, row.qtd, row.difValor, row.emTransito])).toEqual([
      [2, 4, 40, true],
      [3, -4, -40, true],
      [4, 4, 40, false],
    ]);
    await selecionar(filialA);
    const origem = await list('MovimentacoesEstoque', {
      origemTipo: 'transferenciaFilial',
      origemId: doc.id,
    });
    expect(origem.map((row) => [row.origemLinha, row.qtd, row.difValor])).toEqual([[1, -4, -40]]);
    await semDiferencas();
  });

  it('cancelar while in transit returns the goods to the origin; receiving it afterwards is refused', async () => {
    const doc = await transferencia({ quantidade: 2 });
    expect((await acao(doc.id, 'enviar')).statusCode).toBe(200);
    expect((await saldos({ produtoId: cafe.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: 4,
      valor: 40,
    });
    const cancelado = await acao(doc.id, 'cancelar');
    expect(cancelado.statusCode, cancelado.body).toBe(200);
    expect(cancelado.json().situacao).toBe('cancelado');
    expect((await saldos({ produtoId: cafe.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: 6,
      valor: 60,
    });
    expect((await acao(doc.id, 'receber')).statusCode).toBe(409);
    await selecionar(filialB);
    const transito = (await saldos({ produtoId: cafe.id, depositoId: norte.id })).find(
      (row) => row.emTransito,
    );
    expect(transito).toMatchObject({ fisico: 0, valor: 0 });
    await selecionar(filialA);
    await semDiferencas();
  });

  it('refuses the same filial, a depósito of another filial, missing stock and a user of another filial, posting nothing', async () => {
    const mesma = await transferencia({ filialDestinoId: filialA, depositoDestinoId: loja.id });
    const iguais = await acao(mesma.id, 'enviar');
    expect(iguais.statusCode).toBe(422);
    expect(iguais.json().error).toMatchObject({ code: 'FILIAIS_IGUAIS' });

    const trocado = await transferencia({ depositoOrigemId: norte.id });
    const deposito = await acao(trocado.id, 'enviar');
    expect(deposito.statusCode).toBe(422);
    expect(deposito.json().error.message).toBe(
      `O depósito de origem (id ${norte.id}) não é da filial de origem.`,
    );

    const muito = await transferencia({ quantidade: 50 });
    const falta = await acao(muito.id, 'enviar');
    expect(falta.statusCode).toBe(422);
    expect(falta.json().error.message).toBe(
      'Estoque insuficiente: produto Café torrado 500 g tem 6 UN disponíveis no depósito Loja.',
    );
    for (const id of [mesma.id, trocado.id, muito.id]) {
      expect((await ok('GET', `/api/TransferenciasFilial/${id}`)).situacao).toBe('rascunho');
      expect(await list('MovimentacoesEstoque', { origemTipo: 'transferenciaFilial', origemId: id })).toEqual(
        [],
      );
    }

    // A user who works only in filial A may send, but not receive at filial B.
    const { token } = await addDemoUserWithProfile(server, {
      email: 'expedicao@erp.local',
      nome: 'Expedição',
      perfil: 'Expedição',
      permissoes: { ESTOQUE_TRANSFERENCIA_ESTOQUE: 4, ESTOQUE_PRODUTOS: 4 },
    });
    const doc = await transferencia({ quantidade: 1 });
    expect((await acao(doc.id, 'enviar', token)).statusCode).toBe(200);
    const semAcesso = await acao(doc.id, 'receber', token);
    expect(semAcesso.statusCode).toBe(403);
    expect(semAcesso.json().error.message).toContain('filial de destino');
    expect((await acao(doc.id, 'receber')).statusCode).toBe(200);
    await semDiferencas();
  });

  it('20 parallel receipts of one transfer post it once', async () => {
    const doc = await transferencia({ quantidade: 1 });
    expect((await acao(doc.id, 'enviar')).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, () => acao(doc.id, 'receber')));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    await selecionar(filialB);
    const rows = await list('MovimentacoesEstoque', { origemTipo: 'transferenciaFilial', origemId: doc.id });
    expect(rows.map((row) => row.origemLinha)).toEqual([2, 3, 4]);
    await selecionar(filialA);
    await semDiferencas();
  });

  it('a transfer dated ahead is received and cancelled on its own date, never before it was sent', async () => {
    const cha = await ok('POST', '/api/Produtos', { descricao: 'Chá verde', codigo: 'CHA', unidade: 'UN' });
    await entrada([{ produtoId: cha.id, quantidade: 6, custoUnitario: 5 }]);
    const data = '2030-01-15T12:00:00.000Z';
    const recebida = await transferencia({ produtoId: cha.id, quantidade: 2, data });
    expect((await acao(recebida.id, 'enviar')).statusCode).toBe(200);
    const resposta = await acao(recebida.id, 'receber');
    expect(resposta.statusCode, resposta.body).toBe(200);
    const cancelada = await transferencia({ produtoId: cha.id, quantidade: 1, data });
    expect((await acao(cancelada.id, 'enviar')).statusCode).toBe(200);
    expect((await acao(cancelada.id, 'cancelar')).statusCode).toBe(200);
    await selecionar(filialB);
    const rows = await list('MovimentacoesEstoque', { produtoId: cha.id });
    expect(rows.map((row) => [row.origemLinha, row.qtd, new Date(row.data as string).toISOString()])).toEqual(
      [
        [2, 2, data],
        [3, -2, data],
        [4, 2, data],
        [2, 1, data],
        [2, -1, data],
      ],
    );
    await selecionar(filialA);
    expect((await saldos({ produtoId: cha.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: 4,
      valor: 20,
    });
    await semDiferencas();
  });

  it('check:ledgers compares the in-transit balance with the transfers still sent', async () => {
    const doc = await transferencia({ quantidade: 1 });
    expect((await acao(doc.id, 'enviar')).statusCode).toBe(200);
    await semDiferencas();
    // A transfer marked received without its postings leaves goods in transit that nothing explains.
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE transferencia_filial SET situacao = 'recebido' WHERE id = $1`, [doc.id]),
    );
    const { diferencas } = await checkLedgers(server.db);
    expect(diferencas).toEqual([
      expect.objectContaining({
        regra: 'transito',
        mensagem: 'em trânsito no razão 1, transferências entre filiais enviadas 0',
      }),
    ]);
    await server.db.withSystem((tx) =>
      tx.query(`UPDATE transferencia_filial SET situacao = 'enviado' WHERE id = $1`, [doc.id]),
    );
    expect((await acao(doc.id, 'cancelar')).statusCode).toBe(200);
    await semDiferencas();
  });
});

describe('variações (grade) as SKUs with their own balance', () => {
  let camiseta: Body;
  let preto: Body;
  let branco: Body;

  beforeAll(async () => {
    camiseta = await ok('POST', '/api/Produtos', {
      descricao: 'Camiseta básica',
      codigo: 'CAM',
      unidade: 'UN',
    });
    preto = await ok('POST', '/api/ProdutosVariacoes', {
      produtoId: camiseta.id,
      descricao: 'Preto / M',
      codigo: 'CAM-PR-M',
      atributos: { Cor: 'Preto', Tamanho: 'M' },
    });
    branco = await ok('POST', '/api/ProdutosVariacoes', {
      produtoId: camiseta.id,
      descricao: 'Branco / M',
      codigo: 'CAM-BR-M',
    });
  });

  it('refuses a posting of a product with a grade that names no variação, and a variação of another product', async () => {
    const sem = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-10T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Teste',
      itens: [{ numeroItem: 1, produtoId: camiseta.id, quantidade: 5, custoUnitario: 20 }],
    });
    const semVariacao = await api('POST', `/api/DocumentosEstoque/${sem.id}/efetivar`, {});
    expect(semVariacao.statusCode).toBe(422);
    expect(semVariacao.json().error).toMatchObject({
      code: 'VARIACAO_OBRIGATORIA',
      message:
        'Item 1: o produto Camiseta básica tem grade: informe a variação (cada variação tem o seu saldo).',
    });
    const outro = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-10T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Teste',
      itens: [{ numeroItem: 1, produtoId: cafe.id, variacaoId: preto.id, quantidade: 1, custoUnitario: 1 }],
    });
    const invalida = await api('POST', `/api/DocumentosEstoque/${outro.id}/efetivar`, {});
    expect(invalida.statusCode).toBe(422);
    expect(invalida.json().error).toMatchObject({
      code: 'VARIACAO_INVALIDA',
      message: 'Item 1: a variação informada não é do produto Café torrado 500 g.',
    });
    expect(await list('MovimentacoesEstoque', { produtoId: camiseta.id })).toEqual([]);
  });

  it('keeps one balance per variação, refuses a saída beyond the variação’s own stock and moves it between depósitos', async () => {
    await entrada([
      { produtoId: camiseta.id, variacaoId: preto.id, quantidade: 5, custoUnitario: 20 },
      { produtoId: camiseta.id, variacaoId: branco.id, quantidade: 3, custoUnitario: 30 },
    ]);
    const porVariacao = async () =>
      Object.fromEntries(
        (await saldos({ produtoId: camiseta.id, depositoId: loja.id })).map((row) => [
          row.variacaoId,
          [row.fisico, row.custoMedio, row.valor],
        ]),
      );
    expect(await porVariacao()).toEqual({
      [String(preto.id)]: [5, 20, 100],
      [String(branco.id)]: [3, 30, 90],
    });

    const saida = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'S',
      data: '2026-03-12T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Teste',
      itens: [{ numeroItem: 1, produtoId: camiseta.id, variacaoId: preto.id, quantidade: 6 }],
    });
    const falta = await api('POST', `/api/DocumentosEstoque/${saida.id}/efetivar`, {});
    expect(falta.statusCode).toBe(422);
    expect(falta.json().error.message).toBe(
      'Estoque insuficiente: produto Camiseta básica tem 5 UN disponíveis no depósito Loja (variação Preto / M).',
    );

    const central = await ok('POST', '/api/Depositos', { descricao: 'Central' });
    const transfer = await ok('POST', '/api/TransferenciasEstoque', {
      produtoId: camiseta.id,
      variacaoId: branco.id,
      depositoOrigemId: loja.id,
      depositoDestinoId: central.id,
      quantidade: 2,
      data: '2026-03-12T12:00:00Z',
    });
    expect((await api('POST', `/api/TransferenciasEstoque/${transfer.id}/efetivar`, {})).statusCode).toBe(
      200,
    );
    expect(await porVariacao()).toEqual({
      [String(preto.id)]: [5, 20, 100],
      [String(branco.id)]: [1, 30, 30],
    });
    expect(await saldos({ produtoId: camiseta.id, depositoId: central.id })).toMatchObject([
      { variacaoId: branco.id, fisico: 2, valor: 60 },
    ]);
    await semDiferencas();
  });

  it('a saída of a variação without a lot takes by FEFO only the lots of that variação', async () => {
    const tenis = await ok('POST', '/api/Produtos', {
      descricao: 'Tênis corrida',
      codigo: 'TEN',
      unidade: 'PAR',
      controlaLote: true,
    });
    const v38 = await ok('POST', '/api/ProdutosVariacoes', { produtoId: tenis.id, descricao: '38' });
    const v40 = await ok('POST', '/api/ProdutosVariacoes', { produtoId: tenis.id, descricao: '40' });
    const lote = (numero: string, validade: string) =>
      ok('POST', '/api/Lotes', {
        produtoId: tenis.id,
        numero,
        fabricacao: '2026-01-10',
        validade,
        quantidade: 5,
      });
    const cedo = await lote('L-CEDO', '2027-01-31');
    const tarde = await lote('L-TARDE', '2027-12-31');
    await entrada([
      { produtoId: tenis.id, variacaoId: v40.id, loteId: cedo.id, quantidade: 5, custoUnitario: 100 },
      { produtoId: tenis.id, variacaoId: v38.id, loteId: tarde.id, quantidade: 5, custoUnitario: 100 },
    ]);
    const saida = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'S',
      data: '2026-03-12T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Venda',
      itens: [{ numeroItem: 1, produtoId: tenis.id, variacaoId: v38.id, quantidade: 2 }],
    });
    const resposta = await api('POST', `/api/DocumentosEstoque/${saida.id}/efetivar`, {});
    expect(resposta.statusCode, resposta.body).toBe(200);
    const rows = await list('MovimentacoesEstoque', { origemTipo: 'documentoEstoque', origemId: saida.id });
    expect(rows.map((row) => [row.variacaoId, row.loteId, row.qtd])).toEqual([[v38.id, tarde.id, -2]]);
    await semDiferencas();
  });

  it('a variação travels between filiais in its own in-transit balance', async () => {
    const doc = await transferencia({ produtoId: camiseta.id, variacaoId: preto.id, quantidade: 2 });
    expect((await acao(doc.id, 'enviar')).statusCode).toBe(200);
    expect((await acao(doc.id, 'receber')).statusCode).toBe(200);
    await selecionar(filialB);
    const rows = await saldos({ produtoId: camiseta.id, depositoId: norte.id, emTransito: false });
    expect(rows).toMatchObject([{ variacaoId: preto.id, fisico: 2, valor: 40, custoMedio: 20 }]);
    await selecionar(filialA);
    await semDiferencas();
  });
});

describe('amend (emendar): estorno and a new version linked to the old', () => {
  it('estorna the posted document and creates a rascunho copy with its items, linked both ways', async () => {
    const acucar = await ok('POST', '/api/Produtos', {
      descricao: 'Açúcar 1 kg',
      codigo: 'ACU',
      unidade: 'KG',
    });
    const antes = (await saldos({ produtoId: cafe.id, depositoId: loja.id }))[0] as Body;
    const original = await entrada([
      { produtoId: cafe.id, quantidade: 2, custoUnitario: 13 },
      { produtoId: acucar.id, quantidade: 5, custoUnitario: 4 },
    ]);
    // Posted: read-only until cancelled or amended.
    expect(
      (await api('PATCH', `/api/DocumentosEstoque/${original.id}`, { motivo: 'Outro' })).statusCode,
    ).toBe(409);

    const emendado = await api('POST', `/api/DocumentosEstoque/${original.id}/emendar`, {});
    expect(emendado.statusCode, emendado.body).toBe(200);
    const velho = emendado.json();
    expect(velho.situacao).toBe('emendado');
    expect(typeof velho.versaoPosteriorId).toBe('number');
    const novo = await ok(
      'GET',
      `/api/DocumentosEstoque/${velho.versaoPosteriorId}?filter=${encodeURIComponent(
        JSON.stringify({ include: [{ relation: 'itens' }] }),
      )}`,
    );
    expect(novo).toMatchObject({
      situacao: 'rascunho',
      versaoAnteriorId: original.id,
      numeroVersao: 2,
      tipo: 'E',
      depositoId: loja.id,
      motivo: 'Compra',
    });
    expect(novo.numero).not.toBe(original.numero);
    expect(
      (novo.itens as Body[]).map((item) => [
        item.numeroItem,
        item.produtoId,
        item.quantidade,
        item.custoUnitario,
        item.valorTotal,
      ]),
    ).toEqual([
      [1, cafe.id, 2, 13, 26],
      [2, acucar.id, 5, 4, 20],
    ]);
    // The estorno put the balances back where they were.
    expect((await saldos({ produtoId: cafe.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: antes.fisico,
      valor: antes.valor,
    });
    expect((await saldos({ produtoId: acucar.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: 0,
      valor: 0,
    });
    const estorno = await list('MovimentacoesEstoque', {
      origemTipo: 'documentoEstoque.estorno',
      origemId: original.id,
    });
    expect(estorno).toHaveLength(2);

    // The new version is corrected and posted; the old one can be amended no more.
    await ok('PATCH', `/api/DocumentosEstoque/${novo.id}`, {
      itens: [{ numeroItem: 1, produtoId: acucar.id, quantidade: 7, custoUnitario: 4 }],
    });
    expect((await api('POST', `/api/DocumentosEstoque/${novo.id}/efetivar`, {})).statusCode).toBe(200);
    expect((await saldos({ produtoId: acucar.id, depositoId: loja.id }))[0]).toMatchObject({
      fisico: 7,
      valor: 28,
    });
    expect((await api('POST', `/api/DocumentosEstoque/${original.id}/emendar`, {})).statusCode).toBe(409);
    const terceira = await api('POST', `/api/DocumentosEstoque/${novo.id}/emendar`, {});
    expect(terceira.statusCode).toBe(200);
    const v3 = await ok('GET', `/api/DocumentosEstoque/${terceira.json().versaoPosteriorId}`);
    expect(v3).toMatchObject({ versaoAnteriorId: novo.id, numeroVersao: 3, situacao: 'rascunho' });
    await semDiferencas();
  });

  it('20 parallel amends of one document estornam it once and create one new version', async () => {
    const doc = await entrada([{ produtoId: cafe.id, quantidade: 1, custoUnitario: 10 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', `/api/DocumentosEstoque/${doc.id}/emendar`, {})),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 409)).toHaveLength(19);
    expect(await list('DocumentosEstoque', { versaoAnteriorId: doc.id })).toHaveLength(1);
    expect(
      await list('MovimentacoesEstoque', { origemTipo: 'documentoEstoque.estorno', origemId: doc.id }),
    ).toHaveLength(1);
    await semDiferencas();
  });

  it('a rascunho cannot be amended, and the schema check wants the amend fields declared', async () => {
    const doc = await ok('POST', '/api/DocumentosEstoque', {
      tipo: 'E',
      data: '2026-03-10T12:00:00Z',
      depositoId: loja.id,
      motivo: 'Teste',
      itens: [{ numeroItem: 1, produtoId: cafe.id, quantidade: 1, custoUnitario: 1 }],
    });
    expect((await api('POST', `/api/DocumentosEstoque/${doc.id}/emendar`, {})).statusCode).toBe(409);
    const fields = { situacao: { type: 'string', readOnly: true }, anterior: { type: 'integer' } };
    const transitions = [{ action: 'emendar', from: ['a'], to: 'a', label: 'Emendar', amend: true }];
    const states = { a: { label: 'A' } };
    expect(
      checkDocumentDefinition({ statusField: 'situacao', initial: 'a', states, transitions }, fields, {}),
    ).toEqual([
      [
        '/document/transitions/0/amend',
        'uma transição amend exige document.amend (campo da versão anterior)',
      ],
    ]);
    expect(
      checkDocumentDefinition(
        { statusField: 'situacao', initial: 'a', states, transitions, amend: { previousField: 'anterior' } },
        fields,
        {},
      ),
    ).toEqual([
      ['/document/amend/previousField', 'o campo de ligação entre versões deve ser uma relação readOnly'],
    ]);
  });
});
