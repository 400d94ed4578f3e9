import { resolve as resolvePath } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { precompress } from './scripts/vite-precompress.mjs';
import { earlyCalls } from './scripts/vite-early-calls.mjs';
import LongestFirstSequencer from './tests/e2e/support/sequencer.mjs';

// Chunk splitting of the browser build (see build.rolldownOptions below).
const NODE_MODULES = /node_modules[\\/]/;
const AG_GRID = /node_modules[\\/](ag-grid-community|ag-grid-react|ag-stack)[\\/]/;
const CHARTS = /node_modules[\\/](echarts|zrender)[\\/]/;
const CALENDAR = /node_modules[\\/](@fullcalendar|preact)[\\/]/;
/** The scheduling board's first reads, which its route starts while the board's code loads (src/client/calendar/routes.tsx). */
const BOARD_PREFETCH = /src[\\/](client[\\/]calendar[\\/](board-prefetch|board-windows)|model[\\/]board-window)\.ts$/;

/** The pages whose chunks the document's early script preloads (scripts/vite-early-calls.mjs): the shell on every signed-in page, the tower on its address. */
const EARLY_PAGES = { '*': 'src/client/shell/ShellLayout.tsx', '/visual/control-tower': 'src/client/pages/visual/ControlTower.tsx' };

/** What the bundler tells of a module while it splits chunks. */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** Whether an app module imports a library matching `lib`, itself or through other app modules. */
function needsLib(lib: RegExp, id: string, graph: ModuleGraph): boolean {
  const seen = new Set<string>();
  const walk = (m: string): boolean => {
    if (lib.test(m)) return true;
    if (NODE_MODULES.test(m) || seen.has(m)) return false;
    seen.add(m);
    return (graph.getModuleInfo(m)?.importedIds ?? []).some(walk);
  };
  return walk(id);
}
const needsAgGrid = (id: string, graph: ModuleGraph) => needsLib(AG_GRID, id, graph);
/** FullCalendar's views: their shared code must not ride in 'shared', which every page loads. */
const needsCalendar = (id: string, graph: ModuleGraph) => needsLib(CALENDAR, id, graph);
/** ECharts and zrender (about 0.9 MB minified): only the pages that draw charts load them, not every list. */
const needsCharts = (id: string, graph: ModuleGraph) => needsLib(CHARTS, id, graph);

/**
 * The app modules the first paint of a signed-in page and of the tower import, statically, from the
 * shell and the tower's page (EARLY_PAGES): computed once per build. The shared app code they need
 * is one chunk ('shared'), the rest of the shared app code another ('shared-records': entity
 * declarations, list, form and record engine code the tower never runs), so the tower's first
 * visit neither fetches nor compiles the records' code. 'shared' never imports 'shared-records'
 * (what a reached module imports is reached too), so the two chunks do not import each other in a cycle.
 */
let firstPaintModules: Set<string> | null = null;
function neededAtFirstPaint(id: string, graph: ModuleGraph): boolean {
  if (!firstPaintModules) {
    const seen = new Set<string>();
    const roots = Object.values(EARLY_PAGES).map((p) => resolvePath(p));
    const walk = (m: string): void => {
      if (seen.has(m) || NODE_MODULES.test(m)) return;
      seen.add(m);
      for (const next of graph.getModuleInfo(m)?.importedIds ?? []) walk(next);
    };
    roots.forEach(walk);
    firstPaintModules = seen;
  }
  return firstPaintModules.has(id);
}

/**
 * One config for the browser build and for vitest. The client lives in src/client with its own
 * index.html; the server is run by tsx and is not bundled.
 * Test projects: unit (pure code beside its source), api (server through app.inject and a real
 * database), e2e (Playwright driving Debian's Chromium against a started server).
 */
export default defineConfig({
  root: 'src/client',
  publicDir: false,
  // precompress: .br and .gz beside each built text file, served by the server (docs/architecture.md "Static files and first visit").
  // earlyCalls: the document's early script (index.html) with the chunks each signed-in page imports, to preload.
  plugins: [react(), earlyCalls({ script: 'src/client/early/early-calls.js', pages: EARLY_PAGES }), precompress()],
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
        //   ag-grid  AG Grid, loaded only by pages that show a grid;
        //   calendar FullCalendar, loaded only by the calendar pages;
        //   shared   app code used by more than one page that does not need AG Grid, and that the
        //            shell or the tower imports (neededAtFirstPaint); shared-records the rest of it;
        //   engine   app code used by more than one page that needs it (lists, record forms);
        //   page chunks keep what only they use (the workbench keeps its charts).
        codeSplitting: {
          groups: [
            { name: 'vendor', tags: ['$initial'], test: NODE_MODULES, priority: 7 },
            { name: 'app', tags: ['$initial'], priority: 6 },
            { name: 'ag-grid', test: AG_GRID, priority: 5 },
            { name: 'calendar', test: CALENDAR, priority: 5 },
            { name: 'charts', test: CHARTS, priority: 5 },
            { name: 'ui', test: (id: string) => NODE_MODULES.test(id) && !CHARTS.test(id), priority: 4 },
            // A chunk of their own: in 'shared-records' the board's first read would wait for that whole chunk.
            { name: 'board-prefetch', test: BOARD_PREFETCH, priority: 4 },
            // App code shared by the FullCalendar pages (node calendar, cycle calendar, line month).
            { name: (id: string, ctx: ModuleGraph) => (!NODE_MODULES.test(id) && needsCalendar(id, ctx) && !needsAgGrid(id, ctx) ? 'calendar-views' : null), minShareCount: 2, priority: 2, debugName: 'calendar-views' },
            // App code shared by the pages that draw charts (tower, dashboards, reports, tiles) and need no grid or calendar.
            { name: (id: string, ctx: ModuleGraph) => (!NODE_MODULES.test(id) && needsCharts(id, ctx) && !needsAgGrid(id, ctx) && !needsCalendar(id, ctx) ? (neededAtFirstPaint(id, ctx) ? 'chart-views' : 'chart-views-more') : null), minShareCount: 2, priority: 2, debugName: 'chart-views' },
            // Before 'engine', so that what 'shared' takes (with its imports) never needs AG Grid, FullCalendar or ECharts.
            { name: (id: string, ctx: ModuleGraph) => (!NODE_MODULES.test(id) && !needsAgGrid(id, ctx) && !needsCalendar(id, ctx) && !needsCharts(id, ctx) ? (neededAtFirstPaint(id, ctx) ? 'shared' : 'shared-records') : null), minShareCount: 2, priority: 3, debugName: 'shared' },
            // A shared module that needs both AG Grid and charts stays out of 'engine' (every list page loads it).
            { name: (id: string, ctx: ModuleGraph) => (!NODE_MODULES.test(id) && needsAgGrid(id, ctx) && !needsCharts(id, ctx) ? 'engine' : null), minShareCount: 2, priority: 1, debugName: 'engine' },
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
    // The e2e menu walks first: the longest work in the smallest files (tests/e2e/support/sequencer.mjs).
    sequence: { sequencer: LongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root: '.',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'grids/**/*.test.ts', 'reports/**/*.test.ts', 'calendars/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // The generated-input tests (fast-check over thousands of cases) take 1-1.5 s on a quiet
          // machine and took 8-10 s beside three type checks (2026-12-06): vitest's 5 s default failed
          // them for the load alone. A hang still fails, at 30 s.
          testTimeout: 30000,
          // A worker's files share the loaded modules (46 s -> 18 s on two cores): the unit tests are pure
          // functions over declarations; the few that register module state (a company's dictionary
          // items) set it in the test that reads it.
          isolate: false,
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
          // Each file has its own database (a PGlite copy of the run's template, or its own schema on
          // PostgreSQL) and its own installation id for Redis keys, so two files run side by side.
          fileParallelism: true,
          maxWorkers: 2,
          // Files of one worker share the loaded modules (the server's whole module graph took ~6 s to
          // load for every file). Safe because no API test mocks a module or keeps state in one: each
          // builds its own app and database, and the few that set process.env restore it.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: '.',
          include: ['tests/e2e/**/*.test.ts'],
          // One seeded data directory per run, copied for each file's server.
          globalSetup: ['tests/e2e/support/global-setup.ts'],
          retry: process.env.CI ? 1 : 0,
          environment: 'node',
          testTimeout: 120000,
          hookTimeout: 180000,
          // Three files at a time on two cores, each with its own server (a copy of the run's seeded
          // template, its own port and data directory) and its own contexts: with two, 13-16 % of the
          // cores stayed idle while a file waited on its server, its database or a page; with three
          // they were 98 % busy, and the stage took 868 s against 997 s with two, same machine and
          // code (2026-12-07, docs/architecture.md "Tests and CI"). E2E_WORKERS sets another count.
          fileParallelism: true,
          maxWorkers: Number(process.env.E2E_WORKERS) || 3,
          // A worker's files share the loaded modules (Playwright's client, the harness): about 0.8 s of
          // importing per file otherwise (49 s of a 60-file run). No e2e file mocks a module or sets
          // process.env; each starts its own server and contexts in its hooks.
          isolate: false,
        },
      },
    ],
  },
});
