type Listener = () => void;

const lists = new Map<string, readonly string[]>();
const loads = new Map<string, Promise<void>>();
const listeners = new Set<Listener>();

/**
 * The favourites lists shared by every component of the header (the strip and the heart read the
 * same list), keyed by the storage key FAVORITOS_{userId}; also deduplicates the first load.
 */
export const favoritesStore = {
  get(key: string): readonly string[] | undefined {
    return lists.get(key);
  },
  set(key: string, list: readonly string[]): void {
    lists.set(key, list);
    for (const listener of listeners) listener();
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Runs `load` once per key while the page lives (both header components ask at mount). */
  loadOnce(key: string, load: () => Promise<void>): Promise<void> {
    const running = loads.get(key);
    if (running) return running;
    const promise = load().catch(() => {
      loads.delete(key);
    });
    loads.set(key, promise);
    return promise;
  },
};
