import { describe, expect, it } from 'vitest';
import { mappedLines, nounOfRow, remap } from './csvLines.ts';

describe('csv upload lines', () => {
  const rows = [
    { linha: 2, cells: ['Sabão', 'SAB1', '12,90'] },
    { linha: 4, cells: ['Água'] },
  ];
  it('sends the mapped columns only, a missing cell as an empty text, with the file line', () => {
    expect(mappedLines(rows, ['descricao', null, 'precoVenda'])).toEqual([
      { linha: 2, valores: { descricao: 'Sabão', precoVenda: '12,90' } },
      { linha: 4, valores: { descricao: 'Água', precoVenda: '' } },
    ]);
  });
  it('moves a field to the column it is chosen for, leaving the one that had it', () => {
    expect(remap(['descricao', 'codigo', null], 2, 'codigo')).toEqual(['descricao', null, 'codigo']);
    expect(remap(['descricao', 'codigo'], 0, null)).toEqual([null, 'codigo']);
  });
  it('names the chosen target in lower case, feminine only for "f"', () => {
    const fields = { singular: 'label', plural: 'labelPlural', gender: 'genero' };
    expect(nounOfRow({ label: 'Categoria', labelPlural: 'Categorias', genero: 'f' }, fields)).toEqual({
      singular: 'categoria',
      plural: 'categorias',
      gender: 'f',
    });
    expect(nounOfRow({ label: 'Cliente', labelPlural: 'Clientes' }, fields).gender).toBe('m');
  });
});
