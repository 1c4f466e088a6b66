// The face of modules/saved-lists: a company's saved lists (issue 37; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { savedListsRoutes } from './saved-lists.routes.ts';
