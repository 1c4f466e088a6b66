// better-auth brings many endpoints (list-sessions, update-user, change-email, delete-user,
// link-social, get-access-token, …). Several answer with session or provider tokens, or change an
// account outside the shop's own rules. The shop reaches only the ones below over HTTP; every
// other path under /api/auth answers 404, including endpoints a future better-auth version adds.
// Server-side calls (auth.api.*) are unaffected.

const OPEN_ENDPOINTS: { methods: readonly string[]; path: RegExp }[] = [
  { methods: ['POST'], path: /^\/sign-up\/email$/ },
  { methods: ['POST'], path: /^\/sign-in\/email$/ },
  // Google, Facebook, and the OpenID provider (generic OAuth) start here.
  { methods: ['POST'], path: /^\/sign-in\/(social|oauth2)$/ },
  // The providers' redirects back (GET; POST for providers that post the answer back).
  { methods: ['GET', 'POST'], path: /^\/callback\/[^/]+$/ },
  { methods: ['GET', 'POST'], path: /^\/oauth2\/callback\/[^/]+$/ },
  { methods: ['POST'], path: /^\/sign-out$/ },
  // The caller's own session, named by their own token or cookie: the cookie-to-token exchange
  // after a social sign-in.
  { methods: ['GET'], path: /^\/get-session$/ },
  { methods: ['POST'], path: /^\/request-password-reset$/ },
  { methods: ['GET'], path: /^\/reset-password\/[^/]+$/ },
  { methods: ['POST'], path: /^\/reset-password$/ },
  { methods: ['GET'], path: /^\/verify-email$/ },
  // Two-factor sign-in: enrol (password, then a first code), turn off, and the sign-in's second
  // step (a code or a backup code, with the short-lived two_factor cookie the first step set).
  { methods: ['POST'], path: /^\/two-factor\/(enable|disable|verify-totp|verify-backup-code)$/ },
  // better-auth's landing page for a failed OAuth round trip.
  { methods: ['GET'], path: /^\/error$/ },
];

/** `path` is relative to /api/auth, without the query string. */
export function isIdentityEndpointOpen(method: string, path: string): boolean {
  return OPEN_ENDPOINTS.some(
    (endpoint) => endpoint.methods.includes(method) && endpoint.path.test(path),
  );
}
