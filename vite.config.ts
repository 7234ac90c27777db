import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { type ManifestOptions, VitePWA } from 'vite-plugin-pwa';
import { bootAfterPaintHtml } from './scripts/vite/boot-after-paint';
import { keepPreviousAssets } from './scripts/vite/keep-previous-assets';
import { precompress } from './scripts/vite/precompress';
import { rendererBundle } from './scripts/vite/renderer-bundle';
import { styleFirstHtml } from './scripts/vite/styles-first';

const pbUrl = process.env.PB_URL ?? 'http://127.0.0.1:8090';

const THEME = '#1d1b18';
const BACKGROUND = '#f6f3ee';

const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'Atelier — Elin Vinter',
  short_name: 'Atelier',
  description:
    'Stockholm-based artist creating narrative, theatrical paintings using crafted props and materials. Artworks, print editions, news and the course The Whispering Game.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME,
  background_color: BACKGROUND,
  categories: ['art', 'education', 'shopping'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  screenshots: [
    {
      src: '/screenshots/home-wide.png',
      sizes: '1280x800',
      type: 'image/png',
      form_factor: 'wide',
      label: 'Home page with recent works',
    },
    {
      src: '/screenshots/home-narrow.png',
      sizes: '412x915',
      type: 'image/png',
      form_factor: 'narrow',
      label: 'Home page on a phone',
    },
  ],
  shortcuts: [
    {
      name: 'My courses',
      short_name: 'Courses',
      url: '/my-courses',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
    {
      name: 'Print editions',
      short_name: 'Prints',
      url: '/print-editions',
      icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
    },
  ],
};

// Names this build: a tab whose chunks are gone reloads once per build (src/app/pwa/preload-recovery.ts).
// Every build gets a new one unless ATELIER_BUILD_ID fixes it.
const buildId = process.env.ATELIER_BUILD_ID ?? new Date().toISOString();

export default defineConfig({
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(buildId) },
  // One stylesheet for every page (~12 kB gzip): on a slow link each extra request costs a round
  // trip before the first paint, and the per-route files were 0.2–4 kB each.
  build: { cssCodeSplit: false },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    // Order matters: the router plugin must run before the JSX transform.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers through useRegisterSW (src/app/pwa/UpdatePrompt.tsx).
      injectRegister: false,
      manifest,
      injectManifest: {
        // png and webmanifest stay out: the plugin adds the manifest and its icons itself,
        // and listing them here would precache them twice.
        // The course compendium is a protected file of the API, never precached.
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    // before precompress, which compresses the final index.html
    styleFirstHtml(),
    bootAfterPaintHtml(),
    precompress(),
    // after precompress: the previous builds' files come back with their .br/.gz as they were
    keepPreviousAssets(),
    rendererBundle(),
  ],
  server: {
    proxy: {
      '/api': { target: pbUrl, changeOrigin: true, ws: true },
      '/_/': { target: pbUrl, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: pbUrl, changeOrigin: true },
      '/_/': { target: pbUrl, changeOrigin: true },
    },
  },
});
