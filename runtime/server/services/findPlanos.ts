import { FilterError, parseFilter } from '../../core/loopbackFilter.ts';
import { compileFilter, type FieldMap } from '../db/compileFilter.ts';
import type { Tx } from '../db/database.ts';

/** Filterable and orderable members → plano columns (the allow-list of ?filter=). */
export const PLANO_FIELDS: FieldMap = {
  id: { column: 'id', type: 'integer' },
  idExterno: { column: 'id_externo', type: 'string' },
  configWhiteLabel: { column: 'config_white_label_id', type: 'integer' },
  nome: { column: 'nome', type: 'string' },
  descricao: { column: 'descricao', type: 'text' },
  valor: { column: 'valor', type: 'number' },
  diasTrial: { column: 'dias_trial', type: 'integer' },
  ativo: { column: 'ativo', type: 'boolean' },
};

/** SELECT list giving a plano row its API shape. */
export const PLANO_COLUMNS = `id, id_externo AS "idExterno", config_white_label_id AS "configWhiteLabel", nome, descricao,
  valor, dias_trial AS "diasTrial", modulos, ativo`;

/** A plan as the API returns it. */
export interface Plano {
  id: number;
  idExterno: string;
  configWhiteLabel: number;
  nome: string;
  descricao: string;
  valor: number;
  diasTrial: number | null;
  modulos: Array<{ id: string; visivel?: boolean }>;
  ativo: boolean;
}

/**
 * Plans matching a LoopBack filter. `where.modulo` (top level) keeps the plans whose modulos contain
 * that module id; `scopeConfigId` restricts the result to one white-label (null = every one).
 */
export async function findPlanos(
  tx: Tx,
  rawFilter: unknown,
  scopeConfigId: number | null,
  single = false,
): Promise<Plano[]> {
  const filter = parseFilter(rawFilter, { maxLimit: 1000 });
  if (filter.include?.length) throw new FilterError('include não é suportado em Planos.');
  const where = { ...(filter.where ?? {}) };
  let modulo: string | undefined;
  if (Object.hasOwn(where, 'modulo')) {
    if (typeof where.modulo !== 'string' || !where.modulo) {
      throw new FilterError('o campo "modulo" espera o id de um módulo (ex.: {"modulo":"nfse"}).');
    }
    modulo = where.modulo;
    delete where.modulo;
  }
  const compiled = compileFilter({ ...filter, where }, PLANO_FIELDS, {
    defaultOrder: 'id ASC',
    defaultLimit: 1000,
  });
  const params = compiled.params;
  const conditions = [compiled.where];
  if (modulo !== undefined) {
    conditions.push(`modulos @> jsonb_build_array(jsonb_build_object('id', $${params.push(modulo)}::text))`);
  }
  if (scopeConfigId !== null) conditions.push(`config_white_label_id = $${params.push(scopeConfigId)}`);
  params.push(single ? 1 : compiled.limit, compiled.offset ?? 0);
  return tx.query<Plano>(
    `SELECT ${PLANO_COLUMNS} FROM plano WHERE ${conditions.join(' AND ')} ${compiled.orderBy}
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
}
