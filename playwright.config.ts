import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_DEFAULT_PATH, CHROMIUM_FLAGS } from './scripts/chromium.mjs';

// Chosen once here, in the main process; the workers inherit them through the environment.
const freePort = () =>
  execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
process.env.E2E_PORT ??= freePort();
process.env.E2E_OIDC_PORT ??= freePort();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'toolhouse-e2e-'));

const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_DEFAULT_PATH,
    args: CHROMIUM_FLAGS,
  },
};

/** The specs that change shipping, tax or promotions (see the `pricing-edits` project). */
const PRICING_EDITS = [
  '**/shipping-settings.spec.ts',
  '**/promotions-admin.spec.ts',
  '**/promotion-codes.spec.ts',
  '**/promotions-journey.spec.ts',
  '**/sale-prices.spec.ts',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: CHROMIUM, testIgnore: PRICING_EDITS },
    // The journeys that change the pricing tables (shipping, tax, promotions) bump the pricing
    // version, so any quote made meanwhile is answered "Prices changed": they run after all the
    // others, one at a time.
    {
      name: 'pricing-edits',
      use: CHROMIUM,
      testMatch: PRICING_EDITS,
      dependencies: ['chromium'],
      workers: 1,
    },
  ],
});
