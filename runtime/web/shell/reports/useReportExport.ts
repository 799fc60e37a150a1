import { createElement, useCallback } from 'react';
import {
  MESSAGES,
  PROCESSING_STATUS,
  REPORT_POLL_INTERVAL_MS,
  type ReportFormat,
  TOAST_DURATION_MS,
} from '../../../core/constants.ts';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { sharedRealtime } from '../../realtime/sharedRealtime.ts';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { deliverReportFile } from './deliverReportFile.ts';
import { ReportProgressMessage } from './ReportProgressMessage.tsx';
import { type Relatorio, reportExportPlan } from './reportExportPlan.ts';
import { reportFileHref } from './reportFileHref.ts';

export interface ReportExportRequest {
  /** Report name as the user reads it; also the record's descricao. */
  name: string;
  format: ReportFormat;
  /** Websocket event prefix: the server announces '<event>-<format>' when the file is ready. */
  event: string;
  /** Asks the server to generate the report; resolves with the new record's id. */
  start: () => Promise<{ id: number }>;
  /** The user's reports when the caller already has them (skips the lookup). */
  existing?: Relatorio[];
}

/** Polling gives up after this many rounds (the dialog still shows the record). */
const MAX_POLLS = 180;

const statusOf = (error: unknown): number | undefined => {
  const value = error as { status?: number; statusCode?: number; error?: { statusCode?: number } } | null;
  return value?.status ?? value?.statusCode ?? value?.error?.statusCode;
};

/**
 * The export flow of spec 000 §4/§8, ready for every report screen: check the user's reports (same
 * kind processing → warning; finished → "Abrir relatório" or "Nova exportação"), start, a 60 s
 * progress toast that opens the reports dialog, wait for '<event>-<format>' or poll every 10 s, then
 * print (pdf) or download (xlsx) with the success toast; 406 → warning, other errors → danger toast.
 */
export function useReportExport() {
  const { api, boot } = useRuntime();
  const { token } = useSession();
  const notify = useNotify();

  const fetchOne = useCallback(
    async (id: number): Promise<Relatorio | undefined> => {
      const { data } = await api.GET('/api/Relatorios', {
        params: { query: { filter: JSON.stringify({ where: { id }, limit: 1 }) } },
      });
      return data?.[0];
    },
    [api],
  );

  const waitForReport = useCallback(
    (id: number, event: string, format: ReportFormat) =>
      new Promise<Relatorio | undefined>((resolve) => {
        const connection = token ? sharedRealtime.acquire(boot.apiEndpoint, token) : null;
        let polls = 0;
        let settled = false;
        const check = async () => {
          const relatorio = await fetchOne(id).catch(() => undefined);
          if (relatorio && relatorio.status !== PROCESSING_STATUS.PROCESSANDO) finish(relatorio);
          else if (++polls >= MAX_POLLS) finish(undefined);
        };
        const timer = setInterval(() => void check(), REPORT_POLL_INTERVAL_MS);
        const unsubscribe = connection?.on(`${event}-${format}`, (payload) => {
          const payloadId = (payload as { id?: number } | null)?.id;
          if (payloadId === undefined || payloadId === id) void check();
        });
        // A quick report may be done before the subscription existed.
        void check();
        function finish(relatorio: Relatorio | undefined) {
          if (settled) return;
          settled = true;
          clearInterval(timer);
          unsubscribe?.();
          if (connection) sharedRealtime.release(connection);
          resolve(relatorio);
        }
      }),
    [boot.apiEndpoint, fetchOne, token],
  );

  const deliver = useCallback(
    async (relatorio: Relatorio, name: string, format: ReportFormat) => {
      if (!relatorio.url) return;
      const opened = await deliverReportFile(
        reportFileHref(boot.apiEndpoint, relatorio.url, token),
        format,
        name,
      );
      if (!opened) notify.toast(MESSAGES.report.popupBlocked, { severity: 'warning' });
    },
    [boot.apiEndpoint, notify, token],
  );

  return useCallback(
    async ({ name, format, event, start, existing }: ReportExportRequest): Promise<void> => {
      const failed = () => {
        notify.toast(MESSAGES.report.error(name, format), {
          severity: 'error',
          duration: TOAST_DURATION_MS.report,
        });
      };
      let relatorios = existing;
      if (!relatorios) {
        const { data } = await api.GET('/api/Relatorios', {
          params: {
            query: { filter: JSON.stringify({ where: { descricao: name, tipo: format }, limit: 20 }) },
          },
        });
        relatorios = data ?? [];
      }
      const plan = reportExportPlan(relatorios, name, format);
      if (plan.kind === 'processing') {
        notify.toast(MESSAGES.report.alreadyProcessing, { severity: 'warning' });
        return;
      }
      if (plan.kind === 'finished') {
        const exportAgain = await notify.confirm({
          title: `${name} ${format.toUpperCase()}`,
          message:
            'Este relatório já foi gerado. Deseja abrir o relatório existente ou fazer uma nova exportação?',
          confirmLabel: MESSAGES.report.newExport,
          cancelLabel: MESSAGES.report.openReport,
        });
        if (!exportAgain) return deliver(plan.relatorio, name, format).catch(failed);
      }
      let id: number;
      try {
        ({ id } = await start());
      } catch (error) {
        const status = statusOf(error);
        const message = extractErrorMessage((error as { body?: unknown }).body ?? error);
        if (status === 406)
          notify.toast(message || MESSAGES.report.alreadyProcessing, { severity: 'warning' });
        // A refused request (filters, permission) says why in pt-BR: show that, not the generic failure.
        else if (status !== undefined && status >= 400 && status < 500 && message)
          notify.toast(message, { severity: 'error', duration: TOAST_DURATION_MS.report });
        else failed();
        return;
      }
      const progress = notify.toast(createElement(ReportProgressMessage, { name, format }), {
        severity: 'info',
        duration: TOAST_DURATION_MS.report,
      });
      const relatorio = await waitForReport(id, event, format);
      notify.dismiss(progress);
      if (!relatorio) return;
      if (relatorio.status !== PROCESSING_STATUS.FINALIZADO) {
        failed();
        return;
      }
      notify.toast(MESSAGES.report.success(name, format), { severity: 'success' });
      await deliver(relatorio, name, format).catch(failed);
    },
    [api, deliver, notify, waitForReport],
  );
}
