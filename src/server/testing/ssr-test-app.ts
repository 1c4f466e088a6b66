import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { projectRoot } from '../paths.ts';
import { buildTestApp, type TestApp } from './test-app.ts';

/** A minimal index.html like the build's. */
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>`;

/**
 * A test app that renders pages: the web app's server entry (its source, loaded by path and
 * compiled by Vitest as Vite would: the server's code never imports the web app's), a temporary
 * web root holding a minimal index.html, PUBLIC_URL https://shop.example. `close` removes both.
 * `databaseUrl`: on the caller's database instead of a fresh one.
 */
export async function buildSsrTestApp(
  options: Pick<NonNullable<Parameters<typeof buildTestApp>[0]>, 'databaseUrl'> = {},
): Promise<TestApp> {
  const entry = join(projectRoot, 'src', 'web', 'entry-server.tsx');
  const { pageRenderer } = (await import(/* @vite-ignore */ entry)) as {
    pageRenderer: PageRenderer;
  };
  const webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-ssr-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  const app = await buildTestApp({
    ...options,
    webRoot,
    pageRenderer,
    // A public address: production defaults apply. Its admin edits products without a second
    // factor (the two-factor tests cover REQUIRE_STAFF_2FA).
    env: { PUBLIC_URL: 'https://shop.example', REQUIRE_STAFF_2FA: 'false' },
  });
  return {
    ...app,
    close: async () => {
      await app.close();
      rmSync(webRoot, { recursive: true, force: true });
    },
  };
}
