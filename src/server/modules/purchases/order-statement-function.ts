import { keptPlan } from '../../db/kept-plan.ts';
import { ANSWER_COLUMNS, orderParam, PARAMS, placeCheckoutSql } from './order-statement.ts';

/*
 * The order statement with its plans made once per database connection (issue 38, ADR 049; amends
 * ADR 015 and 022): a function of its text (src/server/db/kept-plan.ts), created on the first
 * order a process places on a database. What is sent to place an order is the one-line call.
 *
 * The function runs the statement's `card` shape (order-statement.ts) for a card checkout with no
 * promotion applied by a buyer in no company, as read when it runs, and the `full` one otherwise.
 * Both are the same statement as far as such a checkout goes: the full one would find no company,
 * take no credit, ask no approval and claim no promotion use. A membership committed after the
 * check is one committed after the checkout, as with the full statement's own read of it.
 */
const CARD_ONLY = `${orderParam('paymentMethod')} = 'card'
    AND coalesce(jsonb_array_length(${orderParam('pricing')}->'uses'), 0) = 0
    AND NOT EXISTS (SELECT FROM member WHERE member.user_id = ${orderParam('userId')})`;

const orderFunction = keptPlan({
  name: 'place_checkout',
  body: `IF ${CARD_ONLY} THEN
    RETURN QUERY ${placeCheckoutSql('card')};
  ELSE
    RETURN QUERY ${placeCheckoutSql('full')};
  END IF;`,
  params: Object.values(PARAMS),
  columns: ANSWER_COLUMNS,
});

/** What is sent to place an order: the call, with the statement's parameters. */
export const PLACE_CHECKOUT_CALL = orderFunction.callSql;

/** Makes sure the database behind `pool` has this version's function (once per pool and process). */
export const ensureOrderFunction = orderFunction.ensure;

/** Forgets that `pool`'s database has the function (it answered that it has not). */
export const forgetOrderFunction = orderFunction.forget;

export { UNDEFINED_FUNCTION } from '../../db/kept-plan.ts';
