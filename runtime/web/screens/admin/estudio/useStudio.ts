import { useCallback, useEffect, useState } from 'react';
import { createOrderedPatch } from '../../../../core/createMergePatch.ts';
import { applyOverride } from '../../../../core/validateSchemaSet.ts';
import { useRuntime, useTenant } from '../../../app/RuntimeContext.tsx';

export interface StudioDraft {
  caminho: string;
  patch: Record<string, unknown> | null;
  revisao: number;
  autorNome?: string | null;
  alteradoEm: string;
}

export interface StudioState {
  versao: number;
  rascunhos: StudioDraft[];
  problemas: Array<{ file: string; pointer: string; message: string }>;
}

/** The error envelope's message (pt-BR, from the server) of an openapi-fetch error. */
export const messageOf = (error: unknown): string =>
  (error as { error?: { message?: string } } | undefined)?.error?.message ??
  'Não foi possível concluir. Tente de novo.';

/**
 * The studio's state for the white-label served (drafts, published version, problems after an upgrade) and
 * its actions; `refresh` after each change. The preview ("Visualizar") swaps this browser's schemas for
 * the drafts' until it is turned off or the page reloads.
 */
export function useStudio() {
  const { api } = useRuntime();
  const tenant = useTenant();
  const id = tenant.config.id;
  const [state, setState] = useState<StudioState | null>(null);
  const [error, setError] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const { data, error: failure } = await api.GET('/api/ConfigWhiteLabels/{id}/customizacoes', {
      params: { path: { id } },
    });
    if (failure || !data) setError(messageOf(failure));
    else {
      setError(null);
      setState(data as StudioState);
    }
  }, [api, id]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const preview = useCallback(
    async (on: boolean) => {
      if (!on) return tenant.previewSchemas(null);
      const { data, error: failure } = await api.GET('/api/ConfigWhiteLabels/{id}/customizacoes/previa', {
        params: { path: { id } },
      });
      if (failure || !data) throw new Error(messageOf(failure));
      tenant.previewSchemas(data);
    },
    [api, id, tenant],
  );

  return { id, state, error, refresh, preview, previewing: tenant.preview };
}

/** One schema being edited: its base (before the studio), the patch in edition and the draft revision. */
export interface SchemaDraft<T> {
  /** As the system ships it (schemas/): with `base`, tells which layer set each property. */
  sistema: T;
  base: T;
  /** The schema as it will look: base with the patch applied. */
  edited: T;
  revisao: number;
  rascunho: boolean;
}

/**
 * Loads one schema path for an editor and saves the edited schema back as a draft: the patch is computed
 * from the base (createOrderedPatch: only the difference, moved members with `$order`), so an untouched
 * property keeps following the base on upgrades.
 */
export function useSchemaDraft<T>(whiteLabelId: number, caminho: string | null, onSaved: () => void) {
  const { api } = useRuntime();
  const [draft, setDraft] = useState<SchemaDraft<T> | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!caminho) return setDraft(null);
    const { data, error } = await api.GET('/api/ConfigWhiteLabels/{id}/customizacoes/schema', {
      params: { path: { id: whiteLabelId }, query: { caminho } },
    });
    if (error || !data) return setLoadError(messageOf(error));
    setLoadError(null);
    setDraft({
      sistema: data.sistema as T,
      base: data.base as T,
      edited: applyOverride(data.base, data.patch) as T,
      revisao: data.revisao,
      rascunho: data.rascunho,
    });
  }, [api, whiteLabelId, caminho]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Saves `edited` as the path's draft; resolves with the server's message on refusal (409, 422). */
  const save = useCallback(
    async (edited: T, restore = false): Promise<string | null> => {
      if (!caminho || !draft) return null;
      const patch = restore ? null : (createOrderedPatch(draft.base, edited) as Record<string, unknown>);
      const { data, error } = await api.PUT('/api/ConfigWhiteLabels/{id}/customizacoes/rascunhos', {
        params: { path: { id: whiteLabelId } },
        body: { caminho, patch, revisao: draft.revisao },
      });
      if (error || !data) return messageOf(error);
      setDraft({ ...draft, edited: restore ? draft.base : edited, revisao: data.revisao, rascunho: true });
      onSaved();
      return null;
    },
    [api, whiteLabelId, caminho, draft, onSaved],
  );

  return { draft, loadError, save, reload: load };
}
