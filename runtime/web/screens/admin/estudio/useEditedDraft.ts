import { useEffect, useState } from 'react';
import { useNotify } from '../../../ui/NotifyProvider.tsx';
import { useSchemaDraft } from './useStudio.ts';

/** One schema path in an editor: the loaded draft, the local edition, dirty state and save/restore. */
export function useEditedDraft<T>(whiteLabelId: number, caminho: string | null, onSaved: () => void) {
  const notify = useNotify();
  const source = useSchemaDraft<T>(whiteLabelId, caminho, onSaved);
  const [edited, setEdited] = useState<T | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => setEdited(source.draft?.edited ?? null), [source.draft]);
  const run = async (restore: boolean) => {
    if (edited === null) return;
    setSaving(true);
    setMessage(null);
    const problem = await source.save(edited, restore);
    setSaving(false);
    if (problem) setMessage(problem);
    else
      notify.toast(restore ? 'Padrão restaurado no rascunho.' : 'Rascunho salvo.', { severity: 'success' });
  };
  return {
    base: source.draft?.base ?? null,
    edited,
    setEdited,
    loadError: source.loadError,
    bar: {
      rascunho: source.draft?.rascunho ?? false,
      dirty: JSON.stringify(edited) !== JSON.stringify(source.draft?.edited ?? null),
      saving,
      onSave: () => void run(false),
      onRestore: () => void run(true),
      message,
      onCloseMessage: () => setMessage(null),
    },
  };
}
