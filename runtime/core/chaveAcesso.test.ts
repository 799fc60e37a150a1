import { describe, expect, it } from 'vitest';
import { digitoChaveAcesso, isValidChaveAcesso, partesChaveAcesso } from './chaveAcesso.ts';

// The example key of the NF-e Manual de Orientação do Contribuinte (check digit 5).
const EXEMPLO = '5206043300991100250655012000000780026730161';

describe('chaveAcesso', () => {
  it('computes the modulo-11 check digit', () => {
    expect(digitoChaveAcesso(EXEMPLO)).toBe(5);
    expect(isValidChaveAcesso(`${EXEMPLO}5`)).toBe(true);
    expect(isValidChaveAcesso(`${EXEMPLO}4`)).toBe(false);
    expect(isValidChaveAcesso('123')).toBe(false);
  });

  it('reads the parts of a key', () => {
    const partes = partesChaveAcesso(`${EXEMPLO}5`);
    expect(partes).toMatchObject({ cUF: '52', anoMes: '0604', cnpjEmitente: '33009911002506', modelo: '55' });
    expect(partes.serie).toBe(12);
    expect(partes.numero).toBe(780);
  });

  it('accepts an alphanumeric CNPJ in the key (letters count as ASCII − 48) and keeps it as text', () => {
    const base = '352609' + '12ABC34501DE35' + '55001000000701' + '112345678';
    const chave = `${base}${digitoChaveAcesso(base)}`;
    expect(chave).toHaveLength(44);
    expect(isValidChaveAcesso(chave)).toBe(true);
    expect(partesChaveAcesso(chave).cnpjEmitente).toBe('12ABC34501DE35');
    // The letter weighs 17, not 0: reading it as a digit gives another check digit.
    expect(digitoChaveAcesso(base)).not.toBe(digitoChaveAcesso(base.replace('A', '0')));
    expect(isValidChaveAcesso(chave.toLowerCase())).toBe(false);
    expect(isValidChaveAcesso(`${chave.slice(0, 25)}A${chave.slice(26)}`)).toBe(false);
  });
});
