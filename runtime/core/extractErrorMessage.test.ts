import { describe, expect, it } from 'vitest';
import { extractErrorMessage } from './extractErrorMessage.ts';

const GENERIC = 'Não foi possível realizar esta ação.';

describe('extractErrorMessage', () => {
  describe('1. e.error.error.data.fields', () => {
    it('uses a string', () => {
      expect(extractErrorMessage({ error: { error: { data: { fields: 'CPF inválido' } } } })).toBe(
        'CPF inválido',
      );
    });

    it('joins an array of strings and of { message }', () => {
      const e = {
        error: { error: { data: { fields: ['Nome obrigatório', { message: 'E-mail inválido' }] } } },
      };
      expect(extractErrorMessage(e)).toBe('Nome obrigatório; E-mail inválido');
    });

    it('joins a map from field to messages, without the field names and without repeats', () => {
      const fields = {
        email: ['E-mail inválido'],
        nome: { message: 'Nome obrigatório' },
        apelido: 'Nome obrigatório',
      };
      expect(extractErrorMessage({ error: { error: { data: { fields } } } })).toBe(
        'E-mail inválido; Nome obrigatório',
      );
    });

    it('wins over every later path', () => {
      const e = {
        message: 'top',
        error: { message: 'body', data: { message: 'data' }, error: { data: { fields: ['campo'] } } },
      };
      expect(extractErrorMessage(e)).toBe('campo');
    });

    it('falls through when fields hold no text', () => {
      const e = { error: { message: 'corpo', error: { data: { fields: [{}, '', 3] } } } };
      expect(extractErrorMessage(e)).toBe('corpo');
    });

    it('stops at a cyclic value', () => {
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      expect(extractErrorMessage({ error: { error: { data: { fields: cyclic } } } })).toBe(GENERIC);
    });
  });

  it('2. uses e.error.data.message before e.error.message', () => {
    expect(
      extractErrorMessage({ error: { data: { message: 'dados' }, message: 'corpo' }, message: 'topo' }),
    ).toBe('dados');
  });

  it('3. uses e.error.message before e.message', () => {
    expect(extractErrorMessage({ error: { message: 'corpo' }, message: 'topo' })).toBe('corpo');
  });

  it('4. uses e.message, e.g. of an Error', () => {
    expect(extractErrorMessage(new Error('Falhou'))).toBe('Falhou');
    expect(extractErrorMessage({ error: { message: '  ' }, message: 'topo' })).toBe('topo');
  });

  it('5. uses e.message.message when e.message is an object', () => {
    expect(extractErrorMessage({ message: { message: 'aninhada' } })).toBe('aninhada');
  });

  it('uses a thrown string as its own message', () => {
    expect(extractErrorMessage('Sem conexão')).toBe('Sem conexão');
  });

  it.each([undefined, null, {}, 42, { error: { message: 404 } }, { message: '' }])(
    'falls back to the generic text for %j',
    (e) => {
      expect(extractErrorMessage(e)).toBe(GENERIC);
    },
  );

  it('rewrites any message containing Registro duplicado', () => {
    expect(extractErrorMessage({ error: { message: 'Erro: Registro duplicado na tabela pessoa' } })).toBe(
      'Registro duplicado, verifique os dados e tente novamente',
    );
    expect(
      extractErrorMessage({ error: { error: { data: { fields: ['Registro duplicado (cpfCnpj)'] } } } }),
    ).toBe('Registro duplicado, verifique os dados e tente novamente');
  });
});
