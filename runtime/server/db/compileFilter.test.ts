import { describe, expect, it } from 'vitest';
import type { LoopBackFilter, Where } from '../../core/loopbackFilter.ts';
import { FilterError, parseFilter } from '../../core/loopbackFilter.ts';
import type { FieldMap } from './compileFilter.ts';
import { compileFilter, compileWhere } from './compileFilter.ts';

const fields: FieldMap = {
  id: { column: 'id', type: 'integer' },
  nome: { column: 'nome', type: 'string' },
  observacao: { column: 'observacao', type: 'text' },
  valor: { column: 'valor', type: 'number' },
  ativo: { column: 'ativo', type: 'boolean' },
  dataVencimento: { column: 'data_vencimento', type: 'date' },
  criadoEm: { column: 'criado_em', type: 'datetime' },
  extras: { column: 'extras', type: 'json' },
  'cliente.nome': { column: 'cliente.nome', type: 'string' },
};

function where(w: Where, params: unknown[] = []): { sql: string; params: unknown[] } {
  return { sql: compileWhere(w, fields, params), params };
}

function failure(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(FilterError);
    return (error as FilterError).message;
  }
  throw new Error('expected a FilterError');
}

describe('compileWhere', () => {
  it('compiles an empty where to TRUE', () => {
    expect(where({})).toEqual({ sql: 'TRUE', params: [] });
    expect(compileWhere(undefined, fields, [])).toBe('TRUE');
  });

  it('compiles equality and null checks', () => {
    expect(where({ nome: 'Ana', ativo: true })).toEqual({
      sql: '"nome" = $1 AND "ativo" = $2',
      params: ['Ana', true],
    });
    expect(where({ dataVencimento: null })).toEqual({ sql: '"data_vencimento" IS NULL', params: [] });
    expect(where({ id: { eq: 7 } })).toEqual({ sql: '"id" = $1', params: [7] });
    expect(where({ id: { eq: null } })).toEqual({ sql: '"id" IS NULL', params: [] });
    // LoopBack 3 on PostgreSQL: `!=`, which leaves rows with a null value out.
    expect(where({ id: { neq: 7 } })).toEqual({ sql: '"id" <> $1', params: [7] });
    expect(where({ id: { neq: null } })).toEqual({ sql: '"id" IS NOT NULL', params: [] });
  });

  it('coerces booleans as LoopBack 3 does (1/"1", 0/"0")', () => {
    expect(where({ ativo: 1 }).params).toEqual([true]);
    expect(where({ ativo: '0' }).params).toEqual([false]);
    expect(where({ ativo: { neq: '1' } })).toEqual({ sql: '"ativo" <> $1', params: [true] });
  });

  it('compiles null comparisons and null members of lists with SQL semantics', () => {
    expect(where({ valor: { gt: null } })).toEqual({ sql: 'FALSE', params: [] });
    expect(where({ id: { inq: [1, null] } })).toEqual({ sql: '"id" IN ($1)', params: [1] });
    expect(where({ id: { inq: [null] } })).toEqual({ sql: 'FALSE', params: [] });
    expect(where({ id: { nin: [1, null] } })).toEqual({ sql: 'FALSE', params: [] });
  });

  it('compiles regexp to ~ or ~* (flag i)', () => {
    expect(where({ nome: { regexp: '^Ana' } })).toEqual({ sql: '"nome" ~ $1', params: ['^Ana'] });
    expect(where({ nome: { regexp: '/^ana/i' } })).toEqual({ sql: '"nome" ~* $1', params: ['^ana'] });
  });

  it('compiles comparisons and between', () => {
    expect(where({ valor: { gt: 1, gte: 2, lt: 3, lte: 4 } })).toEqual({
      sql: '"valor" > $1 AND "valor" >= $2 AND "valor" < $3 AND "valor" <= $4',
      params: [1, 2, 3, 4],
    });
    expect(where({ dataVencimento: { between: ['2024-01-01', '2024-01-31'] } })).toEqual({
      sql: '"data_vencimento" BETWEEN $1 AND $2',
      params: ['2024-01-01', '2024-01-31'],
    });
  });

  it('compiles inq/nin, with empty lists as FALSE/TRUE', () => {
    expect(where({ id: { inq: [1, '2', 3] } })).toEqual({ sql: '"id" IN ($1, $2, $3)', params: [1, 2, 3] });
    expect(where({ nome: { nin: ['a', 'b'] } })).toEqual({
      sql: '"nome" NOT IN ($1, $2)',
      params: ['a', 'b'],
    });
    expect(where({ id: { inq: [] } })).toEqual({ sql: 'FALSE', params: [] });
    expect(where({ id: { nin: [] } })).toEqual({ sql: 'TRUE', params: [] });
  });

  it('compiles the like family, keeping wildcards as given', () => {
    expect(where({ nome: { like: 'Ana%' }, observacao: { nlike: '%x_y%' } })).toEqual({
      sql: '"nome" LIKE $1 AND "observacao" NOT LIKE $2',
      params: ['Ana%', '%x_y%'],
    });
    expect(where({ nome: { ilike: '%ana%' } })).toEqual({ sql: '"nome" ILIKE $1', params: ['%ana%'] });
    expect(where({ nome: { nilike: '%ana%' } })).toEqual({ sql: '"nome" NOT ILIKE $1', params: ['%ana%'] });
  });

  it('compiles and/or with parentheses around OR groups', () => {
    expect(where({ ativo: true, or: [{ nome: 'a' }, { id: { gt: 5 }, valor: 1 }] })).toEqual({
      sql: '"ativo" = $1 AND ("nome" = $2 OR ("id" > $3 AND "valor" = $4))',
      params: [true, 'a', 5, 1],
    });
    expect(where({ and: [{ nome: 'a' }, { or: [{ id: 1 }, { id: 2 }] }] })).toEqual({
      sql: '"nome" = $1 AND ("id" = $2 OR "id" = $3)',
      params: ['a', 1, 2],
    });
    expect(where({ or: [{ id: 1 }] }).sql).toBe('"id" = $1');
    expect(where({ or: [] }).sql).toBe('FALSE');
    expect(where({ and: [] }).sql).toBe('TRUE');
    expect(where({ or: [{}, { id: 1 }] }).sql).toBe('(TRUE OR "id" = $1)');
  });

  it('continues placeholders after the params the caller already bound', () => {
    const params: unknown[] = ['empresa-1', 'filial-2'];
    expect(compileWhere({ nome: 'Ana' }, fields, params)).toBe('"nome" = $3');
    expect(params).toEqual(['empresa-1', 'filial-2', 'Ana']);
  });

  it('uses a dotted key only when the map declares it, quoting each part', () => {
    expect(where({ 'cliente.nome': 'Ana' })).toEqual({ sql: '"cliente"."nome" = $1', params: ['Ana'] });
    expect(failure(() => where({ 'cliente.cpf': '1' }))).toBe(
      'Filtro inválido: o campo "cliente.cpf" não existe ou não pode ser filtrado.',
    );
  });

  it('coerces values by field type', () => {
    expect(where({ id: '42' }).params).toEqual([42]);
    expect(where({ valor: '10.50' }).params).toEqual(['10.50']);
    expect(where({ ativo: 'false' }).params).toEqual([false]);
    expect(where({ nome: 123 }).params).toEqual(['123']);
    expect(where({ criadoEm: { gte: '2024-02-29T23:59:59.123-03:00' } }).params).toEqual([
      '2024-02-29T23:59:59.123-03:00',
    ]);
    expect(where({ dataVencimento: '2024-01-31T00:00:00Z' }).params).toEqual(['2024-01-31T00:00:00Z']);
    expect(where({ extras: null }).sql).toBe('"extras" IS NULL');
  });

  it('never puts values into the SQL text', () => {
    const hostile = "x'); DROP TABLE usuarios; --";
    const result = where({ nome: hostile, or: [{ observacao: { like: hostile } }] });
    expect(result.sql).toBe('"nome" = $1 AND "observacao" LIKE $2');
    expect(result.params).toEqual([hostile, hostile]);
  });
});

describe('compileWhere: rejections', () => {
  it('rejects fields missing from the map, including inherited names', () => {
    expect(failure(() => where({ senha: 'x' }))).toBe(
      'Filtro inválido: o campo "senha" não existe ou não pode ser filtrado.',
    );
    expect(failure(() => where({ toString: 'x' }))).toContain('"toString" não existe');
    expect(failure(() => where(JSON.parse('{"__proto__":1}')))).toContain('"__proto__" não existe');
  });

  it('rejects values of the wrong type', () => {
    expect(failure(() => where({ id: 1.5 }))).toBe('Filtro inválido: o campo "id" espera um número inteiro.');
    expect(failure(() => where({ id: { inq: [1, 'dois'] } }))).toBe(
      'Filtro inválido: o campo "id" espera um número inteiro.',
    );
    expect(failure(() => where({ valor: 'dez' }))).toBe('Filtro inválido: o campo "valor" espera um número.');
    expect(failure(() => where({ ativo: 2 }))).toBe('Filtro inválido: o campo "ativo" espera true ou false.');
    expect(failure(() => where({ ativo: 'sim' }))).toBe(
      'Filtro inválido: o campo "ativo" espera true ou false.',
    );
    expect(failure(() => where({ nome: true }))).toBe('Filtro inválido: o campo "nome" espera um texto.');
    expect(failure(() => where({ dataVencimento: '2023-02-29' }))).toBe(
      'Filtro inválido: o campo "dataVencimento" espera uma data no formato AAAA-MM-DD.',
    );
    expect(failure(() => where({ dataVencimento: '31/01/2024' }))).toContain('AAAA-MM-DD');
    expect(failure(() => where({ criadoEm: { gt: '2024-01-31T25:00:00Z' } }))).toBe(
      'Filtro inválido: o campo "criadoEm" espera uma data e hora ISO 8601 (ex.: 2024-01-31T12:00:00Z).',
    );
    expect(failure(() => where({ extras: { eq: 'x' } }))).toBe(
      'Filtro inválido: o campo "extras" (json) só pode ser comparado com null.',
    );
  });

  it('rejects like on non-text fields and null in comparisons', () => {
    expect(failure(() => where({ id: { like: '1%' } }))).toBe(
      'Filtro inválido: o operador "like" só pode ser usado em campos de texto (campo "id").',
    );
    expect(failure(() => where({ valor: { between: [1, null] } as unknown as Where['valor'] }))).toBe(
      'Filtro inválido: o operador "between" do campo "valor" não aceita null.',
    );
  });

  it('re-checks operators and shapes of a hand-built where', () => {
    const unchecked = (w: unknown) => where(w as Where);
    expect(failure(() => unchecked({ nome: { regex: '^A' } }))).toContain(
      'o operador "regex" não é suportado',
    );
    expect(failure(() => unchecked({ valor: { regexp: '^1' } }))).toContain(
      'só pode ser usado em campos de texto',
    );
    expect(failure(() => unchecked({ nome: { regexp: '(a)\\1' } }))).toContain('referências a grupos');
    expect(failure(() => unchecked({ id: { inq: 1 } }))).toContain('espera uma lista');
    expect(failure(() => unchecked({ id: { between: [1, 2, 3] } }))).toContain('exatamente 2 valores');
    expect(failure(() => unchecked({ id: [1, 2] }))).toContain('não pode ser uma lista');
    expect(failure(() => unchecked({ or: { id: 1 } }))).toContain('"or" deve ser uma lista');
    expect(failure(() => unchecked({ id: {} }))).toContain('objeto de operadores vazio');
  });
});

describe('compileFilter', () => {
  it('compiles a representative parsed filter', () => {
    const filter = parseFilter(
      '{"where":{"ativo":true,"or":[{"nome":{"ilike":"%ana%"}},{"valor":{"between":[10,20]}}]},' +
        '"order":["dataVencimento DESC","nome"],"limit":25,"skip":50,"fields":["id","nome","dataVencimento"]}',
    );
    expect(compileFilter(filter, fields)).toEqual({
      where: '"ativo" = $1 AND ("nome" ILIKE $2 OR "valor" BETWEEN $3 AND $4)',
      orderBy: 'ORDER BY "data_vencimento" DESC, "nome" ASC, "id" ASC',
      limit: 25,
      offset: 50,
      columns: ['"id"', '"nome"', '"data_vencimento"'],
      params: [true, '%ana%', 10, 20],
      keyset: null,
    });
  });

  it('orders by id only, with no limit or projection, for an empty filter', () => {
    expect(compileFilter({}, fields)).toEqual({
      where: 'TRUE',
      orderBy: 'ORDER BY "id" ASC',
      limit: null,
      offset: null,
      columns: null,
      params: [],
      keyset: null,
    });
  });

  it('uses defaultOrder and defaultLimit only when the filter has none', () => {
    const options = { defaultOrder: 'nome ASC, criadoEm DESC', defaultLimit: 100 };
    expect(compileFilter({}, fields, options)).toMatchObject({
      orderBy: 'ORDER BY "nome" ASC, "criado_em" DESC, "id" ASC',
      limit: 100,
    });
    expect(compileFilter({ order: ['id DESC'], limit: 5 }, fields, options)).toMatchObject({
      orderBy: 'ORDER BY "id" DESC',
      limit: 5,
    });
  });

  it('skips the id tiebreak when the map has no id, and drops repeated order fields', () => {
    const { id: _id, ...noId } = fields;
    expect(compileFilter({}, noId).orderBy).toBe('');
    expect(compileFilter({ order: ['nome DESC'] }, noId).orderBy).toBe('ORDER BY "nome" DESC');
    expect(compileFilter({ order: ['nome DESC', 'nome ASC'] }, fields).orderBy).toBe(
      'ORDER BY "nome" DESC, "id" ASC',
    );
  });

  it('reads offset when skip is absent', () => {
    expect(compileFilter({ offset: 10 }, fields).offset).toBe(10);
    expect(compileFilter({ skip: 0, offset: 10 }, fields).offset).toBe(0);
  });

  it('prepends caller params', () => {
    const result = compileFilter({ where: { nome: 'Ana' } }, fields, { params: ['empresa-1'] });
    expect(result.where).toBe('"nome" = $2');
    expect(result.params).toEqual(['empresa-1', 'Ana']);
  });

  it('projects fields given as a true/false map', () => {
    expect(compileFilter({ fields: { id: true, nome: true, valor: false } }, fields).columns).toEqual([
      '"id"',
      '"nome"',
    ]);
    expect(compileFilter({ fields: { extras: false, observacao: false } }, fields).columns).toEqual([
      '"id"',
      '"nome"',
      '"valor"',
      '"ativo"',
      '"data_vencimento"',
      '"criado_em"',
    ]);
    expect(compileFilter({ fields: [] }, fields).columns).toBeNull();
  });
});

describe('compileFilter: rejections', () => {
  const reject = (filter: LoopBackFilter) => failure(() => compileFilter(filter, fields));

  it('rejects unknown order fields, json ordering and bad directions', () => {
    expect(reject({ order: ['senha ASC'] })).toBe(
      'Filtro inválido: o campo "senha" não existe ou não pode ser usado na ordenação.',
    );
    expect(reject({ order: ['extras ASC'] })).toBe(
      'Filtro inválido: o campo "extras" não pode ser usado na ordenação.',
    );
    expect(reject({ order: ['nome; DROP TABLE x'] })).toContain('order deve ser');
    expect(reject({ order: ['constructor ASC'] })).toContain('"constructor" não existe');
  });

  it('rejects unknown fields in the projection and excluding everything', () => {
    expect(reject({ fields: ['senha'] })).toBe(
      'Filtro inválido: o campo "senha" não existe ou não pode ser selecionado.',
    );
    expect(reject({ fields: { senha: false } })).toContain('"senha" não existe');
    const only: FieldMap = { nome: { column: 'nome', type: 'string' } };
    expect(failure(() => compileFilter({ fields: { nome: false } }, only))).toBe(
      'Filtro inválido: fields não pode excluir todos os campos.',
    );
  });

  it('rejects bad limit and offset in a hand-built filter', () => {
    expect(reject({ limit: 0 })).toBe('Filtro inválido: limit deve ser um inteiro maior ou igual a 1.');
    expect(reject({ skip: -1 })).toBe('Filtro inválido: skip deve ser um inteiro maior ou igual a 0.');
    expect(reject({ offset: 1.5 })).toBe('Filtro inválido: offset deve ser um inteiro maior ou igual a 0.');
  });

  it('rejects a field missing from the map inside a nested or', () => {
    expect(reject({ where: { or: [{ nome: 'a' }, { and: [{ senhaHash: 'x' }] }] } })).toBe(
      'Filtro inválido: o campo "senhaHash" não existe ou não pode ser filtrado.',
    );
  });
});
