import { LOCALE } from '../../../core/constants.ts';
import type { CellFormat } from './CellFormat.ts';
import { toNumber } from './toNumber.ts';

const formatter = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** A percent field holds the percentage itself (12.5 means 12,5 %): shown as '12,50%'. */
export const percentCell: CellFormat = {
  format(value) {
    const number = toNumber(value);
    return number === null ? '' : `${formatter.format(number)}%`;
  },
  align: 'right',
};
