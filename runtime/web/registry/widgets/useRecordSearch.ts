import { useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';

/** Pause after the last keystroke before searching (the spec is silent; 300 ms feels immediate). */
const SEARCH_DEBOUNCE_MS = 300;
/** Records offered per search. */
const SEARCH_LIMIT = 20;

export interface RecordOption {
  id: number;
  [field: string]: unknown;
}

interface RecordSearchOptions {
  resource: string;
  display: string;
  /** Current value (record id), whose display text is fetched by id. */
  value: unknown;
  /** Text typed by the person ('' lists the first records). */
  query: string;
  /** Search only while the list is open. */
  open: boolean;
  /** A record left out of the options (a tree node cannot be its own parent). */
  excludeId?: number;
}

/**
 * Async options of a relation picker: GET /api/<Resource>?filter={where: {<display>: {ilike: %q%}}, limit 20,
 * order <display> ASC}, debounced, plus the current record fetched by id so its name shows before any search.
 */
export function useRecordSearch({ resource, display, value, query, open, excludeId }: RecordSearchOptions) {
  const { api } = useRuntime();
  const [options, setOptions] = useState<RecordOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState<RecordOption | null>(null);
  const id = typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : null;

  useEffect(() => {
    if (id === null || !Number.isFinite(id)) {
      setCurrent(null);
      return;
    }
    let cancelled = false;
    recordsRequest<RecordOption>(api, 'GET', `/api/${resource}/${id}`)
      .catch(() => ({ id, [display]: `#${id}` }))
      .then((record) => {
        if (!cancelled) setCurrent(record);
      });
    return () => {
      cancelled = true;
    };
  }, [api, resource, display, id]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(async () => {
      const where: Record<string, unknown> = {};
      if (query.trim()) where[display] = { ilike: `%${query.trim()}%` };
      if (excludeId !== undefined) where.id = { neq: excludeId };
      const filter = JSON.stringify({ where, limit: SEARCH_LIMIT, order: `${display} ASC` });
      const rows = await recordsRequest<RecordOption[]>(api, 'GET', `/api/${resource}`, {
        query: { filter },
      }).catch(() => []);
      if (cancelled) return;
      setOptions(rows);
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, resource, display, query, open, excludeId]);

  return { options, loading, current };
}
