import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import type { Tx } from '../../db/database.ts';
import type { RecordScope } from '../records/buildRecordQuery.ts';

/**
 * The next number of a document (its `numbering`): per empresa, per filial when the entity's scope is
 * filial, per série when declared. The counter row's upsert holds its lock until the creating transaction
 * ends, so concurrent creations queue and a rolled-back one gives its number back: no gaps, no repeats.
 */
export async function nextNumber(
  tx: Tx,
  entity: ResolvedEntity,
  scope: RecordScope,
  serie: unknown,
): Promise<number> {
  const row = await tx.one<{ ultimo: number }>(
    `INSERT INTO numeracao_documento (empresa_id, entidade, filial_id, serie, ultimo) VALUES ($1, $2, $3, $4, 1)
     ON CONFLICT (empresa_id, entidade, filial_id, serie) DO UPDATE SET ultimo = numeracao_documento.ultimo + 1
     RETURNING ultimo`,
    [
      scope.empresaId,
      entity.base,
      entity.scope === 'filial' ? (scope.filialId ?? 0) : 0,
      serie === null || serie === undefined ? '' : String(serie),
    ],
  );
  return Number(row.ultimo);
}
