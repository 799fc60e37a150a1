import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { situacaoTitulo } from '../../runtime/core/financeiro/titulos.ts';
import { hojeBrasilia } from '../../runtime/core/hojeBrasilia.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Property test of finance (flows.md §2 F1–F4, F7, F8) through the API: random sequences of titles, baixas
 * (one or two titles at once, overpayments and dates before the saldo inicial included), estornos,
 * cancellations, transfers (same account included) with their estornos and avulso movements, against a
 * model in cents. Every step answers what the model expects (200, or a pt-BR 409/422 that changes
 * nothing); afterwards every title's valorPago / valorAberto / situação, every account's saldoAtual, the
 * extrato's running balance and balance at a date (F3) agree with the model, the DRE moves by exactly the
 * run's titles (competência) and non-transfer movements (caixa) (F7), and check:ledgers finds nothing.
 */
let server: TestServer;
let token: string;

const api = (method: string, url: string, payload?: unknown) =>
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

const SALDO_INICIAL = '2026-01-10';
const dia = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10);
const reais = (cents: number) => cents / 100;

type Step =
  | { kind: 'titulo'; tipo: 1 | 2; valor: number }
  | {
      kind: 'baixa';
      picks: number[];
      conta: number;
      principal: number[];
      juros: number;
      desconto: number;
      d: number;
    }
  | { kind: 'estorno'; pick: number }
  | { kind: 'cancelar'; pick: number }
  | { kind: 'transferencia'; de: number; para: number; valor: number; d: number }
  | { kind: 'estornoTransferencia'; pick: number }
  | { kind: 'avulso'; conta: number; valor: number; d: number };

const cents = (max: number) => fc.integer({ min: 1, max });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('titulo' as const),
      tipo: fc.constantFrom(1 as const, 2 as const),
      valor: cents(50_000),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('baixa' as const),
      picks: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }),
      conta: fc.nat(1),
      principal: fc.array(cents(60_000), { minLength: 2, maxLength: 2 }),
      juros: fc.integer({ min: 0, max: 900 }),
      desconto: fc.integer({ min: 0, max: 300 }),
      d: fc.integer({ min: 0, max: 80 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('estorno' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancelar' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('transferencia' as const),
      de: fc.nat(1),
      para: fc.nat(1),
      valor: cents(30_000),
      d: fc.integer({ min: 0, max: 80 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('estornoTransferencia' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('avulso' as const),
      conta: fc.nat(1),
      valor: fc.integer({ min: -20_000, max: 20_000 }).filter((v) => v !== 0),
      d: fc.integer({ min: 0, max: 80 }),
    }),
  },
);

interface Titulo {
  id: number;
  tipo: 1 | 2;
  valor: number;
  pago: number;
  cancelado: boolean;
}
interface Baixa {
  id: number;
  titulo: Titulo;
  principal: number;
  estornada: boolean;
}

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
}, 120_000);
afterAll(async () => server?.close());

/** The DRE's result (cents) over a period, by competência or by caixa. */
const resultadoDre = async (regime: 'competencia' | 'caixa', ate: string) =>
  Math.round(
    (await ok('GET', `/api/RelatoriosFinanceiros/dre?regime=${regime}&de=${dia(0)}&ate=${ate}`)).resultado
      .valor * 100,
  );

describe('finance invariants over random sequences (F1–F4, F7, F8)', () => {
  it('titles, balances, extrato and check:ledgers follow the model', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        run += 1;
        // Two fresh accounts per run: A opens on SALDO_INICIAL with 1000, B has no opening date.
        const contas = [
          (
            await ok('POST', '/api/Contas', {
              descricao: `Prop A ${run}`,
              saldoInicial: 1000,
              dataSaldoInicial: SALDO_INICIAL,
            })
          ).id as number,
          (await ok('POST', '/api/Contas', { descricao: `Prop B ${run}`, saldoInicial: 0 })).id as number,
        ];
        const saldoInicial = [100_000, 0];
        /** The model's movements: [conta index, date, cents]. */
        const movimentos: Array<[number, string, number]> = [];
        const titulos: Titulo[] = [];
        const baixas: Baixa[] = [];
        const transferencias: Array<{
          id: number;
          de: number;
          para: number;
          valor: number;
          efetivada: boolean;
        }> = [];
        const avulsos: Array<{ id: number; conta: number; valor: number; estornado: boolean }> = [];
        // Estornos are dated on the action's Brasília day.
        const hoje = hojeBrasilia();
        const competenciaAntes = await resultadoDre('competencia', dia(80));
        const caixaAntes = await resultadoDre('caixa', hoje);
        /** F7 by caixa: the run's movements that are not transfers (baixas, their estornos, avulsos). */
        let caixaModelo = 0;
        const datedOk = (conta: number, data: string) => conta !== 0 || data >= SALDO_INICIAL;

        for (const s of steps) {
          switch (s.kind) {
            case 'titulo': {
              const resource = s.tipo === 1 ? 'Receitas' : 'Despesas';
              const row = await ok('POST', `/api/${resource}`, {
                descricao: `Título ${titulos.length + 1}`,
                contaId: contas[0],
                valor: reais(s.valor),
                dataVencimento: dia(20),
                dataCompetencia: dia(15),
              });
              titulos.push({ id: row.id, tipo: s.tipo, valor: s.valor, pago: 0, cancelado: false });
              break;
            }
            case 'baixa': {
              if (titulos.length === 0) break;
              const escolhidos = [...new Set(s.picks.map((p) => p % titulos.length))].map(
                (i) => titulos[i] as Titulo,
              );
              const itens = escolhidos.map((titulo, i) => ({
                titulo,
                principal: Math.min(s.principal[i] as number, titulo.valor + 500),
                juros: i === 0 ? s.juros : 0,
                desconto: i === 0 ? s.desconto : 0,
              }));
              const data = dia(s.d);
              const expected =
                datedOk(s.conta, data) &&
                itens.every(
                  (item) =>
                    !item.titulo.cancelado &&
                    item.principal <= item.titulo.valor - item.titulo.pago &&
                    item.principal + item.juros - item.desconto >= 0,
                );
              const response = await api('POST', '/api/Lancamentos/baixar', {
                data,
                contaId: contas[s.conta],
                itens: itens.map((item) => ({
                  lancamentoId: item.titulo.id,
                  principal: reais(item.principal),
                  juros: reais(item.juros),
                  desconto: reais(item.desconto),
                })),
              });
              expect(response.statusCode, response.body).toBe(expected ? 200 : 422);
              if (!expected) {
                expect(response.json().error.message).toMatch(/^(O valor da baixa|A conta|"|O desconto)/);
                break;
              }
              const posted = response.json().baixas as Array<{ id: number; valorPago: number }>;
              itens.forEach((item, i) => {
                const total = item.principal + item.juros - item.desconto;
                item.titulo.pago += item.principal;
                // F8: the movement is the total, + for a receita, − for a despesa.
                expect(Math.round((posted[i]?.valorPago ?? 0) * 100)).toBe(total);
                movimentos.push([s.conta, data, item.titulo.tipo === 1 ? total : -total]);
                caixaModelo += item.titulo.tipo === 1 ? total : -total;
                baixas.push({
                  id: posted[i]?.id as number,
                  titulo: item.titulo,
                  principal: item.principal,
                  estornada: false,
                });
                Object.assign(baixas[baixas.length - 1] as Baixa, { total, conta: s.conta });
              });
              break;
            }
            case 'estorno': {
              if (baixas.length === 0) break;
              const baixa = baixas[s.pick % baixas.length] as Baixa & { total: number; conta: number };
              const response = await api('POST', `/api/Baixas/${baixa.id}/estornar`, {});
              expect(response.statusCode, response.body).toBe(baixa.estornada ? 409 : 200);
              if (baixa.estornada) break;
              baixa.estornada = true;
              baixa.titulo.pago -= baixa.principal;
              movimentos.push([baixa.conta, hoje, baixa.titulo.tipo === 1 ? -baixa.total : baixa.total]);
              caixaModelo += baixa.titulo.tipo === 1 ? -baixa.total : baixa.total;
              break;
            }
            case 'cancelar': {
              if (titulos.length === 0) break;
              const titulo = titulos[s.pick % titulos.length] as Titulo;
              const ativa = baixas.some((b) => b.titulo === titulo && !b.estornada);
              const resource = titulo.tipo === 1 ? 'Receitas' : 'Despesas';
              const response = await api('POST', `/api/${resource}/${titulo.id}/cancelar`, {});
              expect(response.statusCode, response.body).toBe(titulo.cancelado || ativa ? 409 : 200);
              if (response.statusCode === 200) titulo.cancelado = true;
              break;
            }
            case 'transferencia': {
              const data = dia(s.d);
              const row = await ok('POST', '/api/Transferencias', {
                descricao: `Transferência ${transferencias.length + 1}`,
                contaId: contas[s.de],
                contaDestinoId: contas[s.para],
                valor: reais(s.valor),
                dataVencimento: data,
              });
              const expected = s.de !== s.para && datedOk(s.de, data) && datedOk(s.para, data);
              const response = await api('POST', `/api/Transferencias/${row.id}/efetivar`, {});
              expect(response.statusCode, response.body).toBe(expected ? 200 : 422);
              transferencias.push({
                id: row.id,
                de: s.de,
                para: s.para,
                valor: s.valor,
                efetivada: expected,
              });
              if (expected) movimentos.push([s.de, data, -s.valor], [s.para, data, s.valor]);
              break;
            }
            case 'estornoTransferencia': {
              if (transferencias.length === 0) break;
              const t = transferencias[s.pick % transferencias.length] as (typeof transferencias)[number];
              const response = await api('POST', `/api/Transferencias/${t.id}/estornarTransferencia`, {});
              expect(response.statusCode, response.body).toBe(t.efetivada ? 200 : 409);
              if (!t.efetivada) break;
              t.efetivada = false;
              movimentos.push([t.de, hoje, t.valor], [t.para, hoje, -t.valor]);
              break;
            }
            case 'avulso': {
              const data = dia(s.d);
              const response = await api('POST', '/api/MovimentosFinanceiros/avulso', {
                contaId: contas[s.conta],
                data,
                valor: reais(s.valor),
                descricao: 'Tarifa ou rendimento',
              });
              const expected = datedOk(s.conta, data);
              expect(response.statusCode, response.body).toBe(expected ? 200 : 422);
              if (!expected) break;
              avulsos.push({ id: response.json().id, conta: s.conta, valor: s.valor, estornado: false });
              movimentos.push([s.conta, data, s.valor]);
              caixaModelo += s.valor;
              break;
            }
          }
        }

        // F1, F2: every title as the model says.
        for (const titulo of titulos) {
          const row = await ok('GET', `/api/Lancamentos/${titulo.id}`);
          expect(Math.round(row.valorPago * 100)).toBe(titulo.pago);
          expect(titulo.pago).toBeGreaterThanOrEqual(0);
          expect(titulo.pago).toBeLessThanOrEqual(titulo.valor);
          expect(Math.round(row.valorAberto * 100)).toBe(titulo.cancelado ? 0 : titulo.valor - titulo.pago);
          expect(row.situacao).toBe(situacaoTitulo(titulo.valor, titulo.pago, titulo.cancelado));
        }
        // F3, F4: balances are the opening balance plus the signed movements; transfers create no money.
        for (const [i, id] of contas.entries()) {
          const total = movimentos.filter(([c]) => c === i).reduce((sum, [, , v]) => sum + v, 0);
          const conta = await ok('GET', `/api/Contas/${id}`);
          expect(Math.round(conta.saldoAtual * 100)).toBe((saldoInicial[i] as number) + total);
          const extrato = await ok('GET', `/api/Contas/${id}/extrato?inicio=${dia(0)}&fim=${hoje}`);
          expect(Math.round(extrato.saldoFinal * 100)).toBe((saldoInicial[i] as number) + total);
          // The running balance is the cumulative sum in (data, id) order.
          let saldo = Math.round(extrato.saldoAnterior * 100);
          for (const linha of extrato.movimentos as Array<{ valor: number; saldo: number }>) {
            saldo += Math.round(linha.valor * 100);
            expect(Math.round(linha.saldo * 100)).toBe(saldo);
          }
          // The balance at a date d is saldo inicial + Σ valor where data ≤ d.
          const d = dia(40);
          const atDate = await ok('GET', `/api/Contas/${id}/extrato?inicio=${dia(41)}&fim=${dia(41)}`);
          const until = movimentos
            .filter(([c, data]) => c === i && data <= d)
            .reduce((sum, [, , v]) => sum + v, 0);
          expect(Math.round(atDate.saldoAnterior * 100)).toBe((saldoInicial[i] as number) + until);
        }
        // F8 and F4: the ledger holds exactly the model's movements (one per baixa, two per transfer, …).
        const rows = await ok(
          'GET',
          `/api/MovimentosFinanceiros?filter=${encodeURIComponent(JSON.stringify({ where: { contaId: { inq: contas } } }))}`,
        );
        expect(rows).toHaveLength(movimentos.length);
        // F7: by competência the DRE gains the run's titles not cancelled; by caixa, its movements that are not
        // transfers (a transfer moves money between accounts and is no result).
        const competenciaModelo = titulos
          .filter((titulo) => !titulo.cancelado)
          .reduce((sum, titulo) => sum + (titulo.tipo === 1 ? titulo.valor : -titulo.valor), 0);
        expect((await resultadoDre('competencia', dia(80))) - competenciaAntes).toBe(competenciaModelo);
        expect((await resultadoDre('caixa', hoje)) - caixaAntes).toBe(caixaModelo);
        expect((await checkLedgers(server.db)).diferencas).toEqual([]);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 25) },
    );
  }, 240_000);
});
