import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react(), vanillaExtractPlugin()],
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          // Node unless a file asks for jsdom (`// @vitest-environment jsdom` on its first line):
          // building a jsdom window took over a second per file, most of the project's time.
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // Vitest's default is one worker less than the cores: a single worker on two cores
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file starts its own PocketBase; two cores, so keep it modest
          maxWorkers: 2,
          // runs after the unit project when both are run together
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
