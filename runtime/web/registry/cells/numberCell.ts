import { LOCALE } from '../../../core/constants.ts';
import type { CellFormat } from './CellFormat.ts';
import { toNumber } from './toNumber.ts';

const formatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 6 });

/** A number in pt-BR notation: '1.234,5' (up to 6 decimals, the precision of quantities and rates). */
export const numberCell: CellFormat = {
  format(value) {
    const number = toNumber(value);
    return number === null ? '' : formatter.format(number);
  },
  align: 'right',
};
