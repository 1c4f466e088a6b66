// Client-side bounds on every database wait (docs/decisions/ "database circuit breaker"). A stalled
// server (frozen host, network partition) keeps connections open and never answers, so only timers
// on our side bound a request; the server's own statement_timeout is never applied by a server
// that does not run.

/**
 * Waiting for a pooled connection while all are busy (load). In a stall the breaker opens sooner
 * (driven by the statement and connect timers) and fails every waiter at once.
 */
export const DB_ACQUIRE_TIMEOUT_MS = 5_000;
/** Opening a new connection: the server's answer to the handshake. */
export const DB_CONNECT_TIMEOUT_MS = 3_000;
/** One statement, on a client timer: past it the statement is abandoned and its connection destroyed. */
export const DB_QUERY_TIMEOUT_MS = 4_000;
/**
 * The server's own bound, below the client's: a statement that is merely slow is cancelled by the
 * server (its connection stays usable), so the client timer fires only when the server is stuck.
 */
export const DB_STATEMENT_TIMEOUT_MS = 3_500;
/** TCP keepalive on every connection: a peer that vanished (partition) is noticed when idle too. */
export const DB_KEEPALIVE_DELAY_MS = 10_000;
/**
 * A statement unanswered, or a connection not had, for this long makes the breaker check the
 * database at once (a probe), without giving up on it: in a stall the breaker is open (every call
 * failing at once) about this plus DB_PROBE_TIMEOUT_MS after it began (issue 27: the first 503
 * within 5 s, every one after it within 1 s), before the statement timers fire. At most one such
 * suspicion a second, so a loaded but healthy database costs one probe a second at most.
 */
export const DB_SUSPECT_AFTER_MS = 1_000;
/** One probe (connect + SELECT 1 on a connection of its own) must answer within this. */
export const DB_PROBE_TIMEOUT_MS = 2_000;
/** While the database is down, it is probed this often in the background. */
export const DB_PROBE_INTERVAL_MS = 500;
