/**
 * Compiles a parsed LoopBack filter into parameterised PostgreSQL. Every identifier comes from the field map
 * (the allow-list) and every value goes into `params`; nothing the client sent is interpolated into SQL.
 * It re-checks operators and value types itself, so a hand-built filter is as safe as a parsed one.
 */

import type { FieldMap, FieldSpec } from '../../core/fieldMap.ts';
import type { FieldCondition, LoopBackFilter, Where } from '../../core/loopbackFilter.ts';
import { FilterError, OPERATOR_LIST, parseRegexp, showName } from '../../core/loopbackFilter.ts';

export type { FieldMap, FieldSpec, FieldType } from '../../core/fieldMap.ts';

export interface CompileOptions {
  /** Order used when the filter has none, in API names: `"nome ASC"` or `"nome ASC, criadoEm DESC"`. */
  defaultOrder?: string;
  defaultLimit?: number;
  /** Parameters the caller already bound; placeholders continue after them. */
  params?: unknown[];
  /** Collation text fields are sorted (and keyset-compared) with, e.g. the records API's pt-BR one. */
  textCollation?: string;
}

/** One query of a keyset page: its extra condition and order; the page reads the branches in turn. */
export interface KeysetBranch {
  where: string;
  orderBy: string;
  params: unknown[];
}

export interface CompiledFilter {
  /** Boolean expression without the WHERE keyword (`TRUE` when empty); OR groups are parenthesised. */
  where: string;
  /** `ORDER BY …` or '' */
  orderBy: string;
  limit: number | null;
  offset: number | null;
  /** Quoted SQL columns to select, or null for all. */
  columns: string[] | null;
  params: unknown[];
  /** With `after`: the queries of the page, read in turn until `limit` rows (compileKeyset). */
  keyset: KeysetBranch[] | null;
}

const COMPARISON: Record<string, string> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };
const PATTERN: Record<string, string> = {
  like: 'LIKE',
  nlike: 'NOT LIKE',
  ilike: 'ILIKE',
  nilike: 'NOT ILIKE',
};
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Compiles a where clause into a SQL boolean expression, pushing values onto `params` ($n continues from its length). */
export function compileWhere(where: Where | undefined, fieldMap: FieldMap, params: unknown[]): string {
  return joinAnd(compileParts(where ?? {}, fieldMap, params));
}

/** Compiles a whole filter (where, order, limit, skip/offset, fields) into SQL fragments and parameters. */
export function compileFilter(
  filter: LoopBackFilter,
  fieldMap: FieldMap,
  options: CompileOptions = {},
): CompiledFilter {
  const params = [...(options.params ?? [])];
  const where = compileWhere(filter.where, fieldMap, params);
  const order = filter.order?.length ? filter.order : options.defaultOrder ? [options.defaultOrder] : [];
  const terms = orderTerms(order, fieldMap);
  const offset = checkInteger(filter.skip !== undefined ? 'skip' : 'offset', filter.skip ?? filter.offset, 0);
  if (filter.after !== undefined && offset)
    throw new FilterError('use after ou skip para paginar, não os dois.');
  return {
    where,
    orderBy: orderSql(terms, options.textCollation),
    limit: checkInteger('limit', filter.limit ?? options.defaultLimit, 1),
    offset,
    columns: compileColumns(filter.fields, fieldMap),
    params,
    keyset:
      filter.after === undefined ? null : compileKeyset(filter.after, terms, params, options.textCollation),
  };
}

interface OrderTerm {
  name: string;
  spec: FieldSpec;
  column: string;
  desc: boolean;
}

const isText = (spec: FieldSpec) => spec.type === 'string' || spec.type === 'text';

/** A sort key: the column, in the text collation for text fields. */
function sortKey(term: OrderTerm, collation: string | undefined): string {
  return collation && isText(term.spec) ? `${term.column} COLLATE ${quoteIdent(collation)}` : term.column;
}

function orderSql(terms: OrderTerm[], collation: string | undefined): string {
  if (terms.length === 0) return '';
  return `ORDER BY ${terms.map((term) => `${sortKey(term, collation)} ${term.desc ? 'DESC' : 'ASC'}`).join(', ')}`;
}

/**
 * Keyset (seek) paging over an order of one field then id (or id alone): the rows after `after` (the last
 * row's values), as index range conditions instead of an OFFSET that reads and drops every skipped row.
 * PostgreSQL sorts nulls last ascending and first descending, so the rows after a cursor may be two runs —
 * the rest of the non-null values and the null ones —: each is a branch, read in turn while the page is
 * short; each branch's condition is a range of the (tenant, field, id) index. Same rows, same order as
 * the offset page.
 */
function compileKeyset(
  after: unknown[],
  terms: OrderTerm[],
  base: unknown[],
  collation: string | undefined,
): KeysetBranch[] {
  const [first, second] = terms;
  const id = terms.find((term) => term.name === 'id');
  if (!first || !id || terms.length > 2 || (second && second !== id))
    throw new FilterError('after só pagina uma ordenação por um campo (e id); use skip para esta ordenação.');
  if (after.length !== terms.length)
    throw new FilterError(
      `after deve trazer ${terms.length} valor(es): ${terms.map((term) => showName(term.name)).join(' e ')} da última linha lida.`,
    );
  const idValue = after[after.length - 1];
  if (idValue === null) throw new FilterError('o id de after não pode ser nulo.');
  const branch = (make: (bind: (term: OrderTerm, value: unknown) => string) => string, orderBy: string) => {
    const params = [...base];
    const bind = (term: OrderTerm, value: unknown) => {
      params.push(coerce(`after.${term.name}`, term.spec, 'gt', value));
      return `$${params.length}`;
    };
    return { where: make(bind), orderBy, params };
  };
  const idOp = id.desc ? '<' : '>';
  if (!second)
    return [branch((bind) => `${id.column} ${idOp} ${bind(id, idValue)}`, orderSql(terms, collation))];
  const key = sortKey(first, collation);
  const value = after[0];
  const nonNull = orderSql(terms, collation);
  const nulls = `ORDER BY ${id.column} ${id.desc ? 'DESC' : 'ASC'}`;
  const nullRun = (bind: (term: OrderTerm, value: unknown) => string) =>
    `${first.column} IS NULL AND ${id.column} ${idOp} ${bind(id, idValue)}`;
  if (value === null)
    return first.desc
      ? [branch(nullRun, nulls), branch(() => `${first.column} IS NOT NULL`, nonNull)]
      : [branch(nullRun, nulls)];
  const [near, strict] = first.desc ? ['<=', '<'] : ['>=', '>'];
  const rest = branch((bind) => {
    const v = bind(first, value);
    return `${key} ${near} ${v} AND (${key} ${strict} ${v} OR ${id.column} ${idOp} ${bind(id, idValue)})`;
  }, nonNull);
  return first.desc ? [rest] : [rest, branch(() => `${first.column} IS NULL`, nulls)];
}

function quoteIdent(column: string): string {
  return column
    .split('.')
    .map((part) => `"${part.replaceAll('"', '""')}"`)
    .join('.');
}

/** The SQL a field reads as: its quoted column, or the expression the server gave it (a custom field). */
function fieldSql(spec: FieldSpec): string {
  return spec.sql ?? quoteIdent(spec.column);
}

function lookup(fieldMap: FieldMap, name: string, use: string): FieldSpec {
  const spec = Object.hasOwn(fieldMap, name) ? fieldMap[name] : undefined;
  if (!spec) throw new FilterError(`o campo ${showName(name)} não existe ou não pode ser ${use}.`);
  return spec;
}

function joinAnd(parts: string[]): string {
  return parts.length === 0 ? 'TRUE' : parts.join(' AND ');
}

function compileParts(where: Where, fieldMap: FieldMap, params: unknown[]): string[] {
  if (typeof where !== 'object' || where === null || Array.isArray(where)) {
    throw new FilterError('where deve ser um objeto (ex.: {"nome":"Ana"}).');
  }
  const parts: string[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'and' || key === 'or') {
      if (!Array.isArray(value)) throw new FilterError(`"${key}" deve ser uma lista de condições.`);
      const children = value.map((child) => compileParts(child, fieldMap, params));
      if (key === 'and') parts.push(...children.flat());
      else parts.push(joinOr(children));
    } else if (Array.isArray(value)) {
      throw new FilterError(`o valor do campo ${showName(key)} não pode ser uma lista (use {"inq":[...]}).`);
    } else {
      parts.push(...compileCondition(key, lookup(fieldMap, key, 'filtrado'), value, params));
    }
  }
  return parts;
}

function joinOr(children: string[][]): string {
  if (children.length === 0) return 'FALSE';
  const branches = children.map((parts) => (parts.length > 1 ? `(${joinAnd(parts)})` : joinAnd(parts)));
  return branches.length === 1 ? (branches[0] ?? 'FALSE') : `(${branches.join(' OR ')})`;
}

function compileCondition(name: string, spec: FieldSpec, value: FieldCondition, params: unknown[]): string[] {
  const column = fieldSql(spec);
  if (typeof value !== 'object' || value === null)
    return [compileOperator(name, spec, column, 'eq', value, params)];
  const entries = Object.entries(value);
  if (entries.length === 0)
    throw new FilterError(`o campo ${showName(name)} recebeu um objeto de operadores vazio.`);
  return entries.map(([op, operand]) => compileOperator(name, spec, column, op, operand, params));
}

function compileOperator(
  name: string,
  spec: FieldSpec,
  column: string,
  op: string,
  operand: unknown,
  params: unknown[],
): string {
  const bind = (value: unknown): string => {
    params.push(coerce(name, spec, op, value));
    return `$${params.length}`;
  };
  const list = (): unknown[] => {
    if (Array.isArray(operand)) return operand;
    throw new FilterError(`o operador "${op}" do campo ${showName(name)} espera uma lista.`);
  };
  switch (op) {
    case 'eq':
      if (operand !== null && spec.jsonKey !== undefined) {
        // Containment in the jsonb column: its GIN index finds the rows (jsonb_contains is LEAKPROOF).
        const value = coerce(name, spec, op, operand);
        params.push(JSON.stringify({ [spec.jsonKey]: spec.type === 'number' ? Number(value) : value }));
        return `${quoteIdent(spec.column)} @> $${params.length}::jsonb`;
      }
      return operand === null ? `${column} IS NULL` : `${column} = ${bind(operand)}`;
    case 'neq':
      // As LoopBack 3 on PostgreSQL (`col != $1`): a row whose value is null is not "different".
      return operand === null ? `${column} IS NOT NULL` : `${column} <> ${bind(operand)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      // `col > NULL` is never true in SQL: no row, as LoopBack 3 answers.
      return operand === null ? 'FALSE' : `${column} ${COMPARISON[op]} ${bind(operand)}`;
    case 'between': {
      const [low, high, ...rest] = list();
      if (rest.length > 0 || low === undefined || high === undefined) {
        throw new FilterError(`o operador "between" do campo ${showName(name)} espera exatamente 2 valores.`);
      }
      return `${column} BETWEEN ${bind(low)} AND ${bind(high)}`;
    }
    case 'inq':
    case 'nin': {
      const all = list();
      const values = all.filter((value) => value !== null);
      // SQL semantics, as LoopBack 3 sends the list: null is in no IN list, and NOT IN (…, NULL) is never true.
      if (op === 'nin' && values.length < all.length) return 'FALSE';
      if (values.length === 0) return op === 'inq' ? 'FALSE' : 'TRUE';
      return `${column} ${op === 'inq' ? 'IN' : 'NOT IN'} (${values.map(bind).join(', ')})`;
    }
    case 'regexp': {
      if (spec.type !== 'string' && spec.type !== 'text') {
        throw new FilterError(
          `o operador "regexp" só pode ser usado em campos de texto (campo ${showName(name)}).`,
        );
      }
      if (typeof operand !== 'string') {
        throw new FilterError(`o operador "regexp" do campo ${showName(name)} espera um texto.`);
      }
      const pattern = parseRegexp(operand, name);
      params.push(pattern.source);
      return `${column} ${pattern.ignoreCase ? '~*' : '~'} $${params.length}`;
    }
    case 'like':
    case 'nlike':
    case 'ilike':
    case 'nilike':
      if (spec.type !== 'string' && spec.type !== 'text') {
        throw new FilterError(
          `o operador "${op}" só pode ser usado em campos de texto (campo ${showName(name)}).`,
        );
      }
      if (typeof operand !== 'string') {
        throw new FilterError(`o operador "${op}" do campo ${showName(name)} espera um texto.`);
      }
      // LoopBack passes % and _ through as wildcards, so the pattern is bound as given.
      return `${spec.patternSql ?? column} ${PATTERN[op]} ${bind(operand)}`;
    default:
      throw new FilterError(`o operador ${showName(op)} não é suportado (use ${OPERATOR_LIST}).`);
  }
}

function coerce(name: string, spec: FieldSpec, op: string, value: unknown): unknown {
  const field = `o campo ${showName(name)}`;
  if (value === null || value === undefined) {
    throw new FilterError(`o operador "${op}" do campo ${showName(name)} não aceita null.`);
  }
  switch (spec.type) {
    case 'string':
    case 'text':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      throw new FilterError(`${field} espera um texto.`);
    case 'integer':
      if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      if (typeof value === 'string' && /^-?\d{1,15}$/.test(value)) return Number(value);
      throw new FilterError(`${field} espera um número inteiro.`);
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      // Kept as text so numeric(…) columns receive the exact decimal.
      if (typeof value === 'string' && /^-?\d{1,30}(\.\d{1,30})?$/.test(value)) return value;
      throw new FilterError(`${field} espera um número.`);
    case 'boolean':
      // LoopBack 3 coerces 1/"1" and 0/"0" as well.
      if (value === true || value === 'true' || value === 1 || value === '1') return true;
      if (value === false || value === 'false' || value === 0 || value === '0') return false;
      throw new FilterError(`${field} espera true ou false.`);
    case 'date':
      if (typeof value === 'string' && (isValidDate(ISO_DATE.exec(value)) || isValidDateTime(value)))
        return value;
      throw new FilterError(`${field} espera uma data no formato AAAA-MM-DD.`);
    case 'datetime':
      if (typeof value === 'string' && isValidDateTime(value)) return value;
      throw new FilterError(`${field} espera uma data e hora ISO 8601 (ex.: 2024-01-31T12:00:00Z).`);
    default:
      throw new FilterError(`${field} (json) só pode ser comparado com null.`);
  }
}

function isValidDate(match: RegExpExecArray | null): boolean {
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one (Date.UTC handles leap years).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function isValidDateTime(value: string): boolean {
  const match = ISO_DATETIME.exec(value);
  if (!isValidDate(match) || !match) return false;
  return Number(match[4] ?? 0) <= 23 && Number(match[5] ?? 0) <= 59 && Number(match[6] ?? 0) <= 59;
}

function orderTerms(order: string[], fieldMap: FieldMap): OrderTerm[] {
  const seen = new Set<string>();
  const terms: OrderTerm[] = [];
  for (const token of order.flatMap((entry) => entry.split(','))) {
    const match = /^\s*(\S+)(?:\s+(asc|desc))?\s*$/i.exec(token);
    if (!match?.[1])
      throw new FilterError(`order deve ser "campo ASC" ou "campo DESC" (recebido ${showName(token)}).`);
    const spec = lookup(fieldMap, match[1], 'usado na ordenação');
    if (spec.type === 'json')
      throw new FilterError(`o campo ${showName(match[1])} não pode ser usado na ordenação.`);
    const column = fieldSql(spec);
    if (seen.has(column)) continue;
    seen.add(column);
    terms.push({ name: match[1], spec, column, desc: match[2]?.toUpperCase() === 'DESC' });
  }
  // A unique last key keeps pages stable when the requested order has ties.
  const id = Object.hasOwn(fieldMap, 'id') ? fieldMap.id : undefined;
  if (id && !seen.has(quoteIdent(id.column)))
    terms.push({ name: 'id', spec: id, column: quoteIdent(id.column), desc: false });
  return terms;
}

function checkInteger(key: string, value: number | undefined, min: number): number | null {
  if (value === undefined) return null;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new FilterError(`${key} deve ser um inteiro maior ou igual a ${min}.`);
  }
  return value;
}

function compileColumns(fields: LoopBackFilter['fields'], fieldMap: FieldMap): string[] | null {
  if (fields === undefined) return null;
  let names: string[];
  if (Array.isArray(fields)) {
    names = fields;
  } else {
    const entries = Object.entries(fields);
    for (const [name] of entries) lookup(fieldMap, name, 'selecionado');
    const chosen = entries.filter(([, flag]) => flag).map(([name]) => name);
    // Only exclusions ({senha: false}) mean "every own field but these"; dotted keys belong to joins.
    names =
      chosen.length > 0
        ? chosen
        : Object.keys(fieldMap).filter((name) => !name.includes('.') && fields[name] !== false);
  }
  if (names.length === 0) {
    if (Array.isArray(fields)) return null;
    throw new FilterError('fields não pode excluir todos os campos.');
  }
  return [
    ...new Set(
      names.map((name) => {
        const spec = lookup(fieldMap, name, 'selecionado');
        if (spec.sql)
          throw new FilterError(`selecione ${showName(spec.column)} inteiro, não ${showName(name)}.`);
        return quoteIdent(spec.column);
      }),
    ),
  ];
}
