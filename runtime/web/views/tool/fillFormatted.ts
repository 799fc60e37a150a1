import { readPath } from '../../../core/readPath.ts';
import { evaluateFormula, type Formula } from '../../../core/screens/evaluateRule.ts';
import { cells } from '../../registry/cells/index.ts';

/**
 * Replaces each `{dotted.path}` of a declared pt-BR text with the value read from `data`, and each
 * `{dotted.path|format}` with that value in a cell format of the grid registry (money, date…).
 * Missing values give an empty text, or the text after `?` (`{custo|money?—}`).
 */
export function fillFormatted(template: string, data: unknown): string {
  return template.replace(
    /\{([A-Za-z0-9_.]+)(?:\|([A-Za-z]+))?(?:\?([^}]*))?\}/g,
    (_match, path: string, format?: string, missing?: string) => {
      const value = readPath(data, path.split('.'));
      if (value === undefined || value === null) return missing ?? '';
      const cell = format ? cells[format] : undefined;
      return cell ? cell.format(value, {}) : String(value);
    },
  );
}

/** A declared formula's text for one row or answer: fixed texts have their placeholders filled. */
export function formulaText(formula: Formula, data: unknown): string {
  const value = evaluateFormula(formula, data, fillFormatted);
  return value === undefined || value === null ? '' : String(value);
}
