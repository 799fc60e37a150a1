import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { type CategoryOption, categoryOptions } from '../../estoque/alteracaoPreco/categoryOptions.ts';
import type { BalancaOpcoes, BalancaPedido, BalancaPreview } from '../exportacaoTypes.ts';
import { useExportacao } from '../shared/useExportacao.ts';

export interface BalancaForm {
  modelo: BalancaPedido['modelo'];
  departamento: string;
  categoriaId: string;
}

const EMPTY_FORM: BalancaForm = { modelo: 'toledoMgv6', departamento: '1', categoriaId: '' };

/** The request of the form, or the pt-BR reason it cannot be sent. */
function pedidoOf(
  form: BalancaForm,
  usaDepartamento: boolean,
): { pedido: BalancaPedido } | { problem: string } {
  const departamento = Number(form.departamento);
  if (usaDepartamento && !(Number.isInteger(departamento) && departamento >= 1 && departamento <= 99))
    return { problem: 'Informe um departamento de 1 a 99.' };
  return {
    pedido: {
      modelo: form.modelo,
      ...(usaDepartamento ? { departamento } : {}),
      categoriaId: form.categoriaId ? Number(form.categoriaId) : null,
    },
  };
}

/** Controller of Exportação para balança: options, form, preview and the file download. */
export function useExportacaoBalanca() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [opcoes, setOpcoes] = useState<BalancaOpcoes['modelos']>([]);
  const [categorias, setCategorias] = useState<CategoryOption[]>([]);
  const [form, setFormState] = useState<BalancaForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const exportacao = useExportacao<BalancaPreview>();
  const { setPreview } = exportacao;
  const modelo = useMemo(
    () => opcoes.find((candidate) => candidate.id === form.modelo),
    [opcoes, form.modelo],
  );
  const usaDepartamento = modelo?.usaDepartamento ?? true;

  useEffect(() => {
    let active = true;
    void api.GET('/api/ExportacoesFiscais/balanca/opcoes').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setOpcoes(data.modelos);
      setCategorias(categoryOptions(data.categorias));
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const setForm = useCallback(
    (patch: Partial<BalancaForm>) => {
      setFormState((current) => ({ ...current, ...patch }));
      setPreview(null);
      setProblem(null);
    },
    [setPreview],
  );

  const withPedido = (fn: (pedido: BalancaPedido) => Promise<void>) => {
    const result = pedidoOf(form, usaDepartamento);
    if ('problem' in result) return setProblem(result.problem);
    void fn(result.pedido);
  };

  return {
    modelos: opcoes,
    modelo,
    usaDepartamento,
    categorias,
    form,
    setForm,
    problem,
    preview: exportacao.preview,
    busy: exportacao.busy,
    previewNow: () =>
      withPedido((body) =>
        exportacao.previewNow(() => api.POST('/api/ExportacoesFiscais/balanca/preview', { body })),
      ),
    download: () =>
      withPedido((body) =>
        exportacao.download(() => api.POST('/api/ExportacoesFiscais/balanca/arquivo', { body })),
      ),
  };
}
