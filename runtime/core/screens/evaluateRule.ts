import { Ajv, type ValidateFunction } from 'ajv';
import { readPath } from '../readPath.ts';
import { registerFormats } from '../registerFormats.ts';

/** A JSON Forms style condition: the value at `scope` (a JSON pointer into the data) matches `schema`. */
export interface RuleCondition {
  scope: string;
  schema: object;
  /** When true, a missing value fails the condition (JSON Forms' failWhenUndefined); default false. */
  failWhenUndefined?: boolean;
}

/** A JSON Forms style rule of a declared field, help text or result column. */
export interface ScreenRule {
  effect: 'HIDE' | 'SHOW' | 'ENABLE' | 'DISABLE';
  condition: RuleCondition;
}

/** A computed cell: a field of the row, a fixed text, or a choice between two of them by a condition. */
export type Formula = string | { field: string } | { if: RuleCondition; then: Formula; else?: Formula };

// `$data` lets a condition compare two values of the data (a password and its confirmation, a typed number
// with the row's highest).
const ajv = new Ajv({ allErrors: false, strict: false, $data: true });
registerFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

/** `#/properties/a/properties/b` → ['a', 'b']; `#` → [] (the whole data). */
export function scopePath(scope: string): string[] {
  const parts = scope.replace(/^#\/?/, '').split('/').filter(Boolean);
  const path: string[] = [];
  const pointerToken = (part: string) => decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i] as string;
    const next = parts[i + 1];
    if (part === 'properties' && next !== undefined) {
      path.push(pointerToken(next));
      i++;
    } else path.push(pointerToken(part));
  }
  return path;
}

/** Whether the value at the condition's scope validates against its schema (with the project's ajv). */
export function conditionHolds(condition: RuleCondition, data: unknown): boolean {
  const value = readPath(data, scopePath(condition.scope));
  if (value === undefined && condition.failWhenUndefined) return false;
  let validate = compiled.get(condition.schema);
  if (!validate) {
    validate = ajv.compile(condition.schema);
    compiled.set(condition.schema, validate);
  }
  return validate(value) === true;
}

/** What a rule (or none) leaves of an element for the current data: shown and/or enabled. */
export function applyRule(
  rule: ScreenRule | undefined,
  data: unknown,
): { visible: boolean; enabled: boolean } {
  if (!rule) return { visible: true, enabled: true };
  const holds = conditionHolds(rule.condition, data);
  switch (rule.effect) {
    case 'HIDE':
      return { visible: !holds, enabled: true };
    case 'SHOW':
      return { visible: holds, enabled: true };
    case 'DISABLE':
      return { visible: true, enabled: !holds };
    case 'ENABLE':
      return { visible: true, enabled: holds };
  }
}

/**
 * The value of a computed cell for one row; no code is evaluated, only fields, texts and conditions.
 * `fill`, when given, turns a chosen fixed text into its final form (e.g. fills its placeholders from the row).
 */
export function evaluateFormula(
  formula: Formula,
  row: unknown,
  fill?: (text: string, row: unknown) => unknown,
): unknown {
  if (typeof formula === 'string') return fill ? fill(formula, row) : formula;
  if ('field' in formula) return readPath(row, formula.field.split('.'));
  if (conditionHolds(formula.if, row)) return evaluateFormula(formula.then, row, fill);
  return formula.else === undefined ? '' : evaluateFormula(formula.else, row, fill);
}
