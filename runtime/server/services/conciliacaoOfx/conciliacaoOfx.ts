import {
  matchOfxTransactions,
  OFX_MATCH_DAYS,
  type StatementLine,
} from '../../../core/matchOfxTransactions.ts';
import { roundMoney } from '../../../core/roundMoney.ts';
import { HttpError } from '../../errors.ts';
import { baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import { scopeConditions } from '../records/buildRecordQuery.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { openLancamentos } from './openLancamentos.ts';

/** Prefix of the observação of a baixa created from a statement line; the FITID follows (no field for it). */
export const OFX_MARK = '[OFX ';
const mark = (fitId: string) => `${OFX_MARK}${fitId}]`;

const shift = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** 400 unless the account is one of the branch's. */
async function assertConta(context: RecordContext, contaId: number): Promise<void> {
  const conta = context.lookupTarget('conta');
  const params: unknown[] = [contaId];
  const scope = scopeConditions(conta, context.scope, params).join(' AND ');
  const found = await context.tx.maybeOne(
    `SELECT 1 FROM "${conta.entity.table}" WHERE id = $1 AND ${scope}`,
    params,
  );
  if (!found) throw new HttpError(400, 'CONTA_NAO_ENCONTRADA', 'Conta bancária não encontrada nesta filial.');
}

/** FITIDs of the lines already reconciled into baixas of the account (by the mark in their observação). */
async function reconciledFitIds(
  context: RecordContext,
  contaId: number,
  fitIds: string[],
): Promise<Map<string, number>> {
  const baixa = context.lookupTarget('baixa');
  const column = (field: string) => `"${baixa.fieldMap[field]?.column ?? field}"`;
  const rows = await context.tx.query<{ id: number; observacao: string }>(
    `SELECT id, ${column('observacao')} AS observacao FROM "${baixa.entity.table}"
      WHERE empresa_id = $1 AND filial_id = $2 AND ${column('contaId')} = $3 AND ${column('observacao')} = ANY($4)
        AND NOT ${column('estornada')}`,
    [context.scope.empresaId, context.scope.filialId, contaId, fitIds.map(mark)],
  );
  return new Map(rows.map((row) => [row.observacao.slice(OFX_MARK.length, -1), row.id]));
}

/**
 * Suggestions for a statement: for every line, whether it was already reconciled in the account, the open
 * receitas/despesas of the branch it may settle (same value, due within the window) and the suggested one.
 */
export async function suggestReconciliation(context: RecordContext, contaId: number, lines: StatementLine[]) {
  await assertConta(context, contaId);
  const done = await reconciledFitIds(
    context,
    contaId,
    lines.map((line) => line.fitId),
  );
  const pending = lines.filter((line) => !done.has(line.fitId));
  const dates = pending.map((line) => line.data).sort();
  const open =
    dates.length > 0
      ? await openLancamentos(context, {
          from: shift(dates[0] as string, -OFX_MATCH_DAYS),
          to: shift(dates[dates.length - 1] as string, OFX_MATCH_DAYS),
        })
      : [];
  const matches = matchOfxTransactions(pending, open);
  const byId = new Map(open.map((row) => [row.id, row]));
  return {
    itens: lines.map((line) => {
      const match = matches.get(line.fitId);
      return {
        fitId: line.fitId,
        baixaId: done.get(line.fitId) ?? null,
        sugerido: match?.sugerido ?? null,
        candidatos: (match?.candidatos ?? []).flatMap((id) => {
          const row = byId.get(id);
          return row
            ? [
                {
                  id,
                  descricao: row.descricao,
                  tipo: row.tipo,
                  dataVencimento: row.dataVencimento,
                  saldo: row.saldo,
                },
              ]
            : [];
        }),
      };
    }),
  };
}

export interface ReconcileItem {
  fitId: string;
  lancamentoId: number;
  data: string;
  valor: number;
}

/**
 * Creates one baixa per confirmed line, all in the caller's transaction (all or nothing): the entry must
 * be an open receita for a credit or despesa for a debit with at least the line's value open, and the
 * line must not have been reconciled before; each baixa goes through the records API's createRecord
 * → the finance posting baixarTitulos (baixa, movement on the account, the entry's situação).
 */
export async function reconcile(context: RecordContext, contaId: number, items: ReconcileItem[]) {
  await assertConta(context, contaId);
  const fitIds = items.map((item) => item.fitId);
  if (new Set(fitIds).size !== fitIds.length)
    throw new HttpError(400, 'TRANSACAO_REPETIDA', 'Uma transação do extrato foi enviada mais de uma vez.');
  const done = await reconciledFitIds(context, contaId, fitIds);
  const repeated = items.find((item) => done.has(item.fitId));
  if (repeated)
    throw new HttpError(
      409,
      'TRANSACAO_JA_CONCILIADA',
      `A transação ${repeated.fitId} do extrato já foi conciliada.`,
    );
  const open = await openLancamentos(context, {
    ids: [...new Set(items.map((item) => item.lancamentoId))],
    lock: true,
  });
  const byId = new Map(open.map((row) => [row.id, row]));
  for (const item of items) {
    const row = byId.get(item.lancamentoId);
    if (!row)
      throw new HttpError(
        400,
        'LANCAMENTO_NAO_ABERTO',
        `O lançamento ${item.lancamentoId} não está em aberto nesta filial.`,
      );
    const amount = roundMoney(Math.abs(item.valor));
    if ((item.valor > 0 ? 1 : 2) !== row.tipo) {
      throw new HttpError(
        400,
        'TIPO_INCOMPATIVEL',
        `"${row.descricao}": ${item.valor > 0 ? 'um crédito só baixa uma receita' : 'um débito só baixa uma despesa'}.`,
      );
    }
    if (amount > roundMoney(row.saldo)) {
      throw new HttpError(
        400,
        'VALOR_MAIOR_QUE_SALDO',
        `"${row.descricao}": o valor da transação é maior que o saldo em aberto.`,
      );
    }
    await baixarTitulos(context, {
      data: item.data,
      contaId,
      observacao: mark(item.fitId),
      itens: [{ lancamentoId: row.id, principal: amount }],
    });
    row.saldo = roundMoney(row.saldo - amount);
  }
  return { baixas: items.length };
}

/** The branch's active accounts, for the screen's account choice. */
export async function reconciliationAccounts(context: RecordContext) {
  const conta = context.lookupTarget('conta');
  const column = (field: string) => `"${conta.fieldMap[field]?.column ?? field}"`;
  return context.tx.query(
    `SELECT id, ${column('descricao')} AS descricao, ${column('bancoCodigo')} AS "bancoCodigo",
            ${column('agencia')} AS agencia, ${column('numeroConta')} AS "numeroConta"
       FROM "${conta.entity.table}"
      WHERE empresa_id = $1 AND filial_id = $2 AND ${column('ativo')} IS NOT FALSE
      ORDER BY ${column('descricao')}, id LIMIT 500`,
    [context.scope.empresaId, context.scope.filialId],
  );
}
