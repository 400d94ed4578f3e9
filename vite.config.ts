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
    rolldownOptions: {
      output: {
        // A few large chunks instead of about a hundred small ones: with automatic splitting a
        // signed-in list page loaded ~90 files, and the browser's six connections per server
        // queued the session check and the grid behind them (B1b, issue 3). Here:
        //   index    the app code the first page needs (with the entry);
        //   vendor   the libraries the first page needs (React, router, Fluent core, i18n);
        //   ui       the other libraries of the signed-in pages (Fluent components, forms, sockets);
        //   ag-grid  AG Grid, for the pages that show a grid;
        //   shared   app code used by more than one page (forms, grid, dialogs, API helpers);
        //   page chunks keep what only they use (the workbench keeps its charts).
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: /node_modules[\\/]/, priority: 5 },
            { name: 'app', tags: ['$initial'], priority: 4 },
            { name: 'ag-grid', test: /node_modules[\\/](ag-grid-community|ag-grid-react|ag-stack)[\\/]/, priority: 3 },
            { name: 'ui', test: (id: string) => /node_modules[\\/]/.test(id) && !/node_modules[\\/](echarts|echarts-for-react|zrender)[\\/]/.test(id), priority: 2 },
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
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
