import { describe, expect, it } from 'vitest';
import { boundIntegers, jsonDepth, MAX_ID } from './requestInput.ts';

describe('boundIntegers', () => {
  it('bounds every integer without a bound, nested or behind a shared-schema $ref, and keeps declared bounds', () => {
    const shared = { type: 'object', properties: { usuarioId: { type: 'integer', minimum: 1 } } };
    const body = {
      type: 'object',
      properties: {
        filialId: { type: 'integer', minimum: 1 },
        nota: { type: 'integer', minimum: 0, maximum: 10 },
        ids: { type: 'array', items: { type: ['integer', 'null'] } },
        alvo: { anyOf: [{ $ref: 'Alvo#' }, { type: 'string' }] },
        valor: { type: 'number' },
      },
    };
    boundIntegers(body, (id) => (id === 'Alvo' ? shared : undefined));
    expect(body.properties.filialId).toEqual({ type: 'integer', minimum: 1, maximum: MAX_ID });
    expect(body.properties.nota).toEqual({ type: 'integer', minimum: 0, maximum: 10 });
    expect(body.properties.ids.items).toEqual({
      type: ['integer', 'null'],
      minimum: -MAX_ID,
      maximum: MAX_ID,
    });
    expect(shared.properties.usuarioId).toEqual({ type: 'integer', minimum: 1, maximum: MAX_ID });
    expect(body.properties.valor).toEqual({ type: 'number' });
    expect(MAX_ID).toBeLessThan(2 ** 63);
  });
});

describe('jsonDepth', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonDepth('{"a":"[[[[{{{{\\"[["}')).toBe(1);
    expect(jsonDepth('1')).toBe(0);
  });

  it('stops as soon as the limit is passed', () => {
    expect(jsonDepth('['.repeat(1_000_000), 64)).toBe(65);
  });
});
