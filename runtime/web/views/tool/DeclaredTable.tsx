import {
  Chip,
  type ChipProps,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { readPath } from '../../../core/readPath.ts';
import { applyRule, conditionHolds, evaluateFormula } from '../../../core/screens/evaluateRule.ts';
import { cells } from '../../registry/cells/index.ts';
import { textCell } from '../../registry/cells/textCell.ts';
import { fillFormatted, formulaText } from './fillFormatted.ts';
import type { DeclaredColumns } from './toolTypes.ts';

type Column = DeclaredColumns[string];

const TONES: Record<string, string> = {
  warning: 'warning.main',
  error: 'error.main',
  success: 'success.main',
  secondary: 'text.secondary',
};
const CHIP_COLORS = new Set(['default', 'success', 'warning', 'info', 'error', 'primary', 'secondary']);

/**
 * One cell: the value in its cell format (a `compute` formula replaces the field, its texts filled from
 * the row), as plain text, coloured by `tone` or as a `chip`, with its `captions` under it; or, with
 * `flags`, one outlined chip per boolean field of the row that is true. With `link`, the value is a link to
 * that hash route of the app (only app routes: a row cannot point the user elsewhere).
 */
function DeclaredCell({
  column,
  row,
}: {
  column: Column & { key: string; cell: NonNullable<(typeof cells)[string]> };
  row: unknown;
}) {
  const raw =
    column.compute !== undefined
      ? evaluateFormula(column.compute, row, fillFormatted)
      : readPath(row, (column.field ?? column.key).split('.'));
  const text =
    column.digits && typeof raw === 'number'
      ? String(raw).padStart(column.digits, '0')
      : column.cell.format(raw, {});
  const tone = column.tone !== undefined ? TONES[formulaText(column.tone, row)] : undefined;
  const color = column.chip ? formulaText(column.chip.color, row) : '';
  const route = column.link !== undefined ? formulaText(column.link, row).replace(/^#?\/*/, '') : '';
  const captions = (column.captions ?? [])
    .map((caption) => ({ text: formulaText(caption.text, row), tone: caption.tone ?? 'secondary' }))
    .filter((caption) => caption.text);
  if (column.flags)
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
        {Object.entries(column.flags)
          .filter(([field]) => readPath(row, field.split('.')) === true)
          .map(([field, label]) => (
            <Chip key={field} label={label} size="small" variant="outlined" />
          ))}
      </Stack>
    );
  const value = column.chip ? (
    <Chip
      size="small"
      label={text}
      color={(CHIP_COLORS.has(color) ? color : 'default') as ChipProps['color']}
      variant={column.chip.outlined && conditionHolds(column.chip.outlined, row) ? 'outlined' : 'filled'}
    />
  ) : tone ? (
    <Typography variant="body2" color={tone}>
      {text}
    </Typography>
  ) : route ? (
    <Link href={`#/${route}`}>{text}</Link>
  ) : (
    text
  );
  if (captions.length === 0) return value;
  return (
    <>
      {value}
      {captions.map((caption) => (
        <Typography key={caption.text} variant="caption" color={TONES[caption.tone]} component="div">
          {caption.text}
        </Typography>
      ))}
    </>
  );
}

/** Width and responsive hiding of a declared column, for its header and its cells. */
function columnSx(column: Column) {
  return {
    ...(column.width ? { width: column.width } : {}),
    ...(column.minWidth ? { minWidth: column.minWidth } : {}),
    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
    ...(column.hideBelow ? { display: { xs: 'none', [column.hideBelow]: 'table-cell' } } : {}),
  };
}

/**
 * Rows of an answer as a table with the declared columns (label, dotted field, cell format of the
 * grid registry, alignment, monospace, width, hidden below a breakpoint), named by `label`. A column
 * with a `rule` shows only as the parameter `values` allow; a `compute` formula replaces its field;
 * `tone`, `chip` and `captions` dress the cell, `flags` shows a chip per true field (see DeclaredCell).
 */
export function DeclaredTable(props: {
  label: string;
  columns: DeclaredColumns;
  rows: unknown[];
  empty?: string;
  stickyHeader?: boolean;
  values?: Record<string, unknown>;
  /** A row before the rows: a text by column key, placeholders filled from `answer`. */
  first?: Record<string, string>;
  answer?: unknown;
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
        {props.first && (
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={columnSx(column)}>
                {fillFormatted(props.first?.[column.key] ?? '', props.answer)}
              </TableCell>
            ))}
          </TableRow>
        )}
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
                <DeclaredCell column={column} row={row} />
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
