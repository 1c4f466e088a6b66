import { describe, expect, it } from 'vitest';
import { cyclesOf, partGraph } from './module-graph.ts';

// No cycle between the server's parts (issue 33; ADR 042): each `modules/<name>` folder, each
// other folder of src/server and each file directly in it is a part, and every import between
// them is an edge (module-graph.ts). A new cycle fails here: move the shared piece down a tier
// (or register it from the top, as the outbox's jobs are registered from jobs/job-list.ts).

/**
 * Known cycles not removed yet, as the one import edge of each that closes it (`from -> to`).
 * Each is unrelated to the outbox; remove the line when its import is gone (this test then says
 * so, to keep the list honest).
 */
const KNOWN_EDGES: Record<string, string> = {
  // The embedded cluster's archive settings live with the backups, which read the database.
  'db -> backup': 'db/embedded-cluster.ts: archiveSettings, prepareArchiveFolder',
  // The demo seed stores product images through the images module.
  'db -> modules/images': 'db/seed/seed.ts: storeWebp, toWebp',
  // The demo seed sets its variants' stock through the stock's one owner (ADR 043, 047).
  'db -> modules/stock': 'db/seed/seed.ts: stockSetVariantInsert',
  // Test support: the resilience harness and the test apps use each other.
  'resilience -> testing': 'resilience/database-traffic.ts',
};

describe('the import graph between server parts', () => {
  const graph = partGraph(import.meta.dirname);

  /** The graph without the edges `dropped` (`from -> to`). */
  const without = (dropped: readonly string[]) =>
    new Map(
      [...graph].map(([from, edges]) => [
        from,
        new Map([...edges].filter(([to]) => !dropped.includes(`${from} -> ${to}`))),
      ]),
    );
  const known = Object.keys(KNOWN_EDGES);

  it('has no cycle but the known ones', () => {
    expect(cyclesOf(without(known))).toEqual([]);
  });

  it('needs each known edge listed: it still exists and closes a cycle (else remove it)', () => {
    const needless = known.filter(
      (edge) => cyclesOf(without(known.filter((other) => other !== edge))).length === 0,
    );
    expect(needless).toEqual([]);
  });

  it('has the outbox below its producers: it imports none of them', () => {
    expect([...(graph.get('modules/outbox')?.keys() ?? [])].sort()).toEqual(['db', 'modules/mail']);
  });

  it('would find a cycle', () => {
    const edges = (...to: string[]) => new Map(to.map((name) => [name, 'x.ts']));
    const cyclic = new Map([
      ['a', edges('b')],
      ['b', edges('c')],
      ['c', edges('a', 'd')],
      ['d', edges()],
    ]);
    expect(cyclesOf(cyclic)).toEqual([['a', 'b', 'c']]);
  });
});
