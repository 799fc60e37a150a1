import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { createRecord } from '../../services/records/createRecord.ts';
import type { RecordContext } from '../../services/records/recordContext.ts';
import { recordEntity } from '../../services/records/recordEntity.ts';
import type { Database, Tx } from '../database.ts';

type Row = Record<string, unknown>;

/** What a demo seed writes with: the records services in demo@erp.local's tenant transaction. */
export interface DemoRecords {
  tx: Tx;
  /** The records context of entity `name` (schemas as the demo white-label sees them). */
  context(name: string): RecordContext;
  /** POST of entity `name`, as the API creates it. */
  create(name: string, body: Row): Promise<Row>;
}

/**
 * Runs `fn` in one tenant transaction of the demo company, on the demo user's selected branch, with the
 * records services at hand (so demo data goes through the same validation and hooks as real data).
 * False without the demo user.
 */
export async function withDemoRecords(
  db: Database,
  schemas: SchemaFiles,
  fn: (demo: DemoRecords) => Promise<boolean>,
): Promise<boolean> {
  const demo = await db.withSystem((tx) =>
    tx.maybeOne<{ usuario_id: number; empresa_id: number; filial_id: number }>(
      `SELECT id AS usuario_id, empresa_id, filial_selecionada_id AS filial_id FROM usuario WHERE email = 'demo@erp.local'`,
    ),
  );
  if (!demo) return false;
  const scope = {
    empresaId: Number(demo.empresa_id),
    filialId: Number(demo.filial_id),
    usuarioId: Number(demo.usuario_id),
  };
  return db.withTenant(scope, (tx) => {
    const lookup = (name: string) => recordEntity(schemas, name);
    const context = (name: string): RecordContext => ({
      tx,
      record: lookup(name),
      scope,
      targetOf: lookup,
      lookupTarget: lookup,
    });
    return fn({ tx, context, create: (name, body) => createRecord(context(name), body) });
  });
}
