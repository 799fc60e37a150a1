/**
 * The allow-list a LoopBack filter compiles against (server/db/compileFilter.ts): API name → SQL column
 * and value type. Declared here so that core (resolveEntity's entityToFieldMap) names it without
 * importing the server.
 */
export type FieldType = 'string' | 'text' | 'integer' | 'number' | 'boolean' | 'date' | 'datetime' | 'json';

export interface FieldSpec {
  column: string;
  type: FieldType;
  /**
   * A SQL expression read instead of the column (a custom field inside the `custom` jsonb column). Made
   * by the server from checked names only, never from a request. Such a field can be filtered and sorted,
   * not selected alone.
   */
  sql?: string;
  /** The key inside `column` (jsonb) an equality may test by containment (`@>`, served by its GIN index). */
  jsonKey?: string;
  /**
   * The SQL like/ilike patterns read instead of the column: an expression no index serves, so that another
   * condition on the column (a collated range, records' prefixRange.ts) decides the plan.
   */
  patternSql?: string;
}

/** API (camelCase) name → SQL column; dotted keys (`cliente.nome`) allow filtering through a join. */
export type FieldMap = Record<string, FieldSpec>;
