import { describe, expect, it } from 'vitest';
import { categoryText, formatChange, formatFigure } from './formatFigure.ts';

describe('formatFigure', () => {
  it('writes money, numbers and percentages the Brazilian way', () => {
    expect(formatFigure(1234.5, 'moeda')).toBe('R$ 1.234,50');
    expect(formatFigure(12345, 'número')).toBe('12.345');
    expect(formatFigure(12.345, 'percentual')).toBe('12,3%');
    expect(formatFigure(null, 'moeda')).toBe('—');
    expect(formatChange(25)).toBe('+25,0%');
    expect(formatChange(-3.25)).toBe('−3,3%');
    expect(formatChange(0)).toBe('0,0%');
  });
});

describe('categoryText', () => {
  it('labels a chart category by its declared format', () => {
    expect(categoryText('2031-04-03', 'dia')).toBe('03');
    expect(categoryText('2031-04', 'mês')).toBe('04/2031');
    expect(categoryText('Bebidas', 'texto')).toBe('Bebidas');
    expect(categoryText(null, undefined)).toBe('');
  });
});
