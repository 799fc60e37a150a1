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

describe('requestValues of a price-change rule', () => {
  const parameters = {
    dropHidden: true,
    rules: {
      percentual: {
        effect: 'SHOW' as const,
        condition: { scope: '#/properties/modo', schema: { enum: ['aumentarPercentual'] } },
      },
      valor: {
        effect: 'HIDE' as const,
        condition: { scope: '#/properties/modo', schema: { enum: ['aumentarPercentual'] } },
      },
    },
    expand: {
      modo: {
        aumentarPercentual: { tipo: 'percentual', operacao: 'aumentar' },
        definirValor: { tipo: 'valor', operacao: 'definir' },
      },
    },
    sendAs: { percentual: 'quantidade', valor: 'quantidade' },
    nest: { regra: ['tipo', 'operacao', 'quantidade'] },
  };

  it('sends the shown amount as quantidade and the chosen mode as tipo and operacao', () => {
    expect(requestValues(parameters, { modo: 'aumentarPercentual', percentual: 10, valor: 2.5 })).toEqual({
      regra: { tipo: 'percentual', operacao: 'aumentar', quantidade: 10 },
    });
    expect(requestValues(parameters, { modo: 'definirValor', percentual: 10, valor: 2.5 })).toEqual({
      regra: { tipo: 'valor', operacao: 'definir', quantidade: 2.5 },
    });
  });

  it('keeps hidden parameters unless dropHidden says otherwise', () => {
    const { dropHidden: _, ...keeping } = parameters;
    expect(requestValues({ ...keeping, nest: {} }, { modo: 'x', percentual: 10 })).toEqual({
      quantidade: 10,
    });
  });
});
