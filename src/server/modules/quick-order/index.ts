// The face of modules/quick-order: what the rest of the server may use of it (ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { quickOrderRoutes } from './quick-order.routes.ts';
