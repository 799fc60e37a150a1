import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A self-signed A1-like certificate as a PKCS#12 file (ICP-Brasil style CN "NAME:CNPJ"), for tests:
 * valid from yesterday for `days` days (negative: already expired).
 */
export function generateCertificado(
  options: {
    titular?: string;
    cnpj?: string;
    emissor?: string;
    senha?: string;
    days?: number;
    /** Rewrites the MAC iteration count after packing (a hostile file: opening it would take this many rounds). */
    macIterations?: number;
  } = {},
): Buffer {
  const { titular = 'EMPRESA DEMONSTRACAO LTDA', cnpj = '11222333000181', senha = 'segredo123' } = options;
  const days = options.days ?? 365;
  // node's RSA generation is native and fast; forge only builds and packs the certificate.
  const { privateKey: pem } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pem.export({ type: 'pkcs1', format: 'pem' }).toString());
  const publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `0${Date.now().toString(16)}`;
  const start = Date.now() - DAY_MS;
  cert.validity.notBefore = new Date(Math.min(start, start + days * DAY_MS - DAY_MS));
  cert.validity.notAfter = new Date(Date.now() + days * DAY_MS);
  cert.setSubject([
    { name: 'commonName', value: `${titular}:${cnpj}` },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { name: 'countryName', value: 'BR' },
  ]);
  cert.setIssuer([
    { name: 'commonName', value: options.emissor ?? 'AC TESTE ERP v5' },
    { name: 'countryName', value: 'BR' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], senha, { algorithm: '3des' });
  if (options.macIterations !== undefined) {
    // PFX ::= SEQUENCE { version, authSafe, macData SEQUENCE { mac, macSalt, iterations } }
    const macData = (p12.value as forge.asn1.Asn1[])[2] as forge.asn1.Asn1;
    (macData.value as forge.asn1.Asn1[])[2] = forge.asn1.create(
      forge.asn1.Class.UNIVERSAL,
      forge.asn1.Type.INTEGER,
      false,
      forge.asn1.integerToDer(options.macIterations).getBytes(),
    );
  }
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
