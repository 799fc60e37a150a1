import { useCallback, useEffect, useMemo, useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useRealtime } from '../../realtime/useRealtime.ts';
import type {
  DashboardCardDeclaration,
  DashboardChartDeclaration,
  DashboardScreen,
} from './dashboardTypes.ts';
import { monthOptions } from './monthOptions.ts';
import { visibleBlocks } from './visibleBlocks.ts';

/** The answer of one operation call: loading, its data, or the error message shown in the block. */
export interface DashboardAnswer {
  loading: boolean;
  data?: unknown;
  error?: string;
}

type Block = {
  params?: Record<string, string | number | boolean>;
  operationId: string;
  refreshOn?: string[];
};

/** Wait after a domain event before reading again: a posting burst (a pedido faturado emits several) reads once. */
export const REFRESH_DEBOUNCE_MS = 400;

/** The call a block makes: its operation with "$referencia" replaced by the chosen month. */
function requestOf(block: Block, referencia: string) {
  const params = Object.fromEntries(
    Object.entries(block.params ?? {}).map(([name, value]) => [
      name,
      value === '$referencia' ? referencia : value,
    ]),
  );
  return {
    key: `${block.operationId}:${JSON.stringify(params)}`,
    operationId: block.operationId,
    params,
    refreshOn: block.refreshOn ?? [],
  };
}

/**
 * Controller of a `dashboard` screen: the reference month, the cards, charts and links the user's profile
 * may see (their permission key at VISUALIZAR, the check menus use), one call per distinct operation and
 * parameters (two cards over one answer share it), each block's answer. The view only renders.
 */
export function useDashboardController(declaration: DashboardScreen) {
  const { api } = useRuntime();
  const { user } = useSession();
  const months = useMemo(() => monthOptions(hojeBrasilia().slice(0, 7)), []);
  const [referencia, setReferencia] = useState(() => months[0]?.value ?? '');
  const allowed = (permission?: string) =>
    !permission || checkPermission(user, permission, PermissionLevel.VISUALIZAR);

  const visible = visibleBlocks(declaration, allowed);
  const cards = visible.cards.map(([id, card]) => ({ id, card, request: requestOf(card, referencia) }));
  const charts = visible.charts.map(([id, chart]) => ({ id, chart, request: requestOf(chart, referencia) }));
  const links = visible.links;

  const requests = [...cards, ...charts].map((block) => block.request);
  const requestsKey = JSON.stringify(requests.map((request) => request.key).sort());
  // biome-ignore lint/correctness/useExhaustiveDependencies: requestsKey stands for the requests
  const unique = useMemo(
    () => [...new Map(requests.map((request) => [request.key, request])).values()],
    [requestsKey],
  );
  const [answers, setAnswers] = useState<Record<string, DashboardAnswer>>({});

  /** Reads one operation; the block keeps its shown figure until the answer arrives. */
  const load = useCallback(
    (request: (typeof unique)[number], isCancelled: () => boolean) =>
      callOperation(api, request.operationId, request.params)
        .then(({ data, error }) => {
          if (error) throw error;
          return { loading: false, data };
        })
        .catch((error: unknown) => ({ loading: false, error: extractErrorMessage(error) }))
        .then((answer) => {
          if (!isCancelled()) setAnswers((current) => ({ ...current, [request.key]: answer }));
        }),
    [api],
  );

  useEffect(() => {
    let cancelled = false;
    setAnswers(Object.fromEntries(unique.map((request) => [request.key, { loading: true }])));
    for (const request of unique) void load(request, () => cancelled);
    return () => {
      cancelled = true;
    };
  }, [load, unique]);

  // Realtime: a domain event a block declares in `refreshOn` (a document posted by anyone in the empresa)
  // reads that block's operation again, once per burst.
  const realtime = useRealtime();
  useEffect(() => {
    if (!realtime) return;
    let cancelled = false;
    const pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      for (const request of unique) if (pending.has(request.key)) void load(request, () => cancelled);
      pending.clear();
    };
    const events = new Map<string, string[]>();
    for (const request of unique)
      for (const event of request.refreshOn) events.set(event, [...(events.get(event) ?? []), request.key]);
    const offs = [...events].map(([event, keys]) =>
      realtime.on(event, () => {
        for (const key of keys) pending.add(key);
        timer ??= setTimeout(flush, REFRESH_DEBOUNCE_MS);
      }),
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
      for (const off of offs) off();
    };
  }, [realtime, load, unique]);

  const answerOf = (key: string): DashboardAnswer => answers[key] ?? { loading: true };
  return {
    referencia,
    setReferencia,
    /** The months the picker offers, newest first. */
    months,
    cards: cards.map(({ id, card, request }) => ({ id, card, answer: answerOf(request.key) })),
    charts: charts.map(({ id, chart, request }) => ({ id, chart, answer: answerOf(request.key) })),
    links,
  };
}

export type DashboardCardState = { id: string; card: DashboardCardDeclaration; answer: DashboardAnswer };
export type DashboardChartState = { id: string; chart: DashboardChartDeclaration; answer: DashboardAnswer };
