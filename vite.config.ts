import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The dev server (npm run dev) proxies the API to the Fastify process that scripts/dev.mjs starts.
const apiTarget = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
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
});
