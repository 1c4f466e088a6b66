import { keptPlan } from '../../db/kept-plan.ts';
import { ANSWER_COLUMNS, PARAMS, PLACE_CHECKOUT_SQL } from './order-statement.ts';

/*
 * The order statement with a plan made once per database connection (issue 38, ADR 049; amends ADR
 * 015 and 022): a function of its text (src/server/db/kept-plan.ts), created on the first order a
 * process places on a database. What is sent to place an order is the one-line call.
 */
const orderFunction = keptPlan({
  name: 'place_checkout',
  sql: PLACE_CHECKOUT_SQL,
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
