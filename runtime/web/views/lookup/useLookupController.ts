import { useEffect, useState } from 'react';
import { readPath } from '../../../core/readPath.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import type { LookupScreen } from './lookupTypes.ts';

/**
 * Controller of a `lookup` screen: the typed text (debounced), the rows its read operation answers
 * (a new search starts at the first page), client-side paging and the runtime's error dialog.
 */
export function useLookupController(search: LookupScreen['search']) {
  const { api } = useRuntime();
  const showError = useActionError();
  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [rows, setRows] = useState<unknown[]>([]);
  const [loading, setLoading] = useState(true);
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(search.pageSizes?.[0] ?? 25);

  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    callOperation(api, search.operationId, query ? { [search.param]: query } : {})
      .then(({ data, error }) => {
        if (cancelled) return;
        if (error) throw error;
        const items = search.items ? readPath(data, search.items.split('.')) : data;
        setRows(Array.isArray(items) ? items : []);
        setPage(0);
      })
      .catch((error) => !cancelled && void showError(error))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [api, search.operationId, search.param, search.items, query, showError]);

  const changePerPage = (size: number) => {
    setPerPage(size);
    setPage(0);
  };
  const visible = rows.slice(page * perPage, (page + 1) * perPage);
  return { text, setText, query, rows, visible, loading, page, setPage, perPage, changePerPage };
}
