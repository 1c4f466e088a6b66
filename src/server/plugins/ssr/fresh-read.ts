/**
 * Wraps a read of the database (a tiny query) so that concurrent callers share it, yet each
 * caller gets an answer read after it called: while one read is in flight, callers that arrive
 * wait for the NEXT read, which starts when the current one ends. Under load, one query serves
 * every request of a batch, and a request still sees every write committed before it arrived
 * (whichever instance wrote). The same scheme as the catalogue cache's freshness check.
 */
export function freshRead<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let next: Promise<T> | undefined;

  const start = (): Promise<T> => {
    const current = read();
    inFlight = current;
    const clear = () => {
      if (inFlight === current) inFlight = undefined;
    };
    current.then(clear, clear);
    return current;
  };

  return () => {
    if (!inFlight) return start();
    if (!next) {
      const settled = inFlight.then(
        () => undefined,
        () => undefined,
      );
      next = settled.then(() => {
        next = undefined;
        return start();
      });
    }
    return next;
  };
}
