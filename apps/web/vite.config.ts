import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset URLs so the built app works wherever the server mounts it.
  base: './',
  plugins: [react()],
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
  },
});
