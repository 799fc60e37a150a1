import { describe, expect, it } from 'vitest';
import { resolveEntity } from '../../../core/resolveEntity.ts';
import { readSchemaFiles } from '../../schemas/readSchemaFiles.ts';
import { translatePgError } from './translatePgError.ts';

const { files } = await readSchemaFiles();
const schemas = files as Record<string, unknown>;
const pgError = (fields: Record<string, string>) => Object.assign(new Error(fields.message ?? 'pg'), fields);

describe('translatePgError', () => {
  it('23502 → 422 naming the field by its label (table and column from PostgreSQL)', () => {
    const error = translatePgError(pgError({ code: '23502', table: 'filial', column: 'nome' }), { schemas });
    expect(error).toMatchObject({
      statusCode: 422,
      code: 'CAMPO_OBRIGATORIO',
      message: 'Dados inválidos — Razão social: preenchimento obrigatório.',
      details: { fields: [{ campo: 'nome', mensagem: 'Razão social: preenchimento obrigatório' }] },
    });
  });

  it('23505 → 409 naming the indexed fields, tenant columns left out', () => {
    const detail = 'Key (empresa_id, nome)=(1, Vendas) already exists.';
    const error = translatePgError(pgError({ code: '23505', table: 'perfil', detail }), { schemas });
    expect(error).toMatchObject({ statusCode: 409, code: 'REGISTRO_DUPLICADO' });
    expect(error?.details).toEqual({
      fields: [{ campo: 'nome', mensagem: 'Nome: já existe um registro com este valor' }],
    });
  });

  it('23505 on a singleton index → 409 saying the record exists', () => {
    const entity = resolveEntity('configuracaoNfe', schemas);
    const error = translatePgError(
      pgError({ code: '23505', table: entity.table, constraint: `idx_${entity.table}_singleton` }),
      { entity },
    );
    expect(error).toMatchObject({ statusCode: 409, code: 'REGISTRO_UNICO' });
    expect(error?.message).toContain(entity.label);
  });

  it('23503: a missing related record on write (400) and a record in use on delete (409)', () => {
    const write = translatePgError(
      pgError({
        code: '23503',
        table: 'usuario',
        detail: 'Key (perfil_id)=(99) is not present in table "perfil".',
      }),
      { schemas },
    );
    expect(write).toMatchObject({ statusCode: 400, code: 'REGISTRO_RELACIONADO_INEXISTENTE' });
    const remove = translatePgError(
      pgError({
        code: '23503',
        table: 'perfil',
        detail: 'Key (id)=(3) is still referenced from table "usuario".',
      }),
      { schemas },
    );
    expect(remove).toMatchObject({ statusCode: 409, code: 'REGISTRO_EM_USO' });
  });

  it('data exceptions and stack depth → 400 in pt-BR', () => {
    const cases: Array<[string, string, string]> = [
      ['22003', 'value "9223372036854775808" is out of range for type bigint', 'VALOR_FORA_DO_INTERVALO'],
      ['22P02', 'invalid input syntax for type integer: "abc"', 'VALOR_INVALIDO'],
      ['22001', 'value too long for type character varying(60)', 'TEXTO_LONGO_DEMAIS'],
      ['22021', 'invalid byte sequence for encoding "UTF8": 0x00', 'TEXTO_INVALIDO'],
      ['54001', 'stack depth limit exceeded', 'CONSULTA_COMPLEXA'],
    ];
    for (const [code, message, expected] of cases) {
      const error = translatePgError(pgError({ code, message }), {});
      expect(error, code).toMatchObject({ statusCode: 400, code: expected });
      expect(error?.message, code).not.toContain(message);
    }
    expect(
      translatePgError(pgError({ code: '22001', message: 'value too long for type character varying(60)' }))
        ?.message,
    ).toBe('Texto longo demais: no máximo 60 caracteres.');
  });

  it('leaves other errors alone (a real 500 stays one)', () => {
    expect(translatePgError(new Error('boom'))).toBeUndefined();
    expect(translatePgError(pgError({ code: '08006' }))).toBeUndefined();
    expect(translatePgError(pgError({ code: '42P01' }))).toBeUndefined();
  });
});
