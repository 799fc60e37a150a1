import { describe, expect, it } from 'vitest';
import type { EnumDefinition } from '../../../core/resolveEntity.ts';
import type { ReportDefinition } from './reportDefinitions.ts';
import { reportFilterForm, toFiltros } from './reportFilterForm.ts';

const enums: Record<string, EnumDefinition> = {
  situacao: {
    name: 'situacao',
    label: 'Situação',
    codeType: 'integer',
    values: [
      { code: 0, label: 'Aberta' },
      { code: 1, label: 'Paga' },
    ],
  },
};

const definition: ReportDefinition = {
  name: 'contas',
  title: 'Contas',
  menu: 'financeiro',
  permission: 'RELATORIOS_FINANCEIRO',
  source: { entity: 'lancamento' },
  columns: { descricao: { label: 'Descrição' } },
  filters: {
    inicio: { label: 'Vencimento de', field: 'vencimento', op: 'gte', type: 'date', required: true },
    situacao: { label: 'Situação', field: 'situacao', op: 'eq', type: 'enum', enum: 'situacao' },
    situacoes: { label: 'Situações', field: 'situacao', op: 'inq', enum: 'situacao', required: true },
    ativo: { label: 'Ativo', field: 'ativo', op: 'eq', type: 'boolean' },
    descricao: { label: 'Descrição', field: 'descricao', op: 'ilike' },
    valor: { label: 'Valor mínimo', field: 'valor', op: 'gte', type: 'number' },
    perdida: { label: 'Sem lista', field: 'x', op: 'eq', type: 'enum', enum: 'naoExiste' },
  },
};

describe('reportFilterForm', () => {
  const form = reportFilterForm(definition, enums);
  const properties = form.schema.properties as Record<string, Record<string, unknown>>;

  it('builds one titled field per filter with the right type and widget', () => {
    expect(properties.inicio).toEqual({ title: 'Vencimento de', type: 'string', format: 'date' });
    expect(form.uiSchema.inicio).toEqual({ 'ui:widget': 'DateWidget' });
    expect(properties.situacao).toEqual({
      title: 'Situação',
      type: 'integer',
      oneOf: [
        { const: 0, title: 'Aberta' },
        { const: 1, title: 'Paga' },
      ],
    });
    expect(form.uiSchema.situacao).toEqual({ 'ui:widget': 'EnumWidget' });
    expect(properties.situacoes).toMatchObject({ type: 'array', uniqueItems: true, minItems: 1 });
    expect(properties.ativo).toMatchObject({ type: 'boolean', oneOf: [{ const: true }, { const: false }] });
    expect(properties.descricao).toEqual({ title: 'Descrição', type: 'string' });
    expect(properties.valor).toEqual({ title: 'Valor mínimo', type: 'number' });
    expect(properties.perdida).toEqual({ title: 'Sem lista', type: 'string' });
  });

  it('marks the required filters, starts multiple choices empty and lays the fields out in one section', () => {
    expect(form.schema.required).toEqual(['inicio', 'situacoes']);
    expect(form.initialData).toEqual({ situacoes: [] });
    const layout = form.uiSchema['ui:layout'] as { sections: { title: string; columns: number }[] };
    expect(layout.sections).toHaveLength(1);
    expect(layout.sections[0]).toMatchObject({ title: 'Filtros', columns: 3 });
  });
});

describe('toFiltros', () => {
  it('leaves empty values out', () => {
    expect(
      toFiltros({ a: '', b: undefined, c: null, d: [], e: 0, f: false, g: [1], h: '2025-01-01' }),
    ).toEqual({ e: 0, f: false, g: [1], h: '2025-01-01' });
    expect(toFiltros(undefined)).toEqual({});
  });
});
