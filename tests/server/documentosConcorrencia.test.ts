import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStockLedger, checkTransferRows } from '../../runtime/core/estoque/checkStockLedger.ts';
import type { ResolvedEntity } from '../../runtime/core/resolveEntity.ts';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { nextNumber } from '../../runtime/server/services/documents/nextNumber.ts';
import { createTestServer, login, type TestServer } from '../support/testServer.ts';

/**
 * Concurrency of the ERP engine against real PostgreSQL: parallel saídas of the last units, retries under
 * one Idempotency-Key, gap-free numbering, two balanços of the same item; then `check:ledgers` finds zero
 * differences.
 */
let server: TestServer;
let token: string;
type Body = Record<string, unknown>;

const api = (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  server.app.inject({
    method: method as 'GET',
    url,
    headers: { host: 'localhost', authorization: token, ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const ok = async (method: string, url: string, payload?: unknown) => {
  const response = await api(method, url, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

let loja: Body;
let produto: Body;
const documento = (tipo: string, quantidade: number, extra: Body = {}) =>
  ok('POST', '/api/DocumentosEstoque', {
    tipo,
    data: '2026-04-01T12:00:00Z',
    depositoId: loja.id,
    motivo: 'Concorrência',
    itens: [{ numeroItem: 1, produtoId: produto.id, quantidade, custoUnitario: 4 }],
    ...extra,
  });
const saldo = async () =>
  (
    await ok(
      'GET',
      `/api/SaldosEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id } }))}`,
    )
  )[0] as Body;
const movimentos = async () =>
  (
    await ok(
      'GET',
      `/api/MovimentacoesEstoque/count?where=${encodeURIComponent(JSON.stringify({ produtoId: produto.id }))}`,
    )
  ).count as number;

beforeAll(async () => {
  server = await createTestServer();
  token = await login(server.app, 'demo@erp.local');
  loja = await ok('POST', '/api/Depositos', { descricao: 'Loja' });
});
afterAll(() => server?.close());

describe('concurrency', () => {
  it('20 parallel saídas of the last 10 units post exactly 10', async () => {
    produto = await ok('POST', '/api/Produtos', { descricao: 'Último lote de canecas', codigo: 'CAN' });
    const entrada = await documento('E', 10);
    expect((await api('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {})).statusCode).toBe(200);
    const saidas = await Promise.all(Array.from({ length: 20 }, () => documento('S', 1)));
    const answers = await Promise.all(
      saidas.map((doc) => api('POST', `/api/DocumentosEstoque/${doc.id}/efetivar`, {})),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 422)).toHaveLength(10);
    for (const refused of answers.filter((answer) => answer.statusCode === 422))
      expect(refused.json().error.message).toBe(
        'Estoque insuficiente: produto Último lote de canecas tem 0 UN disponíveis no depósito Loja.',
      );
    expect(await saldo()).toMatchObject({ fisico: 0, valor: 0 });
    expect(await movimentos()).toBe(11);
  });

  it('20 parallel retries under one Idempotency-Key post once and all get the first answer', async () => {
    const entrada = await documento('E', 7);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {}, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await saldo()).toMatchObject({ fisico: 7 });
    expect(await movimentos()).toBe(12);
    // Without the key, a retry is refused by the state (and still posts nothing).
    expect((await api('POST', `/api/DocumentosEstoque/${entrada.id}/efetivar`, {})).statusCode).toBe(409);
    // The same key on another request is a pt-BR 422; a malformed key a 400.
    const other = await documento('E', 1);
    const reused = await api(
      'POST',
      `/api/DocumentosEstoque/${other.id}/efetivar`,
      {},
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUTILIZADA');
    const malformed = await api(
      'POST',
      `/api/DocumentosEstoque/${other.id}/efetivar`,
      {},
      {
        'idempotency-key': 'x'.repeat(201),
      },
    );
    expect(malformed.statusCode).toBe(400);
    expect(await movimentos()).toBe(12);
  });

  it('numbers 20 documents created in parallel without gaps or repeats', async () => {
    const docs = await Promise.all(Array.from({ length: 20 }, () => documento('E', 1)));
    const numbers = docs.map((doc) => doc.numero as number).sort((a, b) => a - b);
    const first = numbers[0] as number;
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => first + i));
  });

  it('numbers per filial and per série, and a rolled-back creation gives its number back', async () => {
    const filiais = await server.db.withSystem((tx) =>
      tx.query<{ empresa_id: number; id: number }>(
        `SELECT f.empresa_id, f.id FROM filial f JOIN usuario u ON u.empresa_id = f.empresa_id
          WHERE u.email = 'demo@erp.local' ORDER BY f.id`,
      ),
    );
    const [a, b] = filiais as [{ empresa_id: number; id: number }, { empresa_id: number; id: number }];
    const entity = { base: 'pedidoTeste', scope: 'filial' } as ResolvedEntity;
    const take = (filialId: number, serie?: string) =>
      server.db.withTenant({ empresaId: a.empresa_id, filialId }, (tx) =>
        nextNumber(tx, entity, { empresaId: a.empresa_id, filialId, usuarioId: 1 }, serie),
      );
    expect([await take(a.id), await take(a.id), await take(b.id)]).toEqual([1, 2, 1]);
    expect([await take(a.id, '2'), await take(a.id, '2'), await take(a.id)]).toEqual([1, 2, 3]);
    await expect(
      server.db.withTenant({ empresaId: a.empresa_id, filialId: a.id }, async (tx) => {
        await nextNumber(tx, entity, { empresaId: a.empresa_id, filialId: a.id, usuarioId: 1 }, undefined);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await take(a.id)).toBe(4);
  });

  it('two balanços of the same item serialise: both post, the last one counted wins', async () => {
    const [a, b] = await Promise.all([documento('B', 3), documento('B', 5)]);
    const answers = await Promise.all(
      [a, b].map((doc) => api('POST', `/api/DocumentosEstoque/${doc?.id}/efetivar`, {})),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    const rows = (await ok(
      'GET',
      `/api/MovimentacoesEstoque?filter=${encodeURIComponent(JSON.stringify({ where: { produtoId: produto.id, balanco: true }, order: 'id ASC' }))}`,
    )) as Body[];
    expect(rows).toHaveLength(2);
    const last = rows[1] as Body;
    expect((await saldo()).fisico).toBe(last.qtdApos);
    expect([3, 5]).toContain(last.qtdApos);
    expect(rows[0]?.qtdApos).toBe(last.qtdApos === 3 ? 5 : 3);
  });

  it('check:ledgers recomputes every balance from the ledger and finds zero differences', async () => {
    const report = await checkLedgers(server.db);
    expect(report.movimentacoes).toBeGreaterThanOrEqual(14);
    expect(report.diferencas).toEqual([]);
    // A tampered balance is found (the check can fail).
    await server.db.withSystem((tx) =>
      tx.query('UPDATE saldo_estoque SET fisico = fisico + 1 WHERE produto_id = $1', [produto.id]),
    );
    const tampered = await checkLedgers(server.db);
    expect(tampered.diferencas.map((line) => line.regra)).toEqual(['E1']);
  });

  it('check:ledgers (SQL) finds E3, E2, E4 and E7 on corrupted ledger rows, as the pure rules of runtime/core do', async () => {
    const bad = await ok('POST', '/api/Produtos', { descricao: 'Razão adulterado', codigo: 'ADL' });
    await server.db.withSystem(async (tx) => {
      const { empresa_id, filial_id } = await tx.one<{ empresa_id: number; filial_id: number }>(
        'SELECT empresa_id, filial_id FROM saldo_estoque WHERE produto_id = $1',
        [produto.id],
      );
      const row = `INSERT INTO movimentacao_estoque (empresa_id, filial_id, produto_id, deposito_id, tipo, quantidade,
          custo_unitario, data, qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor, origem_tipo, origem_id, origem_linha)
        VALUES ($1, $2, $3, $4, $5, abs($6::numeric), 1, now(), $6, $7, $8, $9, $10, $11, $12, 1)`;
      const base = [empresa_id, filial_id, bad.id, loja.id];
      // entrada 10 @ 2 (right); saída −2 whose qtdApos is wrong (E3) and that changes the average (E4);
      // an entrada whose valorApos is neither Σ difValor nor qtd × custo (E2 twice); a one-row transfer (E7).
      await tx.query(row, [...base, 0, 10, 10, 2, 20, 20, 'teste', 1]);
      await tx.query(row, [...base, 1, -2, 9, 3, 16, -4, 'teste', 2]);
      await tx.query(row, [...base, 0, 1, 10, 2, 99, 2, 'teste', 3]);
      await tx.query(row, [...base, 1, -1, 9, 2, 18, -2, 'transferenciaEstoque', 999_999]);
    });
    const report = await checkLedgers(server.db);
    const sql = report.diferencas.filter(
      (line) => line.chave.includes(`/${bad.id}/`) || line.chave.includes('999999'),
    );
    // Oracle: the pure rules over the same rows, read in posting order.
    const rows = await server.db.withSystem((tx) =>
      tx.query<Record<string, string>>(
        `SELECT id, qtd, qtd_apos, custo_medio_apos, valor_apos, dif_valor, balanco, estorno_de
           FROM movimentacao_estoque WHERE produto_id = $1 ORDER BY id`,
        [bad.id],
      ),
    );
    const expected = [
      ...checkStockLedger(
        rows.map((r) => ({
          id: Number(r.id),
          qtd: Number(r.qtd),
          qtdApos: Number(r.qtd_apos),
          custoMedioApos: Number(r.custo_medio_apos),
          valorApos: Number(r.valor_apos),
          difValor: Number(r.dif_valor),
          balanco: r.balanco as unknown as boolean,
          estornoDe: r.estorno_de === null ? null : Number(r.estorno_de),
        })),
        undefined,
      ),
      ...checkTransferRows([{ qtd: -1, difValor: -2 }]),
    ];
    const shape = (lines: { regra: string; movimentacaoId?: number; mensagem: string }[]) =>
      lines.map((line) => `${line.regra} ${line.movimentacaoId ?? ''} ${line.mensagem}`).sort();
    expect(shape(sql)).toEqual(shape(expected));
    expect(new Set(sql.map((line) => line.regra))).toEqual(new Set(['E1', 'E2', 'E3', 'E4', 'E7', 'custo']));
  });
});
