// The face of modules/back-in-stock: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { backInStockRoutes } from './back-in-stock.routes.ts';
export { backInStockJob, releaseStockAlertsOf } from './back-in-stock.service.ts';
