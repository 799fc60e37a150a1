import type { components } from '../../../../generated/screens.d.ts';
/**
 * The grid file (schemas/_meta/grid.schema.json) as the list screen reads it, and a record row. Entity
 * and enum shapes are runtime/core/resolveEntity.ts's.
 */
export type CellFormatName =
  | 'text'
  | 'money'
  | 'percent'
  | 'number'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'boolean'
  | 'status'
  | 'cpfCnpj'
  | 'phone';

export interface GridColumn {
  label?: string;
  format?: CellFormatName;
  width?: number;
  flex?: number;
  minWidth?: number;
  sortable?: boolean;
  filter?: boolean;
  hidden?: boolean;
}

export interface GridDefinition {
  entity: string;
  title?: string;
  defaultOrder?: string;
  pageSize?: number;
  columns: Record<string, GridColumn>;
  searchFields?: string[];
  actions?: { criar?: boolean; editar?: boolean; copiar?: boolean; excluir?: boolean };
  /** Extra row buttons calling an API operation with the row's id (e.g. Reenviar). */
  rowActions?: GridRowAction[];
  /** How many declared row actions a row shows as buttons; the others go into a "Mais ações" menu. */
  rowActionsInline?: number;
  /** Toolbar buttons leading to a tool of the screen (e.g. Importar XML). */
  links?: Array<{ label: string; route: string; icon?: string; requires?: 'visualizar' | 'criar' }>;
  empty?: { passos?: string[]; informacoes?: string[] };
}

/** A declared row button (the grid meta-schema's `rowAction`, shared with the lookups). */
export type GridRowAction = components['schemas']['rowAction'];

/** One record as the records API returns it. */
export interface RecordRow {
  id: number;
  [field: string]: unknown;
}
