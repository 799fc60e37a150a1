import forge from 'node-forge';
import { isValidCnpj } from '../../../core/isValidCnpj.ts';
import { HttpError } from '../../errors.ts';

/** What an A1 certificate says about itself. */
export interface CertificadoInfo {
  titular: string;
  /** CNPJ digits from the subject (ICP-Brasil CN "NOME:CNPJ"), or null when it has none. */
  cnpj: string | null;
  emissor: string;
  numeroSerie: string;
  validoDe: Date;
  validoAte: Date;
}

const NOT_A_CERTIFICATE =
  'O arquivo enviado não é um certificado digital A1 válido. Envie o arquivo .pfx ou .p12 do certificado.';
const WRONG_PASSWORD = 'A senha não confere com o certificado. Verifique a senha e envie novamente.';
const NO_KEY =
  'O arquivo não contém o certificado com a sua chave privada. Exporte o certificado A1 com a chave privada (.pfx ou .p12).';

/**
 * Most key-derivation iterations accepted in a PKCS#12 file (MAC and every PBE/PBKDF2 parameter). Real A1
 * files use 2,048 to 100,000; node-forge spends about 1 µs per iteration, so a hostile 2^31 would take
 * half an hour of CPU.
 */
export const MAX_PKCS12_ITERATIONS = 1_000_000;
const TOO_MANY_ITERATIONS =
  'O certificado usa uma proteção fora do padrão (contagem de iterações acima de 1.000.000) e foi recusado. Exporte o certificado A1 novamente (.pfx ou .p12) com as opções padrão.';
/** Password-based encryption and KDF algorithms: PKCS#12 PBE (1.2.840.113549.1.12.1.x) and PKCS#5 (PBES1/2, PBKDF2). */
const PBE_OID = /^1\.2\.840\.113549\.1\.(12\.1|5)\./;
/** Nesting of DER inside OCTET STRINGs followed when looking for iteration counts (PFX > AuthSafe > SafeContents > bag). */
const MAX_OCTET_NESTING = 8;

/** The value of a DER INTEGER as a number; Infinity when it does not fit in 48 bits, NaN when negative. */
function integerValue(node: forge.asn1.Asn1): number {
  const raw = String(node.value);
  if (raw.length > 0 && raw.charCodeAt(0) & 0x80) return Number.NaN;
  let start = 0;
  while (start < raw.length && raw.charCodeAt(start) === 0) start++;
  const bytes = raw.slice(start);
  if (bytes.length > 6) return Number.POSITIVE_INFINITY;
  return bytes.length === 0 ? 0 : Number.parseInt(forge.util.bytesToHex(bytes), 16);
}

const isUniversal = (node: forge.asn1.Asn1, type: number) =>
  node.tagClass === forge.asn1.Class.UNIVERSAL && node.type === type;

/** The DER held by an OCTET STRING (primitive or chunked), or null when its bytes are not DER. */
function nestedDer(node: forge.asn1.Asn1): forge.asn1.Asn1 | null {
  const bytes = Array.isArray(node.value)
    ? node.value.map((chunk) => (typeof chunk.value === 'string' ? chunk.value : '')).join('')
    : String(node.value);
  if (bytes.charCodeAt(0) !== 0x30) return null;
  try {
    return forge.asn1.fromDer(forge.util.createBuffer(bytes));
  } catch {
    return null;
  }
}

/** Every INTEGER below `node` (the parameters of a PBE algorithm: iteration count, key length, RC2 version). */
function integersBelow(node: forge.asn1.Asn1, found: number[]): number[] {
  if (isUniversal(node, forge.asn1.Type.INTEGER)) found.push(integerValue(node));
  else if (Array.isArray(node.value)) for (const child of node.value) integersBelow(child, found);
  return found;
}

/** The largest iteration count in the parameters of any PBE algorithm identifier under `node`. */
function largestPbeCount(node: forge.asn1.Asn1, octetDepth: number): number {
  let largest = 0;
  const visit = (current: forge.asn1.Asn1, depth: number) => {
    if (isUniversal(current, forge.asn1.Type.OCTETSTRING)) {
      if (depth >= MAX_OCTET_NESTING) return;
      const inner = nestedDer(current);
      if (inner) visit(inner, depth + 1);
      return;
    }
    if (!Array.isArray(current.value)) return;
    const [first, ...rest] = current.value;
    if (
      isUniversal(current, forge.asn1.Type.SEQUENCE) &&
      first &&
      isUniversal(first, forge.asn1.Type.OID) &&
      PBE_OID.test(forge.asn1.derToOid(String(first.value)))
    ) {
      for (const parameter of rest)
        for (const value of integersBelow(parameter, []))
          largest = Number.isNaN(value) ? Number.POSITIVE_INFINITY : Math.max(largest, value);
    }
    for (const child of current.value) visit(child, depth);
  };
  visit(node, octetDepth);
  return largest;
}

/**
 * Refuses, before any key derivation, a PFX whose MAC or encryption asks for more iterations than
 * MAX_PKCS12_ITERATIONS. Reads only the ASN.1 structure (cheap); bags inside encrypted contents are out of
 * its sight and left to the worker's time limit.
 */
export function assertPkcs12IterationsWithinLimit(pfx: forge.asn1.Asn1): void {
  const parts = Array.isArray(pfx.value) ? pfx.value : [];
  const macData = parts[2];
  let largest = 0;
  if (macData && Array.isArray(macData.value)) {
    for (const child of macData.value)
      if (isUniversal(child, forge.asn1.Type.INTEGER)) {
        const value = integerValue(child);
        largest = Number.isNaN(value) ? Number.POSITIVE_INFINITY : Math.max(largest, value);
      }
  }
  if (parts[1]) largest = Math.max(largest, largestPbeCount(parts[1], 0));
  if (largest > MAX_PKCS12_ITERATIONS)
    throw new HttpError(400, 'CERTIFICADO_ITERACOES_EXCESSIVAS', TOO_MANY_ITERATIONS);
}

const commonName = (name: forge.pki.Certificate['subject']): string =>
  String(name.getField('CN')?.value ?? name.getField('O')?.value ?? '').trim();

/**
 * The CNPJ after the colon of an ICP-Brasil CN, else the first valid CNPJ found in any subject attribute; an
 * alphanumeric CNPJ (12 letters or digits and 2 check digits, IN RFB 2.229/2024) too, by isValidCnpj.
 */
function cnpjOf(cert: forge.pki.Certificate): string | null {
  const values = [
    commonName(cert.subject),
    ...cert.subject.attributes.map((attribute) => String(attribute.value ?? '')),
  ];
  for (const value of values) {
    for (const match of value.toUpperCase().matchAll(/(?<![0-9A-Z])([0-9A-Z]{12}[0-9]{2})(?![0-9A-Z])/g))
      if (match[1] && isValidCnpj(match[1])) return match[1];
  }
  return null;
}

/** Whether the certificate carries the public half of `key` (the end-entity certificate of the chain). */
function matchesKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(publicKey.n && key.n && publicKey.n.equals(key.n));
}

function openPkcs12(
  bytes: Buffer,
  senha: string,
): { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey } {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  } catch {
    throw new HttpError(400, 'CERTIFICADO_INVALIDO', NOT_A_CERTIFICATE);
  }
  assertPkcs12IterationsWithinLimit(asn1);
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, senha);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/mac could not be verified|invalid password/i.test(message))
      throw new HttpError(400, 'SENHA_CERTIFICADO_INCORRETA', WRONG_PASSWORD);
    throw new HttpError(400, 'CERTIFICADO_INVALIDO', NOT_A_CERTIFICATE);
  }
  const bags = (type: string) => p12.getBags({ bagType: type })[type] ?? [];
  const keys = [...bags(forge.pki.oids.pkcs8ShroudedKeyBag ?? ''), ...bags(forge.pki.oids.keyBag ?? '')]
    .map((bag) => bag.key)
    .filter((key): key is forge.pki.rsa.PrivateKey => key != null);
  const certs = bags(forge.pki.oids.certBag ?? '')
    .map((bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => cert != null);
  for (const cert of certs) {
    const key = keys.find((candidate) => matchesKey(cert, candidate));
    if (key) return { cert, key };
  }
  throw new HttpError(400, 'CERTIFICADO_SEM_CHAVE', NO_KEY);
}

function describe(cert: forge.pki.Certificate): CertificadoInfo {
  return {
    titular: commonName(cert.subject).replace(/:\d{11,14}$/, ''),
    cnpj: cnpjOf(cert),
    emissor: commonName(cert.issuer),
    numeroSerie: cert.serialNumber,
    validoDe: cert.validity.notBefore,
    validoAte: cert.validity.notAfter,
  };
}

/**
 * Opens a PKCS#12 file with its password and describes its end-entity certificate. Answers 400 with a
 * message a person can act on when the bytes are not PKCS#12, the password is wrong, or the file holds
 * no certificate with its private key, and before deriving any key when the file asks for more than
 * MAX_PKCS12_ITERATIONS. CPU-bound (node-forge): the API calls it through readPkcs12InWorker.
 */
export function readPkcs12(bytes: Buffer, senha: string): CertificadoInfo {
  return describe(openPkcs12(bytes, senha).cert);
}

/** What signing needs from an A1 file: its description plus the key and certificate as PEM (same checks as readPkcs12). */
export function readPkcs12Pem(
  bytes: Buffer,
  senha: string,
): { info: CertificadoInfo; privateKeyPem: string; certificatePem: string } {
  const { cert, key } = openPkcs12(bytes, senha);
  return {
    info: describe(cert),
    privateKeyPem: forge.pki.privateKeyToPem(key),
    certificatePem: forge.pki.certificateToPem(cert),
  };
}
