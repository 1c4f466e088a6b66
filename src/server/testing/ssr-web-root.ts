import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { projectRoot } from '../paths.ts';

/** A minimal index.html like the build's. */
const TEMPLATE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<script type="module" crossorigin src="/assets/index-test.js"></script></head>
<body><div id="root"></div></body></html>`;

export interface SsrWebRoot {
  webRoot: string;
  pageRenderer: PageRenderer;
  remove(): void;
}

/**
 * What a test app needs to render pages: the web app's server entry (its source, loaded by path
 * and compiled by Vitest as Vite would: the server's code never imports the web app's) and a
 * temporary web root holding a minimal index.html.
 */
export async function ssrWebRoot(): Promise<SsrWebRoot> {
  const entry = join(projectRoot, 'src', 'web', 'entry-server.tsx');
  const { pageRenderer } = (await import(/* @vite-ignore */ entry)) as {
    pageRenderer: PageRenderer;
  };
  const webRoot = mkdtempSync(join(tmpdir(), 'toolhouse-ssr-'));
  writeFileSync(join(webRoot, 'index.html'), TEMPLATE);
  return {
    webRoot,
    pageRenderer,
    remove: () => rmSync(webRoot, { recursive: true, force: true }),
  };
}
