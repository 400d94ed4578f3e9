import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { preloadMap } from './vite-early-calls.mjs';

const ROOT = resolve(__dirname, '..');
const chunk = (fileName: string, imports: string[], facade: string | null = null, isEntry = false) => ({ type: 'chunk', fileName, imports, facadeModuleId: facade ? resolve(ROOT, facade) : null, isEntry });

describe('the chunks the early script preloads (scripts/vite-early-calls.mjs)', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index-1.js', ['assets/vendor-1.js'], 'src/client/main.tsx', true),
      chunk('assets/vendor-1.js', []),
      chunk('assets/ShellLayout-1.js', ['assets/index-1.js', 'assets/ui-1.js', 'assets/shared-1.js'], 'src/client/shell/ShellLayout.tsx'),
      chunk('assets/ui-1.js', ['assets/vendor-1.js']),
      chunk('assets/shared-1.js', ['assets/ui-1.js']),
      chunk('assets/ControlTower-1.js', ['assets/shared-1.js', 'assets/chart-views-1.js'], 'src/client/pages/visual/ControlTower.tsx'),
      chunk('assets/chart-views-1.js', ['assets/charts-1.js']),
      chunk('assets/charts-1.js', []),
      chunk('assets/ag-grid-1.js', []),
      { type: 'asset', fileName: 'assets/style.css' },
    ].map((c) => [c.fileName, c]),
  );

  it("lists each page's chunk and what it imports, less the entry's and, for an address, less every page's", () => {
    expect(preloadMap(bundle, { '*': 'src/client/shell/ShellLayout.tsx', '/visual/control-tower': 'src/client/pages/visual/ControlTower.tsx' }, '/')).toEqual({
      '*': ['/assets/ShellLayout-1.js', '/assets/ui-1.js', '/assets/shared-1.js'],
      '/visual/control-tower': ['/assets/ControlTower-1.js', '/assets/chart-views-1.js', '/assets/charts-1.js'],
    });
  });

  it('prefixes the base and fails the build for a page that is not in it', () => {
    expect(preloadMap(bundle, { '/x': 'src/client/pages/visual/ControlTower.tsx' }, '/app/')['/x'][0]).toBe('/app/assets/ControlTower-1.js');
    expect(() => preloadMap(bundle, { '/y': 'src/client/pages/Nowhere.tsx' })).toThrow(/no chunk/);
  });
});
