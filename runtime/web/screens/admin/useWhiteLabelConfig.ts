import { useCallback, useEffect, useState } from 'react';
import type { components } from '../../../../generated/api.d.ts';
import { useRuntime, useTenant, type WhiteLabelConfig } from '../../app/RuntimeContext.tsx';
import { useActionError } from '../../ui/useActionError.tsx';

export type WhiteLabelInput = components['schemas']['ConfigWhiteLabelInput'];

/**
 * The configuration of the white-label being served, read fresh (the start-up copy may come from the
 * 1 h cache) and saved with PUT /api/ConfigWhiteLabels/{id}; a save drops the cached copy so the next
 * start-up reads the new one. `save` rejects with the API error for the caller to place.
 */
export function useWhiteLabelConfig() {
  const runtime = useRuntime();
  const tenant = useTenant();
  const showError = useActionError();
  const id = tenant.config.id;
  const [config, setConfig] = useState<WhiteLabelConfig | null>(null);

  const reload = useCallback(async () => {
    try {
      const { data, error } = await runtime.api.GET('/api/ConfigWhiteLabels/{id}', {
        params: { path: { id } },
      });
      if (error) throw error;
      setConfig(data ?? null);
    } catch (error) {
      await showError(error);
    }
  }, [runtime, id, showError]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const save = useCallback(
    async (changes: WhiteLabelInput): Promise<WhiteLabelConfig> => {
      const { data, error } = await runtime.api.PUT('/api/ConfigWhiteLabels/{id}', {
        params: { path: { id } },
        body: changes,
      });
      if (error || !data) throw error;
      runtime.cache.invalidate(`ConfigWhiteLabels:${runtime.boot.idConfig}`);
      setConfig(data);
      return data;
    },
    [runtime, id],
  );

  return { config, setConfig, reload, save };
}
