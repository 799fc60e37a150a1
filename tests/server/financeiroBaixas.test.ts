import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { domainEvents } from '../../runtime/server/postings/domainEvents.ts';
import { testApi } from '../support/testApi.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Baixas as postings (flows.md §2, §6 item 5): POST /api/Lancamentos/baixar, POST /api/Baixas/{id}/estornar,
 * the movimento_financeiro ledger, conta.saldoAtual and the title's valorPago / valorAberto / situacao.
 */
let server: TestServer;
let token: string;
const { api, ok, fails, system } = testApi(() => ({ server, token }));

let banco: number;
let caixa: number;

const titulo = (id: number) => ok('GET', `/api/Lancamentos/${id}`);
const conta = (id: number) => ok('GET', `/api/Contas/${id}`);
const movimentos = (where: Record<string, unknown>) =>
  ok(
    'GET',
    `/api/MovimentosFinanceiros?filter=${encodeURIComponent(JSON.stringify({ where, order: 'id ASC' }))}`,
  ) as unknown as Promise<Array<Record<string, unknown>>>;

async function receita(descricao: string, valor: number, extra: Record<string, unknown> = {}) {
  const row = await ok('POST', '/api/Receitas', {
    descricao,
    contaId: banco,
    valor,
    dataVencimento: '2026-03-10',
    ...extra,
  });
  return row.id as number;
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  banco = (
    await ok('POST', '/api/Contas', {
      descricao: 'Banco razão',
      tipoConta: 1,
      saldoInicial: 1000,
      dataSaldoInicial: '2026-01-01',
    })
  ).id as number;
  caixa = (await ok('POST', '/api/Contas', { descricao: 'Caixa razão', tipoConta: 0, saldoInicial: 0 }))
    .id as number;
}, 120_000);
afterAll(async () => server?.close());

describe('baixa de títulos (flows.md §6 item 5)', () => {
  let id: number;
  let baixaId: number;

  it('40 principal + 2 juros → movement 42, aberto 60, situação parcial, saldo + 42', async () => {
    id = await receita('Venda parcelada 1/1', 100, { situacao: 1 });
    // situacao is server-maintained: a typed value is ignored.
    expect(await titulo(id)).toMatchObject({ situacao: 0, valorPago: 0, valorAberto: 100 });
    const response = await api('POST', '/api/Lancamentos/baixar', {
      data: '2026-03-05',
      contaId: banco,
      itens: [{ lancamentoId: id, principal: 40, juros: 2 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const [baixa] = response.json().baixas;
    expect(baixa).toMatchObject({
      lancamentoId: id,
      principal: 40,
      juros: 2,
      valorPago: 42,
      titulo: { valorPago: 40, valorAberto: 60, situacao: 2 },
    });
    baixaId = baixa.id;
    expect(await titulo(id)).toMatchObject({ situacao: 2, valorPago: 40, valorAberto: 60 });
    const [movimento] = await movimentos({ baixaId });
    expect(movimento).toMatchObject({
      id: baixa.movimentoFinanceiroId,
      contaId: banco,
      data: '2026-03-05',
      valor: 42,
      lancamentoId: id,
      origemTipo: 'baixa',
      origemId: baixaId,
      origemLinha: 1,
      estornoDe: null,
    });
    expect(await ok('GET', `/api/Baixas/${baixaId}`)).toMatchObject({
      principal: 40,
      valorPago: 42,
      estornada: false,
      movimentoFinanceiroId: baixa.movimentoFinanceiroId,
    });
    expect(await conta(banco)).toMatchObject({ saldoInicial: 1000, saldoAtual: 1042 });
  });

  it('a later baixa of 61 principal is refused with the open value, and posts nothing', async () => {
    const error = await fails(
      'POST',
      '/api/Lancamentos/baixar',
      { data: '2026-03-06', contaId: banco, itens: [{ lancamentoId: id, principal: 61 }] },
      422,
    );
    expect(error.message).toBe('O valor da baixa (R$ 61,00) é maior que o valor em aberto (R$ 60,00)');
    expect(await movimentos({ lancamentoId: id })).toHaveLength(1);
    expect(await conta(banco)).toMatchObject({ saldoAtual: 1042 });
  });

  it('a titled edit is refused while the title has a baixa', async () => {
    const error = await fails('PATCH', `/api/Receitas/${id}`, { valor: 30 }, 409);
    expect(error.message).toContain('estorne as baixas');
  });

  it('estorno → reversing movement, aberto back to 100, situação aberto, saldo back', async () => {
    const response = await api('POST', `/api/Baixas/${baixaId}/estornar`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: baixaId, estornada: true });
    expect(await titulo(id)).toMatchObject({ situacao: 0, valorPago: 0, valorAberto: 100 });
    const rows = await movimentos({ lancamentoId: id });
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      valor: -42,
      origemTipo: 'baixa',
      origemId: baixaId,
      origemLinha: -1,
      estornoDe: rows[0]?.id,
    });
    expect(await conta(banco)).toMatchObject({ saldoAtual: 1000 });
    const again = await fails('POST', `/api/Baixas/${baixaId}/estornar`, {}, 409);
    expect(again.message).toContain('já foi estornada');
  });

  it('a full baixa pays the title; a reconciled movement refuses the estorno until unlinked', async () => {
    const { baixas } = await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-03-10',
      contaId: banco,
      itens: [{ lancamentoId: id, principal: 100, multa: 1.5, desconto: 0.5 }],
    });
    const [baixa] = baixas as Array<{ id: number; movimentoFinanceiroId: number; valorPago: number }>;
    expect(baixa?.valorPago).toBe(101);
    expect(await titulo(id)).toMatchObject({ situacao: 1, valorAberto: 0 });
    // A bank statement line the movement is reconciled with (the OFX reconciliation sets the link).
    await system(
      `WITH linha AS (
         INSERT INTO extrato_linha (empresa_id, filial_id, conta_id, chave_dedupe, data, valor, situacao)
         SELECT empresa_id, filial_id, conta_id, 'teste-' || id, data, valor, 1 FROM movimento_financeiro WHERE id = $1
         RETURNING id)
       UPDATE movimento_financeiro SET extrato_linha_id = (SELECT id FROM linha) WHERE id = $1`,
      [baixa?.movimentoFinanceiroId],
    );
    const error = await fails('POST', `/api/Baixas/${baixa?.id}/estornar`, {}, 409);
    expect(error.message).toMatch(/^Desfaça a conciliação/);
    await system('UPDATE movimento_financeiro SET extrato_linha_id = NULL WHERE id = $1', [
      baixa?.movimentoFinanceiroId,
    ]);
    await ok('POST', `/api/Baixas/${baixa?.id}/estornar`, {});
    expect(await titulo(id)).toMatchObject({ situacao: 0, valorAberto: 100 });
  });
});

describe('rules of a baixa', () => {
  it('baixa of several titles at once: one baixa and one movement each (despesa negative), all or nothing', async () => {
    const a = await receita('Título A', 50);
    const d = (
      await ok('POST', '/api/Despesas', {
        descricao: 'Aluguel',
        contaId: banco,
        valor: 80,
        dataVencimento: '2026-03-10',
      })
    ).id as number;
    const before = Number((await conta(caixa)).saldoAtual);
    const refused = await fails(
      'POST',
      '/api/Lancamentos/baixar',
      {
        data: '2026-03-07',
        contaId: caixa,
        itens: [
          { lancamentoId: a, principal: 50 },
          { lancamentoId: d, principal: 81 },
        ],
      },
      422,
    );
    expect(refused.message).toContain('(R$ 81,00) é maior que o valor em aberto (R$ 80,00)');
    expect(await titulo(a)).toMatchObject({ situacao: 0, valorAberto: 50 });
    expect(await movimentos({ lancamentoId: a })).toHaveLength(0);
    const { baixas } = await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-03-07',
      contaId: caixa,
      itens: [
        { lancamentoId: a, principal: 50 },
        { lancamentoId: d, principal: 80, desconto: 5 },
      ],
    });
    expect(baixas).toHaveLength(2);
    expect((await movimentos({ lancamentoId: d }))[0]).toMatchObject({ valor: -75, contaId: caixa });
    expect(Number((await conta(caixa)).saldoAtual)).toBeCloseTo(before + 50 - 75, 2);
  });

  it('no movement before the account saldo inicial; a cancelled title is not settled', async () => {
    const t = await receita('Antes do saldo', 10);
    const early = await fails(
      'POST',
      '/api/Lancamentos/baixar',
      { data: '2025-12-31', contaId: banco, itens: [{ lancamentoId: t, principal: 10 }] },
      422,
    );
    expect(early.message).toContain('saldo inicial em 01/01/2026');
    await ok('POST', `/api/Receitas/${t}/cancelar`, {});
    expect(await titulo(t)).toMatchObject({ situacao: 3, valorAberto: 0 });
    const cancelled = await fails(
      'POST',
      '/api/Lancamentos/baixar',
      { data: '2026-03-01', contaId: banco, itens: [{ lancamentoId: t, principal: 10 }] },
      422,
    );
    expect(cancelled.message).toContain('cancelado');
  });

  it('cancelling a title with an active baixa is refused', async () => {
    const t = await receita('Com baixa', 20);
    await ok('POST', '/api/Lancamentos/baixar', {
      data: '2026-03-01',
      contaId: banco,
      itens: [{ lancamentoId: t, principal: 5 }],
    });
    const error = await fails('POST', `/api/Receitas/${t}/cancelar`, {}, 409);
    expect(error.message).toContain('estorne-as antes de cancelar');
  });

  it('an Idempotency-Key replays the first answer without a second posting', async () => {
    const t = await receita('Idempotente', 30);
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/Lancamentos/baixar',
        headers: { host: 'localhost', authorization: token, 'idempotency-key': 'baixa-idem-1' },
        payload: { data: '2026-03-02', contaId: banco, itens: [{ lancamentoId: t, principal: 10 }] },
      });
    const first = await send();
    const second = await send();
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await titulo(t)).toMatchObject({ valorAberto: 20 });
  });

  it('the ledger is append-only: only extrato_linha_id may change', async () => {
    const [row] = await system<{ id: number }>('SELECT id FROM movimento_financeiro ORDER BY id LIMIT 1');
    await expect(
      system('UPDATE movimento_financeiro SET valor = valor + 1 WHERE id = $1', [row?.id]),
    ).rejects.toThrow(/só aceita inclusões/);
    await expect(system('DELETE FROM movimento_financeiro WHERE id = $1', [row?.id])).rejects.toThrow(
      /só aceita inclusões/,
    );
    const duplicate = await system<{ origem_tipo: string }>(
      'SELECT origem_tipo, origem_id, origem_linha FROM movimento_financeiro WHERE id = $1',
      [row?.id],
    );
    expect(duplicate).toHaveLength(1);
  });

  it('the records API does not create baixas nor movements', async () => {
    expect((await api('POST', '/api/Baixas', { lancamentoId: 1 })).statusCode).toBe(404);
    expect((await api('POST', '/api/MovimentosFinanceiros', { valor: 1 })).statusCode).toBe(404);
  });
});

describe('transfers (F4) and avulso movements', () => {
  it('efetivar writes two mirrored movements; the estorno reverses both and cancels the transfer', async () => {
    const t = (
      await ok('POST', '/api/Transferencias', {
        descricao: 'Troco para o caixa',
        contaId: banco,
        contaDestinoId: caixa,
        valor: 50,
        dataVencimento: '2026-03-03',
      })
    ).id as number;
    const saldos = async () => [
      Number((await conta(banco)).saldoAtual),
      Number((await conta(caixa)).saldoAtual),
    ];
    const [b0 = 0, c0 = 0] = await saldos();
    await ok('POST', `/api/Transferencias/${t}/efetivar`, {});
    const rows = await movimentos({ lancamentoId: t });
    expect(rows.map((row) => [row.contaId, row.valor, row.origemLinha])).toEqual([
      [banco, -50, 1],
      [caixa, 50, 2],
    ]);
    expect(rows.every((row) => row.origemTipo === 'transferencia' && row.origemId === t)).toBe(true);
    const [b1 = 0, c1 = 0] = await saldos();
    expect([b1 - b0, c1 - c0]).toEqual([-50, 50]);
    await ok('POST', `/api/Transferencias/${t}/estornarTransferencia`, {});
    expect(await movimentos({ lancamentoId: t })).toHaveLength(4);
    expect(await saldos()).toEqual([b0, c0]);
    expect(await titulo(t)).toMatchObject({ situacao: 3 });
  });

  it('a transfer to the same account is refused', async () => {
    const t = (
      await ok('POST', '/api/Transferencias', {
        descricao: 'Mesma conta',
        contaId: banco,
        contaDestinoId: banco,
        valor: 5,
        dataVencimento: '2026-03-03',
      })
    ).id as number;
    const error = await fails('POST', `/api/Transferencias/${t}/efetivar`, {}, 422);
    expect(error.message).toBe('A conta de destino deve ser diferente da conta de origem.');
  });

  it('an avulso movement moves the balance and its estorno moves it back', async () => {
    const before = Number((await conta(banco)).saldoAtual);
    const { id } = await ok('POST', '/api/MovimentosFinanceiros/avulso', {
      contaId: banco,
      data: '2026-03-04',
      valor: -12.34,
      descricao: 'Tarifa bancária',
    });
    expect(Number((await conta(banco)).saldoAtual)).toBeCloseTo(before - 12.34, 2);
    await ok('POST', `/api/MovimentosFinanceiros/${id}/estornar`, { data: '2026-03-05' });
    expect(Number((await conta(banco)).saldoAtual)).toBeCloseTo(before, 2);
    await fails('POST', `/api/MovimentosFinanceiros/${id}/estornar`, {}, 409);
  });
});

describe('check:ledgers over the finance ledger', () => {
  it('finds no difference after the postings above, and finds a tampered balance and title', async () => {
    const report = await checkLedgers(server.db);
    expect(report.movimentosFinanceiros).toBeGreaterThan(10);
    expect(report.diferencas).toEqual([]);
    await system('UPDATE conta SET movimentado = movimentado + 1 WHERE id = $1', [banco]);
    const t = await receita('Adulterado', 10);
    await system('UPDATE lancamento SET valor_pago = 3 WHERE id = $1', [t]);
    const tampered = await checkLedgers(server.db);
    expect(tampered.diferencas.map((line) => [line.regra, line.chave])).toEqual(
      expect.arrayContaining([
        ['F3', `conta ${banco}`],
        ['F1', `lançamento ${t}`],
        ['F2', `lançamento ${t}`],
      ]),
    );
    await system('UPDATE conta SET movimentado = movimentado - 1 WHERE id = $1', [banco]);
    await system('UPDATE lancamento SET valor_pago = 0 WHERE id = $1', [t]);
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});

describe('rateio por centro de custo (F6)', () => {
  it('values from the percentuais, remainder on the last line, recomputed with the title; 100 % exactly', async () => {
    const centros: number[] = [];
    for (const descricao of ['Loja', 'Escritório', 'Depósito'])
      centros.push((await ok('POST', '/api/CentrosCusto', { descricao })).id as number);
    const rateio = (percentuais: number[]) =>
      percentuais.map((percentual, i) => ({ centroCustoId: centros[i], percentual }));
    const created = await ok('POST', '/api/Despesas', {
      descricao: 'Energia rateada',
      contaId: banco,
      valor: 100,
      dataVencimento: '2026-03-10',
      rateio: rateio([33.3333, 33.3333, 33.3334]),
    });
    const valores = async () =>
      (
        (
          await ok(
            'GET',
            `/api/Despesas/${created.id}?filter=${encodeURIComponent('{"include":["rateio"]}')}`,
          )
        ).rateio as Array<{ valor: number }>
      ).map((linha) => linha.valor);
    expect(await valores()).toEqual([33.33, 33.33, 33.34]);
    await ok('PATCH', `/api/Despesas/${created.id}`, { valor: 90.01 });
    expect(await valores()).toEqual([30, 30, 30.01]);
    const refused = await fails('PATCH', `/api/Despesas/${created.id}`, { rateio: rateio([50, 49.99]) }, 422);
    expect(refused.message).toBe('Os percentuais do rateio somam 99,99 %: devem somar exatamente 100 %.');
    expect(await valores()).toEqual([30, 30, 30.01]);
  });
});

describe('parcelas of a title typed by hand (F5)', () => {
  it('a condição de pagamento splits it into one title per parcela, remainder on the last, month ends clamped', async () => {
    const centro = (await ok('POST', '/api/CentrosCusto', { descricao: 'Obra' })).id as number;
    const created = await ok('POST', '/api/Despesas', {
      descricao: 'Reforma da loja',
      contaId: banco,
      valor: 100,
      dataEmissao: '2026-01-31',
      dataVencimento: '2026-01-31',
      condicaoPagamento: '3x',
      rateio: [{ centroCustoId: centro, percentual: 100 }],
    });
    const filter = { where: { descricao: 'Reforma da loja' }, order: 'parcela ASC', include: ['rateio'] };
    const rows = (await ok(
      'GET',
      `/api/Despesas?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    )) as unknown as Array<{
      id: number;
      valor: number;
      dataVencimento: string;
      parcela: number;
      totalParcelas: number;
      valorAberto: number;
      rateio: Array<{ valor: number; centroCustoId: number }>;
    }>;
    expect(rows[0]?.id).toBe(created.id);
    expect(
      rows.map((row) => [row.parcela, row.totalParcelas, row.valor, row.dataVencimento.slice(0, 10)]),
    ).toEqual([
      [1, 3, 33.33, '2026-02-28'],
      [2, 3, 33.33, '2026-03-31'],
      [3, 3, 33.34, '2026-04-30'],
    ]);
    expect(rows.map((row) => row.valorAberto)).toEqual([33.33, 33.33, 33.34]);
    // Each parcela keeps the rateio, with its own value.
    expect(rows.map((row) => row.rateio.map((linha) => [linha.centroCustoId, linha.valor]))).toEqual([
      [[centro, 33.33]],
      [[centro, 33.33]],
      [[centro, 33.34]],
    ]);
    // Saving a parcela again splits nothing more.
    await ok('PATCH', `/api/Despesas/${rows[1]?.id}`, { observacao: 'Segunda parcela' });
    expect(
      await ok('GET', `/api/Despesas/count?where=${encodeURIComponent('{"descricao":"Reforma da loja"}')}`),
    ).toEqual({
      count: 3,
    });
  });

  it('refuses a condição it cannot read, naming the formats, and saves nothing', async () => {
    const refused = await fails(
      'POST',
      '/api/Receitas',
      {
        descricao: 'Venda parcelada',
        contaId: banco,
        valor: 90,
        dataVencimento: '2026-03-10',
        condicaoPagamento: 'trinta dias',
      },
      422,
    );
    expect(refused.message).toBe(
      'Condição de pagamento inválida: "trinta dias". Use "à vista", dias como "30/60/90" ou parcelas mensais como "3x".',
    );
    expect(
      await ok('GET', `/api/Receitas/count?where=${encodeURIComponent('{"descricao":"Venda parcelada"}')}`),
    ).toEqual({
      count: 0,
    });
  });
});

describe('domain events', () => {
  it('after the commit: lancamento.baixado and movimentoFinanceiro.lancado; nothing for a refused baixa', async () => {
    const seen: string[] = [];
    const listener = (event: { event: string }) => seen.push(event.event);
    domainEvents.on('*', listener);
    try {
      const t = await receita('Com eventos', 10);
      await fails(
        'POST',
        '/api/Lancamentos/baixar',
        { data: '2026-03-02', contaId: banco, itens: [{ lancamentoId: t, principal: 11 }] },
        422,
      );
      expect(seen.filter((name) => name.startsWith('lancamento.baixado'))).toEqual([]);
      const { baixas } = await ok('POST', '/api/Lancamentos/baixar', {
        data: '2026-03-02',
        contaId: banco,
        itens: [{ lancamentoId: t, principal: 10 }],
      });
      expect(seen).toEqual(expect.arrayContaining(['lancamento.baixado', 'movimentoFinanceiro.lancado']));
      await ok('POST', `/api/Baixas/${(baixas as Array<{ id: number }>)[0]?.id}/estornar`, {});
      expect(seen).toEqual(expect.arrayContaining(['baixa.estornar', 'lancamento.estornado']));
    } finally {
      domainEvents.off('*', listener);
    }
  });
});

describe('concurrency', () => {
  it('10 parallel baixas of 20 on a title of 100: exactly 5 land, the rest are refused, nothing half-posted', async () => {
    const t = await receita('Disputado', 100);
    const before = Number((await conta(caixa)).saldoAtual);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('POST', '/api/Lancamentos/baixar', {
          data: '2026-03-03',
          contaId: caixa,
          itens: [{ lancamentoId: t, principal: 20 }],
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 422, 422, 422, 422, 422,
    ]);
    expect(await titulo(t)).toMatchObject({ situacao: 1, valorPago: 100, valorAberto: 0 });
    expect(await movimentos({ lancamentoId: t })).toHaveLength(5);
    expect(Number((await conta(caixa)).saldoAtual)).toBeCloseTo(before + 100, 2);
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});
