import { describe, expect, it } from 'vitest';
import { dataHoraXml, gerarCodigoNumerico } from './montarXmlNfe.ts';
import { percentual, textoXml, valorUnitarioXml } from './xmlNfeTexto.ts';

describe('gerarCodigoNumerico', () => {
  it('draws again when the 8 digits equal the note number (MOC B03)', () => {
    const sorteios = [0.00001301, 0.12345678];
    expect(gerarCodigoNumerico(1301, () => sorteios.shift()!)).toBe('12345678');
  });
  it('pads to 8 digits', () => {
    expect(gerarCodigoNumerico(5, () => 0.00000042)).toBe('00000042');
  });
});

describe('XML text and numbers', () => {
  it('dhEmi in Brasília time: 13:00Z is 10:00-03:00', () => {
    expect(dataHoraXml(new Date('2026-11-20T13:00:00Z'))).toBe('2026-11-20T10:00:00-03:00');
    expect(dataHoraXml(new Date('2026-11-20T02:00:00Z'), '-04:00')).toBe('2026-11-19T22:00:00-04:00');
  });
  it('escapes markup and collapses whitespace SEFAZ refuses', () => {
    expect(textoXml('  A & B <c>\n "d"  ')).toBe('A &amp; B &lt;c&gt; &quot;d&quot;');
  });
  it('percentages keep 2 to 4 decimals; unit prices up to 10', () => {
    expect([percentual(18), percentual(0.1), percentual(50.2439), percentual(2.5)]).toEqual([
      '18.00',
      '0.10',
      '50.2439',
      '2.50',
    ]);
    expect([valorUnitarioXml(12.34), valorUnitarioXml(0.1234567891), valorUnitarioXml(5)]).toEqual([
      '12.34',
      '0.1234567891',
      '5.00',
    ]);
  });
});
