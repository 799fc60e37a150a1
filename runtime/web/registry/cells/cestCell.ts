import type { CellFormat } from './CellFormat.ts';

/** A CEST with its dots: 0300100 → 03.001.00 (other lengths as they are). */
export const cestCell: CellFormat = {
  format(value) {
    const cest = typeof value === 'string' ? value : '';
    return /^\d{7}$/.test(cest) ? `${cest.slice(0, 2)}.${cest.slice(2, 5)}.${cest.slice(5)}` : cest;
  },
};
