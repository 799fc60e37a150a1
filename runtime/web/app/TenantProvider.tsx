import { CssBaseline, ThemeProvider } from '@mui/material';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { CACHE_TTL_MS } from '../../core/constants.ts';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { createAppTheme } from './createAppTheme.ts';
import { type SchemaBundle, TenantContext, type TenantState, useRuntime } from './RuntimeContext.tsx';
import { SystemUnavailablePage } from './SystemUnavailablePage.tsx';

interface ThemeEntry {
  themeColor: string;
  useCustomColor?: boolean;
}

/**
 * Loads the white-label configuration (cached 1 h when the tenant enables caching) and its merged
 * schemas before anything renders (spec 000 §2.2); on failure shows the system-unavailable page.
 */
export function TenantProvider({ children }: { children: ReactNode }) {
  const runtime = useRuntime();
  type Loaded = Omit<TenantState, 'reloadSchemas' | 'previewSchemas' | 'preview'> & {
    published: SchemaBundle;
  };
  const [state, setState] = useState<Loaded | 'loading' | 'failed'>('loading');
  const [preview, setPreview] = useState<SchemaBundle | null>(null);

  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      const filter = JSON.stringify({ where: { idConfig: runtime.boot.idConfig } });
      const config = await runtime.cache.get(
        `ConfigWhiteLabels:${runtime.boot.idConfig}`,
        CACHE_TTL_MS.configWhiteLabel,
        async () => {
          const { data, error } = await runtime.api.GET('/api/ConfigWhiteLabels', {
            params: { query: { filter } },
          });
          if (error || !data?.[0]) throw new Error('configuração do white-label indisponível');
          return data[0];
        },
      );
      const { data: schemas, error } = await runtime.api.GET('/api/Schemas/bundle');
      if (error || !schemas) throw new Error('schemas indisponíveis');
      const themes = (schemas.themes as { themes?: Record<string, ThemeEntry> }).themes ?? {};
      const theme = themes[config.tema ?? 'azul'] ?? themes.azul;
      const themeColor = theme?.useCustomColor
        ? (config.misc?.customThemeColor ?? '#707070')
        : (theme?.themeColor ?? '#2196f3');
      runtime.setCacheActive(Boolean(config.cacheAtivo));
      // The first load happened before the configuration said caching is on.
      runtime.cache.set(`ConfigWhiteLabels:${runtime.boot.idConfig}`, CACHE_TTL_MS.configWhiteLabel, config);
      if (!cancelled) setState({ config, schemas, published: schemas, themeColor });
    };
    load().catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
    };
  }, [runtime]);

  const reloadSchemas = useCallback(async () => {
    const { data: schemas, error } = await runtime.api.GET('/api/Schemas/bundle');
    if (error || !schemas) return;
    setState((current) =>
      typeof current === 'object' ? { ...current, schemas, published: schemas } : current,
    );
  }, [runtime]);

  const value = useMemo<TenantState | null>(
    () =>
      typeof state === 'object'
        ? {
            config: state.config,
            themeColor: state.themeColor,
            schemas: preview ?? state.published,
            reloadSchemas,
            previewSchemas: setPreview,
            preview: preview !== null,
          }
        : null,
    [state, preview, reloadSchemas],
  );

  useEffect(() => {
    // Ctrl+F5 clears every cached response before the browser reloads (spec 000 §2.2).
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.key === 'F5') runtime.storage.clearCache();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [runtime]);

  const theme = useMemo(
    () =>
      typeof state === 'object'
        ? createAppTheme(state.themeColor, state.config.misc?.secondaryThemeColor ?? '#ff9300')
        : createAppTheme('#2196f3', '#ff9300'),
    [state],
  );

  useEffect(() => {
    if (typeof state !== 'object') return;
    document.title = state.config.title ?? document.title;
  }, [state]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {state === 'loading' && <FullPageLoading />}
      {state === 'failed' && <SystemUnavailablePage />}
      {value && <TenantContext.Provider value={value}>{children}</TenantContext.Provider>}
    </ThemeProvider>
  );
}
