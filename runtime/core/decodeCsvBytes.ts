// Windows-1252 differs from ISO-8859-1 only in 0x80–0x9F (€, ‚, ƒ, „, …, curly quotes, Š, Œ, Ž…); the
// five undefined bytes keep their C1 code. Mapped here because some runtimes decode "windows-1252" as
// plain Latin-1.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Decodes Windows-1252 bytes. */
function decodeWindows1252(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) {
    text += byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH[byte - 0x80] : String.fromCharCode(byte);
  }
  return text;
}

/**
 * Decodes a text file as UTF-8 (byte-order mark removed) or, when the bytes are not valid UTF-8, as
 * Windows-1252 — what spreadsheet programs on Brazilian Windows save as "CSV (separado por vírgulas)".
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: 'UTF-8' | 'Windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'UTF-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'Windows-1252' };
  }
}
