/**
 * LoopBack 3 `?filter=` / `?where=` parsing. The input is hostile: it is size- and depth-bounded before
 * JSON.parse, prototype-poisoning keys are rejected (not stripped), and the result is rebuilt from validated
 * parts only. Field names are checked for syntax here; the allow-list lives in the SQL compiler.
 */
import { isPlainObject } from './mergePatch.ts';

export type Scalar = string | number | boolean;
export type FilterValue = Scalar | null;

export interface OperatorCondition {
  eq?: FilterValue;
  neq?: FilterValue;
  /** `{gt: null}` is kept: as in SQL (and LoopBack 3 on PostgreSQL) it matches no row. */
  gt?: FilterValue;
  gte?: FilterValue;
  lt?: FilterValue;
  lte?: FilterValue;
  between?: [Scalar, Scalar];
  /** A null member never matches (SQL `IN`); in `nin` it makes the condition match no row (`NOT IN`). */
  inq?: FilterValue[];
  nin?: FilterValue[];
  like?: string;
  nlike?: string;
  ilike?: string;
  nilike?: string;
  /** `"^Ana"` or JavaScript style `"/^ana/i"` (flag i: case-insensitive); see parseRegexp. */
  regexp?: string;
}

export type FieldCondition = FilterValue | OperatorCondition;

export interface Where {
  and?: Where[];
  or?: Where[];
  [field: string]: FieldCondition | Where[] | undefined;
}

export interface IncludeItem {
  relation: string;
  scope?: LoopBackFilter;
}

export interface LoopBackFilter {
  where?: Where;
  fields?: string[] | Record<string, boolean>;
  /** Normalised to one `"campo ASC|DESC"` per entry. */
  order?: string[];
  limit?: number;
  skip?: number;
  offset?: number;
  /**
   * Keyset (seek) paging: the values of the last row already read, one per key of the order (the sort
   * field, then id), e.g. `["Parafuso 3/8", 1234]`; the page starts after that row. Not with skip.
   */
  after?: unknown[];
  include?: IncludeItem[];
}

export interface FilterOptions {
  maxDepth?: number;
  maxLimit?: number;
  maxLength?: number;
}

/** A filter the client must fix; the error handler answers it as 400 with this pt-BR message. */
export class FilterError extends Error {
  readonly code = 'FILTRO_INVALIDO';
  readonly statusCode = 400;
  constructor(detail: string) {
    super(`Filtro inválido: ${detail}`);
    this.name = 'FilterError';
  }
}

/** The supported where operators, as error messages list them. */
export const OPERATOR_LIST =
  'eq, neq, gt, gte, lt, lte, between, inq, nin, like, nlike, ilike, nilike, regexp';
/** Longest regexp pattern accepted. */
export const MAX_REGEXP_LENGTH = 200;
/** Largest count in a `{n,m}` repetition of a regexp. */
export const MAX_REGEXP_REPEAT = 100;
const MAX_CONDITIONS = 200;
const MAX_LIST = 1000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$/;
const RELATION_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ORDER_ENTRY = /^(\S+)(?:\s+(asc|desc))?$/i;
const FILTER_KEYS = 'where, fields, order, limit, skip, offset, after, include';

interface Context {
  label: string;
  maxDepth: number;
  maxLimit: number;
  conditions: number;
}

/** Quotes a client-supplied name for a message, cut short so a huge key cannot flood the response. */
export function showName(name: string): string {
  return JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);
}

/** Parses and validates a LoopBack 3 filter (JSON text or object); throws FilterError with a pt-BR message. */
export function parseFilter(raw: unknown, options: FilterOptions = {}): LoopBackFilter {
  const ctx = createContext('filter', options);
  const value = readJson(raw, ctx, options);
  // `?filter=null` is no filter, as in LoopBack 3.
  return value === null ? {} : readFilter(value, ctx, true);
}

/** Parses and validates a LoopBack 3 where clause (e.g. `/count?where=`); throws FilterError. */
export function parseWhere(raw: unknown, options: FilterOptions = {}): Where {
  const ctx = createContext('where', options);
  const value = readJson(raw, ctx, options);
  return value === null ? {} : readWhere(value, ctx, 0);
}

function createContext(label: string, options: FilterOptions): Context {
  return { label, maxDepth: options.maxDepth ?? 8, maxLimit: options.maxLimit ?? 1000, conditions: 0 };
}

function readJson(raw: unknown, ctx: Context, options: FilterOptions): unknown {
  if (raw === undefined || raw === null) return {};
  // Built only when thrown: an Error captures its stack, a cost every valid request would pay.
  const invalidJson = () => new FilterError(`o parâmetro ${ctx.label} não é um JSON válido.`);
  let text: string | undefined;
  try {
    // Objects go through the same text path so cycles, getters and sizes are handled once.
    text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  } catch {
    throw invalidJson();
  }
  if (text === undefined || text.trim() === '') return {};
  const maxLength = options.maxLength ?? 10_000;
  if (text.length > maxLength) {
    throw new FilterError(`o parâmetro ${ctx.label} excede o tamanho máximo de ${maxLength} caracteres.`);
  }
  // Each and/or level costs two JSON levels (object + array); the slack covers where, include and scope.
  assertNesting(text, 2 * ctx.maxDepth + 16, ctx.maxDepth);
  try {
    return JSON.parse(text, rejectForbiddenKey);
  } catch (error) {
    if (error instanceof FilterError) throw error;
    throw invalidJson();
  }
}

/** Linear pre-scan so absurdly nested input never reaches the recursive reviver or validator. */
function assertNesting(text: string, limit: number, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') {
      if (++depth > limit) throw depthError(maxDepth);
    } else if (ch === '}' || ch === ']') depth--;
  }
}

function rejectForbiddenKey(key: string, value: unknown): unknown {
  // JSON.parse defines "__proto__" as an own property, so the reviver does see it.
  if (FORBIDDEN_KEYS.has(key)) throw new FilterError(`chave proibida ${showName(key)}.`);
  return value;
}

function depthError(maxDepth: number): FilterError {
  return new FilterError(`profundidade máxima de ${maxDepth} níveis excedida.`);
}

function readFilter(value: unknown, ctx: Context, topLevel: boolean): LoopBackFilter {
  if (!isPlainObject(value)) {
    const what = topLevel ? `o parâmetro ${ctx.label}` : 'scope';
    throw new FilterError(`${what} deve ser um objeto JSON (ex.: {"where":{"ativo":true},"limit":10}).`);
  }
  const filter: LoopBackFilter = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null) continue;
    if (key === 'where') filter.where = readWhere(item, ctx, 0);
    else if (key === 'fields') filter.fields = readFields(item);
    else if (key === 'order') filter.order = readOrder(item);
    else if (key === 'limit') {
      const limit = readLimit(item, ctx.maxLimit);
      if (limit !== undefined) filter.limit = limit;
    } else if (key === 'skip' || key === 'offset') filter[key] = readSkip(key, item);
    else if (key === 'include') filter.include = readInclude(item, ctx);
    else if (key === 'after') filter.after = readAfter(item);
    else throw new FilterError(`a chave ${showName(key)} não é reconhecida (use ${FILTER_KEYS}).`);
  }
  return filter;
}

/** The `after` of keyset paging: 1 or 2 plain values (the last row's sort value and id). */
function readAfter(value: unknown): unknown[] {
  const plain = (item: unknown) => item === null || ['string', 'number', 'boolean'].includes(typeof item);
  if (!Array.isArray(value) || value.length < 1 || value.length > 2 || !value.every(plain))
    throw new FilterError(
      'after deve ser a lista dos valores da última linha lida: o campo da ordenação e o id (ex.: ["Parafuso", 123]).',
    );
  return value;
}

function readWhere(value: unknown, ctx: Context, depth: number): Where {
  if (!isPlainObject(value)) throw new FilterError('where deve ser um objeto (ex.: {"nome":"Ana"}).');
  const where: Where = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'and' || key === 'or') {
      if (depth + 1 > ctx.maxDepth) throw depthError(ctx.maxDepth);
      if (!Array.isArray(item)) throw new FilterError(`"${key}" deve ser uma lista de condições.`);
      where[key] = item.map((child) => readWhere(child, ctx, depth + 1));
    } else {
      assertFieldName(key);
      where[key] = readCondition(key, item, ctx);
    }
  }
  return where;
}

function countCondition(ctx: Context): void {
  if (++ctx.conditions > MAX_CONDITIONS) {
    throw new FilterError(`número máximo de ${MAX_CONDITIONS} condições excedido.`);
  }
}

function isScalar(value: unknown): value is Scalar {
  return (
    typeof value === 'string' ||
    typeof value === 'boolean' ||
    (typeof value === 'number' && Number.isFinite(value))
  );
}

function readCondition(field: string, value: unknown, ctx: Context): FieldCondition {
  if (value === null || isScalar(value)) {
    countCondition(ctx);
    return value;
  }
  if (!isPlainObject(value)) {
    throw new FilterError(
      `o valor do campo ${showName(field)} deve ser texto, número, booleano, null ou um objeto de operadores (ex.: {"gt":10}).`,
    );
  }
  const entries = Object.entries(value);
  if (entries.length === 0)
    throw new FilterError(`o campo ${showName(field)} recebeu um objeto de operadores vazio.`);
  const condition: OperatorCondition = {};
  for (const [op, operand] of entries) {
    countCondition(ctx);
    const where = `o operador "${op}" do campo ${showName(field)}`;
    switch (op) {
      case 'eq':
      case 'neq':
        if (operand !== null && !isScalar(operand))
          throw new FilterError(`${where} espera texto, número, booleano ou null.`);
        condition[op] = operand;
        break;
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        if (operand !== null && !isScalar(operand))
          throw new FilterError(`${where} espera texto, número, booleano ou null.`);
        condition[op] = operand;
        break;
      case 'between': {
        const [low, high] = Array.isArray(operand) && operand.length === 2 ? operand : [];
        if (!isScalar(low) || !isScalar(high)) {
          throw new FilterError(
            `${where} espera uma lista com exatamente 2 valores (ex.: {"between":[1,10]}).`,
          );
        }
        condition.between = [low, high];
        break;
      }
      case 'inq':
      case 'nin':
        condition[op] = readList(where, op, operand);
        break;
      case 'like':
      case 'nlike':
      case 'ilike':
      case 'nilike':
        if (typeof operand !== 'string')
          throw new FilterError(`${where} espera um texto (ex.: {"${op}":"%ana%"}).`);
        condition[op] = operand;
        break;
      case 'regexp':
        if (typeof operand !== 'string')
          throw new FilterError(`${where} espera um texto (ex.: {"regexp":"^Ana"} ou {"regexp":"/^ana/i"}).`);
        parseRegexp(operand, field);
        condition.regexp = operand;
        break;
      default:
        throw new FilterError(`o operador ${showName(op)} não é suportado (use ${OPERATOR_LIST}).`);
    }
  }
  return condition;
}

function readList(where: string, op: string, operand: unknown): FilterValue[] {
  if (!Array.isArray(operand)) throw new FilterError(`${where} espera uma lista (ex.: {"${op}":[1,2,3]}).`);
  if (operand.length > MAX_LIST) throw new FilterError(`${where} aceita no máximo ${MAX_LIST} valores.`);
  if (!operand.every((item) => item === null || isScalar(item)))
    throw new FilterError(`${where} aceita apenas textos, números, booleanos ou null na lista.`);
  return [...operand];
}

/** Whether a where clause (at any depth of and/or) uses the operator `op`. */
export function whereUses(where: unknown, op: string): boolean {
  if (typeof where !== 'object' || where === null) return false;
  return Object.entries(where).some(([key, value]) => key === op || whereUses(value, op));
}

export interface RegexpPattern {
  /** The pattern as PostgreSQL's `~` reads it (ARE syntax, close to JavaScript's for what is accepted). */
  source: string;
  ignoreCase: boolean;
}

/**
 * Reads a LoopBack `regexp` operand: `"/pattern/flags"` (flags among g, i, m, s, u, y; only i changes the
 * match, as in LoopBack 3 on PostgreSQL) or a bare pattern. Refused with a pt-BR message: patterns longer
 * than MAX_REGEXP_LENGTH, invalid JavaScript syntax, back-references and lookbehind (which make matching
 * cost grow without bound or do not exist in PostgreSQL), and `{n,m}` counts above MAX_REGEXP_REPEAT.
 */
export function parseRegexp(value: string, field: string): RegexpPattern {
  const where = `o operador "regexp" do campo ${showName(field)}`;
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(value);
  const source = literal ? (literal[1] as string) : value;
  const flags = literal ? (literal[2] as string) : '';
  if (/[^gimsuy]/.test(flags))
    throw new FilterError(`${where} recebeu flags inválidas ${showName(flags)} (use i).`);
  if (source.length === 0) throw new FilterError(`${where} recebeu um padrão vazio.`);
  if (source.length > MAX_REGEXP_LENGTH)
    throw new FilterError(`${where} aceita padrões de até ${MAX_REGEXP_LENGTH} caracteres.`);
  try {
    new RegExp(source);
  } catch {
    throw new FilterError(`${where} recebeu uma expressão regular inválida ${showName(source)}.`);
  }
  if (/\\[1-9]|\\k</.test(source))
    throw new FilterError(`${where} não aceita referências a grupos (\\1, \\k<nome>).`);
  if (/\(\?<[=!]/.test(source)) throw new FilterError(`${where} não aceita lookbehind ((?<= e (?<!).`);
  for (const match of source.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(match[1]) > MAX_REGEXP_REPEAT || Number(match[2] || 0) > MAX_REGEXP_REPEAT)
      throw new FilterError(`${where} aceita repetições {n,m} de até ${MAX_REGEXP_REPEAT}.`);
  }
  return { source, ignoreCase: flags.includes('i') };
}

function assertFieldName(name: string): void {
  for (const part of name.split('.')) {
    if (FORBIDDEN_KEYS.has(part)) throw new FilterError(`chave proibida ${showName(part)}.`);
  }
  if (!FIELD_NAME.test(name)) {
    throw new FilterError(
      `o nome de campo ${showName(name)} é inválido (use letras, números e _, com no máximo um ponto para relação).`,
    );
  }
}

function readFields(value: unknown): LoopBackFilter['fields'] {
  const help = 'fields deve ser uma lista de nomes (ex.: ["id","nome"]) ou um objeto {"campo": true|false}.';
  if (typeof value === 'string' || Array.isArray(value)) {
    const names = typeof value === 'string' ? [value] : value;
    const result: string[] = [];
    for (const name of names) {
      if (typeof name !== 'string') throw new FilterError(help);
      assertFieldName(name);
      if (!result.includes(name)) result.push(name);
    }
    return result;
  }
  if (!isPlainObject(value)) throw new FilterError(help);
  const result: Record<string, boolean> = {};
  for (const [name, flag] of Object.entries(value)) {
    assertFieldName(name);
    if (flag === true || flag === 'true') result[name] = true;
    else if (flag === false || flag === 'false') result[name] = false;
    else throw new FilterError(help);
  }
  return result;
}

function readOrder(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const result: string[] = [];
  for (const item of items) {
    const help = `order deve ser "campo ASC", "campo DESC" ou uma lista desses (recebido ${showName(String(item))}).`;
    if (typeof item !== 'string') throw new FilterError(help);
    // LoopBack also accepts "a ASC, b DESC" in one string.
    for (const token of item.split(',')) {
      const match = ORDER_ENTRY.exec(token.trim());
      if (!match?.[1]) throw new FilterError(help);
      assertFieldName(match[1]);
      result.push(`${match[1]} ${(match[2] ?? 'ASC').toUpperCase()}`);
    }
  }
  return result;
}

function readInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return Number(value);
  return undefined;
}

function readLimit(value: unknown, maxLimit: number): number | undefined {
  const limit = readInteger(value);
  // LoopBack 3 reads limit 0 as "no limit": the page cap then applies as when limit is absent.
  if (limit === 0) return undefined;
  if (limit === undefined || limit < 0 || limit > maxLimit) {
    throw new FilterError(
      `limit deve ser um inteiro entre 0 e ${maxLimit} (no máximo ${maxLimit} registros por página; use skip para ler os seguintes).`,
    );
  }
  return limit;
}

function readSkip(key: string, value: unknown): number {
  const skip = readInteger(value);
  if (skip === undefined || skip < 0) throw new FilterError(`${key} deve ser um inteiro maior ou igual a 0.`);
  return skip;
}

const INCLUDE_HELP =
  'include deve ser um nome de relação, uma lista, {"relation":"nome","scope":{...}} ou {"relação":"sub-relação"}.';

/**
 * Every include form of LoopBack 3: `"cliente"`, `["cliente","itens"]`, `{"relation":"itens","scope":{…}}`
 * and the shorthands `{"categoria":true}`, `{"itens":"produto"}`, `{"itens":["produto"]}`,
 * `{"itens":{"produto":"marca"}}` (a relation and what to include in it).
 */
function readInclude(value: unknown, ctx: Context, depth = 0): IncludeItem[] {
  if (depth > ctx.maxDepth) throw depthError(ctx.maxDepth);
  const items = Array.isArray(value) ? value : [value];
  return items.flatMap((item): IncludeItem[] => {
    if (typeof item === 'string') return [{ relation: readRelation(item) }];
    if (!isPlainObject(item)) throw new FilterError(INCLUDE_HELP);
    if (typeof item.relation === 'string') {
      for (const key of Object.keys(item)) {
        if (key !== 'relation' && key !== 'scope') throw new FilterError(INCLUDE_HELP);
      }
      const relation = readRelation(item.relation);
      if (item.scope === undefined || item.scope === null) return [{ relation }];
      return [{ relation, scope: readFilter(item.scope, ctx, false) }];
    }
    return Object.entries(item).map(([name, nested]): IncludeItem => {
      const relation = readRelation(name);
      if (nested === true || nested === 'true' || nested === null) return { relation };
      if (nested === false || nested === 'false') throw new FilterError(INCLUDE_HELP);
      return { relation, scope: { include: readInclude(nested, ctx, depth + 1) } };
    });
  });
}

function readRelation(name: string): string {
  if (FORBIDDEN_KEYS.has(name)) throw new FilterError(`chave proibida ${showName(name)}.`);
  if (!RELATION_NAME.test(name)) {
    throw new FilterError(`o nome de relação ${showName(name)} é inválido (use letras, números e _).`);
  }
  return name;
}
