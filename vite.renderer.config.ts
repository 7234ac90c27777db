// The server renderer's bundle (dist-ssr/render-server.mjs): renderer/render-server.ts with the
// app's routes and components and every dependency bundled in but sharp (native; only the
// image endpoint loads it), so the folder runs with `node dist-ssr/render-server.mjs`. `vite build` makes it
// right after the client (scripts/vite/renderer-bundle.ts), so both always come from one build.
import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    alias: {
      '@': src('./src'),
      // the update prompt never renders on the server (it waits for the page's load event)
      'virtual:pwa-register/react': src('./renderer/pwa-register-stub.ts'),
    },
  },
  // The same plugins as the client build, in the same mode, so class names and route chunks match.
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: true }), react(), vanillaExtractPlugin()],
  // React and the router pick their production builds without NODE_ENV set at run time.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true, target: 'node' },
  build: {
    ssr: 'renderer/render-server.ts',
    outDir: process.env.SSR_OUT_DIR ?? 'dist-ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: false,
    sourcemap: true,
    rollupOptions: {
      // native (libvips): loaded from node_modules at run time; scripts/package.mjs ships it
      external: ['sharp'],
      output: { entryFileNames: 'render-server.mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
    },
  },
});
