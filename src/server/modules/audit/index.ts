// The face of modules/audit: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { auditRoutes } from './audit.routes.ts';
export { recordAudit } from './audit.service.ts';
