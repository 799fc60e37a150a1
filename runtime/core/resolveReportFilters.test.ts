import { describe, expect, it } from 'vitest';
import { ReportFilterError, resolveReportFilters } from './resolveReportFilters.ts';

const enums = {
  tipoLancamento: {
    name: 'tipoLancamento',
    label: 'Tipo',
    codeType: 'integer' as const,
    values: [
      { code: 1, label: 'Receita' },
      { code: 2, label: 'Despesa' },
    ],
  },
};
const definition = {
  filters: {
    de: {
      label: 'Vencimento de',
      field: 'dataVencimento',
      op: 'gte' as const,
      type: 'date' as const,
      required: true,
    },
    tipo: { label: 'Tipo', field: 'tipo', op: 'inq' as const, type: 'enum' as const, enum: 'tipoLancamento' },
    texto: { label: 'Descrição', field: 'descricao', op: 'ilike' as const },
    ativo: { label: 'Ativo', field: 'ativo', op: 'eq' as const, type: 'boolean' as const },
  },
};

describe('resolveReportFilters', () => {
  it('builds the where and the header texts of the filled filters', () => {
    expect(
      resolveReportFilters(
        definition,
        { de: '2025-01-31', tipo: [2, 1], texto: '50%_off', ativo: false },
        enums,
      ),
    ).toEqual({
      where: {
        and: [
          { dataVencimento: { gte: '2025-01-31' } },
          { tipo: { inq: [2, 1] } },
          { descricao: { ilike: '%50\\%\\_off%' } },
          { ativo: false },
        ],
      },
      applied: [
        { label: 'Vencimento de', value: '31/01/2025' },
        { label: 'Tipo', value: 'Despesa, Receita' },
        { label: 'Descrição', value: '50%_off' },
        { label: 'Ativo', value: 'Não' },
      ],
    });
  });

  it('names the filter in every refusal', () => {
    const fail = (filtros: unknown) => () => resolveReportFilters(definition, filtros, enums);
    expect(fail({})).toThrow(new ReportFilterError('Informe o filtro "Vencimento de".'));
    expect(fail({ de: '2025-02-30' })).toThrow('O filtro "Vencimento de" deve ser uma data válida');
    expect(fail({ de: '2025-01-01', tipo: [3] })).toThrow('O filtro "Tipo" recebeu um valor que não existe');
    expect(fail({ de: '2025-01-01', ativo: 'sim' })).toThrow('O filtro "Ativo" deve ser Sim ou Não');
    expect(fail({ de: '2025-01-01', outro: 1 })).toThrow('O filtro "outro" não existe neste relatório');
    expect(fail([])).toThrow('Os filtros do relatório devem ser um objeto.');
  });
});
