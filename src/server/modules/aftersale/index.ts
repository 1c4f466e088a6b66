// The face of modules/aftersale: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { aftersaleMailJob } from './aftersale-mails.ts';
export { type AftersaleConfig, aftersaleConfigOf } from './aftersale.config.ts';
export { aftersaleRoutes } from './aftersale.routes.ts';
export { reconcilePendingRefunds } from './refund-reconciliation.ts';
