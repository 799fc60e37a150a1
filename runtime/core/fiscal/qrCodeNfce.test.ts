import { createHash, createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digitoChaveAcesso } from '../chaveAcesso.ts';
import { qrCodeNfce, textoAssinadoQrCodeV3 } from './qrCodeNfce.ts';
import { versaoQrCodeNfce } from './versaoQrCodeNfce.ts';

const URL_SP = 'https://www.homologacao.nfce.fazenda.sp.gov.br/qrcode';
const chave = (tpEmis: string) => {
  const base = `3526111234567800019565001000000123${tpEmis}12345678`;
  return `${base}${digitoChaveAcesso(base)}`;
};
const sha1Hex = (texto: string) => createHash('sha1').update(texto, 'utf8').digest('hex');
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
const assinar = (texto: string) => createSign('RSA-SHA1').update(texto, 'utf8').sign(privateKey, 'base64');
// The leiauteNFe_v4.00 (PL_010) pattern of the v3 offline QR code.
const PADRAO_V3_OFFLINE =
  /^(HTTPS?|https?):\/\/.*\?p=([0-9]{6}[0-9A-Z]{12}[0-9]{16}(9)[0-9]{9})\|[3]\|[1-2]\|(0[1-9]|[1-2][0-9]|3[0-1])\|(0|0\.[0-9]{2}|[1-9][0-9]{0,12}(\.[0-9]{2})?)\|((1|2|3)?)\|(([0-9]{3,14})?)\|([a-zA-Z0-9+/]+[=]{0,2})$/;

describe('NFC-e QR code v3 (NT 2025.001)', () => {
  it('online: chave|3|tpAmb, no CSC, whatever the URL carried after ?', () => {
    expect(
      qrCodeNfce({ chave: chave('1'), ambiente: 2, urlQrCode: `${URL_SP}?x=1`, versao: 3 }, sha1Hex),
    ).toBe(`${URL_SP}?p=${chave('1')}|3|2`);
  });

  it('offline with a CNPJ destinatário: the seven fields, then their RSA-SHA1 signature in base64', () => {
    const dados = {
      chave: chave('9'),
      ambiente: 2 as const,
      urlQrCode: URL_SP,
      versao: 3 as const,
      offline: { dia: 5, vNF: 120, destinatario: { tipo: 1 as const, documento: '11222333000181' } },
    };
    const texto = textoAssinadoQrCodeV3(dados);
    expect(texto).toBe(`${chave('9')}|3|2|05|120.00|1|11222333000181`);
    const qr = qrCodeNfce(dados, sha1Hex, assinar);
    expect(qr).toMatch(PADRAO_V3_OFFLINE);
    const assinatura = qr.slice(qr.lastIndexOf('|') + 1);
    expect(qr).toBe(`${URL_SP}?p=${texto}|${assinatura}`);
    // 1024-bit key: 128-byte signature, 172 base64 characters.
    expect(assinatura).toHaveLength(172);
    expect(createVerify('RSA-SHA1').update(texto, 'utf8').verify(publicKey, assinatura, 'base64')).toBe(true);
    // Any other value (the vNF of another note) does not verify: the QR code cannot be edited.
    expect(
      createVerify('RSA-SHA1')
        .update(texto.replace('|120.00|', '|12.00|'), 'utf8')
        .verify(publicKey, assinatura, 'base64'),
    ).toBe(false);
  });

  it('offline with a CPF, a foreigner and nobody: tpIdDest 2 with the CPF, 3 with no id, both empty', () => {
    const base = { chave: chave('9'), ambiente: 1 as const, urlQrCode: URL_SP, versao: 3 as const };
    const offline = { dia: 28, vNF: 0 };
    expect(
      textoAssinadoQrCodeV3({
        ...base,
        offline: { ...offline, destinatario: { tipo: 2, documento: '12345678909' } },
      }),
    ).toBe(`${chave('9')}|3|1|28|0.00|2|12345678909`);
    expect(
      textoAssinadoQrCodeV3({
        ...base,
        offline: { ...offline, destinatario: { tipo: 3, documento: 'AB123' } },
      }),
    ).toBe(`${chave('9')}|3|1|28|0.00|3|`);
    const semDestinatario = qrCodeNfce({ ...base, offline }, sha1Hex, assinar);
    expect(semDestinatario).toContain(`?p=${chave('9')}|3|1|28|0.00|||`);
    expect(semDestinatario).toMatch(PADRAO_V3_OFFLINE);
  });

  it('offline without a signer is refused (never a QR code without its signature)', () => {
    expect(() =>
      qrCodeNfce(
        { chave: chave('9'), ambiente: 2, urlQrCode: URL_SP, versao: 3, offline: { dia: 1, vNF: 1 } },
        sha1Hex,
      ),
    ).toThrow('chave privada');
  });

  it('v2 offline still carries the DigestValue in hex and the CSC hash', () => {
    const qr = qrCodeNfce(
      {
        chave: chave('9'),
        ambiente: 2,
        urlQrCode: URL_SP,
        versao: 2,
        cscId: '000002',
        csc: 'ABCDEF0123456789',
        offline: { dia: 9, vNF: 10.5, digestValue: 'AB=' },
      },
      sha1Hex,
    );
    const texto = `${chave('9')}|2|2|09|10.50|41423d|2`;
    expect(qr).toBe(`${URL_SP}?p=${texto}|${sha1Hex(`${texto}ABCDEF0123456789`).toUpperCase()}`);
  });
});

describe('versaoQrCodeNfce: one rule for the normal emission and its offline contingency', () => {
  it.each([
    [{ temCsc: true }, 2],
    [{ temCsc: false }, 3],
    [{ temCsc: true, configurada: 3 }, 3],
    [{ temCsc: false, configurada: 2 }, 2],
    [{ temCsc: true, configurada: 3, pedida: 2 as const }, 2],
    [{ temCsc: true, configurada: 2, emitenteCpf: true }, 3],
    [{ temCsc: true, pedida: 2 as const, emitenteCpf: true }, 3],
  ])('%j → v%i', (regra, versao) => {
    expect(versaoQrCodeNfce(regra)).toBe(versao);
  });
});
