import forge from 'node-forge';

/**
 * Real A1 files use 2,048 to a few hundred thousand PBKDF iterations; anything above this is a file made to
 * stall whoever opens it (a MAC iteration count of 2^31 keeps node-forge busy for tens of minutes).
 */
export const MAX_PKCS12_ITERATIONS = 1_000_000;

/** PKCS#12 PBE algorithms (1.2.840.113549.1.12.1.x: params SEQUENCE { salt, iterations }) and PBKDF2. */
const PKCS12_PBE_PREFIX = '1.2.840.113549.1.12.1.';
const PBKDF2 = '1.2.840.113549.1.5.12';
const MAX_DEPTH = 24;

const asn1 = forge.asn1;

/** An INTEGER's unsigned value; integers longer than 6 bytes count as infinite (they are never sane here). */
function integerValue(node: forge.asn1.Asn1): number {
  if (
    node.tagClass !== asn1.Class.UNIVERSAL ||
    node.type !== asn1.Type.INTEGER ||
    typeof node.value !== 'string'
  )
    return Number.NaN;
  const bytes = node.value;
  if (bytes.length > 6) return Number.POSITIVE_INFINITY;
  let value = 0;
  for (let i = 0; i < bytes.length; i++) value = value * 256 + bytes.charCodeAt(i);
  return value;
}

function children(node: forge.asn1.Asn1): forge.asn1.Asn1[] {
  return Array.isArray(node.value) ? node.value : [];
}

function oidOf(node: forge.asn1.Asn1 | undefined): string | null {
  if (!node || node.type !== asn1.Type.OID || typeof node.value !== 'string') return null;
  try {
    return asn1.derToOid(node.value);
  } catch {
    return null;
  }
}

/** The iteration counts declared in a PFX (the MAC's and every PBE/PBKDF2 parameter block), without any crypto. */
export function pkcs12IterationCounts(pfx: forge.asn1.Asn1): number[] {
  const counts: number[] = [];
  // PFX ::= SEQUENCE { version, authSafe ContentInfo, macData MacData OPTIONAL }; MacData ::= SEQUENCE
  // { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }.
  const macData = children(pfx)[2];
  const macIterations = macData ? children(macData)[2] : undefined;
  if (macIterations) counts.push(integerValue(macIterations));

  const visit = (node: forge.asn1.Asn1, depth: number) => {
    if (depth > MAX_DEPTH) return;
    const parts = children(node);
    const oid = oidOf(parts[0]);
    const params = parts[1];
    if (oid && params && (oid.startsWith(PKCS12_PBE_PREFIX) || oid === PBKDF2)) {
      const iterations = children(params)[1];
      if (iterations) counts.push(integerValue(iterations));
    }
    for (const child of parts) visit(child, depth + 1);
    // Safe contents travel DER-encoded inside OCTET STRINGs (ContentInfo of type data): look inside them too.
    if (node.type === asn1.Type.OCTETSTRING && typeof node.value === 'string' && node.value.length > 1) {
      try {
        visit(asn1.fromDer(forge.util.createBuffer(node.value), true), depth + 1);
      } catch {
        // not DER (encrypted bytes, a salt): nothing to look at
      }
    }
  };
  visit(pfx, 0);
  return counts;
}
