import type { GridApi, IDatasource } from 'ag-grid-community';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { buildListQuery, keysetAfter } from './buildListQuery.ts';
import { createRecordsClient, type RecordCount } from './createRecordsClient.ts';
import type { GridRowAction, RecordRow } from './listTypes.ts';
import { type EntityBundle, resolveListDefinition } from './resolveListDefinition.ts';
import { rowActionAllowed } from './rowActionAllowed.ts';
import { runRowAction } from './runRowAction.ts';
import { useLinkFilter } from './useLinkFilter.ts';

/** Pause after the last key stroke before the quick search hits the API. */
export const SEARCH_DEBOUNCE_MS = 400;
const DEFAULT_PAGE_SIZE = 100;
export const LIST_TEXTS = {
  confirmDelete: 'Deseja excluir este registro?',
  deleted: 'Registro excluído com sucesso.',
  rowActionDone: 'Ação realizada com sucesso.',
} as const;

interface Outcome {
  /** Rows matching the current search and filters (count of the API). */
  total: number;
  /** The total is the server's estimate (a big list): shown as "cerca de …", exact on demand. */
  approximate: boolean;
  /** Whether a quick search or a column filter narrowed the list. */
  narrowed: boolean;
}

/**
 * Headless controller of a list screen (react-admin style): the entity and grid definitions, the user's
 * permission flags, the quick search, the link filter (`?where=&filtro=`), the AG Grid infinite-row-model datasource that turns the grid's
 * sort and filter models into the LoopBack `?filter=` (and `/count?where=` for the last row), delete
 * with confirmation, and refresh. The view only renders what this returns.
 */
export function useListController(entityName: string) {
  const { schemas } = useTenant();
  const { user } = useSession();
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const definition = useMemo(
    () => resolveListDefinition(entityName, (schemas.entities ?? {}) as EntityBundle, schemas.enums),
    [entityName, schemas],
  );
  if (!definition) throw new Error(`Entidade desconhecida: ${entityName}`);
  const { entity, grid, enums } = definition;
  const records = useMemo(() => createRecordsClient(api, entity.resource), [api, entity.resource]);
  const linkFilter = useLinkFilter();
  const linkWhere = linkFilter.filter?.where;

  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [loading, setLoading] = useState(false);
  const gridApi = useRef<GridApi<RecordRow> | null>(null);
  // The count is fetched once per where clause and refresh, not once per block.
  const generation = useRef(0);
  const counting = useRef<{ key: string; promise: Promise<RecordCount> } | null>(null);
  // Keyset cursors of the blocks already read (start row → after), so the next block seeks, not skips.
  const cursors = useRef<{ key: string; after: Map<number, unknown[]> }>({ key: '', after: new Map() });
  const lastWhere = useRef<{ key: string; where: unknown } | null>(null);

  const datasource = useMemo<IDatasource>(
    () => ({
      getRows(params) {
        const query = buildListQuery(entity, grid, {
          search,
          sortModel: params.sortModel,
          filterModel: params.filterModel,
          where: linkWhere,
        });
        const limit = params.endRow - params.startRow;
        const key = `${generation.current}:${JSON.stringify(query.where ?? null)}`;
        if (counting.current?.key !== key) counting.current = { key, promise: records.count(query.where) };
        lastWhere.current = { key, where: query.where };
        const blockKey = `${key}:${JSON.stringify(query.order)}`;
        if (cursors.current.key !== blockKey) cursors.current = { key: blockKey, after: new Map() };
        const after = params.startRow > 0 ? cursors.current.after.get(params.startRow) : undefined;
        const page = after ? { ...query, limit, after } : { ...query, limit, skip: params.startRow };
        setLoading(true);
        Promise.all([records.find(page), counting.current.promise])
          .then(([rows, counted]) => {
            const end = params.startRow + rows.length;
            const next = keysetAfter(query.order, rows.at(-1));
            if (next && rows.length === limit && cursors.current.key === blockKey)
              cursors.current.after.set(end, next);
            const total = rows.length < limit ? end : Math.max(counted.count, end);
            params.successCallback(rows, total);
            setOutcome({
              total,
              approximate: rows.length === limit && counted.aproximado,
              narrowed: !!query.where,
            });
          })
          .catch((error: unknown) => {
            counting.current = null;
            params.failCallback();
            void showError(error);
          })
          .finally(() => setLoading(false));
      },
    }),
    [entity, grid, records, search, showError, linkWhere],
  );

  /** Replaces an estimated total by the exact count (the footer's "cerca de …" asks for it). */
  const countExactly = useCallback(async () => {
    const current = lastWhere.current;
    if (!current) return;
    try {
      const exact = await records.count(current.where as Parameters<typeof records.count>[0], {
        exact: true,
      });
      if (lastWhere.current?.key !== current.key) return;
      counting.current = { key: current.key, promise: Promise.resolve(exact) };
      setOutcome((outcome) => (outcome ? { ...outcome, total: exact.count, approximate: false } : outcome));
    } catch (error) {
      await showError(error);
    }
  }, [records, showError]);

  const refresh = useCallback(() => {
    generation.current += 1;
    gridApi.current?.refreshInfiniteCache();
  }, []);

  const remove = useCallback(
    async (row: RecordRow) => {
      if (!(await notify.confirm({ message: LIST_TEXTS.confirmDelete }))) return;
      try {
        await records.remove(row.id);
        notify.toast(LIST_TEXTS.deleted, { severity: 'success' });
        refresh();
      } catch (error) {
        await showError(error);
      }
    },
    [notify, records, refresh, showError],
  );

  /** A declared row action: asks its confirmation, calls its operation with the row's id, refreshes. */
  const runDeclaredAction = useCallback(
    async (action: GridRowAction, row: RecordRow) => {
      if (await runRowAction({ api, notify, showError }, action, row, LIST_TEXTS.rowActionDone)) refresh();
    },
    [api, notify, refresh, showError],
  );

  const route = `/${(entity.route ?? '').replace(/^[#/]+/, '')}`;
  const paths = useMemo(
    () => ({
      create: `${route}/cadastrar`,
      edit: (id: number) => `${route}/editar/${id}`,
      copy: (id: number) => `${route}/copiar/${id}`,
    }),
    [route],
  );

  const allowed = (level: PermissionLevel) => checkPermission(user, entity.permission, level);
  const rowActions = useMemo(
    () => (grid.rowActions ?? []).filter((action) => rowActionAllowed(user, action, entity.permission)),
    [grid, user, entity.permission],
  );
  const actions = grid.actions ?? {};
  return {
    entity,
    grid,
    enums,
    title: grid.title ?? entity.labelPlural,
    pageSize: grid.pageSize ?? DEFAULT_PAGE_SIZE,
    canCreate: actions.criar !== false && allowed(PermissionLevel.CRIAR),
    canEdit: actions.editar !== false && allowed(PermissionLevel.ALTERAR),
    canCopy: actions.copiar !== false && allowed(PermissionLevel.CRIAR),
    canDelete: actions.excluir !== false && allowed(PermissionLevel.TOTAL),
    /** Opening a record read-only is offered to whoever may view it but not change it. */
    canView: actions.editar !== false && allowed(PermissionLevel.VISUALIZAR),
    /** The grid's declared row actions the user may take. */
    rowActions,
    runRowAction: runDeclaredAction,
    searchText,
    setSearchText,
    /** The filter a link opened the list with (chip label and removal). */
    linkFilter,
    datasource,
    loading,
    total: outcome?.total ?? null,
    approximate: outcome?.approximate ?? false,
    countExactly,
    /** No record at all (not just none matching a search or filter): the empty state of the spec. */
    empty: outcome !== null && outcome.total === 0 && !outcome.narrowed && search === '',
    paths,
    setGridApi: (next: GridApi<RecordRow> | null) => {
      gridApi.current = next;
    },
    remove,
    refresh,
  };
}

export type ListController = ReturnType<typeof useListController>;
