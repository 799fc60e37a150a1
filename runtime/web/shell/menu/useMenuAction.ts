import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { MenuItem } from '../../../core/types.ts';
import { useSession, useTenant } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';

/** Actions a screen handles itself (e.g. the header opens the branch switcher for "trocar-filial"). */
export type MenuActionHandlers = Partial<Record<string, () => void>>;

const openInNewTab = (address: string) => window.open(address, '_blank', 'noopener');

/**
 * Runs a menu entry: a link navigates, an external url opens in a new tab, and the named actions of
 * the menu schemas (logout, terms and privacy documents, POS download) do what they say; an action
 * with no behaviour yet says so instead of doing nothing.
 */
export function useMenuAction(handlers: MenuActionHandlers = {}): (entry: MenuItem) => void {
  const navigate = useNavigate();
  const { config } = useTenant();
  const { user } = useSession();
  const notify = useNotify();
  return useCallback(
    (entry: MenuItem) => {
      if (entry.link) return navigate(entry.link);
      if (entry.url) return void openInNewTab(entry.url);
      const action = entry.action ?? '';
      const handler = handlers[action];
      if (handler) return handler();
      const documents: Record<string, string | null | undefined> = {
        'termos-uso': config.documentos?.termoUso,
        'politica-privacidade': config.documentos?.politicaPrivacidade,
        'download-pdv': user?.menuContext?.posAddress,
      };
      if (action === 'logout') return navigate('/auth/logout');
      const address = documents[action];
      if (address) return void openInNewTab(address);
      notify.toast(`${entry.title}: esta ação ainda não está disponível.`, { severity: 'info' });
    },
    [config, handlers, navigate, notify, user],
  );
}
