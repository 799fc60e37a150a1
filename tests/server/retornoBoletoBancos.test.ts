import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retorno400, retornoBB400 } from '../support/cnabBancos.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Applying other banks' return files: BB CBR643 type 7 details settle boletos, a discount settles the
 * receita completely, an absurd fee is held for review, Caixa's own codes, unknown layouts refused.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const api = (method: string, url: string, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (resource: string, payload: Body) => {
  const response = await api('POST', `/api/${resource}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};
const get = async (url: string) => {
  const response = await api('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const where = (value: Body) => `filter=${encodeURIComponent(JSON.stringify({ where: value }))}`;
const BASE = '/api/Boletos/retorno';
const body = (gatewayBoletoId: unknown, text: string) => ({
  gatewayBoletoId,
  arquivo: 'RETORNO.RET',
  conteudo: Buffer.from(text, 'latin1').toString('base64'),
});

let bb: Body;
let caixa: Body;
let conta: Body;
let cliente: Body;
const receitas: Record<string, Body> = {};
const boletos: Record<string, Body> = {};

async function boleto(key: string, gateway: Body, nossoNumero: string, valor: number, withReceita = false) {
  if (withReceita)
    receitas[key] = await create('Receitas', {
      descricao: `Receita ${key}`,
      contaId: conta.id,
      valor,
      dataVencimento: '2025-03-12',
    });
  boletos[key] = await create('Boletos', {
    pessoaId: cliente.id,
    gatewayBoletoId: gateway.id,
    dataVencimento: '2025-03-12',
    nossoNumero,
    valor,
    situacao: 1,
    ...(withReceita ? { lancamentoId: receitas[key]?.id } : {}),
  });
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  conta = await create('Contas', { descricao: 'BB cobrança', bancoCodigo: '001' });
  cliente = await create('Clientes', { nome: 'Carla Compradora' });
  bb = await create('GatewaysBoleto', {
    descricao: 'BB 17',
    banco: '001',
    convenio: '1234567',
    carteira: '17',
  });
  caixa = await create('GatewaysBoleto', { descricao: 'Caixa SIGCB', banco: '104', convenio: '123456' });
  await boleto('desconto', bb, '12345670000004821', 250, true);
  await boleto('tarifaAbsurda', bb, '12345670000004822', 80);
  await boleto('pagoAbsurdo', bb, '12345670000004823', 100, true);
  await boleto('unicred', bb, '12345670000004824', 320);
  await boleto('caixaBaixa', caixa, '14000000000000501', 70);
  await boleto('caixaPago', caixa, '14000000000000502', 90, true);
  await boleto('caixa06', caixa, '14000000000000503', 40);
});
afterAll(async () => server?.close());

describe('Retorno per bank: what applying does', () => {
  it('BB type 7: liquidation with discount and juros settles the receita; out-of-proportion amounts held', async () => {
    const text = retornoBB400([
      { nossoNumero: '4821', codigo: '06', valor: 250, pago: 245.5, desconto: 7, juros: 2.5, tarifa: 1.95 },
      { nossoNumero: '4822', codigo: '06', valor: 80, pago: 80, tarifa: 95 },
      { nossoNumero: '4823', codigo: '06', valor: 100, pago: 5000 },
      { nossoNumero: '4824', codigo: '06', valor: 320, pago: 320, tarifa: 1.6, credito: '2015-05-18' },
    ]);
    const previa = await api('POST', `${BASE}/previa`, body(bb.id, text));
    expect(previa.statusCode, previa.body).toBe(200);
    const itens = previa.json().itens as Body[];
    expect(itens.map((i) => [i.nossoNumero, i.acao, i.tarifa])).toEqual([
      ['12345670000004821', 'registrarPagamento', 1.95],
      ['12345670000004822', 'revisar', 95],
      ['12345670000004823', 'revisar', 0],
      ['12345670000004824', 'registrarPagamento', 1.6],
    ]);
    expect(itens[1]?.aviso).toBe(
      'Tarifa R$ 95,00 maior que o boleto de R$ 80,00: retida para revisão, nada foi lançado',
    );
    expect(itens[2]?.aviso).toBe(
      'Valor pago R$ 5.000,00 fora de proporção com o boleto de R$ 100,00: retido para revisão, nada foi lançado',
    );

    const response = await api('POST', `${BASE}/aplicar`, body(bb.id, text));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pagamentos: 2, baixasReceita: 1, retidas: 2, jaProcessadas: 0 });
    expect(await get(`/api/Boletos/${boletos.desconto?.id}`)).toMatchObject({
      situacao: 2,
      valorPago: 245.5,
      dataPagamento: '2025-03-14',
    });
    // Settled completely: pago (1), not pago parcialmente, with the discount and juros recorded.
    expect(await get(`/api/Receitas/${receitas.desconto?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Baixas?${where({ lancamentoId: receitas.desconto?.id })}`)).toEqual([
      expect.objectContaining({ valorPago: 245.5, juros: 2.5, desconto: 7, dataPagamento: '2025-03-17' }),
    ]);
    // Held: boleto and receita untouched, no statement row.
    expect(await get(`/api/Boletos/${boletos.tarifaAbsurda?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Boletos/${boletos.pagoAbsurdo?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Receitas/${receitas.pagoAbsurdo?.id}`)).toMatchObject({ situacao: 0 });
    for (const key of ['tarifaAbsurda', 'pagoAbsurdo'])
      expect(await get(`/api/TransacoesPagamento?${where({ boletoId: boletos[key]?.id })}`)).toEqual([]);
    // The Unicred-shaped line: the fee is R$ 1,60, not the credit date glued to it.
    const unicred = (await get(
      `/api/TransacoesPagamento?${where({ boletoId: boletos.unicred?.id })}`,
    )) as Body[];
    expect(unicred.map(({ tipo, valor }) => ({ tipo, valor }))).toEqual(
      expect.arrayContaining([
        { tipo: 1, valor: 320 },
        { tipo: 0, valor: 1.6 },
      ]),
    );
    // Held lines stay pending: applying again re-offers them (not "já processado").
    const again = await api('POST', `${BASE}/previa`, body(bb.id, text));
    expect((again.json().itens as Body[]).map((i) => i.acao)).toEqual([
      'jaProcessado',
      'revisar',
      'revisar',
      'jaProcessado',
    ]);
  });

  it('Caixa: 02 writes the boleto off, 21 settles it, 06 changes nothing', async () => {
    const text = retorno400('104', [
      { nossoNumero: '14000000000000501', codigo: '02', valor: 70 },
      { nossoNumero: '14000000000000502', codigo: '21', valor: 90, pago: 90 },
      { nossoNumero: '14000000000000503', codigo: '06', valor: 40 },
    ]);
    const response = await api('POST', `${BASE}/aplicar`, body(caixa.id, text));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pagamentos: 1, baixados: 1, baixasReceita: 1 });
    expect(await get(`/api/Boletos/${boletos.caixaBaixa?.id}`)).toMatchObject({ situacao: 4 });
    expect(await get(`/api/Boletos/${boletos.caixaPago?.id}`)).toMatchObject({ situacao: 2, valorPago: 90 });
    expect(await get(`/api/Receitas/${receitas.caixaPago?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Boletos/${boletos.caixa06?.id}`)).toMatchObject({ situacao: 1 });
  });

  it('Inter and BRB: their own layouts settle boletos; a boleto kept with its DV matches the number without it', async () => {
    const inter = await create('GatewaysBoleto', { descricao: 'Inter', banco: '077', convenio: '1' });
    const brb = await create('GatewaysBoleto', { descricao: 'BRB', banco: '070', convenio: '2' });
    // Inter prints 0000004825-7: the boleto keeps the DV, the file's 71–81 carries it and the reader drops it.
    await boleto('inter', inter, '0000004825-7', 150, true);
    await boleto('interBaixa', inter, '48269', 30);
    await boleto('brb', brb, '000000004827', 200, true);
    const interFile = retorno400('077', [
      { nossoNumero: '4825', codigo: '06', valor: 150, pago: 150 },
      { nossoNumero: '4826', codigo: '07', valor: 30 },
    ]);
    const previa = await api('POST', `${BASE}/previa`, body(inter.id, interFile));
    expect(previa.statusCode, previa.body).toBe(200);
    expect((previa.json().itens as Body[]).map((i) => [i.nossoNumero, i.acao])).toEqual([
      ['0000004825', 'registrarPagamento'],
      ['0000004826', 'baixar'],
    ]);
    const applied = await api('POST', `${BASE}/aplicar`, body(inter.id, interFile));
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ pagamentos: 1, baixados: 1, baixasReceita: 1 });
    expect(await get(`/api/Boletos/${boletos.inter?.id}`)).toMatchObject({ situacao: 2, valorPago: 150 });
    expect(await get(`/api/Receitas/${receitas.inter?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Boletos/${boletos.interBaixa?.id}`)).toMatchObject({ situacao: 4 });

    // BRB 09 is a liquidation (not a write-off), with DDMMAAAA dates.
    const brbFile = retorno400('070', [
      { nossoNumero: '4827', codigo: '09', valor: 200, pago: 203, juros: 3, credito: '2025-03-18' },
    ]);
    const brbApplied = await api('POST', `${BASE}/aplicar`, body(brb.id, brbFile));
    expect(brbApplied.statusCode, brbApplied.body).toBe(200);
    expect(brbApplied.json()).toMatchObject({ pagamentos: 1, baixados: 0 });
    expect(await get(`/api/Boletos/${boletos.brb?.id}`)).toMatchObject({ situacao: 2, valorPago: 203 });
    expect(await get(`/api/Baixas?${where({ lancamentoId: receitas.brb?.id })}`)).toEqual([
      expect.objectContaining({ valorPago: 203, juros: 3, dataPagamento: '2025-03-18' }),
    ]);
  });

  it('an unsupported bank or layout is refused naming it, writing nothing', async () => {
    const before = ((await get('/api/TransacoesPagamento')) as Body[]).length;
    const text = retorno400('389', [{ nossoNumero: '1', codigo: '06', valor: 10, pago: 10 }]);
    const response = await api('POST', `${BASE}/aplicar`, body(bb.id, text));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(
      /^Layout não suportado: banco 389 CNAB 400\. Suportados: 001 Banco do Brasil \(CBR643\) CNAB 400;/,
    );
    expect(await get('/api/TransacoesPagamento')).toHaveLength(before);
  });
});
