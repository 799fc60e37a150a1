/**
 * Validated tokens kept for a moment, so a burst of requests (a grid's blocks and counts, a form's lookups)
 * does not look the same token up in the database each time. Revocation stays prompt: an entry lives at
 * most TOKEN_CACHE_MS (so a logout, deactivation or permission change made by another process takes effect
 * within it), and any write request handled by this process empties the cache before its answer leaves (so its
 * own logouts and permission changes hold for the next request; a lookup under way meanwhile is not stored).
 */
export const TOKEN_CACHE_MS = 1000;
const MAX_ENTRIES = 10_000;

export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T | null; until: number }>();
  /** Bumped by clear(): a lookup that started before a clear is not stored after it. */
  private generation = 0;

  constructor(
    private readonly ttlMs = TOKEN_CACHE_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached lookup of `hash` (null: known invalid), or undefined when not cached or expired. */
  get(hash: string): T | null | undefined {
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.entries.delete(hash);
      return undefined;
    }
    return entry.value;
  }

  /** Where a lookup starts: pass it to set() so a clear() in between discards the (maybe stale) result. */
  mark(): number {
    return this.generation;
  }

  set(hash: string, value: T | null, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(hash, { value, until: this.now() + this.ttlMs });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}
