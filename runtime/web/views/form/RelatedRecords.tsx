import {
  Alert,
  Table,
  TableBody,
  TableCell,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { includeName } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { cells } from '../../registry/cells/index.ts';
import { textCell } from '../../registry/cells/textCell.ts';
import { defaultCellFormat } from '../list/defaultCellFormat.ts';
import { type EntityBundle, resolveListDefinition } from '../list/resolveListDefinition.ts';
import { rowActionAllowed } from '../list/rowActionAllowed.ts';
import type { RelatedList } from './formTypes.ts';
import { RelatedRowActions } from './RelatedRowActions.tsx';
import { recordsRequest } from './recordsRequest.ts';

type Row = Record<string, unknown>;
/** A related list shows at most this many rows (a product's balances: depósitos × lots). */
const LIMIT = 500;

/**
 * A form section's related list (form file `related`): the records of another entity whose `foreignKey`
 * is this record, read once from its records API with the columns of the declaration (default: that
 * entity's grid columns), each formatted as its grid column, and the `totals` summed in the footer.
 * Nothing, not even the section, is shown to a user who may not see that entity; on a record not yet
 * saved, a hint.
 */
export function RelatedRecords({
  related,
  recordId,
  title,
  children: frame,
}: {
  related: RelatedList;
  recordId?: number;
  title?: string;
  /** The section around the list (not drawn at all for a user who may not see the entity). */
  children: (content: ReactNode) => ReactNode;
}) {
  const { api } = useRuntime();
  const { schemas } = useTenant();
  const { user } = useSession();
  const definition = useMemo(
    () => resolveListDefinition(related.entity, (schemas.entities ?? {}) as EntityBundle, schemas.enums),
    [related.entity, schemas],
  );
  const allowed = definition
    ? checkPermission(user, definition.entity.permission, PermissionLevel.VISUALIZAR)
    : false;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const rowActions = useMemo(
    () =>
      related.rowActions && definition
        ? (definition.grid.rowActions ?? []).filter((action) =>
            rowActionAllowed(user, action, definition.entity.permission),
          )
        : [],
    [related.rowActions, definition, user],
  );
  const columns = useMemo(() => {
    if (!definition) return [];
    const { entity, grid, enums } = definition;
    const names = related.columns ?? Object.keys(grid.columns).filter((name) => !grid.columns[name]?.hidden);
    return names.map((name) => {
      const field = entity.fields[name];
      const column = grid.columns[name];
      const cell = cells[column?.format ?? defaultCellFormat(field)] ?? textCell;
      const context = { enumValues: field?.enum ? enums[field.enum]?.values : undefined };
      const display = field?.type === 'relation' ? (field.relation?.display ?? 'nome') : undefined;
      const value = (row: Row) =>
        display ? ((row[includeName(name)] as Row | null | undefined)?.[display] ?? null) : row[name];
      return {
        name,
        label: column?.label ?? field?.label ?? name,
        align: cell.align === 'right' ? ('right' as const) : ('left' as const),
        value,
        format: (raw: unknown) => cell.format(raw, context),
        relation: display !== undefined,
      };
    });
  }, [definition, related.columns]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reload reads the rows again after a row action ran
  useEffect(() => {
    if (!definition || !allowed || recordId === undefined) return;
    let cancelled = false;
    const include = columns
      .filter((column) => column.relation)
      .map((column) => ({ relation: includeName(column.name) }));
    const filter = {
      where: { [related.foreignKey]: recordId },
      order: [...(related.order ? related.order.split(',').map((entry) => entry.trim()) : []), 'id ASC'],
      limit: LIMIT,
      ...(include.length ? { include } : {}),
    };
    recordsRequest<Row[]>(api, 'GET', `/api/${definition.entity.resource}`, {
      query: { filter: JSON.stringify(filter) },
    })
      .then((data) => !cancelled && setRows(data))
      .catch((reason: unknown) => !cancelled && setError(extractErrorMessage(reason)));
    return () => {
      cancelled = true;
    };
  }, [api, definition, allowed, recordId, columns, related.foreignKey, related.order, reload]);

  if (!definition || !allowed) return null;
  if (recordId === undefined)
    return frame(
      <Typography color="text.secondary">
        Salve o registro para ver {definition.entity.labelPlural.toLowerCase()}.
      </Typography>,
    );
  if (error) return frame(<Alert severity="warning">{error}</Alert>);
  if (!rows) return frame(<Typography color="text.secondary">Carregando…</Typography>);
  if (rows.length === 0)
    return frame(<Typography color="text.secondary">{related.empty ?? 'Nenhum registro.'}</Typography>);
  const totals = new Set(related.totals ?? []);
  return frame(
    <Table size="small" aria-label={title ?? definition.entity.labelPlural}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.name} align={column.align}>
              {column.label}
            </TableCell>
          ))}
          {rowActions.length > 0 && <TableCell>Ações</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={String(row.id)}>
            {columns.map((column) => (
              <TableCell key={column.name} align={column.align}>
                {column.format(column.value(row)) || '—'}
              </TableCell>
            ))}
            {rowActions.length > 0 && (
              <TableCell padding="none">
                <RelatedRowActions
                  row={row}
                  actions={rowActions}
                  {...(definition.grid.rowActionsInline !== undefined
                    ? { inline: definition.grid.rowActionsInline }
                    : {})}
                  onChanged={() => setReload((n) => n + 1)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
      {totals.size > 0 && rows.length > 1 && (
        <TableFooter>
          <TableRow>
            {columns.map((column, i) => (
              <TableCell
                key={column.name}
                align={column.align}
                sx={{ fontWeight: 600, fontSize: '0.875rem', color: 'text.primary' }}
              >
                {totals.has(column.name)
                  ? column.format(
                      Math.round(rows.reduce((sum, row) => sum + Number(row[column.name] ?? 0), 0) * 1e6) /
                        1e6,
                    )
                  : i === 0
                    ? 'Total'
                    : ''}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      )}
    </Table>,
  );
}
