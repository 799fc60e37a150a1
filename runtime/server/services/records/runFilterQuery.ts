import { FilterError, type Where, whereUses } from '../../../core/loopbackFilter.ts';
import type { Tx } from '../../db/database.ts';

/** Longest a query with a `regexp` condition may run. */
export const REGEXP_TIMEOUT_MS = 3000;

/**
 * Runs a records query whose where may hold a `regexp`: under a statement timeout (no pattern can hold a
 * connection), with PostgreSQL's refusals of a pattern (syntax it reads differently, "too complex") and
 * the timeout answered as the pt-BR 400 of a filter to fix.
 */
export async function runFilterQuery<T>(tx: Tx, where: Where | undefined, run: () => Promise<T>): Promise<T> {
  if (!whereUses(where, 'regexp')) return run();
  await tx.query(`SET LOCAL statement_timeout = ${REGEXP_TIMEOUT_MS}`);
  try {
    return await run();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === '2201B')
      throw new FilterError(
        'a expressão regular usa algo que o PostgreSQL não aceita ou é complexa demais (ex.: grupos nomeados, classes Unicode); simplifique o padrão.',
      );
    if (code === '57014')
      throw new FilterError(
        `a expressão regular levou mais de ${REGEXP_TIMEOUT_MS / 1000} s; use um padrão mais simples ou combine com outros filtros.`,
      );
    throw error;
  } finally {
    await tx.query('SET LOCAL statement_timeout TO DEFAULT').catch(() => undefined);
  }
}
