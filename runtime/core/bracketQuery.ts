/**
 * The bracket query-string form LoopBack 3 clients send (`?filter[where][unidade]=lead&filter[limit]=3`,
 * `?where[preco][gt]=10`), folded into the same nested object the JSON form (`?filter={…}`) carries. The
 * rules are those of `qs`, which LoopBack 3 (Express) parses with: `a[b]` is a key, `a[]` appends, `a[0]`
 * is an array index when every key of that level is one, a repeated key is a list. Values stay strings,
 * as LoopBack 3 receives them; the filter compiler coerces them by the field's type.
 */
import { FilterError, showName } from './loopbackFilter.ts';

/** Deepest bracket nesting folded (`filter[where][and][0][preco][between][0]` is 6). */
export const MAX_BRACKET_DEPTH = 12;
/** Largest array index taken as a position (qs's arrayLimit is 20; `inq` lists may hold more). */
const MAX_INDEX = 1000;
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const KEY = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

type Tree = { [key: string]: Tree | string | string[] | Tree[] };

/** Splits `filter[where][nome]` into `['filter', 'where', 'nome']`; undefined when the key has no brackets. */
export function bracketPath(key: string): string[] | undefined {
  const match = KEY.exec(key);
  if (!match?.[1] || !match[2]) return undefined;
  const segments = match[2].slice(1, -1).split('][');
  return [match[1], ...segments];
}

function assertSegment(segment: string): void {
  if (FORBIDDEN.has(segment)) throw new FilterError(`chave proibida ${showName(segment)}.`);
}

/** Arrays where every key of a level is a position (`0`, `1`, or `[]` appends), as qs compacts them. */
function compact(node: Tree | string | string[]): unknown {
  if (typeof node === 'string' || Array.isArray(node)) return node;
  const keys = Object.keys(node);
  const values = Object.fromEntries(keys.map((key) => [key, compact(node[key] as Tree)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key) && Number(key) <= MAX_INDEX)) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((index) => values[String(index)]);
  }
  return values;
}

/**
 * Folds the bracket keys of a parsed query (`{ 'filter[limit]': '3' }`) into one nested value per root
 * (`{ filter: { limit: '3' } }`); keys without brackets pass unchanged. A root given both as a plain
 * value (`filter={…}`) and in brackets is ambiguous: FilterError (400) names it.
 */
export function foldBracketQuery(query: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  const trees: Record<string, Tree> = {};
  for (const [key, value] of Object.entries(query)) {
    const path = bracketPath(key);
    if (!path) {
      plain[key] = value;
      continue;
    }
    if (path.length - 1 > MAX_BRACKET_DEPTH) {
      throw new FilterError(
        `o parâmetro ${showName(key)} passa de ${MAX_BRACKET_DEPTH} níveis de colchetes.`,
      );
    }
    path.forEach(assertSegment);
    const [root, ...rest] = path as [string, ...string[]];
    trees[root] ??= {};
    let node: Tree = trees[root];
    for (let index = 0; index < rest.length; index++) {
      const segment = rest[index] as string;
      const last = index === rest.length - 1;
      // `a[]=x` appends: the next free position of this level.
      const name = segment === '' ? String(Object.keys(node).length) : segment;
      if (last) {
        const values = Array.isArray(value) ? value.map(String) : [String(value)];
        const previous = node[name];
        if (segment === '') {
          for (const item of values) node[String(Object.keys(node).length)] = item;
        } else if (typeof previous === 'string') node[name] = [previous, ...values];
        else if (Array.isArray(previous)) node[name] = [...(previous as string[]), ...values];
        else if (previous !== undefined)
          throw new FilterError(`o parâmetro ${showName(key)} repete uma chave que já tem subchaves.`);
        else node[name] = values.length === 1 ? (values[0] as string) : values;
      } else {
        const next = node[name];
        if (next === undefined) node[name] = {};
        else if (typeof next === 'string' || Array.isArray(next))
          throw new FilterError(`o parâmetro ${showName(key)} usa como objeto uma chave que já tem valor.`);
        node = node[name] as Tree;
      }
    }
  }
  for (const [root, tree] of Object.entries(trees)) {
    if (Object.hasOwn(plain, root)) {
      throw new FilterError(
        `o parâmetro ${showName(root)} veio em JSON e em colchetes ao mesmo tempo; use uma só forma.`,
      );
    }
    plain[root] = compact(tree);
  }
  return plain;
}
