import { describe, expect, it } from 'vitest';
import { applyParameterRules, visibleHelp } from './applyParameterRules.ts';

const semProduto = { scope: '#/properties/todos', schema: { const: true } };

describe('applyParameterRules', () => {
  it('hides and disables parameters by their rules, keeping the declared uiSchema', () => {
    const parameters = {
      uiSchema: { produto: { 'ui:placeholder': 'Código' } },
      rules: {
        produto: { effect: 'HIDE' as const, condition: semProduto },
        grupo: { effect: 'DISABLE' as const, condition: semProduto },
      },
    };
    expect(applyParameterRules(parameters, { todos: true })).toEqual({
      produto: { 'ui:placeholder': 'Código', 'ui:widget': 'hidden' },
      grupo: { 'ui:disabled': true },
    });
    expect(applyParameterRules(parameters, { todos: false })).toEqual({
      produto: { 'ui:placeholder': 'Código' },
      grupo: {},
    });
  });
});

describe('visibleHelp', () => {
  it('keeps the help texts whose rules allow them', () => {
    const parameters = {
      help: [
        { text: 'Sempre.' },
        { text: 'Todos os produtos.', rule: { effect: 'SHOW' as const, condition: semProduto } },
      ],
    };
    expect(visibleHelp(parameters, { todos: true }).map((help) => help.text)).toEqual([
      'Sempre.',
      'Todos os produtos.',
    ]);
    expect(visibleHelp(parameters, { todos: false }).map((help) => help.text)).toEqual(['Sempre.']);
  });
});
