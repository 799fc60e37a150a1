import { useContext, useEffect } from 'react';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { UNSAVED_CHANGES_MESSAGE } from './unsavedChangesMessage.ts';

type Navigate = (...args: unknown[]) => void;
type Methods = Record<'push' | 'replace' | 'go', Navigate>;

/**
 * Under a plain <HashRouter> useBlocker is not available (it needs a data router), so in-app navigations
 * (links, menus, navigate()) are held at the router's navigator while the form has unsaved changes and
 * go on only if the person confirms. The browser's own back button is not covered this way.
 */
export function NavigatorBlocker({ shouldBlock }: { shouldBlock: () => boolean }) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const notify = useNotify();
  useEffect(() => {
    const target = navigator as unknown as Methods;
    const original: Methods = { push: target.push, replace: target.replace, go: target.go };
    let asking = false;
    const guard =
      (call: Navigate): Navigate =>
      (...args) => {
        if (!shouldBlock()) return call(...args);
        if (asking) return;
        asking = true;
        void notify.confirm({ message: UNSAVED_CHANGES_MESSAGE }).then((leave) => {
          asking = false;
          if (leave) call(...args);
        });
      };
    target.push = guard(original.push);
    target.replace = guard(original.replace);
    target.go = guard(original.go);
    return () => {
      Object.assign(target, original);
    };
  }, [navigator, notify, shouldBlock]);
  return null;
}
