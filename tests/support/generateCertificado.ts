import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

const DAY_MS = 24 * 3600 * 1000;

/**
 * A self-signed A1-like certificate as a PKCS#12 file (ICP-Brasil style CN "NAME:CNPJ"), for tests:
 * valid from yesterday for `days` days (negative: already expired).
 */
export function generateCertificado(
  options: { titular?: string; cnpj?: string; emissor?: string; senha?: string; days?: number } = {},
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
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

const PBE_OID = /^1\.2\.840\.113549\.1\.(12\.1|5)\./;

/** DER INTEGER holding `value` (unsigned, any size). */
function integerNode(value: number | bigint): forge.asn1.Asn1 {
  let hex = BigInt(value).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 1), 16) >= 8) hex = `00${hex}`;
  return forge.asn1.create(
    forge.asn1.Class.UNIVERSAL,
    forge.asn1.Type.INTEGER,
    false,
    forge.util.hexToBytes(hex),
  );
}

/**
 * A copy of a PKCS#12 file with its MAC iteration count and/or every PBE iteration count rewritten (the
 * MAC then no longer verifies, which does not matter: the point is what the server does before that).
 * Building such a file with forge's own `count` option would itself run the hostile derivation.
 */
export function withPkcs12Iterations(
  pfx: Buffer,
  counts: { mac?: number | bigint; pbe?: number | bigint },
): Buffer {
  const universal = (node: forge.asn1.Asn1, type: number) =>
    node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === type;
  const rewrite = (node: forge.asn1.Asn1, insidePbe: boolean): void => {
    if (universal(node, forge.asn1.Type.OCTETSTRING) && typeof node.value === 'string') {
      if (node.value.charCodeAt(0) !== 0x30) return;
      let inner: forge.asn1.Asn1;
      try {
        inner = forge.asn1.fromDer(forge.util.createBuffer(node.value));
      } catch {
        return;
      }
      rewrite(inner, false);
      node.value = forge.asn1.toDer(inner).getBytes();
      return;
    }
    if (!Array.isArray(node.value)) return;
    const first = node.value[0];
    const pbe =
      insidePbe ||
      (universal(node, forge.asn1.Type.SEQUENCE) &&
        first !== undefined &&
        universal(first, forge.asn1.Type.OID) &&
        PBE_OID.test(forge.asn1.derToOid(String(first.value))));
    node.value = node.value.map((child) => {
      if (pbe && counts.pbe !== undefined && universal(child, forge.asn1.Type.INTEGER)) {
        const current = Number.parseInt(forge.util.bytesToHex(String(child.value)), 16);
        // The iteration count, not the key length (PBKDF2) or RC2 version.
        if (current >= 1000) return integerNode(counts.pbe);
      }
      rewrite(child, pbe);
      return child;
    });
  };
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary')));
  const parts = asn1.value as forge.asn1.Asn1[];
  const macData = parts[2];
  if (counts.mac !== undefined && macData && Array.isArray(macData.value))
    macData.value[2] = integerNode(counts.mac);
  if (counts.pbe !== undefined && parts[1]) rewrite(parts[1], false);
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}
