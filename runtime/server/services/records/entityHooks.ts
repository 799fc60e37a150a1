import { apiKeyHooks } from '../apiKeys/apiKeyHooks.ts';
import { lancamentoHooks } from '../financeiro/lancamentoHooks.ts';
import { pessoaHooks } from '../pessoas/pessoaHooks.ts';
import { lancamentoRecorrenteHooks } from '../recorrencia/lancamentoRecorrenteHooks.ts';
import type { RecordContext } from './recordContext.ts';

type Row = Record<string, unknown>;

/**
 * Behaviour of one entity inside the generic records writes (same transaction), for what a schema cannot
 * say: refusing values by who asks, filling server-made values. One file per entity, named here.
 */
export interface EntityHooks {
  /** Values validated, defaults applied, before the INSERT: may refuse (throw) or change them. */
  beforeCreate?(context: RecordContext, values: Row): Promise<void>;
  /** After the INSERT: may write more and add to the returned row. */
  afterCreate?(context: RecordContext, row: Row): Promise<void>;
  /** Values validated (only those sent for a PATCH), before the UPDATE: may refuse them. */
  beforeUpdate?(context: RecordContext, id: number, values: Row): Promise<void>;
  /** After the UPDATE (row as stored): may write more and add to the returned row. */
  afterUpdate?(context: RecordContext, row: Row): Promise<void>;
  /** After a create or update with its child collections written: may check the whole and refuse (throw). */
  afterWrite?(context: RecordContext, id: number): Promise<void>;
}

const HOOKS: Record<string, EntityHooks> = {
  apiKey: apiKeyHooks,
  lancamento: lancamentoHooks,
  lancamentoRecorrente: lancamentoRecorrenteHooks,
  pessoa: pessoaHooks,
};

/** The hooks of entity `base` (the base entity's name; a view shares them), none when it has none. */
export function entityHooks(base: string): EntityHooks {
  return Object.hasOwn(HOOKS, base) ? (HOOKS[base] as EntityHooks) : {};
}
