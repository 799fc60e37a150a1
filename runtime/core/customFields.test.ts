import { describe, expect, it } from 'vitest';
import {
  customEnums,
  customFieldAsEntityField,
  customFieldName,
  customFieldNameFromLabel,
  customFieldSql,
  flattenCustomValues,
  foldCustomValues,
  withCustomFormFields,
} from './customFields.ts';

describe('custom fields', () => {
  it('names: only custom.<camelCase> paths are custom fields', () => {
    expect(customFieldName('custom.codigoInterno')).toBe('codigoInterno');
    expect(customFieldName('custom.codigo-interno')).toBeNull();
    expect(customFieldName("custom.x'; drop table produto --")).toBeNull();
    expect(customFieldName('cliente.nome')).toBeNull();
  });

  it('suggests an internal name from a Portuguese label', () => {
    expect(customFieldNameFromLabel('Código interno')).toBe('codigoInterno');
    expect(customFieldNameFromLabel('  Garantia (meses) ')).toBe('garantiaMeses');
    expect(customFieldNameFromLabel('2ª via do boleto')).toBe('viaDoBoleto');
    expect(customFieldNameFromLabel('Ação')).toBe('acao');
  });

  it('reads a typed value that never fails on a value of another type', () => {
    expect(customFieldSql('garantia', 'integer')).toBe(
      `(CASE WHEN jsonb_typeof("custom"->'garantia') = 'number' THEN ("custom"->>'garantia')::numeric END)`,
    );
    expect(customFieldSql('importado', 'boolean', 't."custom"')).toBe(
      `(CASE WHEN jsonb_typeof(t."custom"->'importado') = 'boolean' THEN (t."custom"->>'importado')::boolean END)`,
    );
    expect(() => customFieldSql("x'y", 'string')).toThrow(/inválido/);
  });

  it('turns lists into synthetic enumerations and relations into ids', () => {
    const list = { type: 'enum' as const, label: 'Linha', options: [{ value: 'casa', label: 'Casa' }] };
    expect(customFieldAsEntityField('produto', 'linha', list)).toEqual({
      type: 'enum',
      label: 'Linha',
      enum: 'custom:produto.linha',
    });
    expect(customEnums('produto', { linha: list })).toEqual({
      'custom:produto.linha': {
        name: 'custom:produto.linha',
        label: 'Linha',
        codeType: 'string',
        values: [{ code: 'casa', label: 'Casa' }],
      },
    });
    expect(
      customFieldAsEntityField('produto', 'dono', {
        type: 'relation',
        label: 'Dono',
        relation: { entity: 'pessoa' },
      }),
    ).toEqual({ type: 'relation', label: 'Dono', relation: { entity: 'pessoa' } });
  });

  it('flattens a record for a form and folds the form back, null included', () => {
    const record = { id: 1, descricao: 'A', custom: { codigoInterno: 'AB-1', garantia: 3 } };
    const flat = flattenCustomValues(record);
    expect(flat).toEqual({ id: 1, descricao: 'A', custom_codigoInterno: 'AB-1', custom_garantia: 3 });
    expect(foldCustomValues({ ...flat, custom_garantia: null })).toEqual({
      id: 1,
      descricao: 'A',
      custom: { codigoInterno: 'AB-1', garantia: null },
    });
    expect(foldCustomValues({ descricao: 'B' })).toEqual({ descricao: 'B' });
  });

  it('gives a flat form one ordinary field per custom field', () => {
    const entity = {
      name: 'produto',
      fields: { descricao: { type: 'string' as const, label: 'Descrição' } },
      customFields: { codigoInterno: { type: 'string' as const, label: 'Código interno', maxLength: 20 } },
    };
    const flat = withCustomFormFields(entity);
    expect(flat.customFields).toEqual({});
    expect((flat.fields as Record<string, unknown>).custom_codigoInterno).toEqual({
      type: 'string',
      label: 'Código interno',
      maxLength: 20,
    });
  });
});
