// The face of modules/basket: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { basketRoutes } from './basket.routes.ts';
export { getBasket, mergeIntoBasket } from './basket.service.ts';
