import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The product version shown and compared against /api/health is the root package version (spec 002 §9).
const rootPackage = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8'),
) as {
  version: string;
};

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset URLs so the built app works wherever the server mounts it.
  base: './',
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/graphql': { target: apiServer, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiServer, changeOrigin: false },
      '/graphql': { target: apiServer, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Budget: login + Home initial JS must stay under 250 KB gzip; warn well before a single chunk gets big.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // @nursery/domain is pure rules and data, but its package.json does not say so, and its zod schemas
        // (which the web uses as types only) would otherwise ship ~50 KB gzip of validator to every tablet.
        moduleSideEffects: (id: string) => !/[\\/]packages[\\/]domain[\\/]src[\\/]/.test(id),
      },
    },
  },
});
