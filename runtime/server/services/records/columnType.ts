import type { EntityField, EnumDefinition } from '../../../core/resolveEntity.ts';

/**
 * PostgreSQL type of a field's column, spelled as format_type() prints it so the schema sync can compare
 * it with an existing column: string → varchar(maxLength) or text, money → numeric(15,2), enum by its
 * codeType, relation → bigint, multiple values and json → jsonb.
 */
export function columnType(field: EntityField, enums: Record<string, EnumDefinition>): string {
  if (field.multiple || field.type === 'json') return 'jsonb';
  switch (field.type) {
    case 'string':
      return field.maxLength ? `character varying(${field.maxLength})` : 'text';
    case 'text':
      return 'text';
    case 'integer':
      return 'integer';
    case 'decimal':
      return `numeric(18,${field.precision ?? 4})`;
    case 'money':
      return 'numeric(15,2)';
    case 'percent':
      return 'numeric(9,4)';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'timestamp with time zone';
    case 'relation':
      return 'bigint';
    case 'enum': {
      const codeType = enums[field.enum ?? '']?.codeType;
      return codeType === 'integer' ? 'integer' : codeType === 'number' ? 'numeric' : 'text';
    }
    default:
      return 'text';
  }
}
