import { useCallback, useState } from 'react';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import type { PedidoExportacaoXml, PreviaExportacaoXml } from './xmlNfeTypes.ts';

export type TipoXml = PedidoExportacaoXml['tipos'][number];

export interface ExportarXmlForm {
  dataInicial: string;
  dataFinal: string;
  tipos: TipoXml[];
  situacao: NonNullable<PedidoExportacaoXml['situacao']>;
}

const iso = (date: Date) => date.toLocaleDateString('sv-SE');

/** The previous month: what the accountant asks for at the start of each month. */
function mesAnterior(): Pick<ExportarXmlForm, 'dataInicial' | 'dataFinal'> {
  const hoje = new Date();
  return {
    dataInicial: iso(new Date(hoje.getFullYear(), hoje.getMonth() - 1, 1)),
    dataFinal: iso(new Date(hoje.getFullYear(), hoje.getMonth(), 0)),
  };
}

function save(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Controller of NF-e › Exportar XML: filters, preview (counts, documents without XML) and the ZIP. */
export function useExportarXml() {
  const { api } = useRuntime();
  const notify = useNotify();
  const showError = useActionError();
  const [form, setFormState] = useState<ExportarXmlForm>(() => ({
    ...mesAnterior(),
    tipos: ['nfe', 'nfce', 'entrada'],
    situacao: 'autorizadas',
  }));
  const [preview, setPreview] = useState<PreviaExportacaoXml | null>(null);
  const [busy, setBusy] = useState(false);
  const problem =
    !form.dataInicial || !form.dataFinal
      ? 'Informe a data inicial e a data final.'
      : form.dataFinal < form.dataInicial
        ? 'A data final é anterior à data inicial.'
        : form.tipos.length === 0
          ? 'Escolha ao menos um tipo de documento.'
          : null;

  const setForm = useCallback((patch: Partial<ExportarXmlForm>) => {
    setFormState((current) => ({ ...current, ...patch }));
    setPreview(null);
  }, []);

  const run = async (fn: () => Promise<void>) => {
    if (problem) return;
    setBusy(true);
    try {
      await fn();
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  const previewNow = () =>
    run(async () => {
      const { data, error } = await api.POST('/api/XmlNfe/exportar/previa', { body: form });
      if (error) throw error;
      setPreview(data);
    });

  const download = () =>
    run(async () => {
      const { data, error, response } = await api.POST('/api/XmlNfe/exportar/arquivo', {
        body: form,
        parseAs: 'blob',
      });
      if (error) throw error;
      const nome =
        /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'XML-NFe.zip';
      save(data as Blob, nome);
      const exportados = response.headers.get('x-documentos-exportados') ?? '0';
      notify.toast(`Arquivo ${nome} gerado com ${exportados} XML(s).`, { severity: 'success' });
    });

  return { form, setForm, problem, preview, busy, previewNow, download };
}
