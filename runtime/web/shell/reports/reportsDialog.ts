/**
 * Open/closed state of the exported-reports dialog, shared by the header button (which renders it)
 * and by anything that wants to show it, e.g. the progress toast of an export.
 */
let open = false;
const listeners = new Set<() => void>();
const set = (value: boolean) => {
  open = value;
  for (const listener of listeners) listener();
};

export const reportsDialog = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
