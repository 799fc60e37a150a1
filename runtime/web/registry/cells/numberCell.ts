import { LOCALE } from '../../../core/constants.ts';
import type { CellFormat } from './CellFormat.ts';
import { toNumber } from './toNumber.ts';

const formatter = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 4 });

/** A number in pt-BR notation: '1.234,5'. */
export const numberCell: CellFormat = {
  format(value) {
    const number = toNumber(value);
    return number === null ? '' : formatter.format(number);
  },
  align: 'right',
};
