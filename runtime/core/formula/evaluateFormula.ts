import type { FormulaNode } from './parseFormula.ts';

/** Where a formula reads its values: a field of the record, or the items of one of its collections. */
export interface FormulaScope {
  field(name: string): unknown;
  items(collection: string): Array<Record<string, unknown>>;
}

const number = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : 0;
  return Number.isFinite(n) ? n : 0;
};

/** round half away from zero to `places` (default 2), absorbing binary error (1.005 → 1.01). */
function round(value: number, places = 2): number {
  const factor = 10 ** Math.max(0, Math.min(10, Math.trunc(places)));
  const rounded =
    (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + 2 * Number.EPSILON))) / factor;
  return rounded === 0 ? 0 : rounded;
}

/**
 * Evaluates a parsed formula over a record (empty fields count as 0; a division by zero gives 0), the same
 * in the browser and on the server. Pure: reads only through `scope`.
 */
export function evaluateFormula(node: FormulaNode, scope: FormulaScope): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'field':
      return number(scope.field(node.name));
    case 'sum':
      return scope.items(node.collection).reduce((total, item) => total + number(item[node.field]), 0);
    case 'unary':
      return -evaluateFormula(node.operand, scope);
    case 'binary': {
      const left = evaluateFormula(node.left, scope);
      const right = evaluateFormula(node.right, scope);
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      if (node.operator === '*') return left * right;
      return right === 0 ? 0 : left / right;
    }
    case 'call': {
      const args = node.args.map((arg) => evaluateFormula(arg, scope));
      if (node.name === 'round') return round(args[0] ?? 0, args[1]);
      if (node.name === 'abs') return Math.abs(args[0] ?? 0);
      return node.name === 'min' ? Math.min(...args) : Math.max(...args);
    }
  }
}
