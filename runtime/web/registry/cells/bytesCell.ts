import { LOCALE } from '../../../core/constants.ts';
import type { CellFormat } from './CellFormat.ts';
import { toNumber } from './toNumber.ts';

const MB = 1024 * 1024;

/** A size in bytes as a Brazilian reads it: under 1 MB in whole KB (at least 1 KB), else MB with one decimal. */
export const bytesCell: CellFormat = {
  format(value) {
    const bytes = toNumber(value);
    if (bytes === null) return '';
    return bytes < MB
      ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString(LOCALE)} KB`
      : `${(bytes / MB).toLocaleString(LOCALE, { maximumFractionDigits: 1 })} MB`;
  },
  align: 'right',
};
