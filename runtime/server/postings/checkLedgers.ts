import {
  checkStockLedger,
  checkTransferRows,
  type LedgerDifference,
  type LedgerRow,
} from '../../core/estoque/checkStockLedger.ts';
import { cursorRows } from '../db/cursorRows.ts';
import { type Database, SYSTEM_ROLE } from '../db/database.ts';

/** A difference of one key or document, with where it was found. */
export interface LedgerReportLine extends LedgerDifference {
  empresaId: number;
  chave: string;
}

/** What the check read and found. */
export interface LedgerReport {
  movimentacoes: number;
  saldos: number;
  diferencas: LedgerReportLine[];
}

const BATCH = 10_000;

/**
 * `npm run check:ledgers`: recomputes every stock balance from the ledger (one ordered cursor pass in key and
 * posting order, as the system role: every empresa) and checks E1–E4 per key and E7 per transfer with the pure
 * rules of runtime/core. Balances with no ledger row must be zero.
 */
export async function checkLedgers(db: Database): Promise<LedgerReport> {
  const report: LedgerReport = { movimentacoes: 0, saldos: 0, diferencas: [] };
  const saldos = await db.withSystem((tx) =>
    tx.query<Record<string, unknown>>(
      `SELECT empresa_id, produto_id, deposito_id, lote_id, fisico, custo_medio, valor FROM saldo_estoque`,
    ),
  );
  report.saldos = saldos.length;
  const keyOf = (row: Record<string, unknown>) =>
    `${row.empresa_id}/${row.produto_id}/${row.deposito_id}/${row.lote_id ?? ''}`;
  const stored = new Map(saldos.map((row) => [keyOf(row), row]));
  const seen = new Set<string>();
  let current: string | null = null;
  let rows: LedgerRow[] = [];
  const flush = () => {
    if (current === null) return;
    seen.add(current);
    const saldo = stored.get(current);
    const balance = saldo
      ? { fisico: Number(saldo.fisico), custoMedio: Number(saldo.custo_medio), valor: Number(saldo.valor) }
      : undefined;
    for (const difference of checkStockLedger(rows, balance))
      report.diferencas.push({ ...difference, empresaId: Number(current.split('/')[0]), chave: current });
  };
  // One ordered pass through a cursor (one sort, rows streamed), as the system role and read-only.
  const client = await db.pool.connect();
  try {
    await client.query(`BEGIN READ ONLY; SELECT set_config('role', '${SYSTEM_ROLE}', true)`);
    const ledger = cursorRows<Record<string, unknown>>(
      client,
      `SELECT id, empresa_id, produto_id, deposito_id, lote_id, qtd, qtd_apos, custo_medio_apos, valor_apos,
              dif_valor, balanco, estorno_de
         FROM movimentacao_estoque
        ORDER BY empresa_id, produto_id, deposito_id, coalesce(lote_id, -1), id`,
      [],
      BATCH,
    );
    for await (const row of ledger) {
      const key = keyOf(row);
      if (key !== current) {
        flush();
        current = key;
        rows = [];
      }
      rows.push({
        id: Number(row.id),
        qtd: Number(row.qtd),
        qtdApos: Number(row.qtd_apos),
        custoMedioApos: Number(row.custo_medio_apos),
        valorApos: Number(row.valor_apos),
        difValor: Number(row.dif_valor),
        balanco: row.balanco === true,
        estornoDe: row.estorno_de === null ? null : Number(row.estorno_de),
      });
      report.movimentacoes++;
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
  flush();
  for (const [key, saldo] of stored)
    if (!seen.has(key) && (Number(saldo.fisico) !== 0 || Number(saldo.valor) !== 0))
      report.diferencas.push({
        regra: 'E1',
        empresaId: Number(saldo.empresa_id),
        chave: key,
        mensagem: `saldo ${saldo.fisico} sem movimentações no razão`,
      });
  const transfers = await db.withSystem((tx) =>
    tx.query<{ empresa_id: number; origem_id: number; linhas: Array<{ qtd: number; dif_valor: number }> }>(
      `SELECT empresa_id, origem_id, json_agg(json_build_object('qtd', qtd, 'dif_valor', dif_valor)) AS linhas
         FROM movimentacao_estoque WHERE origem_tipo IN ('transferenciaEstoque', 'transferenciaEstoque.estorno')
        GROUP BY empresa_id, origem_id, origem_tipo`,
    ),
  );
  for (const transfer of transfers)
    for (const difference of checkTransferRows(
      transfer.linhas.map((line) => ({ qtd: Number(line.qtd), difValor: Number(line.dif_valor) })),
    ))
      report.diferencas.push({
        ...difference,
        empresaId: Number(transfer.empresa_id),
        chave: `transferenciaEstoque ${transfer.origem_id}`,
      });
  return report;
}
