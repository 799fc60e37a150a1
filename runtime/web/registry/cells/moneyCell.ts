import { formatBRL } from '../../../core/formatMoney.ts';
import type { CellFormat } from './CellFormat.ts';
import { toNumber } from './toNumber.ts';

/** Brazilian currency, 'R$ 1.234,56' (spec 001 §9). */
export const moneyCell: CellFormat = {
  format: (value) => formatBRL(toNumber(value)),
  align: 'right',
};
