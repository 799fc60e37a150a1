import { useCallback, useEffect, useState } from 'react';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useRealtimeEvent } from '../../realtime/useRealtimeEvent.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { Relatorio } from './reportExportPlan.ts';
import { reportFileHref } from './reportFileHref.ts';

/**
 * The exported reports of the signed-in user while the dialog is open: newest first, Atualizar,
 * live refresh when a report finishes (websocket `relatorio`), delete after a confirmation.
 */
export function useReports(open: boolean) {
  const { api, boot } = useRuntime();
  const { token } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [relatorios, setRelatorios] = useState<Relatorio[]>([]);
  const [loading, setLoading] = useState(false);

  const refresh = useCallback(async () => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/Relatorios', {
        params: { query: { filter: JSON.stringify({ order: 'dataInclusao DESC' }) } },
      });
      if (error) throw error;
      setRelatorios(data ?? []);
    } catch (error) {
      void showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, showError]);

  useEffect(() => {
    if (open) void refresh();
  }, [open, refresh]);

  useRealtimeEvent('relatorio', () => {
    if (open) void refresh();
  });

  const remove = useCallback(
    async (relatorio: Relatorio) => {
      const confirmed = await notify.confirm({
        title: 'Excluir relatório',
        message: `Deseja excluir o relatório "${relatorio.descricao}"?`,
        confirmLabel: 'Excluir',
      });
      if (!confirmed) return;
      const { error } = await api.DELETE('/api/Relatorios/{id}', { params: { path: { id: relatorio.id } } });
      if (error) void showError(error);
      await refresh();
    },
    [api, notify, refresh, showError],
  );

  const fileHref = (relatorio: Relatorio) =>
    relatorio.url ? reportFileHref(boot.apiEndpoint, relatorio.url, token) : null;

  return { relatorios, loading, refresh, remove, fileHref };
}
