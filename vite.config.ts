import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server (npm run dev) proxies the API to the Fastify process that scripts/dev.mjs starts.
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:3001';

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
      },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': apiTarget,
      '/images': apiTarget,
    },
  },
}));
