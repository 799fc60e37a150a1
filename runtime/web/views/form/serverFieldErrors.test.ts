import { describe, expect, it } from 'vitest';
import { ApiError } from '../../app/SessionProvider.tsx';
import { serverFieldErrors } from './serverFieldErrors.ts';
import { toRequestBody } from './toRequestBody.ts';
import { transformErrors } from './transformErrors.ts';

const visible = new Map([
  ['cpfCnpj', 'CPF/CNPJ'],
  ['nome', 'Nome'],
]);
const envelope = (fields: unknown) =>
  new ApiError(409, { error: { statusCode: 409, message: 'Registro duplicado', details: { fields } } });

describe('serverFieldErrors', () => {
  it('puts each message on its visible field without repeating the label', () => {
    const result = serverFieldErrors(
      envelope([{ campo: 'cpfCnpj', mensagem: 'CPF/CNPJ: já existe um registro com este valor' }]),
      visible,
    );
    expect(result.errorSchema).toEqual({ cpfCnpj: { __errors: ['Já existe um registro com este valor'] } });
    expect(result).toMatchObject({ fields: ['cpfCnpj'], unplaced: false });
  });

  it('reports messages of hidden fields and errors without fields as unplaced', () => {
    expect(serverFieldErrors(envelope([{ campo: 'apelido', mensagem: 'x' }]), visible).unplaced).toBe(true);
    expect(serverFieldErrors(new ApiError(409, { error: { message: 'Alterado' } }), visible)).toMatchObject({
      fields: [],
      unplaced: true,
    });
    expect(serverFieldErrors(new Error('rede'), visible).unplaced).toBe(true);
  });
});

describe('toRequestBody', () => {
  const schema = {
    type: 'object' as const,
    required: ['nome'],
    properties: { nome: {}, apelido: {}, versao: {} },
  };
  const data = { id: 5, nome: 'A', versao: 3, criadoEm: '2024-01-01', empresaId: 1 };

  it('sends only input fields, versao only when editing, and null for a cleared optional field on PUT', () => {
    expect(toRequestBody(data, schema, 'create')).toEqual({ nome: 'A' });
    expect(toRequestBody(data, schema, 'copy')).toEqual({ nome: 'A' });
    expect(toRequestBody(data, schema, 'edit')).toEqual({ nome: 'A', apelido: null, versao: 3 });
  });

  it('sends a write-only field (a password) only when filled, never null or empty', () => {
    const withSecret = { ...schema, properties: { ...schema.properties, senha: { writeOnly: true } } };
    expect(toRequestBody({ ...data, senha: '' }, withSecret, 'edit')).toEqual({
      nome: 'A',
      apelido: null,
      versao: 3,
    });
    expect(toRequestBody(data, withSecret, 'edit')).not.toHaveProperty('senha');
    expect(toRequestBody({ ...data, senha: 'segredo1' }, withSecret, 'create')).toEqual({
      nome: 'A',
      senha: 'segredo1',
    });
  });
});

describe('transformErrors', () => {
  const error = (name: string, property: string) => ({
    name,
    property,
    message: 'm',
    stack: '',
    params: {},
    title: 'Banco',
  });
  it("says what to type on a pattern mismatch when the field has a hint, else the spec's text", () => {
    const uiSchema = { bancoCodigo: { 'ui:options': { patternMessage: 'informe 3 dígitos' } } };
    expect(transformErrors([error('pattern', '.bancoCodigo')], uiSchema)[0]?.message).toBe(
      'informe 3 dígitos',
    );
    expect(transformErrors([error('pattern', '.agencia')], uiSchema)[0]?.message).toBe('Formato inválido!');
    expect(transformErrors([error('required', '.bancoCodigo')], uiSchema)[0]?.message).toBe(
      'Campo Obrigatório!',
    );
  });
});
