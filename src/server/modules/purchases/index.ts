// The face of modules/purchases: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { cancelIntentJob, orderMailJob } from './order-jobs.ts';
export { type PlaceCheckoutRow } from './order-statement.ts';
export { ORDER_COLUMN_TYPES, ORDER_COLUMNS_TEXT, payCtes, payGuardCtes } from './pay-statement.ts';
export { limitRefusal, placeOrderInTransaction } from './place-order.ts';
export {
  type Actor,
  allowed,
  applyEffects,
  AWAITING_APPROVAL_NOT_PAYABLE_MESSAGE,
  effectCtes,
  effectsSql,
  lockAccountOrders,
  ON_ACCOUNT_NOT_PAYABLE_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
} from './purchase-lifecycle.ts';
export { type PlacementConfig, placementConfigOf } from './purchases.config.ts';
export { purchasesRoutes } from './purchases.routes.ts';
export {
  checkoutReference,
  expireStaleHolds,
  getPurchase,
  isId,
  LINE_PROBLEM_MESSAGES,
  markCheckoutPaid,
  type OrderRow,
  placeCheckoutLines,
  placedPurchase,
  placedTerms,
  type PlaceOptions,
  seesAllOrders,
  selectOrders,
  toPurchase,
  visibleTo,
} from './purchases.service.ts';
export { checkoutTerms, replayCheckout } from './replay.ts';
