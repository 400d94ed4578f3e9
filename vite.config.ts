import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * One config for the browser build and for vitest. The client lives in src/client with its own
 * index.html; the server is run by tsx and is not bundled.
 * Test projects: unit (pure code beside its source), api (server through app.inject and a real
 * database), e2e (Playwright driving Debian's Chromium against a started server).
 */
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/socket.io': { target: 'ws://127.0.0.1:3000', ws: true } },
  },
  test: {
    root: '.',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'grids/**/*.test.ts', 'reports/**/*.test.ts', 'calendars/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root: '.',
          include: ['tests/api/**/*.test.ts', 'tests/registry/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          // In CI a failed API or e2e test runs once more; a flake is then visible in the log as a
          // retry instead of blocking the run (see docs/architecture.md "Tests and CI").
          retry: process.env.CI ? 1 : 0,
          environment: 'node',
          testTimeout: 60000,
          hookTimeout: 120000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          retry: process.env.CI ? 1 : 0,
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          fileParallelism: false,
        },
      },
    ],
  },
});
