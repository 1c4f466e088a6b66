// The face of modules/rate-limit: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export {
  enforceRateLimit,
  rateLimitHitSql,
  rateLimitSumSql,
  type RateRule,
  returnRateLimitHit,
  takeRateLimitHit,
} from './rate-limit.ts';
