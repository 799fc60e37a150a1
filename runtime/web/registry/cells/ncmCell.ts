import type { CellFormat } from './CellFormat.ts';

/** An NCM/SH position with its dots: 22011000 → 2201.10.00, 391721 → 3917.21, 3917 → 3917. */
export const ncmCell: CellFormat = {
  format(value) {
    const ncm = typeof value === 'string' ? value : '';
    return ncm.length > 4 ? [ncm.slice(0, 4), ncm.slice(4, 6), ncm.slice(6)].filter(Boolean).join('.') : ncm;
  },
};
