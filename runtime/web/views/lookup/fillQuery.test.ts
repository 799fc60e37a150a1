import { describe, expect, it } from 'vitest';
import { fillQuery } from './fillQuery.ts';

describe('fillQuery', () => {
  it('sends an object as JSON with its sole placeholders typed, and fills texts', () => {
    const query = {
      filter: { where: { configWhiteLabel: '{config.id}' }, order: 'nome ASC' },
      titulo: 'Planos de {config.titulo}',
      limite: 10,
    };
    expect(fillQuery(query, { config: { id: 7, titulo: 'Verde' } })).toEqual({
      filter: '{"where":{"configWhiteLabel":7},"order":"nome ASC"}',
      titulo: 'Planos de Verde',
      limite: 10,
    });
  });

  it('gives nothing without a query, and an empty text for a missing value', () => {
    expect(fillQuery(undefined, {})).toEqual({});
    expect(fillQuery({ busca: 'x{config.nada}' }, { config: {} })).toEqual({ busca: 'x' });
  });
});
