// The face of modules/tax-exemptions: what the rest of the server may use of it (issue 35; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { taxExemptionMailJob } from './tax-exemption-mails.ts';
export { taxExemptionsRoutes } from './tax-exemptions.routes.ts';
export { type ApprovedExemption, approvedExemption } from './tax-exemptions.service.ts';
