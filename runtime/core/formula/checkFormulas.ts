import { FormulaError, formulaReferences, parseFormula } from './parseFormula.ts';

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/**
 * Cross-checks the `formula` of an entity's fields: each parses, reads fields that exist, sums a declared
 * child collection's existing field. Returns [pointer, message] pairs (pt-BR).
 */
export function checkFormulas(
  fields: Json,
  children: Json,
  fieldsOf: (entity: string) => Json | null,
): Array<[string, string]> {
  const issues: Array<[string, string]> = [];
  for (const [name, raw] of Object.entries(fields)) {
    const formula = obj(raw).formula;
    if (typeof formula !== 'string') continue;
    const pointer = `/fields/${name}/formula`;
    try {
      const { fields: used, sums } = formulaReferences(parseFormula(formula));
      for (const field of used)
        if (!(field in fields) || field === name)
          issues.push([pointer, `campo "${field}" não existe ou é o próprio campo`]);
      for (const [collection, field] of sums) {
        const child = obj(children[collection]).entity;
        const childFields = typeof child === 'string' ? fieldsOf(child) : null;
        if (childFields === null) issues.push([pointer, `coleção "${collection}" não existe em children`]);
        else if (!(field in childFields))
          issues.push([pointer, `campo "${field}" não existe em "${String(child)}"`]);
      }
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error;
      issues.push([pointer, `fórmula inválida: ${error.message}`]);
    }
  }
  return issues;
}
