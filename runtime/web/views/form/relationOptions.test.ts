import { describe, expect, it } from 'vitest';
import { displayCondition } from '../../registry/widgets/useRecordSearch.ts';
import { relationOptions } from './relationOptions.ts';

describe('relation picker search', () => {
  it('marks a numeric display field, whatever field the relation shows', () => {
    const nota = { resource: 'NotasEntrada', display: 'numero', numeric: ['numero', 'valorTotal'] };
    expect(relationOptions(nota)).toEqual({
      resource: 'NotasEntrada',
      display: 'numero',
      numericDisplay: true,
    });
    expect(relationOptions(nota, 'chave')).toEqual({ resource: 'NotasEntrada', display: 'chave' });
    expect(relationOptions({ resource: 'Clientes', display: 'nome' })).toEqual({
      resource: 'Clientes',
      display: 'nome',
    });
  });

  it('searches text by contains and a number by its value; other text on a number finds nothing', () => {
    expect(displayCondition('  ', true)).toBeUndefined();
    expect(displayCondition(' ana ', false)).toEqual({ ilike: '%ana%' });
    expect(displayCondition('7710', false)).toEqual({ ilike: '%7710%' });
    expect(displayCondition(' 7710 ', true)).toBe(7710);
    expect(displayCondition('1.287', true)).toBe(1287);
    expect(displayCondition('NF 77', true)).toBeNull();
  });
});
