import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import type { TargetResolver } from './includeRelations.ts';
import type { RecordEntity } from './recordEntity.ts';

const camelCase = (table: string) => table.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The entity stored in `table` (named after it by convention), or undefined. */
function entityOfTable(table: string, lookupTarget: TargetResolver): RecordEntity | undefined {
  try {
    const target = lookupTarget(camelCase(table));
    return target.entity.table === table ? target : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The 409 of deleting row `id` that other rows still reference (foreign key `constraint` of `table`, as
 * PostgreSQL names them in the violation): counts the referencing rows the user's tenant holds and names
 * them, e.g. "Este perfil de acesso está em uso por 2 usuários; troque o perfil de acesso deles antes de
 * excluir." Called after rolling back to a savepoint, so the transaction can still query.
 */
export async function inUseError(
  tx: Tx,
  record: RecordEntity,
  id: number,
  violation: { table?: string; constraint?: string },
  lookupTarget: TargetResolver,
): Promise<HttpError> {
  const fallback = new HttpError(
    409,
    'REGISTRO_EM_USO',
    'Este registro está em uso e não pode ser excluído.',
  );
  const { table, constraint } = violation;
  if (!table || !constraint) return fallback;
  const key = await tx.maybeOne<{ coluna: string }>(
    `SELECT a.attname AS coluna
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
      WHERE c.conname = $1 AND c.conrelid = to_regclass(quote_ident($2)) AND c.contype = 'f'
        AND cardinality(c.conkey) = 1`,
    [constraint, table],
  );
  if (!key) return fallback;
  const { count } = await tx.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM "${table.replaceAll('"', '""')}" WHERE "${key.coluna.replaceAll('"', '""')}" = $1`,
    [id],
  );
  const referrer = entityOfTable(table, lookupTarget);
  if (count === 0 || !referrer) return fallback;
  const { entity } = record;
  const feminine = entity.gender === 'f';
  const label = entity.label.toLowerCase();
  const field = Object.entries(referrer.fieldMap).find(([, spec]) => spec.column === key.coluna)?.[0];
  const fieldLabel = (field && referrer.entity.fields[field]?.label?.toLowerCase()) || label;
  const referrers = (count === 1 ? referrer.entity.label : referrer.entity.labelPlural).toLowerCase();
  const pronoun = `del${referrer.entity.gender === 'f' ? 'a' : 'e'}${count === 1 ? '' : 's'}`;
  const message = `${feminine ? 'Esta' : 'Este'} ${label} está em uso por ${count} ${referrers}; troque ${feminine ? 'a' : 'o'} ${fieldLabel} ${pronoun} antes de excluir.`;
  return new HttpError(409, 'REGISTRO_EM_USO', message, {
    tabela: referrer.entity.resource,
    quantidade: count,
  });
}
