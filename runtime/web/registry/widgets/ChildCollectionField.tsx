import {
  Box,
  Button,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import type { FieldProps, RJSFSchema, UIOptionsType, WidgetProps } from '@rjsf/utils';
import { getUiOptions } from '@rjsf/utils';
import { useRef } from 'react';
import { formatBRL } from '../../../core/formatMoney.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import type { ChildCollectionOptions, ChildColumn } from '../../views/form/formTypes.ts';
import { recordsRequest } from '../../views/form/recordsRequest.ts';
import { columnTotal, computeRow, fillEmpty, renumber } from './childRows.ts';

type Row = Record<string, unknown>;
type CellErrors = Record<string, Record<string, { __errors?: string[] }> | undefined>;

/** Narrowest a column gets, by widget (short codes such as the unit narrower still). */
const WIDTH: Record<string, number> = { RelationWidget: 220, TextWidget: 150, TextareaWidget: 200 };
const minWidth = (column: ChildColumn, schema: RJSFSchema | undefined) =>
  typeof schema?.maxLength === 'number' && schema.maxLength <= 10 ? 72 : (WIDTH[column.widget] ?? 110);

/**
 * A child collection (entity `children`, e.g. the items of an order) edited inside the parent's form: a
 * table whose columns are the item fields (each cell the registry widget of its field), add and remove
 * row, items numbered 1..n, computed fields and fills declared in the form file, a footer with the sums,
 * and the errors of `itens[2].quantidade` under that cell.
 */
export function ChildCollectionField(props: FieldProps) {
  const { registry, fieldPathId, schema, uiSchema, disabled, readonly } = props;
  const { api } = useRuntime();
  const options = getUiOptions(uiSchema) as unknown as ChildCollectionOptions & { title?: string };
  const rows = (Array.isArray(props.formData) ? props.formData : []) as Row[];
  const latest = useRef(rows);
  latest.current = rows;
  const itemSchema = (schema.items ?? {}) as RJSFSchema;
  const properties = (itemSchema.properties ?? {}) as Record<string, RJSFSchema>;
  const required = new Set(itemSchema.required ?? []);
  const errors = (props.errorSchema ?? {}) as unknown as CellErrors;
  const locked = disabled || readonly;
  const title = String(options.title ?? schema.title ?? props.name);

  const commit = (next: Row[]) => {
    latest.current = next;
    props.onChange(renumber(next, options.numberField), fieldPathId.path);
  };
  const setRow = (index: number, change: (row: Row) => Row) =>
    commit(latest.current.map((row, i) => (i === index ? computeRow(change(row), options.compute) : row)));

  const setCell = (index: number, column: ChildColumn, value: unknown) => {
    setRow(index, (row) => ({ ...row, [column.name]: value }));
    const fill = options.fill[column.name];
    const resource = column.options.resource;
    if (!fill || typeof value !== 'number' || typeof resource !== 'string') return;
    recordsRequest<Row>(api, 'GET', `/api/${resource}/${value}`)
      .then((record) => {
        if (latest.current[index]?.[column.name] === value)
          setRow(index, (row) => fillEmpty(row, fill, record));
      })
      .catch(() => undefined);
  };

  const cell = (row: Row, index: number, column: ChildColumn) => {
    const id = `${fieldPathId.$id}_${index}_${column.name}`;
    const cellErrors = errors[index]?.[column.name]?.__errors ?? [];
    if (column.name === options.numberField)
      return (
        <Typography sx={{ pt: 1, fontVariantNumeric: 'tabular-nums' }}>
          {String(row[column.name] ?? index + 1)}
        </Typography>
      );
    const Widget = registry.widgets[column.widget] ?? registry.widgets.TextWidget;
    if (!Widget) return null;
    const widgetProps: WidgetProps = {
      id,
      name: id,
      schema: properties[column.name] ?? {},
      uiSchema: { 'ui:options': column.options as UIOptionsType },
      registry,
      value: row[column.name],
      label: `${column.label} do item ${index + 1}`,
      hideLabel: true,
      required: required.has(column.name),
      disabled: locked,
      readonly: locked || column.readOnly === true,
      rawErrors: cellErrors,
      options: { ...column.options, emptyValue: undefined },
      onChange: (value) => setCell(index, column, value),
      onBlur: () => undefined,
      onFocus: () => undefined,
    };
    return (
      <Box aria-label={`${column.label} do item ${index + 1}`} role="group">
        <Widget {...widgetProps} />
        {cellErrors.map((message) => (
          <Typography key={message} variant="caption" color="error" component="p" sx={{ mt: 0.5 }}>
            {message}
          </Typography>
        ))}
      </Box>
    );
  };

  const addRow = () => commit([...latest.current, computeRow({ ...options.defaults }, options.compute)]);
  const totals = options.totals.filter((field) => options.columns.some((column) => column.name === field));
  const firstTotal = options.columns.findIndex((column) => totals.includes(column.name));

  return (
    <Box component="section" aria-label={title}>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table
          size="small"
          sx={{ '& .MuiInputBase-input': { py: 1 }, '& td': { verticalAlign: 'top', px: 1 } }}
        >
          <TableHead>
            <TableRow>
              {options.columns.map((column) => (
                <TableCell
                  key={column.name}
                  sx={{
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    minWidth:
                      column.name === options.numberField ? 40 : minWidth(column, properties[column.name]),
                  }}
                >
                  {column.label}
                </TableCell>
              ))}
              <TableCell sx={{ width: 48 }} />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              <TableRow key={String(row.id ?? `novo-${index}`)}>
                {options.columns.map((column) => (
                  <TableCell key={column.name}>{cell(row, index, column)}</TableCell>
                ))}
                <TableCell>
                  {!locked && (
                    <Tooltip title="Remover item">
                      <IconButton
                        aria-label={`Remover item ${index + 1}`}
                        onClick={() => commit(latest.current.filter((_row, i) => i !== index))}
                      >
                        <Icon fontSize="small">delete</Icon>
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={options.columns.length + 1}>
                  <Typography color="text.secondary" sx={{ py: 1 }}>
                    Nenhum item. {locked ? '' : 'Clique em Adicionar item para incluir o primeiro.'}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
          {totals.length > 0 && rows.length > 0 && (
            <TableFooter>
              <TableRow>
                <TableCell
                  colSpan={Math.max(firstTotal, 1)}
                  sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.95rem' }}
                >
                  Total ({rows.length} {rows.length === 1 ? 'item' : 'itens'})
                </TableCell>
                {options.columns.slice(Math.max(firstTotal, 1)).map((column) => (
                  <TableCell
                    key={column.name}
                    aria-label={totals.includes(column.name) ? `Total de ${column.label}` : undefined}
                    sx={{ fontWeight: 600, color: 'text.primary', textAlign: 'right', fontSize: '0.95rem' }}
                  >
                    {totals.includes(column.name)
                      ? column.type === 'money'
                        ? formatBRL(columnTotal(rows, column.name))
                        : columnTotal(rows, column.name).toLocaleString('pt-BR')
                      : ''}
                  </TableCell>
                ))}
                <TableCell />
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {!locked && (
        <Button sx={{ mt: 1 }} onClick={addRow}>
          Adicionar item
        </Button>
      )}
    </Box>
  );
}
