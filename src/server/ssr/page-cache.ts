/**
 * Rendered pages by (URL, data versions): a bounded map, least recently used out first. A version
 * change makes a new key, so an old page is never served after a change; it just ages out. Callers
 * asking for a key being rendered share that render. Per URL it also knows the page stored last,
 * whatever its versions: what the shop last showed there, for when the versions cannot be read
 * (the database is down).
 */
export function createPageCache<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  const pending = new Map<string, Promise<T>>();
  /** Each URL's key stored last (removed with that entry). */
  const latestKeys = new Map<string, string>();

  /** The key last moved to the end of `entries` (the most recently used). */
  let newest: string | undefined;

  const keyOf = (url: string, version: string) => `${url}\n${version}`;
  // A request line holds no line break, so the URL is everything before the last one.
  const urlOf = (key: string) => key.slice(0, key.lastIndexOf('\n'));

  const remember = (url: string, key: string, value: T) => {
    entries.delete(key);
    entries.set(key, value);
    newest = key;
    latestKeys.set(url, key);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) {
        entries.delete(oldest);
        const oldestUrl = urlOf(oldest);
        if (latestKeys.get(oldestUrl) === oldest) latestKeys.delete(oldestUrl);
      }
    }
  };

  /** The cached value, now the most recently used; undefined when there is none. */
  const hit = (key: string): T | undefined => {
    const found = entries.get(key);
    // Most recently used: move to the end (unless it is there already, as under load).
    if (found !== undefined && key !== newest) {
      entries.delete(key);
      entries.set(key, found);
      newest = key;
    }
    return found;
  };

  return {
    /** The value cached for `url` at `version`; undefined when there is none. */
    peek: (url: string, version: string): T | undefined => hit(keyOf(url, version)),
    /** The value stored last for `url`, whatever its version; undefined when there is none. */
    latest(url: string): T | undefined {
      const key = latestKeys.get(url);
      return key === undefined ? undefined : hit(key);
    },
    /** The cached value (at once, no promise), or `make`'s (kept only when `keep` says so). */
    get(
      url: string,
      version: string,
      make: () => Promise<T>,
      keep: (value: T) => boolean,
    ): T | Promise<T> {
      const key = keyOf(url, version);
      const found = hit(key);
      if (found !== undefined) return found;
      const running = pending.get(key);
      if (running) return running;
      const made = make().then((value) => {
        if (keep(value)) remember(url, key, value);
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
