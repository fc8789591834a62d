import type { Database } from "./client.ts";

/** The channel the database names a user on whenever their user row, a session or a comparison changes (migration 0013). */
export const USER_CHANGED = "user_changed";
/** Even with every notice heard, nothing is served older than this (time-based reads like "this week" move on). */
const MAX_AGE_MS = 30_000;
/** A bound on memory: past it the oldest entries go. */
const MAX_ENTRIES = 50_000;

type Entry = { userId: number; value: unknown; storedAt: number };

/**
 * The reads every signed-in request repeats (its session and user; the dashboard's numbers), kept
 * in this process until the user changes. Correctness comes first:
 * - the database names the user on USER_CHANGED whatever process made the change (a worker
 *   finishing a comparison, an admin elsewhere), and the user's entries go;
 * - a state-changing request through this process empties the cache before its answer leaves, so
 *   a client's next read sees its own write even before the notice arrives;
 * - while the feed is down (a database outage) nothing is kept or served;
 * - a read that was running when something changed is answered but not kept.
 */
export class UserReadCache {
  private entries = new Map<string, Entry>();
  private keysOf = new Map<number, Set<string>>();
  private live = false;
  /** Bumped on every drop: a read started before one may hold what changed, so it is not kept. */
  private generation = 0;
  /**
   * Loads under way. When an entry goes (its age, a change), every connection of a busy user misses
   * at once: they wait for one load instead of each sending its own query (100 at 100 connections,
   * queued on the pool). A read after a drop does not join a load started before it.
   */
  private loading = new Map<string, { generation: number; value: Promise<unknown> }>();

  /** `key`'s value: kept while fresh, else `load`ed. `ownerOf` names the user it belongs to (undefined: keep nothing). */
  async read<T>(key: string, load: () => Promise<T>, ownerOf: (value: T) => number | undefined): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && this.live && Date.now() - hit.storedAt < MAX_AGE_MS) return hit.value as T;
    if (hit) this.forget(key);
    const running = this.loading.get(key);
    if (running && running.generation === this.generation) return running.value as Promise<T>;
    const started = this.generation;
    const loaded = load();
    this.loading.set(key, { generation: started, value: loaded });
    try {
      const value = await loaded;
      const userId = ownerOf(value);
      if (userId !== undefined && this.live && this.generation === started) {
        if (this.entries.size >= MAX_ENTRIES) this.dropOldest(MAX_ENTRIES / 10);
        this.entries.set(key, { userId, value, storedAt: Date.now() });
        const keys = this.keysOf.get(userId) ?? new Set();
        this.keysOf.set(userId, keys.add(key));
      }
      return value;
    } finally {
      if (this.loading.get(key)?.value === loaded) this.loading.delete(key);
    }
  }

  /** Forgets one entry (a session found expired by its own clock, say). */
  forget(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.keysOf.get(entry.userId)?.delete(key);
  }

  userChanged(userId: number): void {
    this.generation += 1;
    for (const key of this.keysOf.get(userId) ?? []) this.entries.delete(key);
    this.keysOf.delete(userId);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.keysOf.clear();
  }

  setLive(isLive: boolean): void {
    this.live = isLive;
    this.clear();
  }

  private dropOldest(count: number): void {
    for (const key of [...this.entries.keys()].slice(0, count)) this.forget(key);
  }
}

/** A cache fed by the database's change notices; answers it with a function that stops listening. */
export async function openUserReadCache(database: Database): Promise<{ cache: UserReadCache; stop(): Promise<void> }> {
  const cache = new UserReadCache();
  const stop = await database.listen(USER_CHANGED, {
    notice: (payload) => {
      const userId = Number(payload);
      if (Number.isInteger(userId)) cache.userChanged(userId);
      else cache.clear();
    },
    live: (isLive) => cache.setLive(isLive),
  });
  return { cache, stop };
}
