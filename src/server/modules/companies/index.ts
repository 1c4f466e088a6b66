// Trade accounts' companies (issue 37, docs/decisions/059): better-auth's organizations with what
// the shop keeps of them.
export { type Membership, membershipOf } from './membership.ts';
export { companiesRoutes } from './companies.routes.ts';
