import type { FieldType } from '../../db/compileFilter.ts';

/** A field value as a query parameter: jsonb columns get JSON text (node-postgres would send arrays as SQL arrays). */
export function sqlValue(type: FieldType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return type === 'json' ? JSON.stringify(value) : value;
}
