import { describe, expect, it } from 'vitest';
import type { EntityField } from '../../../core/resolveEntity.ts';
import { filterModelToWhere } from './filterModelToWhere.ts';

const fields: Record<string, EntityField> = {
  nome: { type: 'string', label: 'Nome' },
  limiteCredito: { type: 'money', label: 'Limite' },
  nascimento: { type: 'date', label: 'Nascimento' },
  criado: { type: 'datetime', label: 'Criado' },
  uf: { type: 'enum', enum: 'uf', label: 'UF' },
};

describe('filterModelToWhere', () => {
  it('maps the text filter operators to LoopBack', () => {
    const where = (type: string) =>
      filterModelToWhere({ nome: { filterType: 'text', type, filter: 'ana' } }, fields);
    expect(where('contains')).toEqual([{ nome: { ilike: '%ana%' } }]);
    expect(where('notContains')).toEqual([{ nome: { nilike: '%ana%' } }]);
    expect(where('startsWith')).toEqual([{ nome: { ilike: 'ana%' } }]);
    expect(where('endsWith')).toEqual([{ nome: { ilike: '%ana' } }]);
    expect(where('equals')).toEqual([{ nome: { eq: 'ana' } }]);
    expect(where('notEqual')).toEqual([{ nome: { neq: 'ana' } }]);
    expect(where('blank')).toEqual([{ or: [{ nome: null }, { nome: '' }] }]);
  });

  it('maps number comparisons and ranges, and joins two conditions', () => {
    expect(
      filterModelToWhere(
        { limiteCredito: { filterType: 'number', type: 'greaterThan', filter: 10 } },
        fields,
      ),
    ).toEqual([{ limiteCredito: { gt: 10 } }]);
    expect(
      filterModelToWhere(
        { limiteCredito: { filterType: 'number', type: 'inRange', filter: 1, filterTo: 5 } },
        fields,
      ),
    ).toEqual([{ limiteCredito: { between: [1, 5] } }]);
    expect(
      filterModelToWhere(
        {
          limiteCredito: {
            filterType: 'number',
            operator: 'OR',
            conditions: [
              { filterType: 'number', type: 'lessThan', filter: 1 },
              { filterType: 'number', type: 'greaterThanOrEqual', filter: 100 },
            ],
          },
        },
        fields,
      ),
    ).toEqual([{ or: [{ limiteCredito: { lt: 1 } }, { limiteCredito: { gte: 100 } }] }]);
  });

  it('compares dates by day and timestamps within the day', () => {
    expect(
      filterModelToWhere(
        { nascimento: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05 00:00:00', dateTo: null } },
        fields,
      ),
    ).toEqual([{ nascimento: { eq: '2024-03-05' } }]);
    const [timestamp] = filterModelToWhere(
      { criado: { filterType: 'date', type: 'equals', dateFrom: '2024-03-05 00:00:00', dateTo: null } },
      fields,
    );
    expect(timestamp).toEqual({
      and: [
        { criado: { gte: new Date(2024, 2, 5).toISOString() } },
        { criado: { lt: new Date(2024, 2, 6).toISOString() } },
      ],
    });
  });

  it('turns the option filter into eq or inq and skips incomplete conditions', () => {
    expect(filterModelToWhere({ uf: { filterType: 'options', values: ['SP'] } }, fields)).toEqual([
      { uf: 'SP' },
    ]);
    expect(filterModelToWhere({ uf: { filterType: 'options', values: ['SP', 'RJ'] } }, fields)).toEqual([
      { uf: { inq: ['SP', 'RJ'] } },
    ]);
    expect(
      filterModelToWhere({ nome: { filterType: 'text', type: 'contains', filter: '' } }, fields),
    ).toEqual([]);
    expect(filterModelToWhere(null, fields)).toEqual([]);
  });
});
