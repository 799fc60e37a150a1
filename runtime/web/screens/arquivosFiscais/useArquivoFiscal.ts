import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { downloadArquivo } from '../exportacoesFiscais/shared/downloadArquivo.ts';
import type { ArquivoFiscal, OpcoesArquivoFiscal } from './arquivoFiscalTypes.ts';

type Call<T> = () => Promise<{ data?: T; error?: unknown }>;

/**
 * Controller shared by Arquivo SPED and Arquivo Sintegra: the branches the user may file for, the form
 * (any change clears the preview, so what is downloaded is what was seen), preview and download.
 */
export function useArquivoFiscal<Form extends { filialId: string }, Preview>(
  tipo: 'sped' | 'sintegra',
  inicial: Omit<Form, 'filialId'>,
) {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [filiais, setFiliais] = useState<OpcoesArquivoFiscal['filiais']>([]);
  const [form, setFormState] = useState<Form>({ ...inicial, filialId: '' } as Form);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let active = true;
    const path =
      tipo === 'sped' ? '/api/ArquivosFiscais/sped/opcoes' : '/api/ArquivosFiscais/sintegra/opcoes';
    void api.GET(path).then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setFiliais(data.filiais);
      const id = data.filialSelecionada;
      setFormState((current) => ({ ...current, filialId: id ? String(id) : current.filialId }));
    });
    return () => {
      active = false;
    };
  }, [api, showError, tipo]);

  const setForm = useCallback((patch: Partial<Form>) => {
    setFormState((current) => ({ ...current, ...patch }));
    setPreview(null);
  }, []);

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

  return {
    filiais,
    form,
    setForm,
    preview,
    busy,
    previewNow: (call: Call<Preview>) => run(call, setPreview),
    download: (call: Call<ArquivoFiscal>) =>
      run(call, (arquivo) => {
        downloadArquivo(arquivo);
        notify.toast(`Arquivo ${arquivo.nomeArquivo} gerado com ${arquivo.linhas} linha(s).`, {
          severity: 'success',
        });
      }),
  };
}
