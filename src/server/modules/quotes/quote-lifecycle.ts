import type { QuoteEvent, QuoteStatus } from '../../../shared/quote.ts';
import { enqueueText } from '../outbox/index.ts';
import type { Actor } from '../purchases/index.ts';
import { quoteMailJob } from './quote-mails.ts';

/*
 * The quote machine (issue 23), on the order lifecycle's pattern (purchase-lifecycle.ts, ADR 013):
 *
 *   (request) ► requested ──answer──► quoted ──accept──► accepted   (an order at the quoted price)
 *                 │ withdraw ► withdrawn │ expire (expires_at passed) ► expired
 *                 └ decline ─► declined  └ decline ───────────────────► declined
 *
 * Every transition is ONE conditional UPDATE whose WHERE is the guard (`guardSql`), so of any number
 * of concurrent attempts exactly one changes the row; the others find nothing and are told why
 * (409). Its EFFECTS are CTEs of the same statement (`transitionSql`): the timeline row and, when
 * the customer is told, an outbox mail (kind `quote-mail`, quote-mails.ts renders it when sent).
 * Accepting also places the order, in the same transaction (quotes.service.ts).
 */

interface QuoteTransition {
  from: readonly QuoteStatus[];
  to: QuoteStatus;
  event: QuoteEvent;
  /** Who is mailed about it (through the outbox), if anyone. */
  mail: 'customer' | 'admins' | null;
  /** Only while the quoted price holds (expires_at still ahead) or only once it has passed. */
  expiry?: 'live' | 'passed';
}

export const QUOTE_TRANSITIONS = {
  answer: { from: ['requested'], to: 'quoted', event: 'quoted', mail: 'customer' },
  decline: { from: ['requested', 'quoted'], to: 'declined', event: 'declined', mail: 'customer' },
  withdraw: { from: ['requested'], to: 'withdrawn', event: 'withdrawn', mail: 'admins' },
  accept: { from: ['quoted'], to: 'accepted', event: 'accepted', mail: 'admins', expiry: 'live' },
  expire: { from: ['quoted'], to: 'expired', event: 'expired', mail: 'customer', expiry: 'passed' },
} as const satisfies Record<string, QuoteTransition>;
export type QuoteTransitionName = keyof typeof QUOTE_TRANSITIONS;

/** A string literal for SQL built from the closed sets above (never from user input). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Queues the quote mail of `event` to `audience` for each quote `from` returns (its `id`). */
export function quoteMailSql(from: string, event: QuoteEvent, audience: 'customer' | 'admins') {
  return enqueueText(quoteMailJob, {
    key: `'quote:' || id || ':' || ${literal(event)}`,
    from,
    payload: { quoteId: 'id', event: literal(event), audience: literal(audience) },
  });
}

/** The guard of `name` on the quote row `alias`, as SQL text. */
export function guardSql(name: QuoteTransitionName, alias = 'quote'): string {
  const transition: QuoteTransition = QUOTE_TRANSITIONS[name];
  const parts = [`${alias}.status IN (${transition.from.map(literal).join(', ')})`];
  if (transition.expiry === 'live') parts.push(`${alias}.expires_at > now()`);
  if (transition.expiry === 'passed') parts.push(`${alias}.expires_at <= now()`);
  return parts.join(' AND ');
}

/**
 * One statement applying `name` to the quotes `where` selects (SQL text; `$n` parameters are the
 * caller's), setting `set` besides the status: the change, the timeline rows and the mails. Returns
 * the changed rows' `id`. `where` must not repeat the guard: it is added here.
 */
export function transitionSql(
  name: QuoteTransitionName,
  actor: Actor,
  where: string,
  set = '',
): string {
  const transition: QuoteTransition = QUOTE_TRANSITIONS[name];
  const mail = transition.mail
    ? `, mailed AS (
      ${quoteMailSql('changed', transition.event, transition.mail)}
    )`
    : '';
  return `WITH changed AS (
      UPDATE quote SET status = ${literal(transition.to)}, updated_at = now()${set ? `, ${set}` : ''}
      WHERE (${where}) AND ${guardSql(name)}
      RETURNING quote.id, quote.product_id, quote.quantity, quote.quoted_price_cents
    ), timeline AS (
      INSERT INTO quote_event (quote_id, event, actor)
      SELECT id, ${literal(transition.event)}, ${literal(actor)} FROM changed RETURNING 1
    )${mail}
    SELECT id, product_id, quantity, quoted_price_cents FROM changed`;
}
