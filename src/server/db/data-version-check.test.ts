import { describe, expect, it } from 'vitest';
import { createDataVersionCheck, type DataVersions } from './data-version-check.ts';

// The check's scheme with a clock and a query of our own: which calls are answered at once, which
// start a query, which wait. (The real query and the cross-instance behaviour are covered by
// catalog-cache.test.ts and pages.test.ts on PostgreSQL.)

const BOUND = 10;

/** A query whose answers the test releases one by one; each read is numbered. */
function fakeDatabase() {
  const pending: { resolve: (v: DataVersions) => void; reject: (e: Error) => void }[] = [];
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    read: () =>
      new Promise<DataVersions>((resolve, reject) => {
        reads += 1;
        pending.push({ resolve, reject });
      }),
    /** Ends the oldest open read with version `n`. */
    answer(n: number) {
      const next = pending.shift();
      if (!next) throw new Error('no read is open');
      next.resolve({ products: `p${n}`, reviews: `r${n}`, categories: `c${n}` });
    },
    fail() {
      pending.shift()?.reject(new Error('database away'));
    },
    get open() {
      return pending.length;
    },
  };
}

function setup() {
  let clock = 1_000;
  const database = fakeDatabase();
  const check = createDataVersionCheck(undefined as never, {
    freshnessMs: BOUND,
    now: () => clock,
    read: database.read,
  });
  return {
    database,
    check,
    advance: (ms: number) => (clock += ms),
  };
}

/** Lets settled reads' callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the shared data version check', () => {
  it('answers from a finished check within the bound at once, without a promise or a query', async () => {
    const { database, check, advance } = setup();
    const first = check.current();
    expect(first).toBeInstanceOf(Promise);
    database.answer(1);
    expect(await first).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    advance(1);
    const again = check.current();
    expect(again).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    expect(again).not.toBeInstanceOf(Promise);
    expect(database.reads).toBe(1);
  });

  it('starts the next check ahead, in the background, before the finished one is too old', async () => {
    const { database, check, advance } = setup();
    const first = check.current();
    database.answer(1);
    await first;
    // Not before half the bound.
    advance(BOUND / 2 - 0.5);
    expect(check.current()).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    expect(database.reads).toBe(1);
    // Close to the bound (checks take no time here): still answered at once, and a query runs.
    advance(BOUND / 2 + 0.4);
    expect(check.current()).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    expect(database.reads).toBe(2);
    // One at a time, however many calls.
    for (let i = 0; i < 100; i += 1) void check.current();
    expect(database.reads).toBe(2);
    database.answer(2);
    await settle();
    // The new check answers the calls after it, still at once.
    expect(check.current()).toEqual({ products: 'p2', reviews: 'r2', categories: 'c2' });
  });

  it('starts ahead earlier when checks take longer (twice their usual time before the bound)', async () => {
    const { database, check, advance } = setup();
    for (let i = 1; i <= 20; i += 1) {
      advance(BOUND + 1);
      const call = check.current();
      advance(2); // each check takes 2 ms
      database.answer(i);
      await call;
    }
    // The last one started 2 ms ago. Due at about BOUND - (2 * 2 ms + 0.2 ms) = 5.8 ms of age,
    // not at half the bound.
    advance(3.5);
    void check.current();
    expect(database.reads).toBe(20);
    advance(0.5);
    void check.current();
    expect(database.reads).toBe(21);
  });

  it('past the bound, a call waits for a check that started within it, sharing one query', async () => {
    const { database, check, advance } = setup();
    const first = check.current();
    database.answer(1);
    await first;
    advance(BOUND + 0.001);
    const waiting = Array.from({ length: 50 }, () => check.current());
    expect(waiting.every((call) => call instanceof Promise)).toBe(true);
    expect(database.reads).toBe(2);
    database.answer(2);
    for (const call of waiting)
      expect(await call).toEqual({ products: 'p2', reviews: 'r2', categories: 'c2' });
  });

  it('never answers from a running check that started more than the bound before the call', async () => {
    const { database, check, advance } = setup();
    const old = check.current();
    advance(BOUND + 1);
    // The first check still runs, but started too early for this call: it waits for the next.
    const late = check.current();
    expect(database.reads).toBe(1);
    database.answer(1);
    expect(await old).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    await settle();
    expect(database.reads).toBe(2);
    database.answer(2);
    expect(await late).toEqual({ products: 'p2', reviews: 'r2', categories: 'c2' });
  });

  it('does not reuse a failed check: its waiters get the error, the next call asks again', async () => {
    const { database, check, advance } = setup();
    const first = check.current();
    database.fail();
    await expect(first).rejects.toThrow('database away');
    advance(1);
    const second = check.current();
    expect(database.reads).toBe(2);
    database.answer(2);
    expect(await second).toEqual({ products: 'p2', reviews: 'r2', categories: 'c2' });
  });

  it('a failed refresh ahead leaves the finished check answering until the bound', async () => {
    const { database, check, advance } = setup();
    const first = check.current();
    database.answer(1);
    await first;
    advance(BOUND - 0.1);
    expect(check.current()).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    expect(database.open).toBe(1);
    database.fail(); // nobody waits for it: no unhandled rejection
    await settle();
    expect(check.current()).toEqual({ products: 'p1', reviews: 'r1', categories: 'c1' });
    advance(0.2);
    const past = check.current();
    expect(past).toBeInstanceOf(Promise);
    database.answer(3);
    expect(await past).toEqual({ products: 'p3', reviews: 'r3', categories: 'c3' });
  });
});
