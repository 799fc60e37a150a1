import { describe, expect, it } from 'vitest';
import { countRows, rowsAt } from './countRows.ts';

describe('countRows', () => {
  const answer = { itens: [{ acao: 'baixar' }, { acao: 'jaProcessado' }, { acao: 'revisar' }] };
  it('counts the rows at a path, only those matching `where` when declared', () => {
    const processed = { scope: '#/properties/acao', schema: { const: 'jaProcessado' } };
    expect(
      countRows(
        {
          todas: { items: 'itens' },
          processadas: { items: 'itens', where: processed },
          pendentes: { items: 'itens', where: { ...processed, schema: { not: processed.schema } } },
        },
        answer,
      ),
    ).toEqual({ todas: 3, processadas: 1, pendentes: 2 });
  });
  it('gives 0 without an answer or when the path holds no array', () => {
    expect(countRows({ n: { items: 'itens' } }, null)).toEqual({ n: 0 });
    expect(countRows({ n: { items: 'itens.0' } }, answer)).toEqual({ n: 0 });
    expect(rowsAt([1, 2], '')).toEqual([1, 2]);
  });
});
