import { describe, expect, it } from 'vitest';
import {
  isValidInscricaoEstadual,
  normalizarInscricaoEstadual,
  problemaInscricaoEstadual,
  UFS_IE,
} from './inscricaoEstadual.ts';

/**
 * One valid IE per UF and format (the worked examples of the SINTEGRA roteiros de crítica, masked as
 * the states print them) and a failing one: the same number with a wrong check digit or prefix.
 */
const CASOS: Array<{ uf: string; valida: string; invalida: string; formato: string }> = [
  { uf: 'AC', valida: '01.004.823/001-12', invalida: '01.004.823/001-13', formato: '13 dígitos' },
  { uf: 'AL', valida: '240000048', invalida: '240000049', formato: '9 dígitos, prefixo 24' },
  { uf: 'AM', valida: '99.999.999-0', invalida: '99.999.999-1', formato: '9 dígitos' },
  { uf: 'AP', valida: '030123459', invalida: '030123458', formato: '9 dígitos, prefixo 03' },
  { uf: 'BA', valida: '123456-63', invalida: '123456-64', formato: '8 dígitos, módulo 10' },
  { uf: 'BA', valida: '612345-57', invalida: '612345-58', formato: '8 dígitos, módulo 11' },
  { uf: 'BA', valida: '1000003-06', invalida: '1000003-07', formato: '9 dígitos' },
  { uf: 'CE', valida: '06000001-5', invalida: '06000001-6', formato: '9 dígitos' },
  { uf: 'DF', valida: '07.300.001.001-09', invalida: '07.300.001.001-08', formato: '13 dígitos' },
  { uf: 'DF', valida: '08.300.001.001-72', invalida: '08.300.001.001-73', formato: '13 dígitos, prefixo 08' },
  { uf: 'ES', valida: '999999990', invalida: '999999991', formato: '9 dígitos' },
  { uf: 'GO', valida: '10.987.654-7', invalida: '10.987.654-8', formato: '9 dígitos' },
  { uf: 'GO', valida: '20.000.000-4', invalida: '20.000.000-5', formato: '9 dígitos, prefixo 20' },
  { uf: 'MA', valida: '12.000.038-5', invalida: '12.000.038-6', formato: '9 dígitos, prefixo 12' },
  { uf: 'MG', valida: '062.307.904/0081', invalida: '062.307.904/0082', formato: '13 dígitos' },
  { uf: 'MS', valida: '28.123.456-6', invalida: '28.123.456-7', formato: '9 dígitos, prefixo 28' },
  { uf: 'MT', valida: '0013000001-9', invalida: '0013000001-8', formato: '11 dígitos' },
  { uf: 'MT', valida: '13000001-9', invalida: '13000001-8', formato: '9 dígitos (Portaria 59/2025)' },
  { uf: 'PA', valida: '15-999999-5', invalida: '15-999999-6', formato: '9 dígitos, prefixo 15' },
  { uf: 'PA', valida: '75000002-3', invalida: '75000002-4', formato: '9 dígitos, prefixo 75' },
  { uf: 'PB', valida: '06000001-5', invalida: '06000001-4', formato: '9 dígitos' },
  { uf: 'PE', valida: '0321418-40', invalida: '0321418-41', formato: '9 dígitos (e-Fisco)' },
  { uf: 'PE', valida: '18.1.001.0000004-9', invalida: '18.1.001.0000004-8', formato: '14 dígitos (antigo)' },
  { uf: 'PI', valida: '012345679', invalida: '012345678', formato: '9 dígitos' },
  { uf: 'PR', valida: '123.45678-50', invalida: '123.45678-51', formato: '10 dígitos' },
  { uf: 'RJ', valida: '99.999.99-3', invalida: '99.999.99-4', formato: '8 dígitos' },
  { uf: 'RN', valida: '20.040.040-1', invalida: '20.040.040-2', formato: '9 dígitos' },
  { uf: 'RN', valida: '20.0.040.040-0', invalida: '20.0.040.040-1', formato: '10 dígitos' },
  { uf: 'RO', valida: '0000000062521-3', invalida: '0000000062521-4', formato: '14 dígitos' },
  { uf: 'RO', valida: '101.62521-3', invalida: '101.62521-4', formato: '9 dígitos (antigo)' },
  { uf: 'RR', valida: '24006628-1', invalida: '24006628-2', formato: '9 dígitos, módulo 9' },
  { uf: 'RS', valida: '224/3658792', invalida: '224/3658793', formato: '10 dígitos' },
  { uf: 'SC', valida: '251.040.852', invalida: '251.040.853', formato: '9 dígitos' },
  { uf: 'SE', valida: '27123456-3', invalida: '27123456-4', formato: '9 dígitos' },
  { uf: 'SP', valida: '110.042.490.114', invalida: '110.042.490.115', formato: '12 dígitos' },
  { uf: 'SP', valida: 'P-01100424.3/002', invalida: 'P-01100424.4/002', formato: 'produtor rural' },
  { uf: 'TO', valida: '29.01.022783-6', invalida: '29.01.022783-7', formato: '11 dígitos (antigo)' },
  { uf: 'TO', valida: '29.022.783-6', invalida: '29.022.783-7', formato: '9 dígitos' },
];

describe('inscrição estadual by UF', () => {
  it.each(CASOS)('$uf $formato: $valida passes, $invalida fails', ({ uf, valida, invalida }) => {
    expect(problemaInscricaoEstadual(valida, uf)).toBeNull();
    expect(problemaInscricaoEstadual(invalida, uf)).toBe(
      `inscrição estadual inválida para ${uf} (confira os dígitos)`,
    );
  });

  it('has a valid example for every UF', () => {
    expect(new Set(CASOS.map((caso) => caso.uf))).toEqual(new Set(UFS_IE));
  });

  it('checks each IE against its own UF only', () => {
    expect(isValidInscricaoEstadual('110042490114', 'SP')).toBe(true);
    expect(isValidInscricaoEstadual('110042490114', 'RJ')).toBe(false);
    expect(isValidInscricaoEstadual('99999993', 'RJ')).toBe(true);
    expect(isValidInscricaoEstadual('99999993', 'SP')).toBe(false);
  });

  it('refuses prefixes a UF never issues even with a right check digit', () => {
    // Check digits right for the body, under a prefix the state does not issue (DF 09); the same digits under
    // a prefix the state does not issue (AC 02, RR 23, TO type 04).
    expect(isValidInscricaoEstadual('0930000100144', 'DF')).toBe(false);
    expect(isValidInscricaoEstadual('0200482300112', 'AC')).toBe(false);
    expect(isValidInscricaoEstadual('230061536', 'RR')).toBe(false);
    expect(isValidInscricaoEstadual('29040227836', 'TO')).toBe(false);
  });

  it("refuses MG's old produtor rural registration (PR + digits) with a message that says what to type", () => {
    const mensagem =
      'inscrição de produtor rural de MG no formato antigo (PR…), que a NF-e não aceita desde 2010: informe a inscrição estadual de 13 dígitos do produtor';
    expect(problemaInscricaoEstadual('PR1234', 'MG')).toBe(mensagem);
    expect(problemaInscricaoEstadual('pr-123.456.78', 'MG')).toBe(mensagem);
    // Outside MG, or outside 4 to 8 digits, it is only a malformed IE.
    expect(problemaInscricaoEstadual('PR12345678', 'PR')).toBe('use só dígitos (ou ISENTO)');
    expect(problemaInscricaoEstadual('PR123', 'MG')).toBe('use só dígitos (ou ISENTO)');
    expect(problemaInscricaoEstadual('PR123456789', 'MG')).toBe('use só dígitos (ou ISENTO)');
  });

  it('takes ISENTO in any case for every UF, and refuses letters and empty UF', () => {
    for (const uf of UFS_IE) expect(isValidInscricaoEstadual('isento', uf)).toBe(true);
    expect(normalizarInscricaoEstadual(' Isento ')).toBe('ISENTO');
    expect(problemaInscricaoEstadual('11004249011A', 'SP')).toBe('use só dígitos (ou ISENTO)');
    expect(problemaInscricaoEstadual('110042490114', null)).toBe(
      'informe a UF para conferir a inscrição estadual',
    );
    expect(problemaInscricaoEstadual('110042490114', 'XX')).toBe('UF XX desconhecida');
  });

  it('normalises masks to digits and keeps the produtor rural P', () => {
    expect(normalizarInscricaoEstadual('110.042.490.114')).toBe('110042490114');
    expect(normalizarInscricaoEstadual('p-01100424.3/002')).toBe('P011004243002');
    expect(normalizarInscricaoEstadual('224/3658792')).toBe('2243658792');
  });
});
