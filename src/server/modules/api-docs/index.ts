// The face of modules/api-docs: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type ApiDocsConfig, apiDocsConfigOf } from './api-docs.routes.ts';
export { apiDocsRoutes } from './api-docs.routes.ts';
