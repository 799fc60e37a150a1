import { code128Values, encodeCode128 } from './code128.ts';
import { encodeEan13, isValidEan13 } from './ean13.ts';

/** A barcode ready to draw: its symbology, the modules ('1' bar, '0' space) and the human-readable text. */
export interface Barcode {
  symbology: 'EAN-13' | 'CODE-128';
  modules: string;
  text: string;
}

/**
 * The barcode of a product code: EAN-13 for a valid GTIN-13 (or a GTIN-12/UPC-A, which is an EAN-13 with a
 * leading zero), Code 128 for anything else Code 128 can carry; null for an empty code or one it cannot.
 */
export function barcodeFor(code: string | null | undefined): Barcode | null {
  const text = (code ?? '').trim();
  if (!text) return null;
  const gtin13 = /^\d{12}$/.test(text) ? `0${text}` : text;
  if (isValidEan13(gtin13))
    return { symbology: 'EAN-13', modules: encodeEan13(gtin13).modules, text: gtin13 };
  try {
    code128Values(text);
  } catch {
    return null;
  }
  return { symbology: 'CODE-128', modules: encodeCode128(text), text };
}
