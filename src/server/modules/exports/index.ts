// The face of modules/exports: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type ExportsConfig, exportsConfigOf } from './exports.routes.ts';
export { exportsRoutes } from './exports.routes.ts';
