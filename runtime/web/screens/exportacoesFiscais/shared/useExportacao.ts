import { useCallback, useState } from 'react';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { downloadArquivo } from '../../../views/tool/downloadArquivo.ts';
import type { ArquivoExportado } from '../exportacaoTypes.ts';

type Call<T> = () => Promise<{ data?: T; error?: unknown }>;

/**
 * Preview and download of one export screen: the preview of the last request, cleared when the form
 * changes (what is downloaded is what was seen), the busy flag and pt-BR errors as the other tools show.
 */
export function useExportacao<Preview>() {
  const notify = useNotify();
  const showError = useActionError();
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    async <T>(call: Call<T>, done: (data: T) => void) => {
      setBusy(true);
      try {
        const { data, error } = await call();
        if (error) throw error;
        done(data as T);
      } catch (error) {
        await showError(error);
      } finally {
        setBusy(false);
      }
    },
    [showError],
  );

  const previewNow = useCallback((call: Call<Preview>) => run(call, setPreview), [run]);

  const download = useCallback(
    (call: Call<ArquivoExportado>) =>
      run(call, (arquivo) => {
        downloadArquivo(arquivo);
        notify.toast(`Arquivo ${arquivo.nomeArquivo} gerado com ${arquivo.exportados} produto(s).`, {
          severity: 'success',
        });
      }),
    [run, notify],
  );

  return { preview, setPreview, busy, previewNow, download };
}
