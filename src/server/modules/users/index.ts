// The face of modules/users: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { type RolesConfig, rolesConfigOf } from './roles.routes.ts';
export { rolesRoutes } from './roles.routes.ts';
export { usersRoutes } from './users.routes.ts';
export { CLI_ACTOR, makeAdmin, normalizeEmail } from './users.service.ts';
