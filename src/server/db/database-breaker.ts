import { DatabaseUnavailable } from '../errors.ts';

/**
 * The circuit breaker in front of the database (docs/decisions/ "database circuit breaker").
 *
 * - Closed (database up): everything goes through. A failure that may mean an outage (a timeout, a
 *   refused or lost connection) is only a suspicion: it starts one probe at once, on a connection
 *   of its own. A single slow statement or one killed backend does not take the shop down.
 * - Open (database down): the probe failed. Every database call fails at once with a known
 *   DatabaseUnavailable (503) instead of waiting for a timeout; the work in flight is abandoned
 *   (the `open` listeners). The probe repeats every `probeIntervalMs` in the background, and the
 *   first one that answers closes the breaker.
 *
 * The outage is logged once when it starts and once when it ends, whatever the traffic.
 */

export type DatabaseState = 'up' | 'down';

export interface BreakerLog {
  error: (error: unknown, message: string) => void;
  info: (message: string) => void;
}

export interface DatabaseBreakerOptions {
  /** Resolves when the database answers; rejects (in bounded time) when it does not. */
  probe: () => Promise<void>;
  probeIntervalMs: number;
  log?: BreakerLog;
}

export class DatabaseBreaker {
  #state: DatabaseState = 'up';
  #probing: Promise<void> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #downSince = 0;
  #refused = 0;
  readonly #openListeners = new Set<() => void>();

  constructor(private readonly options: DatabaseBreakerOptions) {}

  get state(): DatabaseState {
    return this.#state;
  }

  /** Throws the known DatabaseUnavailable while the database is down. */
  assertUp(): void {
    if (this.#state === 'down') throw this.refusal();
  }

  /** The error for a call refused (or abandoned) because the database is known to be down. */
  refusal(): DatabaseUnavailable {
    this.#refused += 1;
    return new DatabaseUnavailable('the database is down (circuit open)', { known: true });
  }

  /** A failure that may mean the database is gone: check it now (once at a time). */
  suspect(error: unknown): void {
    if (this.#state === 'up' && !this.#probing && !this.#stopped) void this.#probe(error);
  }

  /** Called when the breaker opens; returns the unsubscribe function. */
  onOpen(listener: () => void): () => void {
    this.#openListeners.add(listener);
    return () => this.#openListeners.delete(listener);
  }

  /** Stops probing (the pool is closing). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
  }

  #probe(trigger: unknown): Promise<void> {
    const probing = this.options.probe().then(
      () => {
        if (this.#state === 'down') this.#close();
      },
      (error: unknown) => {
        if (this.#state === 'up') this.#open(trigger ?? error);
        this.#scheduleProbe();
      },
    );
    this.#probing = probing.finally(() => (this.#probing = undefined));
    return this.#probing;
  }

  #scheduleProbe(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#probe(undefined), this.options.probeIntervalMs);
    // Probing never keeps the process alive on its own.
    this.#timer.unref();
  }

  #open(cause: unknown): void {
    this.#state = 'down';
    this.#downSince = Date.now();
    this.#refused = 0;
    this.options.log?.error(
      cause,
      'database not answering: database calls fail at once (503) until it answers again',
    );
    for (const listener of this.#openListeners) listener();
  }

  #close(): void {
    this.#state = 'up';
    this.options.log?.info(
      `database answering again after ${Date.now() - this.#downSince} ms down; ` +
        `${this.#refused} database calls were refused meanwhile`,
    );
  }
}
