import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

export type Assinatura = components['schemas']['Assinatura'];
type Plano = components['schemas']['Plano'];

/** An add-on module the white-label offers (planoModulos entry with its id). */
export interface ModuloOferecido {
  id: string;
  nome?: string;
  descricao?: string;
  valor?: number;
}

/** The white-label's visible add-on modules. */
export function modulosOferecidos(
  planoModulos:
    | ReadonlyArray<{ id?: string; nome?: string; descricao?: string; valor?: number; visivel?: boolean }>
    | undefined,
): ModuloOferecido[] {
  return (planoModulos ?? []).filter(
    (modulo): modulo is ModuloOferecido & { visivel?: boolean } =>
      Boolean(modulo.id) && modulo.visivel !== false,
  );
}

/** The company's subscription (GET /api/Usuarios/assinatura) and its plan, with a reload. */
export function useAssinatura() {
  const { api } = useRuntime();
  const showError = useActionError();
  const [assinatura, setAssinatura] = useState<Assinatura | null>(null);
  const [plano, setPlano] = useState<Plano | null>(null);
  const [loading, setLoading] = useState(true);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const { data, error } = await api.GET('/api/Usuarios/assinatura');
      if (error) throw error;
      setAssinatura(data ?? null);
      if (data?.planoId) {
        const answer = await api.GET('/api/Planos/{id}', { params: { path: { id: data.planoId } } });
        if (answer.error) throw answer.error;
        setPlano(answer.data ?? null);
      } else setPlano(null);
    } catch (error) {
      await showError(error);
    } finally {
      setLoading(false);
    }
  }, [api, showError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { assinatura, setAssinatura, plano, loading, reload };
}
