/**
 * Decodes the referral of a sign-up link (spec 000 §3: base64-encoded JSON of the referrer); null when the
 * value is not base64 of a JSON object. A "+" turned into a space by query-string decoding is restored.
 */
export function decodeIndicante(value: string): Record<string, unknown> | null {
  try {
    const binary = atob(value.trim().replace(/ /g, '+'));
    const text = new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    const decoded: unknown = JSON.parse(text);
    return decoded && typeof decoded === 'object' && !Array.isArray(decoded)
      ? (decoded as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
