// The face of modules/contact: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type ContactConfig, contactConfigOf } from './contact.routes.ts';
export { contactRoutes } from './contact.routes.ts';
