import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import ajuda from '../../../../schemas/screens/ajuda-config.screen.json' with { type: 'json' };
import {
  lowercasePaths,
  refusalStatus,
  refusedFieldErrors,
  trimTexts,
  validateParameters,
} from './fieldErrors.ts';
import type { ToolScreen } from './toolTypes.ts';

const parameters = ajuda.parameters as unknown as ToolScreen['parameters'];
const schema = parameters.schema as unknown as RJSFSchema;

describe('validateParameters', () => {
  it('places required and pattern messages under nested fields, worded by their patternMessage', () => {
    const values = {
      links: [{ url: 'http://ajuda.exemplo.com.br', descricao: '' }],
      contato: { telefone: '113333', email: 'suporte@exemplo.com.br' },
    };
    const { failed, errorSchema } = validateParameters(schema, values, parameters.uiSchema ?? {});
    expect(failed).toBe(true);
    expect(errorSchema).toMatchObject({
      links: {
        0: {
          titulo: { __errors: ['Campo Obrigatório!'] },
          url: { __errors: ['Deve ser um endereço https, ex.: https://ajuda.exemplo.com.br'] },
        },
      },
      contato: { telefone: { __errors: ['Deve ter 10 ou 11 dígitos com o DDD'] } },
    });
    expect((errorSchema as Record<string, Record<string, unknown>>).contato?.email).toBeUndefined();
  });

  it('passes values that follow the rules', () => {
    const values = {
      links: [{ titulo: 'Início', url: 'https://ajuda.exemplo.com.br/inicio', descricao: '' }],
      contato: { telefone: '1133334444', whatsapp: '11987654321' },
    };
    expect(validateParameters(schema, values, parameters.uiSchema ?? {}).failed).toBe(false);
  });
});

describe('refusedFieldErrors', () => {
  const refusal = (fields: unknown) => ({
    error: { statusCode: 400, message: 'Configuração inválida.', details: { fields } },
  });

  it('drops the nest name, follows item indexes and starts each message with a capital', () => {
    const error = refusal([
      { campo: 'ajuda.contato.horarioAtendimento', mensagem: 'não é aceito' },
      { campo: 'ajuda.links.1.url', mensagem: 'deve ser https' },
      { campo: 'ajuda.links[1].url', mensagem: 'deve ser https' },
      { campo: 'ajuda.tema', mensagem: 'desconhecido' },
      { campo: 'ajuda.contato.email' },
    ]);
    expect(refusalStatus(error)).toBe(400);
    expect(refusedFieldErrors(error, parameters)).toEqual({
      contato: { horarioAtendimento: { __errors: ['Não é aceito'] } },
      links: { 1: { url: { __errors: ['Deve ser https'] } } },
    });
  });

  it('places nothing for an answer without field messages', () => {
    expect(refusedFieldErrors({ error: { statusCode: 409, message: 'Já existe' } }, parameters)).toEqual({});
    expect(refusalStatus(new Error('rede'))).toBeUndefined();
  });
});

describe('lowercasePaths', () => {
  it('lowercases only the declared texts and leaves the values given untouched', () => {
    const values = { contato: { email: 'Suporte@Exemplo.com.br', horarioAtendimento: 'Seg a Sex' } };
    expect(lowercasePaths(values, ['contato.email', 'contato.fax', 'links.email'])).toEqual({
      contato: { email: 'suporte@exemplo.com.br', horarioAtendimento: 'Seg a Sex' },
    });
    expect(values.contato.email).toBe('Suporte@Exemplo.com.br');
    expect(lowercasePaths(values, undefined)).toBe(values);
  });
});

describe('trimTexts', () => {
  const values = {
    links: [{ titulo: '   ', url: ' https://a.b/c ' }],
    contato: { email: ' x@y.com ' },
    n: 3,
  };

  it('trims texts in objects and lists, keeping other values', () => {
    expect(trimTexts(values)).toEqual({
      links: [{ titulo: '', url: 'https://a.b/c' }],
      contato: { email: 'x@y.com' },
      n: 3,
    });
  });

  it('leaves out a text of spaces only for the check, so a required one is refused', () => {
    const trimmed = trimTexts(values, true);
    expect(trimmed.links[0]).toEqual({ url: 'https://a.b/c' });
    const { errorSchema } = validateParameters(schema, trimmed, parameters.uiSchema ?? {});
    expect(errorSchema).toMatchObject({ links: { 0: { titulo: { __errors: ['Campo Obrigatório!'] } } } });
  });
});
