import type { EntityHooks } from '../records/entityHooks.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { gerarSerie } from './gerarSerie.ts';
import { hojeUtc } from './recorrenciaJob.ts';

/**
 * Saving a series creates its titles due ahead at once (same transaction; the schedule keeps them coming),
 * and an edit rewrites its open titles; a series that cannot be dated is refused (422) with the rule.
 */
async function gerar(context: RecordContext, row: Record<string, unknown>, editada: boolean) {
  const result = await gerarSerie(context.tx, Number(row.id), { hoje: hojeUtc(), editada });
  // The answer shows what the schedule wrote (these fields are read-only on the form).
  row.proximoVencimento = result.proximoVencimento;
  row.parcelasGeradas = result.parcelasGeradas;
}

export const lancamentoRecorrenteHooks: EntityHooks = {
  afterCreate: (context, row) => gerar(context, row, false),
  afterUpdate: (context, row) => gerar(context, row, true),
};
