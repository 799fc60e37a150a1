import { describe, expect, it } from 'vitest';
import { buildParameterSchema } from './buildParameterSchema.ts';
import type { ToolScreen } from './toolTypes.ts';

const parameters: ToolScreen['parameters'] = {
  schema: {
    type: 'object',
    properties: {
      filialId: { type: 'integer', title: 'Filial' },
      periodo: { type: 'string', title: 'Período', default: '$mesAnterior' },
      perfil: { type: 'string', title: 'Perfil', default: 'A' },
    },
  },
  enums: { perfil: 'perfilSped' },
  options: {
    filialId: { operationId: 'arquivoSpedOpcoes', items: 'filiais', value: 'id', label: ['nome'] },
  },
};

describe('buildParameterSchema', () => {
  it('resolves default tokens and turns enum and operation options into selects', () => {
    const enums = (name: string) =>
      name === 'perfilSped'
        ? [
            { code: 'A', label: 'Perfil A' },
            { code: 'B', label: 'Perfil B' },
          ]
        : [];
    const schema = buildParameterSchema(
      parameters,
      enums,
      { filialId: [{ code: 7, label: 'Matriz' }] },
      new Date(2024, 0, 20),
    );
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.periodo?.default).toBe('2023-12');
    expect(properties.perfil?.oneOf).toEqual([
      { const: 'A', title: 'Perfil A' },
      { const: 'B', title: 'Perfil B' },
    ]);
    expect(properties.filialId?.oneOf).toEqual([{ const: 7, title: 'Matriz' }]);
    expect(parameters.schema.properties.periodo).toMatchObject({ default: '$mesAnterior' });
  });

  it('makes a parameter read-only when its option list came back empty', () => {
    const schema = buildParameterSchema(parameters, () => [], { filialId: [] });
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(properties.filialId).toMatchObject({ readOnly: true });
    expect(properties.filialId?.oneOf).toBeUndefined();
  });

  it('an enumeration with codes left out and options written by a template', () => {
    const schema = buildParameterSchema(
      {
        schema: { type: 'object', properties: { uf: { type: 'string', title: 'UF' } } },
        enums: { uf: { enum: 'uf', exclude: ['EX'], template: '{code} — {label}' } },
      },
      () => [
        { code: 'SP', label: 'São Paulo' },
        { code: 'EX', label: 'Exterior' },
      ],
      {},
    );
    expect((schema.properties as Record<string, { oneOf: unknown[] }>).uf?.oneOf).toEqual([
      { const: 'SP', title: 'SP — São Paulo' },
    ]);
  });
});
