import forge from 'node-forge';
import { isValidCnpj } from '../../../core/isValidCnpj.ts';
import { HttpError } from '../../errors.ts';
import { MAX_PKCS12_ITERATIONS, pkcs12IterationCounts } from './pkcs12Iterations.ts';

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
const HOSTILE =
  'O certificado usa parâmetros de proteção fora do comum (contagem de iterações acima de 1.000.000) e não será aberto. Exporte o certificado A1 novamente pelo programa do emissor.';
const NO_KEY =
  'O arquivo não contém o certificado com a sua chave privada. Exporte o certificado A1 com a chave privada (.pfx ou .p12).';

const commonName = (name: forge.pki.Certificate['subject']): string =>
  String(name.getField('CN')?.value ?? name.getField('O')?.value ?? '').trim();

/** The 14 digits after the colon of an ICP-Brasil CN, else the first valid CNPJ found in any subject attribute. */
function cnpjOf(cert: forge.pki.Certificate): string | null {
  const values = [
    commonName(cert.subject),
    ...cert.subject.attributes.map((attribute) => String(attribute.value ?? '')),
  ];
  for (const value of values) {
    for (const match of value.matchAll(/(?<!\d)(\d{14})(?!\d)/g))
      if (match[1] && isValidCnpj(match[1])) return match[1];
  }
  return null;
}

/** Whether the certificate carries the public half of `key` (the end-entity certificate of the chain). */
function matchesKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
  return Boolean(publicKey.n && key.n && publicKey.n.equals(key.n));
}

/**
 * Opens a PKCS#12 file with its password and describes its end-entity certificate. Answers 400 with a
 * message a person can act on when the bytes are not PKCS#12, the password is wrong, or the file holds
 * no certificate with its private key.
 */
export function readPkcs12(bytes: Buffer, senha: string): CertificadoInfo {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
  } catch {
    throw new HttpError(400, 'CERTIFICADO_INVALIDO', NOT_A_CERTIFICATE);
  }
  const iterations = pkcs12IterationCounts(asn1);
  if (iterations.some((count) => !(count <= MAX_PKCS12_ITERATIONS)))
    throw new HttpError(400, 'CERTIFICADO_PARAMETROS_INVALIDOS', HOSTILE);
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
  const cert = certs.find((candidate) => keys.some((key) => matchesKey(candidate, key)));
  if (!cert) throw new HttpError(400, 'CERTIFICADO_SEM_CHAVE', NO_KEY);
  return {
    titular: commonName(cert.subject).replace(/:\d{11,14}$/, ''),
    cnpj: cnpjOf(cert),
    emissor: commonName(cert.issuer),
    numeroSerie: cert.serialNumber,
    validoDe: cert.validity.notBefore,
    validoAte: cert.validity.notAfter,
  };
}
