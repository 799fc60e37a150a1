import type { CellFormat } from './CellFormat.ts';

/** A month of competência 'AAAA-MM' as a Brazilian writes it: 'MM/AAAA'. */
export const competenciaCell: CellFormat = {
  format: (value) => {
    const match = typeof value === 'string' ? /^(\d{4})-(\d{2})/.exec(value) : null;
    return match ? `${match[2]}/${match[1]}` : typeof value === 'string' ? value : '';
  },
};
