import type { CellFormat } from './CellFormat.ts';

/** Plain text; objects (json fields) are shown as compact JSON. */
export const textCell: CellFormat = {
  format(value) {
    if (value === null || value === undefined) return '';
    return typeof value === 'object' ? JSON.stringify(value) : String(value);
  },
};
