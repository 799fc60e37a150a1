import { useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { CITY_SEARCH_LIMIT } from '../../../core/constants.ts';
import { useRuntime } from '../../app/RuntimeContext.tsx';

export type Cidade = components['schemas']['Cidade'];

/** Pause after the last keystroke before searching (as the sign-up's city search). */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * IBGE municipalities for a city picker: GET /api/Ceps/ngcidades (of the form's UF when known), debounced
 * while the list is open, and the current code's city via GET /api/Ceps/findOne.
 */
export function useCitySearch({
  code,
  query,
  uf,
  open,
}: {
  code: unknown;
  query: string;
  uf: string;
  open: boolean;
}) {
  const { api } = useRuntime();
  const [options, setOptions] = useState<Cidade[]>([]);
  const [loading, setLoading] = useState(false);
  const [current, setCurrent] = useState<Cidade | null>(null);
  const codigo = typeof code === 'number' ? code : null;

  useEffect(() => {
    if (codigo === null) {
      setCurrent(null);
      return;
    }
    let cancelled = false;
    const filter = JSON.stringify({ where: { codigo } });
    api
      .GET('/api/Ceps/findOne', { params: { query: { filter } } })
      .then(({ data }) => data ?? { codigo, nome: String(codigo) })
      .catch(() => ({ codigo, nome: String(codigo) }))
      .then((cidade) => {
        if (!cancelled) setCurrent(cidade);
      });
    return () => {
      cancelled = true;
    };
  }, [api, codigo]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(async () => {
      const params = { query: { limit: CITY_SEARCH_LIMIT, query, ...(uf ? { uf } : {}) } };
      const { data } = await api.GET('/api/Ceps/ngcidades', { params }).catch(() => ({ data: undefined }));
      if (cancelled) return;
      setOptions(data ?? []);
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, query, uf, open]);

  return { options, loading, current };
}
