import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import type { CellFormat } from './CellFormat.ts';

/** CPF 000.000.000-00 or (alphanumeric) CNPJ XX.XXX.XXX/XXXX-XX. */
export const cpfCnpjCell: CellFormat = {
  format: (value) => (typeof value === 'string' ? formatCpfCnpj(value) : ''),
};
