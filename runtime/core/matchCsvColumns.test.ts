import { describe, expect, it } from 'vitest';
import { matchCsvColumns, normalizeHeader } from './matchCsvColumns.ts';

const fields = [
  { campo: 'descricao', label: 'Descrição', aliases: ['nome', 'produto'] },
  { campo: 'codigo', label: 'Código (SKU)' },
  { campo: 'precoVenda', label: 'Preço de venda', aliases: ['preço'] },
];

describe('matchCsvColumns', () => {
  it('matches by name, label, label without parentheses and alias, ignoring accents and case', () => {
    expect(normalizeHeader(' Preço de Venda ')).toBe('precodevenda');
    expect(matchCsvColumns(['CODIGO', 'Nome', 'preco de venda', 'Estoque'], fields)).toEqual([
      'codigo',
      'descricao',
      'precoVenda',
      null,
    ]);
    expect(matchCsvColumns(['Código (SKU)', 'precoVenda'], fields)).toEqual(['codigo', 'precoVenda']);
  });

  it('uses each field once', () => {
    expect(matchCsvColumns(['Descrição', 'Produto'], fields)).toEqual(['descricao', null]);
  });
});
