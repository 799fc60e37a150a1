import { describe, expect, it } from 'vitest';
import { defaultTokenValue, resolveDefaultTokens } from './resolveDefaultTokens.ts';

describe('resolveDefaultTokens', () => {
  it('gives the previous month, its first and last day, across a year boundary and a leap February', () => {
    const january = new Date(2024, 0, 15);
    expect(defaultTokenValue('$mesAnterior', january)).toBe('2023-12');
    expect(defaultTokenValue('$mesAnteriorInicio', january)).toBe('2023-12-01');
    expect(defaultTokenValue('$mesAnteriorFim', january)).toBe('2023-12-31');
    expect(defaultTokenValue('$mesAnteriorFim', new Date(2024, 2, 31))).toBe('2024-02-29');
    expect(defaultTokenValue('$hoje', new Date(2024, 2, 5))).toBe('2024-03-05');
    expect(defaultTokenValue('$mesAtualInicio', new Date(2024, 2, 5))).toBe('2024-03-01');
    expect(defaultTokenValue('$mesAtualFim', new Date(2024, 1, 5))).toBe('2024-02-29');
    expect(defaultTokenValue('$hojeMais90', new Date(2024, 11, 15))).toBe('2025-03-15');
  });

  it('replaces token defaults in nested properties, keeps others and drops unknown tokens', () => {
    const schema = {
      type: 'object',
      properties: {
        periodo: { type: 'string', default: '$mesAnterior' },
        perfil: { type: 'string', default: 'A' },
        outro: { type: 'string', default: '$desconhecido' },
      },
    };
    const resolved = resolveDefaultTokens(schema, new Date(2024, 4, 10));
    expect(resolved.properties.periodo.default).toBe('2024-04');
    expect(resolved.properties.perfil.default).toBe('A');
    expect('default' in resolved.properties.outro).toBe(false);
    expect(schema.properties.periodo.default).toBe('$mesAnterior');
  });
});
