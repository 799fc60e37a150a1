import { formatDateTime } from '../../../core/formatDate.ts';
import type { CellFormat } from './CellFormat.ts';

/** dd/MM/yyyy HH:mm, the grid date format of spec 000 §9. */
export const datetimeCell: CellFormat = {
  format: (value) => (typeof value === 'string' || value instanceof Date ? formatDateTime(value) : ''),
};
