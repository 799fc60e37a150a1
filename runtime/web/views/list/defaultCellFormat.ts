import type { EntityField } from '../../../core/resolveEntity.ts';
import type { CellFormatName } from './listTypes.ts';

/** The cell format a column gets from its field when the grid file names none. */
export function defaultCellFormat(field: EntityField | undefined): CellFormatName {
  switch (field?.type) {
    case 'money':
      return 'money';
    case 'percent':
      return 'percent';
    case 'integer':
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'enum':
      return 'enum';
    case 'boolean':
      return 'boolean';
    default:
      break;
  }
  if (field?.format === 'phone' || field?.mask === 'phone') return 'phone';
  if (field?.format && ['cpf', 'cnpj', 'cpfCnpj'].includes(field.format)) return 'cpfCnpj';
  return 'text';
}
