// The face of modules/promotions: what the rest of the server may use of it (issue 36; ADR 044).
// Staff define promotions and generate their codes here; the pricing step (modules/pricing) reads
// the same tables and the order statement claims their uses (docs/decisions/055).
export { promotionsRoutes } from './promotions.routes.ts';
