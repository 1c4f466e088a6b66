// The face of modules/system: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type SystemConfig, systemConfigOf } from './system.config.ts';
export { systemRoutes } from './system.routes.ts';
