/**
 * Rendered pages by (URL, data versions): a bounded map, least recently used out first. A version
 * change makes a new key, so an old page is never served after a change; it just ages out. Callers
 * asking for a key being rendered share that render.
 */
export function createPageCache<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  const pending = new Map<string, Promise<T>>();

  /** The key last moved to the end of `entries` (the most recently used). */
  let newest: string | undefined;

  const remember = (key: string, value: T) => {
    entries.delete(key);
    entries.set(key, value);
    newest = key;
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  };

  /** The cached value, now the most recently used; undefined when there is none. */
  const peek = (key: string): T | undefined => {
    const hit = entries.get(key);
    // Most recently used: move to the end (unless it is there already, as under load).
    if (hit !== undefined && key !== newest) {
      entries.delete(key);
      entries.set(key, hit);
      newest = key;
    }
    return hit;
  };

  return {
    peek,
    /** The cached value (at once, no promise), or `make`'s (kept only when `keep` says so). */
    get(key: string, make: () => Promise<T>, keep: (value: T) => boolean): T | Promise<T> {
      const hit = peek(key);
      if (hit !== undefined) return hit;
      const running = pending.get(key);
      if (running) return running;
      const made = make().then((value) => {
        if (keep(value)) remember(key, value);
        return value;
      });
      pending.set(key, made);
      const clear = () => pending.delete(key);
      made.then(clear, clear);
      return made;
    },
    get size() {
      return entries.size;
    },
  };
}
