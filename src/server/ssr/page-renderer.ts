import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../../shared/page-rendering.ts';
import { projectRoot } from '../paths.ts';

/** Where `vite build --ssr` writes the web app's server-rendering entry (scripts/build.mjs). */
export const pageRendererFile = join(projectRoot, 'dist', 'ssr', 'entry-server.js');

/** The built renderer, or undefined without a build (the API alone is served then). */
export async function loadPageRenderer(
  file: string = pageRendererFile,
): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { pageRenderer: PageRenderer };
  return module.pageRenderer;
}
