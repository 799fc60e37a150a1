import { useEffect, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';
import { FullPageLoading } from '../ui/FullPageLoading.tsx';
import { NotifyProvider } from '../ui/NotifyProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { createAppStorage } from './appStorage.ts';
import { readBootConfig } from './bootConfig.ts';
import { createRuntime } from './createRuntime.ts';
import { type Runtime, RuntimeContext } from './RuntimeContext.tsx';
import { resolveApiEndpoint } from './resolveApiEndpoint.ts';
import { SessionProvider } from './SessionProvider.tsx';
import { StartupParams } from './StartupParams.tsx';
import { TenantProvider } from './TenantProvider.tsx';

/**
 * A data router over the hash (so react-router's useBlocker can hold the back button too, for the forms'
 * unsaved-changes guard); the route table itself is the <Routes> of AppRoutes under one splat route.
 */
const router = createHashRouter([
  {
    path: '*',
    element: (
      <StartupParams>
        <AppRoutes />
      </StartupParams>
    ),
  },
]);

/** The SPA: runtime → white-label (renders only once loaded) → session → hash routes. */
export function App() {
  const [runtime, setRuntime] = useState<Runtime | null>(null);
  useEffect(() => {
    const boot = readBootConfig();
    // Whether this tenant caches responses is remembered from its last configuration (createRuntime).
    const cacheEnabled = createAppStorage(boot.idConfig).get('CACHE_ATIVO') === '1';
    void resolveApiEndpoint(boot.apiEndpoint, cacheEnabled).then((apiEndpoint) =>
      setRuntime(createRuntime({ ...boot, apiEndpoint })),
    );
  }, []);
  if (!runtime) return <FullPageLoading />;
  return (
    <RuntimeContext.Provider value={runtime}>
      <TenantProvider>
        <NotifyProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </NotifyProvider>
      </TenantProvider>
    </RuntimeContext.Provider>
  );
}
