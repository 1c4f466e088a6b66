// Headless Debian Chromium as this machine runs it, for the e2e tests (playwright.config.ts) and
// Lighthouse (scripts/bench/lighthouse.mjs): one list, so both measure the same browser.

/** Where Debian installs it; each caller lets an environment variable point elsewhere. */
export const CHROMIUM_DEFAULT_PATH = '/usr/bin/chromium';

/**
 * No sandbox and no GPU in a container; none of the browser's own background traffic (updates,
 * sync, first-run pages), which would compete with the page under test; no QUIC, so every request
 * goes over the TCP connections the server sees.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
