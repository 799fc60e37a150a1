import { formatDate } from '../../../core/formatDate.ts';
import type { CellFormat } from './CellFormat.ts';

/** dd/MM/yyyy. */
export const dateCell: CellFormat = {
  format: (value) => (typeof value === 'string' || value instanceof Date ? formatDate(value) : ''),
};
