// The face of modules/idempotency: what the rest of the server may use of it (issue 33; ADR 044).
// Other parts import from here, never from a file behind it (eslint.config.js).
export { liveKeyExistsText, rememberedKeyCte, storedPaymentKeyText } from './idempotency-cte.ts';
export {
  idempotencyClaim,
  type IdempotencyClaim,
  placeOnce,
  sweepIdempotencyKeys,
} from './idempotency.service.ts';
export {
  insertKey,
  liveKey,
  type LiveKey,
  type RememberKey,
  reusedKey,
  runPaymentOnce,
  sweepPaymentIdempotencyKeys,
} from './payment-keys.ts';
