import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter, parseRegexp, parseWhere, whereUses } from './loopbackFilter.ts';

/** Runs `fn`, expects a FilterError and returns its message. */
function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).code).toBe('FILTRO_INVALIDO');
    return (error as FilterError).message;
  }
  throw new Error('expected a FilterError');
}

function nestedAnd(levels: number): Record<string, unknown> {
  let where: Record<string, unknown> = { ativo: true };
  for (let i = 0; i < levels; i++) where = { and: [where] };
  return where;
}

describe('parseFilter: input forms', () => {
  it('treats undefined, null, empty and blank strings as no filter', () => {
    expect(parseFilter(undefined)).toEqual({});
    expect(parseFilter(null)).toEqual({});
    expect(parseFilter('')).toEqual({});
    expect(parseFilter('   ')).toEqual({});
  });

  it('parses JSON text and already-parsed objects alike', () => {
    const text = '{"where":{"nome":"Ana"},"limit":10,"skip":20}';
    const expected = { where: { nome: 'Ana' }, limit: 10, skip: 20 };
    expect(parseFilter(text)).toEqual(expected);
    expect(parseFilter(JSON.parse(text))).toEqual(expected);
  });

  it('turns Date values of a parsed object into ISO strings', () => {
    const filter = parseFilter({ where: { criadoEm: { gt: new Date('2024-01-31T12:00:00Z') } } });
    expect(filter.where).toEqual({ criadoEm: { gt: '2024-01-31T12:00:00.000Z' } });
  });

  it('ignores null members', () => {
    expect(parseFilter({ where: null, limit: null })).toEqual({});
  });
});

describe('parseFilter: where operators', () => {
  it('accepts plain equality, including null', () => {
    expect(parseFilter({ where: { nome: 'Ana', idade: 30, ativo: false, removidoEm: null } }).where).toEqual({
      nome: 'Ana',
      idade: 30,
      ativo: false,
      removidoEm: null,
    });
  });

  it.each([
    ['eq', 'x'],
    ['eq', null],
    ['neq', 5],
    ['neq', null],
    ['gt', 1],
    ['gte', '2024-01-01'],
    ['lt', 9.5],
    ['lte', true],
    ['between', [1, 10]],
    ['inq', [1, 2, 3]],
    ['inq', []],
    ['nin', ['a', 'b']],
    ['like', 'Ana%'],
    ['nlike', '%teste%'],
    ['ilike', '%ana%'],
    ['nilike', '_x%'],
  ])('accepts %s with %j', (op, value) => {
    expect(parseWhere({ campo: { [op]: value } })).toEqual({ campo: { [op]: value } });
  });

  it('keeps several operators on one field', () => {
    expect(parseWhere('{"valor":{"gte":10,"lt":20}}')).toEqual({ valor: { gte: 10, lt: 20 } });
  });

  it('accepts and/or, nested, and dotted relation fields', () => {
    const where = { or: [{ and: [{ a: 1 }, { b: { gt: 2 } }] }, { 'cliente.nome': 'Ana' }] };
    expect(parseWhere(JSON.stringify(where))).toEqual(where);
  });

  it('accepts exactly maxDepth levels of and/or', () => {
    expect(parseWhere(nestedAnd(8))).toEqual(nestedAnd(8));
    expect(parseWhere(nestedAnd(3), { maxDepth: 3 })).toEqual(nestedAnd(3));
  });

  it('allows 200 conditions', () => {
    const where = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`c${i}`, i]));
    expect(Object.keys(parseWhere(where))).toHaveLength(200);
  });
});

describe('parseFilter: order, fields, limit, skip, include', () => {
  it('normalises order strings, lists and comma lists', () => {
    expect(parseFilter({ order: 'nome' }).order).toEqual(['nome ASC']);
    expect(parseFilter({ order: 'nome desc' }).order).toEqual(['nome DESC']);
    expect(parseFilter({ order: ['nome DESC', 'id asc'] }).order).toEqual(['nome DESC', 'id ASC']);
    expect(parseFilter({ order: 'nome DESC, criadoEm' }).order).toEqual(['nome DESC', 'criadoEm ASC']);
    expect(parseFilter({ order: 'cliente.nome Desc' }).order).toEqual(['cliente.nome DESC']);
  });

  it('accepts fields as a list, a single name or a true/false map', () => {
    expect(parseFilter({ fields: ['id', 'nome', 'id'] }).fields).toEqual(['id', 'nome']);
    expect(parseFilter({ fields: 'nome' }).fields).toEqual(['nome']);
    expect(parseFilter({ fields: { id: true, senha: false, ativo: 'true' } }).fields).toEqual({
      id: true,
      senha: false,
      ativo: true,
    });
  });

  it('accepts limit, skip and offset as integers or digit strings', () => {
    expect(parseFilter({ limit: 1, skip: 0, offset: 5 })).toEqual({ limit: 1, skip: 0, offset: 5 });
    expect(parseFilter({ limit: '1000', skip: '40' })).toEqual({ limit: 1000, skip: 40 });
    expect(parseFilter({ limit: 5000 }, { maxLimit: 5000 }).limit).toBe(5000);
  });

  it('normalises include forms into relation items', () => {
    expect(parseFilter({ include: 'user' }).include).toEqual([{ relation: 'user' }]);
    expect(parseFilter({ include: ['filial', 'empresa'] }).include).toEqual([
      { relation: 'filial' },
      { relation: 'empresa' },
    ]);
    expect(parseFilter({ include: { relation: 'itens' } }).include).toEqual([{ relation: 'itens' }]);
    expect(
      parseFilter({
        include: [
          'cliente',
          { relation: 'itens', scope: { where: { qtd: { gt: 0 } }, order: 'seq', limit: 5 } },
        ],
      }).include,
    ).toEqual([
      { relation: 'cliente' },
      { relation: 'itens', scope: { where: { qtd: { gt: 0 } }, order: ['seq ASC'], limit: 5 } },
    ]);
  });
});

describe('parseFilter: rejections', () => {
  it('rejects malformed JSON', () => {
    expect(failure(() => parseFilter('{"where":'))).toBe(
      'Filtro inválido: o parâmetro filter não é um JSON válido.',
    );
    expect(failure(() => parseWhere('nome=Ana'))).toBe(
      'Filtro inválido: o parâmetro where não é um JSON válido.',
    );
  });

  it('rejects a cyclic object as invalid JSON', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(failure(() => parseFilter(cyclic))).toContain('não é um JSON válido');
  });

  it('rejects a filter that is not an object', () => {
    expect(failure(() => parseFilter('[1,2]'))).toContain('o parâmetro filter deve ser um objeto JSON');
    expect(failure(() => parseFilter('42'))).toContain('deve ser um objeto JSON');
    expect(failure(() => parseWhere('"x"'))).toContain('where deve ser um objeto');
  });

  it('rejects __proto__ at any depth, in text and in parsed objects', () => {
    const message = 'Filtro inválido: chave proibida "__proto__".';
    expect(failure(() => parseFilter('{"__proto__":{"isAdmin":true}}'))).toBe(message);
    expect(failure(() => parseFilter('{"where":{"or":[{"a":{"__proto__":{"x":1}}}]}}'))).toBe(message);
    expect(failure(() => parseWhere(JSON.parse('{"and":[{"__proto__":1}]}')))).toBe(message);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('rejects constructor and prototype keys and names', () => {
    expect(failure(() => parseWhere('{"constructor":{"prototype":1}}'))).toMatch(/chave proibida/);
    expect(failure(() => parseFilter('{"where":{"a":{"prototype":1}}}'))).toBe(
      'Filtro inválido: chave proibida "prototype".',
    );
    expect(failure(() => parseFilter({ fields: ['constructor'] }))).toBe(
      'Filtro inválido: chave proibida "constructor".',
    );
    expect(failure(() => parseFilter({ order: 'cliente.__proto__ ASC' }))).toMatch(
      /chave proibida "__proto__"/,
    );
    expect(failure(() => parseFilter({ include: 'constructor' }))).toMatch(/chave proibida/);
  });

  it('rejects and/or nesting deeper than maxDepth', () => {
    const message = 'Filtro inválido: profundidade máxima de 8 níveis excedida.';
    expect(failure(() => parseWhere(nestedAnd(9)))).toBe(message);
    expect(failure(() => parseWhere(nestedAnd(4), { maxDepth: 3 }))).toBe(
      'Filtro inválido: profundidade máxima de 3 níveis excedida.',
    );
  });

  it('rejects deep raw nesting before parsing it', () => {
    const deep = `{"where":{"a":${'['.repeat(3000)}${']'.repeat(3000)}}}`;
    expect(failure(() => parseFilter(deep))).toBe(
      'Filtro inválido: profundidade máxima de 8 níveis excedida.',
    );
  });

  it('rejects text longer than maxLength', () => {
    const long = JSON.stringify({ where: { nome: 'x'.repeat(10_000) } });
    expect(failure(() => parseFilter(long))).toBe(
      'Filtro inválido: o parâmetro filter excede o tamanho máximo de 10000 caracteres.',
    );
    expect(failure(() => parseFilter('{"limit":10}', { maxLength: 5 }))).toContain('5 caracteres');
    expect(failure(() => parseFilter({ where: { nome: 'x'.repeat(10_000) } }))).toContain('tamanho máximo');
  });

  it('rejects more than 200 conditions', () => {
    const where = { or: Array.from({ length: 201 }, (_, i) => ({ id: i })) };
    expect(failure(() => parseWhere(where))).toBe(
      'Filtro inválido: número máximo de 200 condições excedido.',
    );
  });

  it.each([-1, 1001, 1.5, '10a', true, 'dez'])('rejects limit %j, naming the page cap', (limit) => {
    expect(failure(() => parseFilter({ limit }))).toBe(
      'Filtro inválido: limit deve ser um inteiro entre 0 e 1000 (no máximo 1000 registros por página; use skip para ler os seguintes).',
    );
  });

  it('reads limit 0 as no limit (LoopBack 3): the page cap then applies', () => {
    expect(parseFilter({ limit: 0, skip: 5 })).toEqual({ skip: 5 });
    expect(parseFilter('{"limit":"0"}')).toEqual({});
  });

  it.each([
    ['skip', -1],
    ['skip', 2.5],
    ['offset', 'x'],
    ['offset', -3],
  ])('rejects %s %j', (key, value) => {
    expect(failure(() => parseFilter({ [key]: value }))).toBe(
      `Filtro inválido: ${key} deve ser um inteiro maior ou igual a 0.`,
    );
  });

  it('rejects unknown operators, listing the supported ones', () => {
    expect(failure(() => parseWhere({ nome: { regex: '^A' } }))).toBe(
      'Filtro inválido: o operador "regex" não é suportado (use eq, neq, gt, gte, lt, lte, between, inq, nin, like, nlike, ilike, nilike, regexp).',
    );
    expect(failure(() => parseWhere({ nome: { like: 'a', options: 'i' } }))).toContain(
      '"options" não é suportado',
    );
  });

  it('rejects inq/nin that are not lists, or hold objects', () => {
    expect(failure(() => parseWhere({ id: { inq: 5 } }))).toBe(
      'Filtro inválido: o operador "inq" do campo "id" espera uma lista (ex.: {"inq":[1,2,3]}).',
    );
    expect(failure(() => parseWhere({ id: { nin: '1,2' } }))).toContain(
      '"nin" do campo "id" espera uma lista',
    );
    expect(failure(() => parseWhere({ id: { inq: [1, { a: 1 }] } }))).toContain(
      'apenas textos, números, booleanos ou null',
    );
    expect(parseWhere({ id: { inq: [1, null] } })).toEqual({ id: { inq: [1, null] } });
    expect(failure(() => parseWhere({ id: { inq: Array.from({ length: 1001 }, (_, i) => i) } }))).toContain(
      'no máximo 1000 valores',
    );
  });

  it('rejects between without exactly two values', () => {
    const message =
      'Filtro inválido: o operador "between" do campo "valor" espera uma lista com exatamente 2 valores (ex.: {"between":[1,10]}).';
    expect(failure(() => parseWhere({ valor: { between: [1] } }))).toBe(message);
    expect(failure(() => parseWhere({ valor: { between: [1, 2, 3] } }))).toBe(message);
    expect(failure(() => parseWhere({ valor: { between: 5 } }))).toBe(message);
    expect(failure(() => parseWhere({ valor: { between: [1, null] } }))).toBe(message);
  });

  it('rejects bad operand types', () => {
    expect(failure(() => parseWhere({ a: { gt: [1] } }))).toContain('"gt" do campo "a"');
    expect(parseWhere({ a: { gt: null } })).toEqual({ a: { gt: null } });
    expect(failure(() => parseWhere({ a: { like: 5 } }))).toContain('"like" do campo "a" espera um texto');
    expect(failure(() => parseWhere({ a: { eq: { x: 1 } } }))).toContain('"eq" do campo "a"');
    expect(failure(() => parseWhere({ a: [1, 2] }))).toContain('o valor do campo "a"');
    expect(failure(() => parseWhere({ a: {} }))).toContain('objeto de operadores vazio');
    expect(failure(() => parseWhere({ and: { a: 1 } }))).toBe(
      'Filtro inválido: "and" deve ser uma lista de condições.',
    );
  });

  it('rejects bad field names', () => {
    expect(failure(() => parseWhere({ 'a;drop': 1 }))).toBe(
      'Filtro inválido: o nome de campo "a;drop" é inválido (use letras, números e _, com no máximo um ponto para relação).',
    );
    expect(failure(() => parseWhere({ 'a.b.c': 1 }))).toContain('"a.b.c" é inválido');
    expect(failure(() => parseWhere({ '1a': 1 }))).toContain('é inválido');
    expect(failure(() => parseFilter({ fields: ['nome"; --'] }))).toContain('é inválido');
    expect(failure(() => parseFilter({ order: 'nome;drop DESC' }))).toContain('é inválido');
  });

  it('rejects malformed order, fields and include', () => {
    expect(failure(() => parseFilter({ order: 'nome SIDEWAYS' }))).toContain('order deve ser');
    expect(failure(() => parseFilter({ order: 'nome ASC,' }))).toContain('order deve ser');
    expect(failure(() => parseFilter({ order: [1] }))).toContain('order deve ser');
    expect(failure(() => parseFilter({ fields: { nome: 1 } }))).toContain('fields deve ser');
    expect(failure(() => parseFilter({ fields: [1] }))).toContain('fields deve ser');
    expect(failure(() => parseFilter({ include: { posts: false } }))).toContain('include deve ser');
    expect(failure(() => parseFilter({ include: { posts: 5 } }))).toContain('include deve ser');
    expect(failure(() => parseFilter({ include: [{ relation: 'a', where: {} }] }))).toContain(
      'include deve ser',
    );
    expect(failure(() => parseFilter({ include: 'a.b' }))).toContain('relação "a.b" é inválido');
    expect(failure(() => parseFilter({ include: { relation: 'a', scope: { limit: -1 } } }))).toContain(
      'limit',
    );
  });

  it('rejects unknown top-level keys', () => {
    expect(failure(() => parseFilter({ wher: {} }))).toBe(
      'Filtro inválido: a chave "wher" não é reconhecida (use where, fields, order, limit, skip, offset, after, include).',
    );
  });

  it('has a 400 status for the error handler', () => {
    expect(new FilterError('x').statusCode).toBe(400);
  });
});

describe('parseFilter: LoopBack 3 forms added for parity', () => {
  it('reads the include shorthands as relation + nested include', () => {
    expect(parseFilter({ include: { categoria: true } }).include).toEqual([{ relation: 'categoria' }]);
    expect(parseFilter({ include: { itens: 'produto' } }).include).toEqual([
      { relation: 'itens', scope: { include: [{ relation: 'produto' }] } },
    ]);
    expect(
      parseFilter({ include: ['cliente', { itens: ['produto', { produto: 'marca' }] }] }).include,
    ).toEqual([
      { relation: 'cliente' },
      {
        relation: 'itens',
        scope: {
          include: [
            { relation: 'produto' },
            { relation: 'produto', scope: { include: [{ relation: 'marca' }] } },
          ],
        },
      },
    ]);
    expect(
      parseFilter({
        include: { relation: 'itens', scope: { order: 'id DESC', limit: 2, include: 'produto' } },
      }).include,
    ).toEqual([
      { relation: 'itens', scope: { order: ['id DESC'], limit: 2, include: [{ relation: 'produto' }] } },
    ]);
  });

  it('reads ?filter=null and ?where=null as no filter', () => {
    expect(parseFilter('null')).toEqual({});
    expect(parseWhere('null')).toEqual({});
  });

  it('accepts regexp as a bare pattern or /pattern/flags and refuses what could stall or is invalid', () => {
    expect(parseWhere({ nome: { regexp: '/^ana/i' } })).toEqual({ nome: { regexp: '/^ana/i' } });
    expect(parseRegexp('/^ana/i', 'nome')).toEqual({ source: '^ana', ignoreCase: true });
    expect(parseRegexp('^Ana$', 'nome')).toEqual({ source: '^Ana$', ignoreCase: false });
    expect(parseRegexp('/a\\/b/g', 'nome')).toEqual({ source: 'a\\/b', ignoreCase: false });
    expect(failure(() => parseWhere({ nome: { regexp: 'x'.repeat(201) } }))).toContain('até 200 caracteres');
    expect(failure(() => parseWhere({ nome: { regexp: '(a' } }))).toContain('expressão regular inválida');
    expect(failure(() => parseWhere({ nome: { regexp: '(a)\\1' } }))).toContain('referências a grupos');
    expect(failure(() => parseWhere({ nome: { regexp: '(?<=a)b' } }))).toContain('lookbehind');
    expect(failure(() => parseWhere({ nome: { regexp: 'a{1,5000}' } }))).toContain('até 100');
    expect(failure(() => parseWhere({ nome: { regexp: '/a/x' } }))).toContain('flags inválidas');
    expect(failure(() => parseWhere({ nome: { regexp: 5 } }))).toContain('espera um texto');
  });

  it('finds an operator at any depth of and/or', () => {
    expect(whereUses({ or: [{ a: 1 }, { and: [{ b: { regexp: 'x' } }] }] }, 'regexp')).toBe(true);
    expect(whereUses({ a: { like: 'x' } }, 'regexp')).toBe(false);
  });
});
