import { useCallback, useEffect, useState } from 'react';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { type Alerta, alertaEventAction } from './alertaEventAction.ts';

const prepend = (list: Alerta[], alerta: Alerta) => [alerta, ...list.filter((item) => item.id !== alerta.id)];

/**
 * The bell's alerts (spec 000 §4): from the user info when it carries them, else fetched; live through
 * the websocket `alerta` event; delete then reload; opening the list refreshes it and marks it read.
 */
export function useAlerts() {
  const { api } = useRuntime();
  const { user } = useSession();
  const fromUser = user?.alertas;
  const [alertas, setAlertas] = useState<Alerta[]>(fromUser ?? []);
  const [loading, setLoading] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { data } = await api.GET('/api/Alertas/list');
      if (data) setAlertas(data);
    } finally {
      setLoading(false);
    }
  }, [api]);

  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    if (fromUser) setAlertas(fromUser);
    else void reload();
  }, [userId, fromUser, reload]);

  useRealtimeEvent('alerta', (payload) => {
    const action = alertaEventAction(payload);
    if (action.kind === 'refetch') void reload();
    else if (action.kind === 'prepend') setAlertas((list) => prepend(list, action.alerta));
    else {
      void api
        .GET('/api/Alertas/{id}', { params: { path: { id: action.id } } })
        .then(({ data }) => data && setAlertas((list) => prepend(list, data)));
    }
  });

  const remove = useCallback(
    async (id: number) => {
      const { error } = await api.DELETE('/api/Alertas/{id}', { params: { path: { id } } });
      if (error) throw error;
      setAlertas((list) => list.filter((item) => item.id !== id));
      await reload();
    },
    [api, reload],
  );

  /**
   * Opening the list: fetch it fresh, then mark what the user now sees as read (the badge counts
   * unread alerts). Sequential, so the fetch cannot bring back a state older than the marking.
   */
  const openList = useCallback(async () => {
    let list = alertas;
    setLoading(true);
    try {
      const { data } = await api.GET('/api/Alertas/list');
      if (data) list = data;
    } finally {
      setLoading(false);
    }
    const unread = list.filter((item) => !item.lido);
    setAlertas(list.map((item) => ({ ...item, lido: true })));
    await Promise.all(
      unread.map((item) =>
        api
          .PUT('/api/Alertas/{id}', { params: { path: { id: item.id } }, body: { lido: true } })
          .catch(() => undefined),
      ),
    );
  }, [alertas, api]);

  return {
    alertas,
    unread: alertas.filter((item) => !item.lido).length,
    loading,
    reload,
    remove,
    openList,
  };
}
