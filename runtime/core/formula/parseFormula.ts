/** A parsed formula: numbers, field references, sums over a child collection, arithmetic and a few functions. */
export type FormulaNode =
  | { type: 'number'; value: number }
  | { type: 'field'; name: string }
  | { type: 'sum'; collection: string; field: string }
  | { type: 'unary'; operand: FormulaNode }
  | { type: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { type: 'call'; name: 'round' | 'min' | 'max' | 'abs'; args: FormulaNode[] };

/** A formula that cannot be parsed: the message says where (pt-BR). */
export class FormulaError extends Error {}

const MAX_LENGTH = 500;
const MAX_DEPTH = 32;
const FUNCTIONS = new Set(['round', 'min', 'max', 'abs', 'sum']);
const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)|([-+*/(),]))/y;

/**
 * Parses the formula language of computed fields (no eval, no globals: only what is listed here):
 * numbers, field names, `itens.campo` inside sum(), + − × ÷ with the usual precedence, unary minus,
 * parentheses and round(x, casas), min, max, abs, sum(coleção.campo). Bounded length and depth.
 */
export function parseFormula(source: string): FormulaNode {
  if (source.length > MAX_LENGTH)
    throw new FormulaError(`fórmula longa demais (máximo ${MAX_LENGTH} caracteres)`);
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) {
      if (source.slice(at).trim() === '') break;
      throw new FormulaError(`caractere inesperado na posição ${at + 1}: "${source.slice(at).trim()[0]}"`);
    }
    tokens.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  let position = 0;
  const peek = () => tokens[position];
  const next = () => tokens[position++];
  const expect = (token: string) => {
    if (next() !== token) throw new FormulaError(`esperado "${token}"`);
  };

  function expression(depth: number): FormulaNode {
    if (depth > MAX_DEPTH) throw new FormulaError('fórmula aninhada demais');
    let left = term(depth);
    while (peek() === '+' || peek() === '-') {
      const operator = next() as '+' | '-';
      left = { type: 'binary', operator, left, right: term(depth) };
    }
    return left;
  }
  function term(depth: number): FormulaNode {
    let left = factor(depth);
    while (peek() === '*' || peek() === '/') {
      const operator = next() as '*' | '/';
      left = { type: 'binary', operator, left, right: factor(depth) };
    }
    return left;
  }
  function factor(depth: number): FormulaNode {
    const token = next();
    if (token === undefined) throw new FormulaError('fórmula incompleta');
    if (token === '-') return { type: 'unary', operand: factor(depth + 1) };
    if (token === '(') {
      const inner = expression(depth + 1);
      expect(')');
      return inner;
    }
    if (/^\d/.test(token)) return { type: 'number', value: Number(token) };
    if (/^[A-Za-z_]/.test(token)) {
      if (peek() !== '(') {
        if (token.includes('.')) throw new FormulaError(`"${token}" só pode ser usado dentro de sum()`);
        return { type: 'field', name: token };
      }
      if (!FUNCTIONS.has(token)) throw new FormulaError(`função desconhecida: ${token}`);
      next();
      if (token === 'sum') {
        const path = next() ?? '';
        const [collection, field] = path.split('.');
        if (!collection || !field)
          throw new FormulaError('sum() pede coleção.campo, ex.: sum(itens.valorTotal)');
        expect(')');
        return { type: 'sum', collection, field };
      }
      const args: FormulaNode[] = [];
      if (peek() !== ')') {
        args.push(expression(depth + 1));
        while (peek() === ',') {
          next();
          args.push(expression(depth + 1));
        }
      }
      expect(')');
      if (
        args.length === 0 ||
        (token === 'abs' && args.length !== 1) ||
        (token === 'round' && args.length > 2)
      )
        throw new FormulaError(`número de argumentos inválido em ${token}()`);
      return { type: 'call', name: token as 'round' | 'min' | 'max' | 'abs', args };
    }
    throw new FormulaError(`símbolo inesperado: "${token}"`);
  }

  const tree = expression(0);
  if (position < tokens.length) throw new FormulaError(`símbolo inesperado: "${tokens[position]}"`);
  return tree;
}

/** The fields a formula reads: own fields, and collection.field pairs of its sums. */
export function formulaReferences(node: FormulaNode): { fields: string[]; sums: Array<[string, string]> } {
  const fields: string[] = [];
  const sums: Array<[string, string]> = [];
  const walk = (n: FormulaNode) => {
    if (n.type === 'field') fields.push(n.name);
    else if (n.type === 'sum') sums.push([n.collection, n.field]);
    else if (n.type === 'unary') walk(n.operand);
    else if (n.type === 'binary') {
      walk(n.left);
      walk(n.right);
    } else if (n.type === 'call') n.args.forEach(walk);
  };
  walk(node);
  return { fields, sums };
}
