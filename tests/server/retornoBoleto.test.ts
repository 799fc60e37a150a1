import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cnab240, cnab400 } from '../support/cnabRetorno.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/** Atualizar transações: arquivo de retorno CNAB 400/240 — preview, apply, idempotency, isolation. */
let server: TestServer;
const tokens: Record<string, string> = {};
type Body = Record<string, unknown>;

const api = (method: string, url: string, token: string | undefined, payload?: unknown) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const create = async (resource: string, payload: Body, token = tokens.demo) => {
  const response = await api('POST', `/api/${resource}`, token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Body;
};
const get = async (url: string, token = tokens.demo) => {
  const response = await api('GET', url, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const where = (value: Body) => `filter=${encodeURIComponent(JSON.stringify({ where: value }))}`;
const BASE = '/api/Boletos/retorno';

const body = (gatewayBoletoId: unknown, text: string, arquivo = 'CB160125.RET') => ({
  gatewayBoletoId,
  arquivo,
  conteudo: Buffer.from(text, 'latin1').toString('base64'),
});

let gateway: Body;
let trialGateway: Body;
let receita: Body;
let conta: Body;
const boletos: Record<string, Body> = {};

beforeAll(async () => {
  server = await createTestServer();
  for (const user of ['demo', 'trial']) tokens[user] = await login(server.app, `${user}@erp.local`);
  conta = await create('Contas', { descricao: 'Bradesco cobrança', bancoCodigo: '237' });
  const ana = await create('Clientes', { nome: 'Ana Pagadora' });
  gateway = await create('GatewaysBoleto', {
    descricao: 'Bradesco carteira 09',
    banco: '237',
    convenio: '1234567',
    carteira: '09',
  });
  receita = await create('Receitas', {
    descricao: 'Mensalidade Ana',
    contaId: conta.id,
    valor: 150,
    dataVencimento: '2025-01-10',
  });
  const boleto = (nossoNumero: string, extra: Body) =>
    create('Boletos', {
      pessoaId: ana.id,
      gatewayBoletoId: gateway.id,
      dataVencimento: '2025-01-10',
      nossoNumero,
      ...extra,
    });
  boletos.pago = await boleto('1234', { valor: 150, situacao: 1, lancamentoId: receita.id });
  boletos.baixa = await boleto('5678', { valor: 80, situacao: 1 });
  boletos.entrada = await boleto('9012', { valor: 60, situacao: 0 });
  boletos.cnab240 = await boleto('4321', { valor: 99.9, situacao: 1 });
  // Another company: same bank, same nosso número.
  const bruno = await create('Clientes', { nome: 'Bruno da outra empresa' }, tokens.trial);
  trialGateway = await create(
    'GatewaysBoleto',
    { descricao: 'Bradesco trial', banco: '237', convenio: '7654321' },
    tokens.trial,
  );
  boletos.trial = await create(
    'Boletos',
    {
      pessoaId: bruno.id,
      gatewayBoletoId: trialGateway.id,
      valor: 150,
      dataVencimento: '2025-01-10',
      nossoNumero: '1234',
      situacao: 1,
    },
    tokens.trial,
  );
});
afterAll(async () => server?.close());

// Nosso número with Bradesco's check digit appended (12345 = 1234 + DV 5).
const arquivo400 = cnab400([
  { nossoNumero: '12345', codigo: '06', valor: 150, pago: 152, tarifa: 2.5 },
  { nossoNumero: '56781', codigo: '09', valor: 80 },
  { nossoNumero: '90123', codigo: '02', valor: 60, tarifa: 1.5 },
  { nossoNumero: '77777', codigo: '06', valor: 10, pago: 10 },
]);

describe('Atualizar transações (arquivo de retorno)', () => {
  it('lists the company’s active gateways only', async () => {
    const gateways = await get(`${BASE}/gateways`);
    expect(gateways).toEqual([
      expect.objectContaining({ id: gateway.id, descricao: 'Bradesco carteira 09', banco: '237' }),
    ]);
  });

  it('previews a CNAB 400 file: boleto, occurrence text, amounts and what will happen', async () => {
    const response = await api('POST', `${BASE}/previa`, tokens.demo, body(gateway.id, arquivo400));
    expect(response.statusCode, response.body).toBe(200);
    const previa = response.json();
    expect(previa).toMatchObject({ layout: 'CNAB400', banco: '237', gateway: 'Bradesco carteira 09' });
    const itens = previa.itens as Body[];
    expect(itens.map((item) => item.acao)).toEqual([
      'registrarPagamento',
      'baixar',
      'confirmarRegistro',
      'apenasRegistrar',
    ]);
    expect(itens[0]).toMatchObject({
      linha: 2,
      codigo: '06',
      ocorrencia: 'Liquidação',
      valorPago: 152,
      tarifa: 2.5,
      dataOcorrencia: '2025-01-15',
      dataCredito: '2025-01-16',
      acaoTexto: 'Registrar pagamento e baixar a receita',
      receita: { id: receita.id, descricao: 'Mensalidade Ana' },
      boleto: {
        id: boletos.pago?.id,
        cliente: 'Ana Pagadora',
        dataVencimento: '2025-01-10',
        valor: 150,
        situacao: 1,
      },
    });
    expect(itens[1]).toMatchObject({ ocorrencia: 'Baixa automática', acaoTexto: 'Baixar o boleto' });
    expect(itens[2]).toMatchObject({ ocorrencia: 'Entrada confirmada', tarifa: 1.5 });
    expect(itens[3]).toMatchObject({
      boleto: null,
      aviso: 'Boleto não encontrado',
      acaoTexto: 'Apenas registrar',
    });
    // Nothing written by the preview.
    expect(await get(`/api/Boletos/${boletos.pago?.id}`)).toMatchObject({ situacao: 1 });
  });

  it('applies everything in one go: boletos, the receita’s baixa and the gateway statement; twice is a no-op', async () => {
    const response = await api('POST', `${BASE}/aplicar`, tokens.demo, body(gateway.id, arquivo400));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ocorrencias: 4,
      pagamentos: 1,
      baixados: 1,
      registrados: 1,
      baixasReceita: 1,
      transacoes: 5,
      jaProcessadas: 0,
      retidas: 0,
    });
    expect(await get(`/api/Boletos/${boletos.pago?.id}`)).toMatchObject({
      situacao: 2,
      dataPagamento: '2025-01-15',
      valorPago: 152,
    });
    expect(await get(`/api/Boletos/${boletos.baixa?.id}`)).toMatchObject({ situacao: 4 });
    expect(await get(`/api/Boletos/${boletos.entrada?.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Receitas/${receita.id}`)).toMatchObject({ situacao: 1 });
    expect(await get(`/api/Baixas?${where({ lancamentoId: receita.id })}`)).toEqual([
      expect.objectContaining({ valorPago: 152, juros: 2, dataPagamento: '2025-01-16', contaId: conta.id }),
    ]);
    const transacoes = (await get(
      `/api/TransacoesPagamento?${where({ boletoId: boletos.pago?.id })}`,
    )) as Body[];
    expect(transacoes.map(({ tipo, valor, tarifa }) => ({ tipo, valor, tarifa }))).toEqual(
      expect.arrayContaining([
        { tipo: 1, valor: 152, tarifa: 2.5 },
        { tipo: 0, valor: 2.5, tarifa: 0 },
      ]),
    );
    expect(transacoes).toHaveLength(2);
    // The unknown boleto's credit is recorded without a boleto.
    const all = (await get('/api/TransacoesPagamento')) as Body[];
    expect(all).toHaveLength(5);
    expect(all.filter((row) => row.boletoId === null)).toEqual([
      expect.objectContaining({ tipo: 1, valor: 10 }),
    ]);

    const again = await api('POST', `${BASE}/previa`, tokens.demo, body(gateway.id, arquivo400, 'copia.ret'));
    expect((again.json().itens as Body[]).map((item) => item.acaoTexto)).toEqual(
      Array(4).fill('Já processado'),
    );
    const twice = await api('POST', `${BASE}/aplicar`, tokens.demo, body(gateway.id, arquivo400));
    expect(twice.statusCode, twice.body).toBe(200);
    expect(twice.json()).toMatchObject({ ocorrencias: 0, transacoes: 0, jaProcessadas: 4 });
    expect(await get('/api/TransacoesPagamento')).toHaveLength(5);
    expect(await get(`/api/Baixas?${where({ lancamentoId: receita.id })}`)).toHaveLength(1);
  });

  it('reads CNAB 240 segmentos T/U and settles the boleto', async () => {
    const text = cnab240([
      { nossoNumero: '4321', codigo: '06', valor: 99.9, pago: 99.9, tarifa: 1.2 },
      { nossoNumero: '999', codigo: '28', tarifa: 0.9 },
    ]);
    const previa = await api('POST', `${BASE}/previa`, tokens.demo, body(gateway.id, text));
    expect(previa.statusCode, previa.body).toBe(200);
    expect(previa.json()).toMatchObject({ layout: 'CNAB240' });
    expect(previa.json().itens).toEqual([
      expect.objectContaining({
        linha: 3,
        nossoNumero: '4321',
        acao: 'registrarPagamento',
        valorPago: 99.9,
        tarifa: 1.2,
        receita: null,
      }),
      expect.objectContaining({
        linha: 5,
        ocorrencia: 'Débito de tarifas/custas',
        acao: 'apenasRegistrar',
        tarifa: 0.9,
      }),
    ]);
    const applied = await api('POST', `${BASE}/aplicar`, tokens.demo, body(gateway.id, text));
    expect(applied.json()).toMatchObject({ ocorrencias: 2, pagamentos: 1, transacoes: 3 });
    expect(await get(`/api/Boletos/${boletos.cnab240?.id}`)).toMatchObject({
      situacao: 2,
      valorPago: 99.9,
      dataPagamento: '2025-01-15',
    });
  });

  it('never matches or touches another company’s boleto with the same nosso número', async () => {
    const other = await api('POST', `${BASE}/previa`, tokens.trial, body(gateway.id, arquivo400));
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('Gateway de boleto não encontrado ou inativo nesta empresa.');
    const own = await api('POST', `${BASE}/previa`, tokens.trial, body(trialGateway.id, arquivo400));
    expect(own.statusCode, own.body).toBe(200);
    const first = own.json().itens[0];
    // Same file, other gateway: a different hash, so not "já processado" — and the trial boleto, not demo's.
    expect(first).toMatchObject({
      acao: 'registrarPagamento',
      boleto: { id: boletos.trial?.id, cliente: 'Bruno da outra empresa' },
    });
    expect(own.json().itens[1].boleto).toBeNull();
    expect(await get(`/api/Boletos/${boletos.trial?.id}`, tokens.trial)).toMatchObject({ situacao: 1 });
  });

  it('answers a pt-BR 400 naming the line for bad files, writing nothing', async () => {
    const lines = arquivo400.split('\r\n');
    const cases: Array<[string, string]> = [
      ['', 'O arquivo está vazio.'],
      [
        [lines[0], lines[1], (lines[2] as string).slice(0, 120), lines[5]].join('\r\n'),
        'Linha 3: registro de detalhe com 120 caracteres; o CNAB 400 tem 400.',
      ],
      [
        'abc\r\n',
        'Linha 1: registro com 3 caracteres; o arquivo de retorno tem linhas de 400 (CNAB 400) ou 240 (CNAB 240) caracteres.',
      ],
      [lines.slice(0, 3).join('\r\n'), 'O arquivo não tem o registro trailer (9): pode estar incompleto.'],
      [
        arquivo400.replace('02RETORNO', '01REMESSA'),
        'Linha 1: este é um arquivo de remessa, não de retorno.',
      ],
      [
        cnab400([{ nossoNumero: '1', codigo: '06' }]).replace(/^(1.{252})0{13}/m, '$1XXXXXXXXXXXX0'),
        'Linha 2: valor pago "XXXXXXXXXXXX0" não é numérico.',
      ],
      [
        cnab400([{ nossoNumero: '1', codigo: '06', data: '320125' }]),
        'Linha 2: data da ocorrência "320125" não é uma data válida.',
      ],
      [
        cnab400([{ nossoNumero: '1', codigo: '06' }], '341'),
        'O arquivo é do banco 341, mas o gateway "Bradesco carteira 09" é do banco 237.',
      ],
      [
        cnab240([{ nossoNumero: '1', codigo: '06' }])
          .split('\r\n')
          .filter((_, i) => i !== 3)
          .join('\r\n'),
        'Linha 3: segmento T sem o segmento U correspondente.',
      ],
    ];
    for (const [text, message] of cases) {
      const response = await api('POST', `${BASE}/aplicar`, tokens.demo, body(gateway.id, text));
      expect(response.statusCode, `${message}: ${response.body}`).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect(await get('/api/TransacoesPagamento')).toHaveLength(8);
  });
});
