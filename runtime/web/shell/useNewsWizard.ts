import { useCallback, useEffect, useState } from 'react';
import { NEWS_WIZARD_VERSION } from '../../core/constants.ts';
import { useRuntime } from '../app/RuntimeContext.tsx';

/** Storage name of the "news shown" flag (prefixed with the configuration id, in localStorage). */
const NEWS_WIZARD_KEY = 'NOVIDADES';

function readFlag(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return String(NEWS_WIZARD_VERSION);
  }
}

/**
 * Whether the news wizard shows: once per browser (localStorage, whatever the session storage type),
 * marked as shown on first display with NEWS_WIZARD_VERSION (spec 000 §2.4, §4, §9).
 */
export function useNewsWizard(): { open: boolean; close: () => void } {
  const { storage } = useRuntime();
  const key = `${storage.idConfig}${NEWS_WIZARD_KEY}`;
  const [open, setOpen] = useState(() => readFlag(key) !== String(NEWS_WIZARD_VERSION));
  useEffect(() => {
    if (!open) return;
    try {
      window.localStorage.setItem(key, String(NEWS_WIZARD_VERSION));
    } catch {
      // Storage unavailable (private mode): the wizard simply shows again next time.
    }
  }, [key, open]);
  const close = useCallback(() => setOpen(false), []);
  return { open, close };
}
