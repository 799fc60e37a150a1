import { useCallback, useEffect, useState } from 'react';
import { checkPermission } from '../../../../core/checkPermission.ts';
import { parseBrazilianNumber } from '../../../../core/parseCellValue.ts';
import { type PriceChangeRule, priceChangeRuleError } from '../../../../core/priceChange.ts';
import { PermissionLevel } from '../../../../core/types.ts';
import { useRuntime, useSession } from '../../../app/RuntimeContext.tsx';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useActionError } from '../../../ui/useActionError.tsx';
import { type CategoryOption, categoryOptions } from './categoryOptions.ts';
import {
  EMPTY_FORM,
  MODES,
  type PriceChangeForm,
  type PriceChangeRequest,
  type PriceChangeResponse,
} from './priceChangeTypes.ts';

const KEY = 'VENDAS_ALTERACAO_PRECO';

/** The rule of the form, or the pt-BR reason it cannot be sent yet. */
function ruleOf(form: PriceChangeForm): { rule: PriceChangeRule } | { problem: string } {
  const quantidade = parseBrazilianNumber(form.quantidade);
  if (quantidade === null) return { problem: 'Informe o percentual ou o valor da alteração.' };
  const { tipo, operacao } = MODES[form.mode];
  const rule = { tipo, operacao, quantidade, recalcularMargens: form.recalcularMargens };
  const problem = priceChangeRuleError(rule);
  return problem ? { problem } : { rule };
}

/** The request body for the form (without acao and page). */
function requestOf(form: PriceChangeForm, rule: PriceChangeRule): Omit<PriceChangeRequest, 'acao'> {
  return {
    filtro: {
      categoriaId: form.categoriaId ? Number(form.categoriaId) : null,
      marcaId: form.marcaId ? Number(form.marcaId) : null,
      busca: form.busca.trim() || null,
      incluirInativos: form.incluirInativos,
    },
    regra: rule,
  };
}

/**
 * Controller of Alteração de preço: filter options, the form, the preview (paged on the server) of the
 * request that was last previewed, and its application after a confirmation. Changing the form drops
 * the preview, so what is applied is always what was seen.
 */
export function usePriceChange() {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [categorias, setCategorias] = useState<CategoryOption[]>([]);
  const [marcas, setMarcas] = useState<Array<{ id: number; descricao: string }>>([]);
  const [form, setFormState] = useState<PriceChangeForm>(EMPTY_FORM);
  const [problem, setProblem] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<Omit<PriceChangeRequest, 'acao'> | null>(null);
  const [preview, setPreview] = useState<PriceChangeResponse | null>(null);
  const [page, setPage] = useState({ skip: 0, limit: 25 });
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<{ alterados: number; total: number } | null>(null);
  const canApply = checkPermission(user, KEY, PermissionLevel.ALTERAR);

  useEffect(() => {
    let active = true;
    void api.GET('/api/Produtos/alteracao-preco/opcoes').then(({ data, error }) => {
      if (!active) return;
      if (error) return void showError(error);
      setCategorias(categoryOptions(data.categorias));
      setMarcas(data.marcas);
    });
    return () => {
      active = false;
    };
  }, [api, showError]);

  const setForm = useCallback((patch: Partial<PriceChangeForm>) => {
    setFormState((current) => ({ ...current, ...patch }));
    setPreview(null);
    setPreviewed(null);
    setProblem(null);
  }, []);

  const load = useCallback(
    async (request: Omit<PriceChangeRequest, 'acao'>, skip: number, limit: number) => {
      setBusy(true);
      try {
        const { data, error } = await api.POST('/api/Produtos/alteracao-preco', {
          body: { ...request, acao: 'preview', skip, limit },
        });
        if (error) throw error;
        setPreview(data);
        setPreviewed(request);
        setPage({ skip, limit });
      } catch (error) {
        await showError(error);
      } finally {
        setBusy(false);
      }
    },
    [api, showError],
  );

  const previewNow = async () => {
    const result = ruleOf(form);
    if ('problem' in result) return setProblem(result.problem);
    setApplied(null);
    await load(requestOf(form, result.rule), 0, page.limit);
  };

  const changePage = (skip: number, limit: number) => {
    if (previewed) void load(previewed, skip, limit);
  };

  const apply = async () => {
    if (!previewed || !preview) return;
    const count = preview.alterados;
    const ok = await notify.confirm({
      title: 'Aplicar alteração de preço',
      message: `O preço de venda de ${count} produto(s) será alterado. Deseja continuar?`,
      confirmLabel: 'Aplicar',
    });
    if (!ok) return;
    setBusy(true);
    try {
      const { data, error } = await api.POST('/api/Produtos/alteracao-preco', {
        body: { ...previewed, acao: 'aplicar' },
      });
      if (error) throw error;
      setApplied({ alterados: data.alterados, total: data.total });
      setPreview(null);
      setPreviewed(null);
      notify.toast(`Preço alterado em ${data.alterados} produto(s).`, { severity: 'success' });
    } catch (error) {
      await showError(error);
    } finally {
      setBusy(false);
    }
  };

  return {
    categorias,
    marcas,
    form,
    setForm,
    problem,
    preview,
    page,
    busy,
    applied,
    canApply,
    previewNow,
    changePage,
    apply,
  };
}
