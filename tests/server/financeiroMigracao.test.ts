import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedgers } from '../../runtime/server/postings/checkLedgers.ts';
import { createTestServer, type TestServer } from '../support/testServer.ts';

/**
 * Migration 050 on a database that already had baixas (before the finance ledger): its backfill block
 * turns every baixa into a posting (principal backed out of the total, one movement on the baixa's account —
 * none when dated before the account's saldo inicial), carries out the transfers not cancelled, and derives
 * the titles' valor pago and situação (a typed "pago" without baixa becomes "em aberto") and the balances.
 */
let server: TestServer;
const MIGRATION = readFileSync(
  join(import.meta.dirname, '../../runtime/server/db/migrations/050_financeiro_razao.sql'),
  'utf8',
);
/** The DO block that backfills an older database (it runs only when the baixa table existed before). */
const BACKFILL = MIGRATION.split(/(?=^DO \$\$)/m).find((part) =>
  part.includes("IF to_regclass('baixa') IS NULL THEN\n    RETURN;"),
);

beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(async () => server?.close());

describe('migration 050 backfill', () => {
  it('posts the legacy baixas and transfers and derives titles and balances; check:ledgers finds nothing', async () => {
    expect(BACKFILL).toBeDefined();
    const client = new pg.Client({ connectionString: server.databaseUrl });
    await client.connect();
    try {
      const one = async (sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows[0];
      const { empresa_id: empresa, filial_id: filial } = await one(
        `SELECT empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
      );
      const conta = async (descricao: string, data: string | null) =>
        (
          await one(
            `INSERT INTO conta (empresa_id, filial_id, descricao, saldo_inicial, data_saldo_inicial, ativo)
             VALUES ($1, $2, $3, 100, $4, true) RETURNING id`,
            [empresa, filial, descricao, data],
          )
        ).id as string;
      const banco = await conta('Banco legado', '2026-01-01');
      const caixa = await conta('Caixa legado', null);
      const titulo = async (tipo: number, valor: number, situacao: number, destino: string | null = null) =>
        (
          await one(
            `INSERT INTO lancamento (empresa_id, filial_id, tipo, descricao, conta_id, conta_destino_id, valor,
                    data_vencimento, situacao)
             VALUES ($1, $2, $3, 'Legado', $4, $5, $6, '2026-02-05', $7) RETURNING id`,
            [empresa, filial, tipo, banco, destino, valor, situacao],
          )
        ).id as string;
      // A receita typed "pago" with one partial baixa, another typed "pago" with none, an old baixa dated
      // before the saldo inicial, and a transfer never carried out as a posting.
      const parcial = await titulo(1, 100, 1);
      const semBaixa = await titulo(1, 50, 1);
      const antiga = await titulo(2, 70, 1);
      const transferencia = await titulo(3, 30, 0, caixa);
      const baixa = async (lancamento: string, data: string, valorPago: number, juros: number) =>
        client.query(
          `INSERT INTO baixa (empresa_id, filial_id, lancamento_id, data_pagamento, valor_pago, juros, multa, desconto,
                  conta_id, estornada)
           VALUES ($1, $2, $3, $4, $5, $6, 0, 0, $7, false)`,
          [empresa, filial, lancamento, data, valorPago, juros, banco],
        );
      await baixa(parcial, '2026-02-01', 42, 2);
      await baixa(antiga, '2025-12-20', 70, 0);
      await client.query(
        'UPDATE baixa SET principal = NULL, movimento_financeiro_id = NULL WHERE lancamento_id = ANY($1)',
        [[parcial, antiga]],
      );
      await client.query('UPDATE lancamento SET valor_pago = 0 WHERE id = ANY($1)', [
        [parcial, semBaixa, antiga, transferencia],
      ]);

      await client.query(BACKFILL as string);

      const row = async (id: string) =>
        one(
          'SELECT valor_pago::float AS pago, valor_aberto::float AS aberto, situacao FROM lancamento WHERE id = $1',
          [id],
        );
      expect(await row(parcial)).toEqual({ pago: 40, aberto: 60, situacao: 2 });
      expect(await row(semBaixa)).toEqual({ pago: 0, aberto: 50, situacao: 0 });
      expect(await row(antiga)).toEqual({ pago: 70, aberto: 0, situacao: 1 });
      expect(await row(transferencia)).toEqual({ pago: 30, aberto: 0, situacao: 1 });
      const movimentos = (
        await client.query(
          `SELECT conta_id::text AS conta, valor::float AS valor, origem_tipo, origem_linha FROM movimento_financeiro
            WHERE conta_id = ANY($1) ORDER BY id`,
          [[banco, caixa]],
        )
      ).rows;
      expect(movimentos).toEqual([
        { conta: String(banco), valor: 42, origem_tipo: 'baixa', origem_linha: 1 },
        { conta: String(banco), valor: -30, origem_tipo: 'transferencia', origem_linha: 1 },
        { conta: String(caixa), valor: 30, origem_tipo: 'transferencia', origem_linha: 2 },
      ]);
      const saldos = (
        await client.query(
          'SELECT id::text AS id, saldo_atual::float AS saldo FROM conta WHERE id = ANY($1) ORDER BY id',
          [[banco, caixa]],
        )
      ).rows;
      expect(saldos).toEqual([
        { id: String(banco), saldo: 112 },
        { id: String(caixa), saldo: 130 },
      ]);
      // Running it again changes nothing.
      await client.query(BACKFILL as string);
      expect(
        (
          await client.query('SELECT count(*)::int AS n FROM movimento_financeiro WHERE conta_id = ANY($1)', [
            [banco, caixa],
          ])
        ).rows[0],
      ).toEqual({ n: 3 });
    } finally {
      await client.end();
    }
    expect((await checkLedgers(server.db)).diferencas).toEqual([]);
  });
});
