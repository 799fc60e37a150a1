import type { FieldConditions } from './documentDefinition.ts';

/** True when every listed field of `row` holds one of its values (a field absent or null matches null). */
export function matchesConditions(
  conditions: FieldConditions | undefined,
  row: Record<string, unknown>,
): boolean {
  return Object.entries(conditions ?? {}).every(([field, values]) =>
    values.includes((row[field] ?? null) as string | number | boolean | null),
  );
}
