import { describe, expect, it } from 'vitest';
import { isInfoError } from './isInfoError.ts';

describe('isInfoError', () => {
  it('is true when the message contains Já existe', () => {
    expect(isInfoError({ error: { message: 'Já existe um cliente com este CPF' } })).toBe(true);
    expect(isInfoError(new Error('Produto Já existe'))).toBe(true);
  });

  it('is true for status 409 in e.status', () => {
    expect(isInfoError({ status: 409, message: 'Conflito' })).toBe(true);
  });

  it('is true for status 409 in e.statusCode, also as a string', () => {
    expect(isInfoError({ statusCode: 409 })).toBe(true);
    expect(isInfoError({ statusCode: '409' })).toBe(true);
  });

  it('is true for status 409 in e.error.statusCode', () => {
    expect(isInfoError({ error: { statusCode: 409, message: 'Conflito' } })).toBe(true);
  });

  it('is false for other statuses and messages', () => {
    expect(isInfoError({ status: 400, error: { statusCode: 422, message: 'Valor inválido' } })).toBe(false);
    expect(isInfoError(new Error('já existe'))).toBe(false); // the spec's text is case-sensitive
    expect(isInfoError(undefined)).toBe(false);
  });
});
