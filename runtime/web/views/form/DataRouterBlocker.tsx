import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { UNSAVED_CHANGES_MESSAGE } from './unsavedChangesMessage.ts';

/** Under a data router: react-router's useBlocker (covers links, navigate() and the back button). */
export function DataRouterBlocker({ shouldBlock }: { shouldBlock: () => boolean }) {
  const notify = useNotify();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && shouldBlock(),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void notify
      .confirm({ message: UNSAVED_CHANGES_MESSAGE })
      .then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker, notify]);
  return null;
}
