import { useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { recordsRequest } from '../../views/form/recordsRequest.ts';

/** Pause after the last keystroke before searching (the spec is silent; 300 ms feels immediate). */
const SEARCH_DEBOUNCE_MS = 300;
/** Records offered per search. */
const SEARCH_LIMIT = 20;

/** The ids a relation value holds: one id, an array of ids (multiple) or none. */
function selectedIds(value: unknown): number[] {
  const list = Array.isArray(value)
    ? value
    : value === null || value === undefined || value === ''
      ? []
      : [value];
  return list.map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The search condition on the display field for the typed text: none for an empty text, contains
 * (ilike) for a text field; a numeric field (ilike applies to text only) is matched by the typed number,
 * and text that is not a number matches nothing (null: no request).
 */
export function displayCondition(query: string, numeric: boolean): unknown {
  const text = query.trim();
  if (!text) return undefined;
  if (!numeric) return { ilike: `%${text}%` };
  const value = Number(text.replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

export interface RecordOption {
  id: number;
  [field: string]: unknown;
}

interface RecordSearchOptions {
  resource: string;
  display: string;
  /** Current value: a record id, or an array of ids for a multiple relation; their names are fetched. */
  value: unknown;
  /** Text typed by the person ('' lists the first records). */
  query: string;
  /** Search only while the list is open. */
  open: boolean;
  /** A record left out of the options (a tree node cannot be its own parent). */
  excludeId?: number;
  /** The display field is a number (a nota's numero): typed digits find that number. */
  numericDisplay?: boolean;
}

/**
 * Async options of a relation picker: GET /api/<Resource>?filter={where: {<display>: {ilike: %q%}}, limit 20,
 * order <display> ASC}, debounced, plus the selected records fetched by id so their names show before any
 * search.
 */
export function useRecordSearch({
  resource,
  display,
  value,
  query,
  open,
  excludeId,
  numericDisplay,
}: RecordSearchOptions) {
  const { api } = useRuntime();
  const [options, setOptions] = useState<RecordOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState<RecordOption[]>([]);
  const ids = selectedIds(value);
  const idsKey = ids.join(',');

  useEffect(() => {
    const wanted = idsKey ? idsKey.split(',').map(Number) : [];
    if (wanted.length === 0) {
      setCurrent([]);
      return;
    }
    let cancelled = false;
    const fallback = () => wanted.map((id) => ({ id, [display]: `#${id}` }));
    const request =
      wanted.length === 1
        ? recordsRequest<RecordOption>(api, 'GET', `/api/${resource}/${wanted[0]}`).then((record) => [record])
        : recordsRequest<RecordOption[]>(api, 'GET', `/api/${resource}`, {
            query: { filter: JSON.stringify({ where: { id: { inq: wanted } }, limit: wanted.length }) },
          });
    request
      .then((records) => {
        const byId = new Map(records.map((record) => [record.id, record]));
        return wanted.map((id) => byId.get(id) ?? { id, [display]: `#${id}` });
      })
      .catch(fallback)
      .then((records) => {
        if (!cancelled) setCurrent(records);
      });
    return () => {
      cancelled = true;
    };
  }, [api, resource, display, idsKey]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(async () => {
      const where: Record<string, unknown> = {};
      const condition = displayCondition(query, numericDisplay === true);
      if (condition !== undefined) where[display] = condition;
      if (excludeId !== undefined) where.id = { neq: excludeId };
      const filter = JSON.stringify({ where, limit: SEARCH_LIMIT, order: `${display} ASC` });
      const rows =
        condition === null
          ? []
          : await recordsRequest<RecordOption[]>(api, 'GET', `/api/${resource}`, {
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
  }, [api, resource, display, query, open, excludeId, numericDisplay]);

  return { options, loading, current };
}
