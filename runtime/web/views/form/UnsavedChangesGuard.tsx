import { useEffect } from 'react';
import { DataRouterBlocker } from './DataRouterBlocker.tsx';

/**
 * Asks 'Existem alterações não salvas. Deseja sair sem salvar?' before an in-app navigation (links, menus,
 * navigate() and the browser's back button, through the data router's blocker) while `shouldBlock()`
 * holds, and lets the browser warn on reload or tab close ('beforeunload'). `shouldBlock` is read at
 * navigation time, so a save can release it right before navigating.
 */
export function UnsavedChangesGuard({ shouldBlock }: { shouldBlock: () => boolean }) {
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
  return <DataRouterBlocker shouldBlock={shouldBlock} />;
}
