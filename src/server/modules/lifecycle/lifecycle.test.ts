import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { RETURN_STATUS_LABELS } from '../../../shared/aftersale.ts';
import { ORDER_STATUSES } from '../../../shared/order-status.ts';
import { QUOTE_STATUSES } from '../../../shared/quote.ts';
import { orderReturn } from '../../db/schema.ts';
import { RETURN_TRANSITIONS } from '../aftersale/returns.service.ts';
import { TRANSITIONS as ORDER_TRANSITIONS } from '../purchases/purchase-lifecycle.ts';
import { QUOTE_TRANSITIONS } from '../quotes/quote-lifecycle.ts';
import {
  type Actor,
  fromGuard,
  mayTransition,
  type Transition,
  transitionText,
} from './lifecycle.ts';

// The three machines' transition tables, checked against the spec written out by hand: every
// (transition, state, actor) listed may be made, every other one is refused.

const ACTORS: readonly Actor[] = ['customer', 'admin', 'system'];

const machines: {
  name: string;
  table: Record<string, Transition>;
  states: readonly string[];
  allowed: readonly (readonly [transition: string, from: string, by: Actor])[];
}[] = [
  {
    name: 'orders',
    table: ORDER_TRANSITIONS,
    states: ORDER_STATUSES,
    allowed: [
      ['pay', 'pending', 'customer'],
      ['ship', 'pending', 'admin'],
      ['cancel', 'pending', 'customer'],
      ['cancel', 'pending', 'admin'],
      ['expire', 'pending', 'system'],
      // Issue 37 (ADR 059): a checkout above the buyer's limits waits for the company's approvers
      // (customers of the shop); the buyer may withdraw it, and its hold expires like an unpaid one.
      ['cancel', 'awaiting_approval', 'customer'],
      ['cancel', 'awaiting_approval', 'admin'],
      ['expire', 'awaiting_approval', 'system'],
      ['approve', 'awaiting_approval', 'customer'],
      ['reject', 'awaiting_approval', 'customer'],
    ],
  },
  {
    name: 'quotes',
    table: QUOTE_TRANSITIONS,
    states: QUOTE_STATUSES,
    allowed: [
      ['answer', 'requested', 'admin'],
      ['decline', 'requested', 'customer'],
      ['decline', 'requested', 'admin'],
      ['decline', 'quoted', 'customer'],
      ['decline', 'quoted', 'admin'],
      ['withdraw', 'requested', 'customer'],
      ['accept', 'quoted', 'customer'],
      ['expire', 'quoted', 'system'],
    ],
  },
  {
    name: 'returns',
    table: RETURN_TRANSITIONS,
    states: Object.keys(RETURN_STATUS_LABELS),
    allowed: [
      ['approve', 'requested', 'admin'],
      ['reject', 'requested', 'admin'],
      ['receive', 'approved', 'admin'],
    ],
  },
];

describe.each(machines)('the $name transition table', ({ table, states, allowed }) => {
  const cases = Object.keys(table).flatMap((transition) =>
    states.flatMap((from) =>
      ACTORS.map((by) => ({
        transition,
        from,
        by,
        may: allowed.some(([t, f, a]) => t === transition && f === from && a === by),
      })),
    ),
  );

  it('lists exactly the transitions of the spec', () => {
    expect(Object.keys(table).sort()).toEqual([...new Set(allowed.map(([t]) => t))].sort());
  });

  it.each(cases)('$transition from $from by $by: allowed $may', ({ transition, from, by, may }) => {
    expect(mayTransition(table[transition]!, from, by)).toBe(may);
  });
});

describe('the guarded UPDATE', () => {
  const dialect = new PgDialect();
  const one: Transition = { from: ['requested'], to: 'approved', event: 'e', by: ['admin'] };
  const two: Transition = {
    from: ['requested', 'quoted'],
    to: 'declined',
    event: 'e',
    by: ['admin'],
  };

  it('guards on the from-states (= for one, IN for several)', () => {
    expect(dialect.sqlToQuery(fromGuard(one, orderReturn.status))).toMatchObject({
      sql: '"order_return"."status" = $1',
      params: ['requested'],
    });
    expect(dialect.sqlToQuery(fromGuard(two, orderReturn.status))).toMatchObject({
      sql: '"order_return"."status" in ($1, $2)',
      params: ['requested', 'quoted'],
    });
  });

  const statement = (actor: Actor) =>
    transitionText({
      table: 'thing',
      name: 'decline',
      transition: two,
      actor,
      where: 'thing.id = $1',
      guard: "thing.status IN ('requested', 'quoted')",
      returning: ['id'],
      timeline: { table: 'thing_event', subject: 'thing_id' },
      jobs: [{ name: 'told', sql: (source) => `SELECT 1 FROM ${source}` }],
    });

  it('is one statement: the UPDATE, its timeline row and its jobs', () => {
    const text = statement('admin').replace(/\s+/g, ' ');
    expect(text).toBe(
      "WITH changed AS ( UPDATE thing SET status = 'declined', updated_at = now() " +
        "WHERE (thing.id = $1) AND thing.status IN ('requested', 'quoted') RETURNING thing.id " +
        '), timeline AS ( INSERT INTO thing_event (thing_id, event, actor) ' +
        "SELECT id, 'e', 'admin' FROM changed RETURNING 1 ), told AS ( SELECT 1 FROM changed ) " +
        'SELECT id FROM changed',
    );
  });

  it('refuses to build a transition for an actor its table does not name', () => {
    expect(() => statement('customer')).toThrow('customer may not make the transition decline');
  });
});
