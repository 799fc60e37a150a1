import { problemaRateio, ratear } from '../../../core/financeiro/rateio.ts';
import { fromCents, toCents } from '../../../core/financeiro/titulos.ts';
import { HttpError } from '../../errors.ts';
import type { EntityHooks } from '../records/entityHooks.ts';
import type { RecordContext } from '../records/recordContext.ts';

/**
 * F6 after every write of a title (and its rateio lines): when it has rateio lines their percentuais must
 * sum to exactly 100 (a 422 naming the sum otherwise: the write rolls back) and each line's valor is
 * written from the title's valor, the remainder on the last line (by id), so the values sum to the total.
 */
async function conferirRateio(context: RecordContext, id: number): Promise<void> {
  const linhas = await context.tx.query<{ id: string; percentual: string; total: string }>(
    `SELECT r.id, r.percentual, l.valor AS total
       FROM lancamento_rateio r JOIN lancamento l ON l.id = r.lancamento_id
      WHERE r.lancamento_id = $1 ORDER BY r.id`,
    [id],
  );
  if (linhas.length === 0) return;
  const percentuais = linhas.map((linha) => Number(linha.percentual));
  const problema = problemaRateio(percentuais);
  if (problema) throw new HttpError(422, 'RATEIO_INVALIDO', problema, { fields: { rateio: problema } });
  const valores = ratear(toCents(linhas[0]?.total), percentuais);
  await context.tx.query(
    `UPDATE lancamento_rateio r SET valor = v.valor
       FROM unnest($1::bigint[], $2::numeric[]) AS v (id, valor)
      WHERE r.id = v.id AND r.valor IS DISTINCT FROM v.valor`,
    [linhas.map((linha) => Number(linha.id)), valores.map(fromCents)],
  );
}

/** Hooks of lancamento (and its views receita, despesa, transferencia). */
export const lancamentoHooks: EntityHooks = {
  afterWrite: conferirRateio,
};
