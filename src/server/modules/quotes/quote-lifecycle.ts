import type { QuoteEvent, QuoteStatus } from '../../../shared/quote.ts';
import {
  type Actor,
  defineTransitions,
  fromGuardText,
  literal,
  type Transition,
  transitionText,
} from '../lifecycle/index.ts';
import { enqueueText } from '../outbox/index.ts';
import { quoteMailJob } from './quote-mails.ts';

/*
 * The quote machine (issue 23), built with the lifecycle kit (modules/lifecycle, ADR 045):
 *
 *   (request) ► requested ──answer──► quoted ──accept──► accepted   (an order at the quoted price)
 *                 │ withdraw ► withdrawn │ expire (expires_at passed) ► expired
 *                 └ decline ─► declined  └ decline ───────────────────► declined
 *
 * Every transition is ONE conditional UPDATE whose WHERE is the guard (`guardSql`), so of any number
 * of concurrent attempts exactly one changes the row; the others find nothing and are told why
 * (409). Who may make each is the table's `by`. Its EFFECTS are CTEs of the same statement
 * (`transitionSql`, the kit's `transitionText`): the timeline row and, when someone is told, its
 * job, an outbox mail (kind `quote-mail`, quote-mails.ts renders it when sent).
 * Accepting also places the order, in the same transaction (quotes.service.ts).
 */

/** Who is mailed about a transition (through the outbox), if anyone. */
type QuoteMailTo = 'customer' | 'admins' | null;
interface QuoteTransition extends Transition<QuoteStatus, QuoteEvent> {
  /** Its job: who is mailed about it (kind `quote-mail`), if anyone. */
  mail: QuoteMailTo;
  /** Only while the quoted price holds (expires_at still ahead) or only once it has passed. */
  expiry?: 'live' | 'passed';
}

export const QUOTE_TRANSITIONS = defineTransitions<QuoteStatus, QuoteEvent>()({
  answer: { from: ['requested'], to: 'quoted', event: 'quoted', by: ['admin'], mail: 'customer' },
  decline: {
    from: ['requested', 'quoted'],
    to: 'declined',
    event: 'declined',
    by: ['customer', 'admin'],
    mail: 'customer',
  },
  withdraw: {
    from: ['requested'],
    to: 'withdrawn',
    event: 'withdrawn',
    by: ['customer'],
    mail: 'admins',
  },
  accept: {
    from: ['quoted'],
    to: 'accepted',
    event: 'accepted',
    by: ['customer'],
    mail: 'admins',
    expiry: 'live',
  },
  expire: {
    from: ['quoted'],
    to: 'expired',
    event: 'expired',
    by: ['system'],
    mail: 'customer',
    expiry: 'passed',
  },
} satisfies Record<string, QuoteTransition>);
export type QuoteTransitionName = keyof typeof QUOTE_TRANSITIONS;

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
  const parts = [fromGuardText(transition, `${alias}.status`)];
  if (transition.expiry === 'live') parts.push(`${alias}.expires_at > now()`);
  if (transition.expiry === 'passed') parts.push(`${alias}.expires_at <= now()`);
  return parts.join(' AND ');
}

/**
 * One statement applying `name` to the quotes `where` selects (SQL text; `$n` parameters are the
 * caller's), setting `set` besides the status: the change, the timeline rows and the mails (the
 * lifecycle kit's `transitionText`). Returns the changed rows' `id`. `where` must not repeat the
 * guard: it is added here.
 */
export function transitionSql(
  name: QuoteTransitionName,
  actor: Actor,
  where: string,
  set = '',
): string {
  const transition: QuoteTransition = QUOTE_TRANSITIONS[name];
  const { mail } = transition;
  return transitionText({
    table: 'quote',
    name,
    transition,
    actor,
    where,
    guard: guardSql(name),
    set,
    returning: ['id', 'product_id', 'sku', 'quantity', 'quoted_price_cents'],
    timeline: { table: 'quote_event', subject: 'quote_id' },
    jobs: mail
      ? [{ name: 'mailed', sql: (source) => quoteMailSql(source, transition.event, mail) }]
      : [],
  });
}
