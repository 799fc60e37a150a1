import { Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { readPath } from '../../../core/readPath.ts';
import { applyRule, evaluateFormula } from '../../../core/screens/evaluateRule.ts';
import { cells } from '../../registry/cells/index.ts';
import { textCell } from '../../registry/cells/textCell.ts';
import type { DeclaredColumns } from './toolTypes.ts';

type Column = DeclaredColumns[string];

/** Width and responsive hiding of a declared column, for its header and its cells. */
function columnSx(column: Column) {
  return {
    ...(column.width ? { width: column.width } : {}),
    ...(column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {}),
  };
}

/**
 * Rows of an answer as a table with the declared columns (label, dotted field, cell format of the
 * grid registry, alignment, monospace, width, hidden below a breakpoint), named by `label`. A column
 * with a `rule` shows only as the parameter `values` allow; a `compute` formula replaces its field.
 */
export function DeclaredTable(props: {
  label: string;
  columns: DeclaredColumns;
  rows: unknown[];
  empty?: string;
  stickyHeader?: boolean;
  values?: Record<string, unknown>;
}) {
  const shown = Object.entries(props.columns).filter(
    ([, column]) => applyRule(column.rule, props.values ?? {}).visible,
  );
  const columns = shown.map(([key, column]) => {
    const cell = cells[column.format ?? 'text'] ?? textCell;
    return { key, ...column, cell, align: column.align ?? cell.align ?? 'left' };
  });
  return (
    <Table size="small" stickyHeader={props.stickyHeader} aria-label={props.label}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} align={column.align} sx={columnSx(column)}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.rows.map((row, index) => (
          // Answers carry no stable id for every kind of row; the order is the server's.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are replaced as a whole, never reordered
          <TableRow key={index} hover>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={{ ...columnSx(column), ...(column.monospace ? { fontFamily: 'monospace' } : {}) }}
              >
                {column.cell.format(
                  column.compute !== undefined
                    ? evaluateFormula(column.compute, row)
                    : readPath(row, (column.field ?? column.key).split('.')),
                  {},
                )}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {props.rows.length === 0 && props.empty && (
          <TableRow>
            <TableCell colSpan={columns.length} align="center" sx={{ py: 4 }}>
              {props.empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
