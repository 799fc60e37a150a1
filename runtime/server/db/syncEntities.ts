import pg from 'pg';
import {
  entityNames,
  enumsOf,
  type ResolvedEntity,
  resolveEntity,
  snakeCase,
} from '../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../core/validateSchemaSet.ts';
import { columnType } from '../services/records/columnType.ts';
import {
  type EntityIndexPlan,
  entityIndexes,
  type GridIndexHints,
  sqlIdentifier,
  TEXT_COLLATION,
} from '../services/records/entityIndexes.ts';
import type { Database } from './database.ts';
import { grantRoles } from './migrate.ts';

/** What a sync did: the DDL it ran (empty when the database already matched) and what it refused to change. */
export interface SyncResult {
  statements: string[];
  warnings: string[];
}

interface Client {
  query(sql: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
}

const LOCK_ID = 715_2027;
/**
 * Comparison functions the records API's filters compile to that PostgreSQL ships without LEAKPROOF. Under
 * Row Level Security a non-leakproof operator may not run before the tenant policy: it can never be an index
 * condition and it hides the column's statistics from the planner (a `preco_venda BETWEEN …` then estimates
 * 1 row and seq-scans the tenant). Each one here was reviewed: its only error comes from its constant operand
 * (an invalid pattern), never from a row's value — numeric comparisons order NaN and ±Infinity and raise
 * nothing; LIKE/ILIKE/regexp raise only on the pattern. So the sync marks them LEAKPROOF, which only a
 * superuser may do (the embedded database's user is one; elsewhere start-up warns). Text, integer, boolean,
 * date and timestamp comparisons are leakproof already. Of jsonb, only containment (`@>`, raising nothing on
 * any value) is marked: custom-field equality compiles to it; json fields compare only with null.
 */
export const LEAKPROOF_FUNCTIONS = [
  'numeric_eq(numeric,numeric)',
  'numeric_ne(numeric,numeric)',
  'numeric_lt(numeric,numeric)',
  'numeric_le(numeric,numeric)',
  'numeric_gt(numeric,numeric)',
  'numeric_ge(numeric,numeric)',
  'textlike(text,text)',
  'textnlike(text,text)',
  'texticlike(text,text)',
  'texticnlike(text,text)',
  'textregexeq(text,text)',
  'texticregexeq(text,text)',
  // Custom fields: `custom @> '{"campo": valor}'` is how their equality filters reach the GIN index.
  'jsonb_contains(jsonb,jsonb)',
];
const q = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string) => `'${value.replaceAll("'", "''")}'`;
const tenantExpr = (setting: string) => `nullif(current_setting('app.${setting}', true), '')::bigint`;

/** System columns by name: the DDL used when creating the table, and the one used to add it later. */
function systemColumns(entity: ResolvedEntity): Array<[string, string, string]> {
  const columns: Array<[string, string, string]> = [['id', 'bigserial PRIMARY KEY', 'bigserial']];
  if (entity.scope !== 'global')
    columns.push(['empresa_id', 'bigint NOT NULL REFERENCES empresa (id) ON DELETE CASCADE', 'bigint']);
  if (entity.scope === 'filial')
    columns.push(['filial_id', 'bigint NOT NULL REFERENCES filial (id)', 'bigint']);
  columns.push(
    ['versao', 'integer NOT NULL DEFAULT 1', 'integer NOT NULL DEFAULT 1'],
    ['criado_em', 'timestamptz NOT NULL DEFAULT now()', 'timestamptz NOT NULL DEFAULT now()'],
    ['alterado_em', 'timestamptz NOT NULL DEFAULT now()', 'timestamptz NOT NULL DEFAULT now()'],
    ['criado_por', 'bigint', 'bigint'],
    ['alterado_por', 'bigint', 'bigint'],
    // Custom fields of the white-labels (runtime/core/customFields.ts), GIN-indexed below.
    ['custom', "jsonb NOT NULL DEFAULT '{}'::jsonb", "jsonb NOT NULL DEFAULT '{}'::jsonb"],
  );
  return columns;
}

/**
 * Base entities (views share their base's table, so a view's own fields and indexes are added to its
 * base's), relation targets before the entities pointing at them.
 */
function baseEntitiesInOrder(files: SchemaFiles): ResolvedEntity[] {
  const all = new Map(
    entityNames(files)
      .map((name) => resolveEntity(name, files))
      .filter((entity) => entity.managed !== false)
      .map((entity) => [entity.name, entity]),
  );
  const tables = new Map<string, ResolvedEntity>();
  for (const entity of all.values()) {
    const base = all.get(entity.base) ?? entity;
    const table = tables.get(base.name) ?? {
      ...base,
      fields: { ...base.fields },
      indexes: { ...base.indexes },
    };
    for (const [name, field] of Object.entries(entity.fields)) table.fields[name] ??= field;
    for (const [name, index] of Object.entries(entity.indexes)) table.indexes[name] ??= index;
    tables.set(base.name, table);
  }
  const ordered: ResolvedEntity[] = [];
  const visited = new Set<string>();
  const visit = (name: string) => {
    const table = tables.get(all.get(name)?.base ?? name);
    if (!table || visited.has(table.name)) return;
    visited.add(table.name);
    for (const field of Object.values(table.fields))
      if (field.type === 'relation' && field.relation) visit(field.relation.entity);
    ordered.push(table);
  };
  for (const name of all.keys()) visit(name);
  return ordered;
}

async function introspect(client: Client, tables: string[]) {
  const rows = async (sql: string) =>
    (await client.query(sql, [tables])).rows as Array<Record<string, string>>;
  const columns =
    await rows(`SELECT c.relname AS t, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relname = ANY($1)
       AND a.attnum > 0 AND NOT a.attisdropped`);
  const constraints = await rows(`SELECT c.relname AS t, k.conname AS name FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY($1)`);
  const indexes = await rows(
    `SELECT tablename AS t, indexname AS name FROM pg_indexes WHERE schemaname = 'public' AND tablename = ANY($1)`,
  );
  const rls =
    await rows(`SELECT relname AS t, relrowsecurity::text AS enabled, relforcerowsecurity::text AS forced
      FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname = ANY($1)`);
  const policies = await rows(
    `SELECT tablename AS t, policyname AS name FROM pg_policies WHERE schemaname = 'public' AND tablename = ANY($1)`,
  );
  const keyed = (list: Array<Record<string, string>>) => new Set(list.map((row) => `${row.t}.${row.name}`));
  const setup = (
    await client.query(`SELECT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
        EXISTS (SELECT FROM pg_extension WHERE extname = 'pg_trgm') AS trigram,
        EXISTS (SELECT FROM pg_available_extensions WHERE name = 'pg_trgm') AS "trigramAvailable",
        EXISTS (SELECT FROM pg_collation WHERE collname = '${TEXT_COLLATION}'
                   AND collnamespace = 'public'::regnamespace) AS collation,
        ARRAY(SELECT proname::text FROM pg_proc WHERE NOT proleakproof
                 AND oid = ANY (ARRAY[${LEAKPROOF_FUNCTIONS.map((signature) => `'pg_catalog.${signature}'::regprocedure`).join(', ')}])) AS leaky`)
  ).rows[0] as {
    superuser: boolean;
    trigram: boolean;
    trigramAvailable: boolean;
    collation: boolean;
    leaky: string[];
  };
  return {
    ...setup,
    tables: new Set(rls.map((row) => row.t)),
    columnTypes: new Map(columns.map((row) => [`${row.t}.${row.name}`, row.type as string])),
    constraints: keyed(constraints),
    indexes: keyed(indexes),
    rls: new Map(rls.map((row) => [row.t as string, row.enabled === 'true' && row.forced === 'true'])),
    policies: keyed(policies),
  };
}

/** The column list of an index's CREATE INDEX: trigram operator class, pt-BR collation of sorted text. */
function indexColumns(index: EntityIndexPlan): string[] {
  return index.columns.map((column) => {
    if (index.method === 'trigram') return `${q(column)} gin_trgm_ops`;
    return index.collated?.includes(column) ? `${q(column)} COLLATE ${q(TEXT_COLLATION)}` : q(column);
  });
}

/** The grids over a table: its entity's and its views' (schemas/entities/<e>/<e>.grid.json). */
export function gridHints(table: ResolvedEntity, files: SchemaFiles): GridIndexHints[] {
  const grids: GridIndexHints[] = [];
  for (const name of entityNames(files)) {
    const grid = files[`schemas/entities/${name}/${name}.grid.json`] as GridIndexHints | undefined;
    if (!grid) continue;
    if (name === table.name || resolveEntity(name, files).base === table.name) grids.push(grid);
  }
  return grids;
}

/** Plans the DDL that brings the database up to the entity files: only what is missing, never a drop or a type change. */
function plan(entities: ResolvedEntity[], files: SchemaFiles, db: Awaited<ReturnType<typeof introspect>>) {
  const enums = enumsOf(files);
  const statements: string[] = [];
  const warnings: string[] = [];
  const later: string[] = [];
  const indexesOf = new Map(
    entities.map((entity) => [entity, entityIndexes(entity, gridHints(entity, files))]),
  );
  const wantsTrigram = [...indexesOf.values()].some((list) =>
    list.some((index) => index.method === 'trigram'),
  );
  const trigram = db.trigram || db.trigramAvailable;
  if (wantsTrigram && !db.trigram && db.trigramAvailable)
    statements.push('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  if (wantsTrigram && !trigram)
    warnings.push(
      'a extensão pg_trgm não está disponível neste PostgreSQL: os índices trigram (busca rápida, "contém") não foram criados; as buscas funcionam, mais lentas',
    );
  // The pt-BR collation of text sorts: ICU when PostgreSQL has it, else byte order under the same name.
  if (!db.collation)
    statements.push(`DO $$ BEGIN
  CREATE COLLATION IF NOT EXISTS public.${q(TEXT_COLLATION)} (provider = icu, locale = 'pt-BR');
EXCEPTION WHEN OTHERS THEN
  CREATE COLLATION IF NOT EXISTS public.${q(TEXT_COLLATION)} FROM "C";
END $$`);
  const leaky = LEAKPROOF_FUNCTIONS.filter((signature) =>
    db.leaky.includes(signature.split('(')[0] as string),
  );
  if (leaky.length > 0 && db.superuser)
    for (const signature of leaky) statements.push(`ALTER FUNCTION pg_catalog.${signature} LEAKPROOF`);
  else if (leaky.length > 0)
    warnings.push(
      `${leaky.map((signature) => signature.split('(')[0]).join(', ')} não são LEAKPROOF e o usuário do banco não é superusuário: sob RLS os filtros de valor, preço, quantidade e texto não usam índices nem estatísticas (um superusuário deve executar ALTER FUNCTION pg_catalog.<função>(<tipos>) LEAKPROOF para cada uma)`,
    );
  for (const entity of entities) {
    const t = entity.table;
    const system = systemColumns(entity);
    if (!db.tables.has(t)) {
      statements.push(
        `CREATE TABLE IF NOT EXISTS ${q(t)} (\n  ${system.map(([c, ddl]) => `${c} ${ddl}`).join(',\n  ')}\n)`,
      );
    } else {
      for (const [column, , ddl] of system) {
        if (db.columnTypes.has(`${t}.${column}`)) continue;
        if (column === 'empresa_id' || column === 'filial_id' || column === 'id') {
          warnings.push(
            `${t}.${column}: coluna de sistema ausente numa tabela existente; criada sem NOT NULL`,
          );
        }
        statements.push(`ALTER TABLE ${q(t)} ADD COLUMN IF NOT EXISTS ${column} ${ddl}`);
      }
    }
    const systemNames = new Set(system.map(([column]) => column));
    for (const [name, field] of Object.entries(entity.fields)) {
      const column = snakeCase(name);
      if (systemNames.has(column)) continue;
      const type = columnType(field, enums);
      const existing = db.columnTypes.get(`${t}.${column}`);
      if (existing === undefined)
        statements.push(`ALTER TABLE ${q(t)} ADD COLUMN IF NOT EXISTS ${q(column)} ${type}`);
      else if (existing !== type)
        warnings.push(
          `${t}.${column}: o campo "${name}" pede ${type}, a coluna é ${existing}; mantida como está`,
        );
      if (field.type !== 'relation' || !field.relation || field.multiple) continue;
      const fk = sqlIdentifier(`fk_${t}_${column}`);
      if (db.constraints.has(`${t}.${fk}`)) continue;
      const target = resolveEntity(field.relation.entity, files).table;
      const onDelete = (field.relation.onDelete ?? 'restrict').toUpperCase();
      later.push(
        `ALTER TABLE ${q(t)} ADD CONSTRAINT ${q(fk)} FOREIGN KEY (${q(column)}) REFERENCES ${q(target)} (id) ON DELETE ${onDelete}`,
      );
    }
    const customIndex = sqlIdentifier(`${t}_custom_gin`);
    if (!db.indexes.has(`${t}.${customIndex}`))
      later.push(`CREATE INDEX IF NOT EXISTS ${q(customIndex)} ON ${q(t)} USING gin (custom jsonb_path_ops)`);
    for (const index of indexesOf.get(entity) ?? []) {
      if (db.indexes.has(`${t}.${index.name}`)) continue;
      if (index.method === 'trigram' && !trigram) continue;
      const columns = indexColumns(index);
      later.push(
        `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${q(index.name)} ON ${q(t)}${index.method === 'trigram' ? ' USING gin' : ''} (${columns.join(', ')})`,
      );
    }
    if (entity.scope === 'global') continue;
    if (db.rls.get(t) !== true)
      later.push(
        `ALTER TABLE ${q(t)} ENABLE ROW LEVEL SECURITY`,
        `ALTER TABLE ${q(t)} FORCE ROW LEVEL SECURITY`,
      );
    const policy = sqlIdentifier(`${t}_tenant`);
    if (db.policies.has(`${t}.${policy}`)) continue;
    let condition = `empresa_id = ${tenantExpr('empresa_id')}`;
    if (entity.scope === 'filial') condition += ` AND filial_id = ${tenantExpr('filial_id')}`;
    later.push(`DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_policies WHERE schemaname = 'public' AND tablename = ${literal(t)} AND policyname = ${literal(policy)}) THEN
    CREATE POLICY ${q(policy)} ON ${q(t)} USING (${condition}) WITH CHECK (${condition});
  END IF;
END $$`);
  }
  return { statements: [...statements, ...later], warnings };
}

/**
 * Brings the database up to the entity files (schemas/entities): for every base entity a table with the
 * system columns, one column per field, foreign keys, indexes, and RLS with the tenant policy. Additive
 * and idempotent (a second run runs no DDL); runs in one transaction under an advisory lock so several
 * processes starting together sync once. Re-grants the app roles at the end (new tables).
 */
export async function syncEntities(
  target: string | Database,
  files: SchemaFiles,
  log: (message: string) => void = () => {},
): Promise<SyncResult> {
  const standalone = typeof target === 'string' ? new pg.Client({ connectionString: target }) : null;
  if (standalone) await standalone.connect();
  const client = standalone ?? (await (target as Database).pool.connect());
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    const entities = baseEntitiesInOrder(files);
    const current = await introspect(
      client,
      entities.map((entity) => entity.table),
    );
    const result = plan(entities, files, current);
    for (const statement of result.statements) await client.query(statement);
    await grantRoles(client);
    await client.query('COMMIT');
    for (const warning of result.warnings) log(`aviso de sincronização: ${warning}`);
    if (result.statements.length > 0)
      log(`entidades sincronizadas: ${result.statements.length} alterações de esquema`);
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw new Error(`sincronização das entidades falhou: ${(error as Error).message}`);
  } finally {
    if (standalone) await standalone.end();
    else (client as pg.PoolClient).release();
  }
}
