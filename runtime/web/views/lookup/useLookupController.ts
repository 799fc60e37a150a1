import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readPath } from '../../../core/readPath.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime, useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { useRealtime } from '../../realtime/useRealtime.ts';
import { useActionError } from '../../ui/useActionError.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { useParameterOptions } from '../tool/useParameterOptions.ts';
import { fillQuery } from './fillQuery.ts';
import type { LookupScreen } from './lookupTypes.ts';

/** Filters start on their empty choice: the `selected` of an options answer is not applied. */
const keepValues = () => undefined;
const NO_PARAMS: Record<string, string> = {};
const read = (data: unknown, path: string) => (path ? readPath(data, path.split('.')) : data);

/**
 * Controller of a `lookup` screen: the typed text (debounced) and the chosen filters (a staff-only one
 * is not the others'), the rows its read operation answers (a new search starts at the first page), the
 * page — in the browser, or on the server with `paging` (skip/limit sent, the answer's total read) —,
 * the rows read again on a `refreshOn` realtime event, and the runtime's error dialog. A `submit` search
 * keeps its text in the address, so that coming back to the page shows the same results.
 */
export function useLookupController(
  search: LookupScreen['search'],
  params: Record<string, string> = NO_PARAMS,
) {
  const { api } = useRuntime();
  const { config } = useTenant();
  const { user } = useSession();
  const constants = useMemo(
    () => fillQuery(search.query, { config, user, route: params }),
    [search.query, config, user, params],
  );
  const showError = useActionError();
  // A submitted search is kept in the address (?<param>=…): going back to the page shows its results.
  const [address, setAddress] = useSearchParams();
  const kept = search.submit && search.param ? address.get(search.param) : null;
  const [text, setText] = useState(kept ?? '');
  const typed = useDebounced(text.trim());
  // With `submit`, the text applies when the button is pressed (null: not searched yet).
  const [submitted, setSubmitted] = useState<string | null>(kept);
  const query = search.submit ? (submitted ?? '') : typed;
  const idle = Boolean(search.submit) && submitted === null;
  const staff = user?.isAvanco === true;
  const shownFilters = useMemo(
    () => Object.entries(search.filters ?? {}).filter(([, filter]) => staff || !filter.staffOnly),
    [search.filters, staff],
  );
  // A filter's `default` (placeholders read the white-label and the user) is its first value.
  const [filters, setFilters] = useState<Record<string, unknown>>(() =>
    fillQuery(
      Object.fromEntries(
        shownFilters.flatMap(([name, filter]) =>
          filter.default !== undefined ? [[name, filter.default]] : [],
        ),
      ),
      { config, user },
    ),
  );
  const sources = useMemo(
    () =>
      Object.fromEntries(
        shownFilters.flatMap(([name, filter]) => (filter.options ? [[name, filter.options]] : [])),
      ),
    [shownFilters],
  );
  const options = useParameterOptions(sources, keepValues);
  const [answer, setAnswer] = useState<{ rows: unknown[]; total: number; data?: unknown }>({
    rows: [],
    total: 0,
  });
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(search.pageSize ?? search.pageSizes?.[0] ?? 25);
  /** Bumped to read the rows again (after a row action). */
  const [generation, setGeneration] = useState(0);
  const { paging } = search;
  const serverPage = paging ? page : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search (text or filter) starts at page 1.
  useEffect(() => setPage(0), [query, filters]);

  const realtime = useRealtime();
  useEffect(() => {
    const offs = (search.refreshOn ?? []).map((event) =>
      realtime?.on(event, () => setGeneration((current) => current + 1)),
    );
    return () => {
      for (const off of offs) off?.();
    };
  }, [realtime, search.refreshOn]);

  /** What the read operation is called with, but the page: constants, filters, the typed text. */
  const values = useMemo<Record<string, unknown>>(
    () => ({ ...constants, ...filters, ...(query && search.param ? { [search.param]: query } : {}) }),
    [constants, filters, query, search.param],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation reads the rows again.
  useEffect(() => {
    let cancelled = false;
    if (idle) {
      setLoading(false);
      return;
    }
    setLoading(true);
    const page = paging ? { [paging.skip]: serverPage * perPage, [paging.limit]: perPage } : {};
    callOperation(api, search.operationId, { ...values, ...page })
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) throw error;
        const items = search.items === undefined ? [] : read(data, search.items);
        const rows = Array.isArray(items) ? items : [];
        const total = paging ? Number(read(data, paging.total) ?? 0) : rows.length;
        // A page emptied by a row action (its last row removed) shows the last page that has rows.
        if (paging && rows.length === 0 && total > 0 && serverPage > 0)
          setPage(Math.ceil(total / perPage) - 1);
        setAnswer({ rows, total, data });
      })
      .catch((error) => !cancelled && void showError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [
    api,
    search.operationId,
    search.items,
    paging,
    values,
    serverPage,
    perPage,
    showError,
    generation,
    idle,
  ]);

  const changePerPage = (size: number) => {
    setPerPage(size);
    setPage(0);
  };
  const changeFilter = (name: string, value: unknown) =>
    setFilters((current) => ({ ...current, [name]: value === '' ? undefined : value }));
  const visible = paging ? answer.rows : answer.rows.slice(page * perPage, (page + 1) * perPage);
  return {
    text,
    setText,
    idle,
    /** Runs the search with the typed text (a `submit` lookup); the same text reads the rows again. */
    submit: () => {
      setSubmitted(text.trim());
      setGeneration((current) => current + 1);
      if (search.param) setAddress({ [search.param]: text.trim() }, { replace: true });
    },
    query,
    filters,
    shownFilters,
    changeFilter,
    values,
    data: answer.data,
    options,
    rows: answer.rows,
    total: answer.total,
    visible,
    loading,
    page,
    setPage,
    perPage,
    changePerPage,
    reload: () => setGeneration((current) => current + 1),
  };
}
