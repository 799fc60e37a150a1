import { describe, expect, it } from 'vitest';
import { requestValues } from './requestValues.ts';

describe('requestValues', () => {
  it('moves the nested parameters into their body object and keeps the rest flat', () => {
    const values = { tipo: 'fixo', separador: ';', categoriaId: 3, incluirEstoque: false };
    expect(
      requestValues({ nest: { layout: ['tipo', 'separador', 'incluirEstoque', 'ausente'] } }, values),
    ).toEqual({
      categoriaId: 3,
      layout: { tipo: 'fixo', separador: ';', incluirEstoque: false },
    });
    expect(requestValues({}, values)).toEqual(values);
  });
});
