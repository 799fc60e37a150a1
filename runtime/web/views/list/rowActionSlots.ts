import type { GridRowAction } from './listTypes.ts';

type Condition = NonNullable<GridRowAction['when']>;

/** The values a `when` condition admits when it is a plain const or enum (else null: unknown). */
function admitted(when: Condition): unknown[] | null {
  const schema = when.schema as { const?: unknown; enum?: unknown[] };
  if ('const' in schema) return [schema.const];
  if (Array.isArray(schema.enum) && Object.keys(schema).length === 1) return schema.enum;
  return null;
}

/**
 * How many of a grid's declared row actions one row can show at most: when every `when` is a const or
 * enum on the same field (a document's situação), the largest set shown for one of those values;
 * otherwise all of them.
 */
export function maxShownRowActions(actions: GridRowAction[]): number {
  const conditioned = actions.filter((action) => action.when);
  if (conditioned.length === 0) return actions.length;
  const scopes = new Set(conditioned.map((action) => action.when?.scope));
  const values = conditioned.map((action) => admitted(action.when as Condition));
  if (scopes.size > 1 || values.some((list) => list === null)) return actions.length;
  const always = actions.length - conditioned.length;
  const candidates = new Set(values.flat());
  let most = always;
  for (const value of candidates) {
    const shown = values.filter((list) => list?.some((admittedValue) => admittedValue === value)).length;
    most = Math.max(most, always + shown);
  }
  return most;
}

/**
 * The buttons a row draws for `shown` declared actions with `inline` of them as buttons (grid
 * `rowActionsInline`): all when one more would do, else `inline` and the "Mais ações" menu.
 */
export function rowActionSlots(shown: number, inline?: number): { buttons: number; menu: boolean } {
  if (inline === undefined || shown <= inline + 1) return { buttons: shown, menu: false };
  return { buttons: inline + 1, menu: true };
}
