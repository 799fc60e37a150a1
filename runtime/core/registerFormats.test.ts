import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { FORMAT_VALIDATORS, isValidGtin, registerFormats } from './registerFormats.ts';

const valid = (format: string, value: string) => (FORMAT_VALIDATORS[format] as (v: string) => boolean)(value);

describe('registerFormats', () => {
  it('registers every format on an Ajv instance', () => {
    const ajv = registerFormats(new Ajv());
    const validate = ajv.compile({ type: 'string', format: 'cpfCnpj' });
    expect(validate('529.982.247-25')).toBe(true);
    expect(validate('529.982.247-26')).toBe(false);
    for (const name of Object.keys(FORMAT_VALIDATORS)) expect(ajv.formats[name]).toBeDefined();
  });

  it.each([
    ['cpf', '529.982.247-25', true],
    ['cpf', '11.222.333/0001-81', false],
    ['cnpj', '11.222.333/0001-81', true],
    ['cnpj', '12.ABC.345/01DE-35', true],
    ['cpfCnpj', '11222333000181', true],
    ['cpfCnpj', '529.982.247-25$', false],
    ['phone', '(11) 98765-4321', true],
    ['phone', '1234', false],
    ['cep', '01310-100', true],
    ['cep', '01310100', true],
    ['cep', '0131-0100', false],
    ['ncm', '8471.30.12', true],
    ['ncm', '84713012', true],
    ['ncm', '8471.3012.', false],
    ['ncm', '847130', false],
    ['cest', '01.001.00', true],
    ['cest', '0100100', true],
    ['cest', '010010', false],
    ['email', 'ana@empresa.com.br', true],
    ['email', 'ana@empresa', false],
    ['email', 'ana empresa@x.com', false],
    ['uri', 'https://erp.local/a?b=1', true],
    ['uri', 'não é url', false],
    ['date', '2024-02-29', true],
    ['date', '2023-02-29', false],
    ['date-time', '2024-01-31T12:00:00Z', true],
    ['date-time', '2024-01-31T25:00:00Z', false],
  ])('%s %j → %s', (format, value, expected) => {
    expect(valid(format, value)).toBe(expected);
  });

  it('checks GTIN-8, -12, -13 and -14 check digits', () => {
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
    expect(isValidGtin('7891000315507')).toBe(true);
    expect(isValidGtin('17891000315504')).toBe(true);
    expect(isValidGtin('7891000315508')).toBe(false);
    expect(isValidGtin('789100031550')).toBe(false);
    expect(isValidGtin('12345')).toBe(false);
  });
});
