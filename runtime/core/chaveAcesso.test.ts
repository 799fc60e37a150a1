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
});
