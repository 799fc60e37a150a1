import {
  Box,
  Chip,
  type ChipProps,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { Fragment, type ReactNode } from 'react';
import { readPath } from '../../../core/readPath.ts';
import {
  applyRule,
  conditionHolds,
  evaluateFormula,
  type Formula,
} from '../../../core/screens/evaluateRule.ts';
import { useRuntimeList } from '../../app/moduleOptions.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { cells } from '../../registry/cells/index.ts';
import { textCell } from '../../registry/cells/textCell.ts';
import { reportFileHref } from '../../shell/reports/reportFileHref.ts';
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
 * that hash route of the app (only app routes: a row cannot point the user elsewhere); with `apiFile`, to
 * that file of the API, opened with the session's token.
 */
function DeclaredCell({
  column,
  row,
}: {
  column: Column & { key: string; cell: NonNullable<(typeof cells)[string]> };
  row: unknown;
}) {
  const raw = column.list
    ? listText(column.list, row)
    : column.compute !== undefined
      ? evaluateFormula(column.compute, row, fillFormatted)
      : readPath(row, (column.field ?? column.key).split('.'));
  const text =
    column.digits && typeof raw === 'number'
      ? String(raw).padStart(column.digits, '0')
      : column.cell.format(raw, {});
  const tone = column.tone !== undefined ? TONES[formulaText(column.tone, row)] : undefined;
  const color = column.chip ? formulaText(column.chip.color, row) : '';
  const icon = column.chip?.icon ? formulaText(column.chip.icon, row) : '';
  const route = column.link !== undefined ? formulaText(column.link, row).replace(/^#?\/*/, '') : '';
  const { boot } = useRuntime();
  const { token } = useSession();
  const file = column.apiFile !== undefined ? formulaText(column.apiFile, row) : '';
  const captions = (column.captions ?? [])
    .map((caption) => ({ text: formulaText(caption.text, row), tone: caption.tone ?? 'secondary' }))
    .filter((caption) => caption.text);
  // One line of captions joined by the separator (their tone: the first's).
  if (column.captionSeparator !== undefined && captions.length > 1)
    captions.splice(0, captions.length, {
      text: captions.map((caption) => caption.text).join(column.captionSeparator),
      tone: captions[0]?.tone ?? 'secondary',
    });
  if (column.chipList) return <ChipList chipList={column.chipList} row={row} />;
  if (column.flags)
    return (
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
        {text && <strong>{text}</strong>}
        {Object.entries(column.flags)
          .filter(([field]) => readPath(row, field.split('.')) === true)
          .map(([field, label]) => (
            <Fragment key={field}>
              {' '}
              <Chip label={label} size="small" variant="outlined" />
            </Fragment>
          ))}
      </Stack>
    );
  const href = column.href ? formulaText(column.href, row) : '';
  const value = column.chip ? (
    <Chip
      size="small"
      label={text}
      icon={icon ? <Icon fontSize="small">{icon}</Icon> : undefined}
      color={(CHIP_COLORS.has(color) ? color : 'default') as ChipProps['color']}
      variant={column.chip.outlined && conditionHolds(column.chip.outlined, row) ? 'outlined' : 'filled'}
    />
  ) : tone ? (
    <Typography variant="body2" color={tone}>
      {text}
    </Typography>
  ) : /^https?:\/\//i.test(href) ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {text}
    </a>
  ) : route ? (
    <Link href={`#/${route}`}>{text}</Link>
  ) : file.startsWith('/api/') ? (
    <Link href={reportFileHref(boot.apiEndpoint, file, token)}>{text}</Link>
  ) : column.preWrap ? (
    <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {text}
    </Typography>
  ) : column.tooltip !== undefined ? (
    <Tooltip title={formulaText(column.tooltip, row)}>
      <span>{text}</span>
    </Tooltip>
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

/** A column's `list`: each item of the row's array as its text, joined (or `empty`). */
function listText(list: NonNullable<Column['list']>, row: unknown): string {
  const items = readPath(row, list.items.split('.'));
  const texts = Array.isArray(items) ? items.map((item) => fillFormatted(list.text, item)) : [];
  return texts.length > 0 ? texts.join(list.separator ?? ', ') : (list.empty ?? '');
}

/** A column's `chipList`: one outlined chip per item of the row's array, labelled from a runtime list. */
function ChipList({ chipList, row }: { chipList: NonNullable<Column['chipList']>; row: unknown }) {
  const list = useRuntimeList(chipList.list);
  const items = readPath(row, chipList.items.split('.'));
  const codes = Array.isArray(items) ? items.map((item) => readPath(item, chipList.value.split('.'))) : [];
  if (codes.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        {chipList.empty ?? ''}
      </Typography>
    );
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {codes.map((code) => (
        <Chip
          key={String(code)}
          size="small"
          variant="outlined"
          label={list.find((option) => option.code === code)?.label ?? String(code)}
        />
      ))}
    </Stack>
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
  /** A row before the rows: a formula by column key, over `answer`; `firstActions` fill its Ações cell. */
  first?: Record<string, Formula>;
  firstActions?: ReactNode;
  /** A last row (totals): a formula by column key, over `answer`. */
  footer?: Record<string, Formula>;
  answer?: unknown;
  /** The buttons of a row, in a last "Ações" column (a lookup's row actions). */
  actions?: (row: unknown) => ReactNode;
  /** The header of that last column (default "Ações"), e.g. a switch's. */
  actionsLabel?: string;
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
          {props.actions && (
            <TableCell align="right" sx={{ width: 70 }}>
              {props.actionsLabel ?? 'Ações'}
            </TableCell>
          )}
        </TableRow>
      </TableHead>
      <TableBody>
        {props.first && (
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} sx={columnSx(column)}>
                {formulaText(props.first?.[column.key] ?? '', props.answer)}
              </TableCell>
            ))}
            {props.actions && <TableCell align="right">{props.firstActions}</TableCell>}
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
            {props.actions && (
              <TableCell align="right">
                <Box sx={{ display: 'inline-flex', gap: 0.25 }}>{props.actions(row)}</Box>
              </TableCell>
            )}
          </TableRow>
        ))}
        {props.rows.length === 0 && props.empty && (
          <TableRow>
            <TableCell colSpan={columns.length + (props.actions ? 1 : 0)} align="center" sx={{ py: 4 }}>
              {props.empty}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
      {props.footer && (
        <TableFooter>
          <TableRow>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sx={{ ...columnSx(column), fontWeight: 700, color: 'text.primary', fontSize: '0.875rem' }}
              >
                {formulaText(props.footer?.[column.key] ?? '', props.answer)}
              </TableCell>
            ))}
            {props.actions && <TableCell />}
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}
