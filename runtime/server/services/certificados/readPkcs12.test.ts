import { describe, expect, it } from 'vitest';
import { generateCertificado } from '../../../../tests/support/generateCertificado.ts';
import { readPkcs12 } from './readPkcs12.ts';

describe("readPkcs12: the certificate's CNPJ", () => {
  it('reads a numeric CNPJ after the colon of the ICP-Brasil CN', () => {
    expect(readPkcs12(generateCertificado({ senha: 's' }), 's').cnpj).toBe('11222333000181');
  });

  it('reads an alphanumeric CNPJ (IN RFB 2.229/2024), validated by the same isValidCnpj', () => {
    const alfa = generateCertificado({ senha: 's', titular: 'NOVA EMPRESA LTDA', cnpj: '12ABC34501DE35' });
    expect(readPkcs12(alfa, 's').cnpj).toBe('12ABC34501DE35');
    const dvErrado = generateCertificado({
      senha: 's',
      titular: 'NOVA EMPRESA LTDA',
      cnpj: '12ABC34501DE36',
    });
    expect(readPkcs12(dvErrado, 's').cnpj).toBeNull();
  });
});
