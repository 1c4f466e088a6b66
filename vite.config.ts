import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server (npm run dev) proxies the API to the Fastify process that scripts/dev.mjs starts.
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:3001';

const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/;
// TanStack Query's hooks that only lazy pages use (useQueries: the basket page's products;
// useMutation: the forms and buttons that save) stay out of the framework chunk, which every
// page loads first (docs/decisions/017); the lazy pages share them in a chunk of their own.
const FRAMEWORK_LAZY =
  /node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]build[\\/]modern[\\/](useQueries|queriesObserver|useMutation|mutationObserver)\.js$/;
const ZOD = /node_modules[\\/]zod[\\/]/;
const SHELL =
  /src[\\/](web[\\/]lib[\\/](access-token|use-hydrated|auth[\\/]account)\.ts|web[\\/]components[\\/]document-title\.tsx|shared[\\/]constants\.ts)$|preload-helper/;

// Two builds: the browser's app (dist/web) and, with --ssr, the server-rendering entry
// (dist/ssr/entry-server.js) that the Fastify server imports to render public pages.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss()],
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        rollupOptions: { input: 'src/web/entry-server.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        assetsInlineLimit: 0,
        // dist/web/.vite/manifest.json: lets npm run bench measure the home page's initial JS.
        manifest: true,
        modulePreload: {
          // Every browser the shop supports has <link rel="modulepreload">: no polyfill.
          polyfill: false,
          // index.html preloads the entry's imports; a lazy chunk's imports are not preloaded by
          // script: each <link> the loader appends made the browser restyle the page (about
          // 150 ms of a throttled phone's main thread on the home page, in the middle of
          // hydration), for chunks that are small and load after the page is live anyway.
          resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
        },
        rolldownOptions: {
          output: {
            // React, React Router, TanStack Query and the few tiny modules the entry shares with
            // lazy pages in one chunk, which every page loads first anyway: compressed together
            // they are smaller than as a dozen shared fragments.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: (id) => (FRAMEWORK.test(id) && !FRAMEWORK_LAZY.test(id)) || SHELL.test(id),
                },
              ],
            },
            // V8's explicit compile hint: nearly every function of the framework, the entry and
            // zod (the schemas of the forms and of the catalogue's answers) runs while a page
            // loads and hydrates, so V8 compiles them while the file streams in, off the main
            // thread, instead of one by one in the middle of hydration (ADR 019).
            postBanner: (chunk) =>
              chunk.name === 'framework' ||
              chunk.isEntry ||
              chunk.moduleIds.some((id) => ZOD.test(id))
                ? '//# allFunctionsCalledOnLoad\n'
                : '',
          },
        },
      },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
    },
  },
}));
