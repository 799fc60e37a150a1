import { describe, expect, it } from 'vitest';
import ufs from '../../../schemas/enums/uf.enum.json' with { type: 'json' };
import { qrCodeNfce } from '../../core/fiscal/qrCodeNfce.ts';
import urlsNfce from './urlsNfce.json' with { type: 'json' };

const tabela = urlsNfce as unknown as Record<string, Record<'homologacao' | 'producao', [string, string]>>;
const todas = (ufs.values as Array<{ code: string }>).map((uf) => uf.code).filter((uf) => uf !== 'EX');

describe('NFC-e QR code and consultation addresses', () => {
  it('cover all 27 UFs in both ambientes', () => {
    expect(todas).toHaveLength(27);
    expect(
      Object.keys(tabela)
        .filter((chave) => chave !== '$comment')
        .sort(),
    ).toEqual([...todas].sort());
  });

  it.each(todas)(
    '%s: an http(s) QR address without query and a urlChave the XSD accepts (21–85 characters)',
    (uf) => {
      for (const ambiente of ['homologacao', 'producao'] as const) {
        const [qrCode, urlChave] = tabela[uf]![ambiente];
        expect(qrCode).toMatch(/^https?:\/\/[^?\s]+$/);
        expect(urlChave.length).toBeGreaterThanOrEqual(21);
        expect(urlChave.length).toBeLessThanOrEqual(85);
        // The QR v3 text matches the pinned PL pattern ((HTTPS?|https?)://.*\?p=chave|3|tpAmb).
        const chave = '35261111222333000181650010000050011000000019';
        expect(qrCodeNfce({ chave, ambiente: 2, urlQrCode: qrCode, versao: 3 }, () => '')).toMatch(
          /^https?:\/\/.*\?p=[0-9]{44}\|3\|[12]$/,
        );
      }
    },
  );
});
