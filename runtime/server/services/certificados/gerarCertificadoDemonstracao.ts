import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

const DIA_MS = 24 * 3600 * 1000;

/**
 * A self-signed A1-like certificate (PKCS#12, ICP-Brasil style CN "NOME:CNPJ") for the demo company, so its
 * notes can be signed and previewed in homologação right after `npm start`. Its issuer says what it is: no
 * SEFAZ accepts it. Valid for a year from yesterday.
 */
export function gerarCertificadoDemonstracao(titular: string, cnpj: string, senha: string): Buffer {
  // node's RSA generation is native and fast; forge only builds and packs the certificate.
  const { privateKey: pem } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pem.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(privateKey.n, privateKey.e);
  cert.serialNumber = `0${Date.now().toString(16)}`;
  cert.validity.notBefore = new Date(Date.now() - DIA_MS);
  cert.validity.notAfter = new Date(Date.now() + 365 * DIA_MS);
  cert.setSubject([
    // ASCII, as ICP-Brasil subjects are written (forge would store accents as Latin-1 in a PrintableString).
    {
      name: 'commonName',
      value: `${titular
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toUpperCase()}:${cnpj}`,
    },
    { name: 'organizationName', value: 'ICP-Brasil' },
    { name: 'countryName', value: 'BR' },
  ]);
  cert.setIssuer([
    { name: 'commonName', value: 'AC DEMONSTRACAO ERP - SEM VALOR' },
    { name: 'countryName', value: 'BR' },
  ]);
  cert.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [cert], senha, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
