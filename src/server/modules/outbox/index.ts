// The face of modules/outbox: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { enqueue, enqueueSql, enqueueText } from './enqueue.ts';
export { defineJob, type JobContext, type JobOutcome, jobRegistry } from './jobs.ts';
export { drainDestinations, drainOutbox, type OutboxContext } from './outbox.service.ts';
