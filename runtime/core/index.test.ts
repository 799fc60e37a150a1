import { describe, expect, it } from 'vitest';
import * as core from './index.ts';

describe('runtime/core index', () => {
  it.each([
    'checkPermission',
    'extractErrorMessage',
    'filterMenu',
    'formatBRL',
    'formatCpfCnpj',
    'formatDate',
    'formatDateTime',
    'isInfoError',
    'isLongTrial',
    'isValidCnpj',
    'isValidCpf',
    'isValidCpfCnpj',
    'isValidPhone',
    'marginFromPrice',
    'markupFromPrice',
    'normalizeCpfCnpj',
    'parseBRL',
    'phoneMask',
    'priceFromMargin',
    'priceFromMarkup',
    'readPath',
    'regimeNotaFiscal',
    'roundMoney',
    'subscriptionState',
  ])('re-exports the function %s', (name) => {
    expect(typeof (core as Record<string, unknown>)[name]).toBe('function');
  });

  it('re-exports the constants and the runtime values of types.ts', () => {
    expect(core.MESSAGES.validation.required).toBe('Campo Obrigatório!');
    expect(core.PermissionLevel.TOTAL).toBe(4);
    expect(core.REGIME_NOTA_FISCAL.MEI).toBe(4);
  });
});
