import { phoneMask } from '../../../core/phoneMask.ts';
import type { CellFormat } from './CellFormat.ts';

/** (00) 0 0000-0000 or (00) 0000-0000. */
export const phoneCell: CellFormat = {
  format: (value) => (typeof value === 'string' || typeof value === 'number' ? phoneMask(String(value)) : ''),
};
