import type { ColDef, ValueGetterParams } from 'ag-grid-community';
import { type EntityField, type EnumDefinition, includeName } from '../../../core/resolveEntity.ts';
import type { CellContext } from '../../registry/cells/CellFormat.ts';
import { cells } from '../../registry/cells/index.ts';
import { textCell } from '../../registry/cells/textCell.ts';
import { defaultCellFormat } from './defaultCellFormat.ts';
import type { GridColumn, GridDefinition, RecordRow } from './listTypes.ts';
import type { FilterOption } from './OptionsFilter.tsx';
import { OptionsFilter } from './OptionsFilter.tsx';
import { RelationFilter } from './RelationFilter.tsx';
import { type RowActionHandlers, RowActions } from './RowActions.tsx';
import { maxShownRowActions, rowActionSlots } from './rowActionSlots.ts';

const TEXT_OPTIONS = [
  'contains',
  'notContains',
  'equals',
  'notEqual',
  'startsWith',
  'endsWith',
  'blank',
  'notBlank',
];
const NUMBER_OPTIONS = [
  'equals',
  'notEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'lessThan',
  'lessThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];
const DATE_OPTIONS = ['equals', 'notEqual', 'greaterThan', 'lessThan', 'inRange', 'blank', 'notBlank'];
const ACTION_WIDTH = 34;

function filterOf(field: EntityField | undefined, context: CellContext): Partial<ColDef<RecordRow>> {
  const shared = { maxNumConditions: 2, debounceMs: 400, buttons: ['reset'] };
  switch (field?.type) {
    case undefined:
    case 'string':
    case 'text':
      return { filter: 'agTextColumnFilter', filterParams: { ...shared, filterOptions: TEXT_OPTIONS } };
    case 'integer':
    case 'decimal':
    case 'money':
    case 'percent':
      return { filter: 'agNumberColumnFilter', filterParams: { ...shared, filterOptions: NUMBER_OPTIONS } };
    case 'date':
    case 'datetime':
      return { filter: 'agDateColumnFilter', filterParams: { ...shared, filterOptions: DATE_OPTIONS } };
    case 'enum':
    case 'boolean': {
      const options: FilterOption[] =
        field.type === 'boolean'
          ? [
              { value: true, label: 'Sim' },
              { value: false, label: 'Não' },
            ]
          : (context.enumValues ?? []).map((item) => ({ value: item.code, label: item.label }));
      return { filter: OptionsFilter, filterParams: { options } };
    }
    default:
      return {};
  }
}

function sizeOf(column: GridColumn): Partial<ColDef<RecordRow>> {
  if (column.width) return { width: column.width, minWidth: column.minWidth ?? Math.min(column.width, 80) };
  const flex = column.flex ?? 1;
  return { flex, minWidth: column.minWidth ?? (flex > 1 ? 160 : 110) };
}

function dataColumn(
  name: string,
  column: GridColumn,
  field: EntityField | undefined,
  enums: Record<string, EnumDefinition>,
  firstOrder: string | undefined,
  relationResource?: (entity: string) => string | undefined,
): ColDef<RecordRow> {
  const context: CellContext = { enumValues: field?.enum ? enums[field.enum]?.values : undefined };
  const cell = cells[column.format ?? defaultCellFormat(field)] ?? textCell;
  const relation = field?.type === 'relation' && !field.multiple ? field.relation : undefined;
  const sortable = column.sortable === true && !relation && !field?.multiple;
  const [orderField, direction] = (firstOrder ?? '').split(/\s+/);
  const Renderer = cell.Renderer;
  return {
    colId: name,
    field: name,
    headerName: column.label ?? field?.label ?? name,
    // Narrow columns cut long labels and values; the tooltip shows them whole.
    headerTooltip: column.label ?? field?.label ?? name,
    tooltipValueGetter: (params) => cell.format(params.value, context) || null,
    ...sizeOf(column),
    sortable,
    ...(sortable && orderField === name
      ? { initialSort: direction?.toLowerCase() === 'desc' ? 'desc' : 'asc' }
      : {}),
    ...(column.filter && !relation && !field?.multiple
      ? filterOf(field, context)
      : column.filter && relation && relationResource?.(relation.entity)
        ? {
            filter: RelationFilter,
            filterParams: {
              resource: relationResource(relation.entity),
              display: relation.display ?? 'nome',
            },
          }
        : { filter: false }),
    ...(relation
      ? {
          valueGetter: (params: ValueGetterParams<RecordRow>) => {
            const target = params.data?.[includeName(name)] as Record<string, unknown> | null | undefined;
            return target?.[relation.display ?? 'nome'] ?? null;
          },
        }
      : {}),
    valueFormatter: (params) => cell.format(params.value, context),
    ...(Renderer
      ? {
          cellRenderer: (params: { value: unknown; data?: RecordRow }) =>
            params.data ? (
              <Renderer value={params.value} text={cell.format(params.value, context)} context={context} />
            ) : null,
        }
      : {}),
    ...(cell.align === 'right' ? { type: 'rightAligned' } : {}),
    ...(cell.align === 'center'
      ? { cellStyle: { textAlign: 'center' }, headerClass: 'list-header-center' }
      : {}),
  };
}

/**
 * AG Grid column definitions of a list screen from its grid file: label (the column's or the field's),
 * width/flex, sort, a filter by field type, the value formatter of the cell registry, and a pinned
 * actions column when the user may act on rows.
 */
export function buildColumnDefs(
  grid: GridDefinition,
  fields: Record<string, EntityField>,
  enums: Record<string, EnumDefinition>,
  handlers: RowActionHandlers,
  /** Resource of a relation's target entity: a relation column with `filter` searches its records. */
  relationResource?: (entity: string) => string | undefined,
): ColDef<RecordRow>[] {
  const firstOrder = grid.defaultOrder?.split(',')[0]?.trim();
  const columns = Object.entries(grid.columns)
    .filter(([, column]) => !column.hidden)
    .map(([name, column]) => dataColumn(name, column, fields[name], enums, firstOrder, relationResource));
  const buttons =
    Number(handlers.canEdit || handlers.canView) +
    Number(handlers.canCopy) +
    Number(handlers.canDelete) +
    rowActionSlots(maxShownRowActions(handlers.extra ?? []), handlers.inline).buttons;
  if (buttons === 0) return columns;
  const width = Math.max(buttons * ACTION_WIDTH + 26, 80);
  return [
    ...columns,
    {
      colId: 'acoes',
      headerName: 'Ações',
      pinned: 'right',
      width,
      minWidth: width,
      maxWidth: width,
      sortable: false,
      filter: false,
      resizable: false,
      suppressMovable: true,
      cellRenderer: (params: { data?: RecordRow }) => <RowActions row={params.data} handlers={handlers} />,
    },
  ];
}
