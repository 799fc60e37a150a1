import { describe, expect, it } from 'vitest';
import { applyRule, conditionHolds, evaluateFormula, scopePath } from './evaluateRule.ts';

describe('scopePath', () => {
  it('turns a JSON Forms scope into a data path', () => {
    expect(scopePath('#/properties/tipo')).toEqual(['tipo']);
    expect(scopePath('#/properties/a/properties/b')).toEqual(['a', 'b']);
    expect(scopePath('#')).toEqual([]);
  });
});

describe('applyRule', () => {
  const isTodos = { scope: '#/properties/tipo', schema: { const: 'todos' } };
  it('hides and shows by the condition on the form data', () => {
    expect(applyRule({ effect: 'HIDE', condition: isTodos }, { tipo: 'todos' })).toEqual({
      visible: false,
      enabled: true,
    });
    expect(applyRule({ effect: 'HIDE', condition: isTodos }, { tipo: 'um' })).toEqual({
      visible: true,
      enabled: true,
    });
    expect(applyRule({ effect: 'SHOW', condition: isTodos }, { tipo: 'um' }).visible).toBe(false);
    expect(applyRule({ effect: 'SHOW', condition: isTodos }, { tipo: 'todos' }).visible).toBe(true);
  });
  it('enables and disables', () => {
    expect(applyRule({ effect: 'DISABLE', condition: isTodos }, { tipo: 'todos' }).enabled).toBe(false);
    expect(applyRule({ effect: 'ENABLE', condition: isTodos }, { tipo: 'todos' }).enabled).toBe(true);
    expect(applyRule({ effect: 'ENABLE', condition: isTodos }, { tipo: 'x' }).enabled).toBe(false);
  });
  it('leaves an element without rule visible and enabled', () => {
    expect(applyRule(undefined, {})).toEqual({ visible: true, enabled: true });
  });
});

describe('conditionHolds', () => {
  it('validates with JSON Schema keywords and the project formats', () => {
    expect(conditionHolds({ scope: '#/properties/n', schema: { minimum: 10 } }, { n: 12 })).toBe(true);
    expect(conditionHolds({ scope: '#/properties/n', schema: { minimum: 10 } }, { n: 9 })).toBe(false);
    const cnpj = { scope: '#/properties/doc', schema: { type: 'string', format: 'cnpj' } };
    expect(conditionHolds(cnpj, { doc: '11.222.333/0001-81' })).toBe(true);
    expect(conditionHolds(cnpj, { doc: '11.222.333/0001-82' })).toBe(false);
  });
  it('treats a missing value as passing unless failWhenUndefined', () => {
    const notEmpty = { scope: '#/properties/x', schema: { not: { const: '' } } };
    expect(conditionHolds(notEmpty, {})).toBe(true);
    expect(conditionHolds({ ...notEmpty, failWhenUndefined: true }, {})).toBe(false);
  });
});

describe('evaluateFormula', () => {
  const situacao = {
    if: { scope: '#/properties/cancelada', schema: { const: true } },
    // biome-ignore lint/suspicious/noThenProperty: the declared formula shape (JSON Schema style if/then/else)
    then: 'Cancelada',
    else: { field: 'status.nome' },
  };
  it('chooses a branch by a condition on the row, reading fields by dotted path', () => {
    expect(evaluateFormula(situacao, { cancelada: true, status: { nome: 'Autorizada' } })).toBe('Cancelada');
    expect(evaluateFormula(situacao, { cancelada: false, status: { nome: 'Autorizada' } })).toBe(
      'Autorizada',
    );
  });
  it('gives an empty text when no else branch applies and a fixed text as is', () => {
    // biome-ignore lint/suspicious/noThenProperty: declared formula shape
    const noElse = { if: situacao.if, then: 'x' };
    expect(evaluateFormula(noElse, { cancelada: false })).toBe('');
    expect(evaluateFormula('fixo', {})).toBe('fixo');
  });
});
