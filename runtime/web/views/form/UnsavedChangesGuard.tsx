import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext } from 'react-router-dom';
import { DataRouterBlocker } from './DataRouterBlocker.tsx';
import { NavigatorBlocker } from './NavigatorBlocker.tsx';

/**
 * Asks 'Existem alterações não salvas. Deseja sair sem salvar?' before an in-app navigation while
 * `shouldBlock()` holds, and lets the browser warn on reload or tab close ('beforeunload').
 * `shouldBlock` is read at navigation time, so a save can release it right before navigating.
 */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!shouldBlock()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their (fixed) prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [shouldBlock]);
  return dataRouter ? (
    <DataRouterBlocker shouldBlock={shouldBlock} />
  ) : (
    <NavigatorBlocker shouldBlock={shouldBlock} />
  );
}
