import { describe, expect, it } from 'vitest';
import { toOpenApi30Schema } from './toOpenApi30Schema.ts';

describe('toOpenApi30Schema', () => {
  it('turns numeric exclusive bounds into the 3.0 boolean form', () => {
    expect(toOpenApi30Schema({ type: 'number', exclusiveMinimum: -10, exclusiveMaximum: 1e13 })).toEqual({
      type: 'number',
      minimum: -10,
      exclusiveMinimum: true,
      maximum: 1e13,
      exclusiveMaximum: true,
    });
  });

  it('keeps the stricter bound when both forms are given', () => {
    expect(toOpenApi30Schema({ type: 'number', maximum: 5, exclusiveMaximum: 10 })).toEqual({
      type: 'number',
      maximum: 5,
    });
    expect(toOpenApi30Schema({ type: 'number', maximum: 10, exclusiveMaximum: 10 })).toEqual({
      type: 'number',
      maximum: 10,
      exclusiveMaximum: true,
    });
    expect(toOpenApi30Schema({ type: 'number', minimum: 0, exclusiveMinimum: -1 })).toEqual({
      type: 'number',
      minimum: 0,
    });
  });

  it('writes const as enum, examples as example and type lists as nullable or anyOf', () => {
    expect(toOpenApi30Schema({ const: 'a', examples: ['a', 'b'] })).toEqual({ enum: ['a'], example: 'a' });
    expect(toOpenApi30Schema({ type: ['string', 'null'], enum: ['x'] })).toEqual({
      type: 'string',
      nullable: true,
      enum: ['x', null],
    });
    expect(toOpenApi30Schema({ type: ['string', 'integer'] })).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
    });
  });

  it('converts nested schemas, drops keywords 3.0 lacks and leaves $ref alone', () => {
    const input = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      if: { required: ['a'] },
      else: { required: ['b'] },
      properties: {
        valor: { type: 'number', exclusiveMaximum: 100 },
        itens: {
          type: 'array',
          items: { oneOf: [{ const: 1 }, { $ref: '#/components/schemas/X', title: 't' }] },
        },
        tupla: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] },
      },
      additionalProperties: { not: { const: 0 } },
    };
    const copy = structuredClone(input);
    expect(toOpenApi30Schema(input)).toEqual({
      type: 'object',
      properties: {
        valor: { type: 'number', maximum: 100, exclusiveMaximum: true },
        itens: { type: 'array', items: { oneOf: [{ enum: [1] }, { $ref: '#/components/schemas/X' }] } },
        tupla: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
      },
      additionalProperties: { not: { enum: [0] } },
    });
    expect(input).toEqual(copy);
  });
});
