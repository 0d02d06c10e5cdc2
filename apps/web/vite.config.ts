import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { thirdPartyLicences } from './vite.licences.ts';

const apiServer = 'http://127.0.0.1:3000';

/**
 * The hashed assets as served (issue 13, "first screen weight"): each JS and CSS file also written as
 * .gz and .br beside it, which the server sends to browsers that accept them (@fastify/static
 * preCompressed). Neither extension is in the service worker's precache globs.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nursery-precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(name)) continue;
        const file = path.join(assets, name);
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

/**
 * The files a signed-in device's first screen needs besides the entry: the signed-in shell, Home and its
 * widgets with everything they import, JS and CSS (issue 15, "Home is usable within 1.5 s of navigation
 * with a cold cache"). Written to dist/signed-in-preload.json; the server lists them as preloads in the
 * page it gives a device with a live session (apps/server modules/web-shell), so they download with the
 * entry instead of after it has run.
 */
const SIGNED_IN_START = [
  /src\/app\/SignedInShell\.tsx$/,
  /src\/features\/home\/HomePage\.tsx$/,
  /src\/features\/home\/widgets\/[^/]+\/[A-Za-z]+Widget\.tsx$/,
];
function signedInPreload(): Plugin {
  return {
    name: 'nursery-signed-in-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      type Chunk = {
        type: 'chunk';
        fileName: string;
        isEntry: boolean;
        facadeModuleId: string | null;
        imports: string[];
        viteMetadata?: { importedCss: Set<string> };
      };
      const chunks = Object.values(bundle).filter(
        (c): c is Chunk & typeof c => c.type === 'chunk',
      ) as unknown as Chunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (starts: Chunk[]) => {
        const seen = new Set<string>();
        const visit = (c: Chunk) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const i of c.imports) {
            const next = byFile.get(i);
            if (next) visit(next);
          }
        };
        for (const c of starts) visit(c);
        return seen;
      };
      const entry = closure(chunks.filter((c) => c.isEntry));
      const start = closure(
        chunks.filter((c) => SIGNED_IN_START.some((re) => re.test(c.facadeModuleId ?? ''))),
      );
      const js = [...start].filter((f) => !entry.has(f));
      const entryCss = new Set(
        [...entry].flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])]),
      );
      const css = [
        ...new Set(js.flatMap((f) => [...(byFile.get(f)?.viteMetadata?.importedCss ?? [])])),
      ].filter((f) => !entryCss.has(f));
      if (js.length === 0) this.error('signed-in preload: none of SIGNED_IN_START was found in the bundle');
      this.emitFile({
        type: 'asset',
        fileName: 'signed-in-preload.json',
        source: JSON.stringify({ js, css }),
      });
    },
  };
}

/** Screens a practitioner reaches for first (issue 27): the worker stores their files first. */
const FLOOR_SCREENS = [
  /src\/app\/SignedInShell\.tsx$/,
  /src\/features\/home\/HomePage\.tsx$/,
  /src\/features\/events\/EventEditorPage\.tsx$/,
  /src\/features\/drafts\/DraftsPage\.tsx$/,
  /src\/features\/timeline\/TimelinePage\.tsx$/,
  // The drawer (with the medication record's form) is not in this first batch: it is stored right after,
  // with the rest of the app's code, before the device says it is ready offline; in the first batch it
  // made the worker's first install too slow for a throttled tablet (offline-first-second.spec.ts).
  /src\/features\/register\/RegisterPage\.tsx$/,
  /src\/features\/staff-register\/StaffRegisterPage\.tsx$/,
  /src\/features\/sync\/SyncPage\.tsx$/,
];

/** The floor screens' files (JS with everything it imports, and their CSS), from the build's manifest. */
function floorFiles(outDir: string): string[] {
  type Entry = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Entry
  >;
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    files.push(entry.file, ...(entry.css ?? []));
    for (const next of entry.imports ?? []) visit(next);
  };
  // The entry (what every page starts with), then each floor screen with what it imports.
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key);
  for (const screen of FLOOR_SCREENS) {
    const key = Object.keys(manifest).find((k) => screen.test(k));
    if (!key) throw new Error(`precache: no floor screen ${screen} in the build`);
    visit(key);
  }
  return files;
}

/**
 * Every screen's code is precached at install, as fast as the network allows (issue 27, "Offline from
 * the first second"; the worker is src/serviceWorker/sw.ts). After the worker is built:
 * - the build fails if a JS or CSS file of the bundle is missing from its precache manifest (a lazy
 *   screen would then not open offline);
 * - sw.js gets the floor screens' files (`self.__NURSERY_FLOOR`), which the worker stores first and
 *   the installing page warms into its HTTP cache (src/lib/offline/codeReadiness.ts floorList).
 */
function precacheFloorFirst(): Plugin {
  let outDir = 'dist';
  return {
    name: 'nursery-precache-floor-first',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const file = path.join(outDir, 'sw.js');
        const sw = readFileSync(file, 'utf8');
        const urls = new Set([...sw.matchAll(/"url":"([^"]*)"/g)].map((m) => m[1]));
        const assets = readdirSync(path.join(outDir, 'assets'))
          .filter((name) => /\.(js|css)$/.test(name))
          .map((name) => `assets/${name}`);
        const missing = assets.filter((asset) => !urls.has(asset));
        if (missing.length > 0)
          throw new Error(`precache: not in sw.js's precache manifest: ${missing.join(', ')}`);
        if (!urls.has('index.html')) throw new Error('precache: index.html is not in the manifest');
        const floor = [...new Set(floorFiles(outDir))].filter((f) => urls.has(f));
        writeFileSync(file, `self.__NURSERY_FLOOR=${JSON.stringify(floor)};\n${sw}`);
      },
    },
  };
}

export default defineConfig({
  // Relative asset URLs so the built app works wherever the server mounts it.
  base: './',
  plugins: [
    react(),
    precompressAssets(),
    signedInPreload(),
    // The About page's licence list (issue 30): the production dependency tree's, at build time.
    thirdPartyLicences(path.dirname(fileURLToPath(import.meta.url))),
    // App shell offline (issue 6, docs/decisions.md "Offline"): our own worker (src/serviceWorker/sw.ts,
    // issue 27) precaches the build, floor screens first; the app registers it itself
    // (src/lib/offline/registerSW.ts) and asks before updating.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/serviceWorker',
      registerType: 'prompt',
      injectRegister: false,
      filename: 'sw.ts',
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
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff,woff2,webmanifest}'],
        rollupFormat: 'iife',
        // Lazy screens can grow past the 2 MiB default one day; all of them must work offline.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
      devOptions: { enabled: false },
    }),
    precacheFloorFirst(),
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
    // dist/.vite/manifest.json: the chunk graph the bench `bundle` scenario sums (login + Home).
    manifest: true,
  },
});
