import { useCallback, useEffect, useState } from 'react';
import { useRuntime } from '../../../app/RuntimeContext.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { type CategoryOption, categoryOptions } from '../../estoque/alteracaoPreco/categoryOptions.ts';
import type { TerminalPedido, TerminalPreview } from '../exportacaoTypes.ts';
import { useExportacao } from '../shared/useExportacao.ts';

type Layout = TerminalPedido['layout'];

export interface TerminalForm {
  tipo: Layout['tipo'];
  separador: NonNullable<Layout['separador']>;
  separadorDecimal: NonNullable<Layout['separadorDecimal']>;
  incluirEstoque: boolean;
  categoriaId: string;
  marcaId: string;
  somenteAtivos: boolean;
  somenteComCodigoBarras: boolean;
}

const EMPTY_FORM: TerminalForm = {
  tipo: 'delimitado',
  separador: ';',
  separadorDecimal: ',',
  incluirEstoque: false,
  categoriaId: '',
  marcaId: '',
  somenteAtivos: true,
  somenteComCodigoBarras: true,
};

function pedidoOf(form: TerminalForm): { pedido: TerminalPedido } | { problem: string } {
  const separador = form.separador === 'tab' ? '\t' : form.separador;
  if (form.tipo === 'delimitado' && separador === form.separadorDecimal)
    return { problem: 'O separador de campos e o separador decimal não podem ser iguais.' };
  return {
    pedido: {
      layout: {
        tipo: form.tipo,
        separador: form.separador,
        separadorDecimal: form.separadorDecimal,
        incluirEstoque: form.incluirEstoque,
      },
      categoriaId: form.categoriaId ? Number(form.categoriaId) : null,
      marcaId: form.marcaId ? Number(form.marcaId) : null,
      somenteAtivos: form.somenteAtivos,
      somenteComCodigoBarras: form.somenteComCodigoBarras,
    },
  };
}

/** Controller of Exportação para terminal: filter options, layout, preview and the file download. */
export function useExportacaoTerminal() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [categorias, setCategorias] = useState<CategoryOption[]>([]);
  const [marcas, setMarcas] = useState<Array<{ id: number; descricao: string }>>([]);
  const [form, setFormState] = useState<TerminalForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const exportacao = useExportacao<TerminalPreview>();
  const { setPreview } = exportacao;

  useEffect(() => {
    let active = true;
    void api.GET('/api/ExportacoesFiscais/terminal/opcoes').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setCategorias(categoryOptions(data.categorias));
      setMarcas(data.marcas);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const setForm = useCallback(
    (patch: Partial<TerminalForm>) => {
      setFormState((current) => ({ ...current, ...patch }));
      setPreview(null);
      setProblem(null);
    },
    [setPreview],
  );

  const withPedido = (fn: (pedido: TerminalPedido) => Promise<void>) => {
    const result = pedidoOf(form);
    if ('problem' in result) return setProblem(result.problem);
    void fn(result.pedido);
  };

  return {
    categorias,
    marcas,
    form,
    setForm,
    problem,
    preview: exportacao.preview,
    busy: exportacao.busy,
    previewNow: () =>
      withPedido((body) =>
        exportacao.previewNow(() => api.POST('/api/ExportacoesFiscais/terminal/preview', { body })),
      ),
    download: () =>
      withPedido((body) =>
        exportacao.download(() => api.POST('/api/ExportacoesFiscais/terminal/arquivo', { body })),
      ),
  };
}
