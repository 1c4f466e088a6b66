import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable } from '../errors.ts';
import { quietKnownOutages } from './known-outage-logs.ts';

function capture(): { log: pino.Logger; levels: () => number[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const log = pino({ level: 'info', hooks: { logMethod: quietKnownOutages } }, sink);
  return { log, levels: () => lines.map((line) => (JSON.parse(line) as { level: number }).level) };
}

describe('logs during a known database outage', () => {
  it('keeps a known outage failure out of the error log, from a job or a request alike', () => {
    const { log, levels } = capture();
    const known = new DatabaseUnavailable('circuit open', { known: true });
    // drizzle wraps the pool's error in its own, with the driver's as the cause
    const wrapped = new Error('Failed query: select 1', { cause: known });
    log.error({ err: wrapped }, 'expiring unpaid orders failed');
    log.child({ reqId: 'r' }).error({ err: known }, 'database unavailable');
    expect(levels()).toEqual([]); // at debug, below the logger's level
  });

  it('still logs the failure that revealed the outage, and everything else', () => {
    const { log, levels } = capture();
    log.error({ err: new DatabaseUnavailable('no answer within 3000 ms') }, 'database unavailable');
    log.error({ err: new Error('boom') }, 'unexpected error');
    log.info('hello');
    expect(levels()).toEqual([50, 50, 30]);
  });
});
