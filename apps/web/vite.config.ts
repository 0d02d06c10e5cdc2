import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  // Relative asset URLs so the built app works wherever the server mounts it.
  base: './',
  plugins: [
    react(),
    // App shell offline (issue 6, docs/decisions.md "Offline"): generateSW precaches the build; the app
    // registers it itself (src/lib/offline/registerSW.ts, after first render) and asks before updating.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.js',
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['icon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Nursery',
        short_name: 'Nursery',
        description: 'Learning journal, registers and care records for nursery staff.',
        lang: 'en-GB',
        start_url: './',
        scope: './',
        display: 'standalone',
        orientation: 'any',
        background_color: '#ffffff',
        theme_color: '#1c6e4f',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: 'icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,webmanifest}'],
        navigateFallback: 'index.html',
        // The API is never answered from the service worker: these requests are not routed at all, so
        // they go straight to the network (network only) and are never cached.
        navigateFallbackDenylist: [/^\/api\//, /^\/graphql/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        // Lazy screens can grow past the 2 MiB default one day; all of them must work offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
  ],
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
