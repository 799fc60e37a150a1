import { useMemo } from 'react';
import { HashRouter } from 'react-router-dom';
import { NotifyProvider } from '../ui/NotifyProvider.tsx';
import { AppRoutes } from './AppRoutes.tsx';
import { readBootConfig } from './bootConfig.ts';
import { createRuntime } from './createRuntime.ts';
import { RuntimeContext } from './RuntimeContext.tsx';
import { SessionProvider } from './SessionProvider.tsx';
import { StartupParams } from './StartupParams.tsx';
import { TenantProvider } from './TenantProvider.tsx';

/** The SPA: runtime → white-label (renders only once loaded) → session → hash routes. */
export function App() {
  const runtime = useMemo(() => createRuntime(readBootConfig()), []);
  return (
    <RuntimeContext.Provider value={runtime}>
      <TenantProvider>
        <NotifyProvider>
          <SessionProvider>
            <HashRouter>
              <StartupParams>
                <AppRoutes />
              </StartupParams>
            </HashRouter>
          </SessionProvider>
        </NotifyProvider>
      </TenantProvider>
    </RuntimeContext.Provider>
  );
}
