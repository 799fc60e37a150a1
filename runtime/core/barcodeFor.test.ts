import { describe, expect, it } from 'vitest';
import { barcodeFor } from './barcodeFor.ts';

describe('barcodeFor', () => {
  it('uses EAN-13 for valid GTIN-13 and GTIN-12 codes', () => {
    expect(barcodeFor('7891000315507')?.symbology).toBe('EAN-13');
    expect(barcodeFor('036000291452')).toMatchObject({ symbology: 'EAN-13', text: '0036000291452' });
  });

  it('falls back to Code 128 for other codes and gives null for empty or unencodable ones', () => {
    expect(barcodeFor('SKU-001')).toMatchObject({ symbology: 'CODE-128', text: 'SKU-001' });
    expect(barcodeFor('7891000315508')?.symbology).toBe('CODE-128');
    expect(barcodeFor('  ')).toBeNull();
    expect(barcodeFor('Maçã')).toBeNull();
  });
});
