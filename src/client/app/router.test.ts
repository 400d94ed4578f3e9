import { describe, expect, it } from 'vitest';
import { FEATURE_SPEC_PATHS, patternShape, PUBLIC_PATHS, routePatterns } from './route-table';
import { appRoutes } from './router';

/** Spec 2: every route it lists is registered; the shell's own screens are among them. */
describe('the route tree', () => {
  const answered = new Set(routePatterns(appRoutes()));

  it('registers every public route of spec 2', () => {
    expect(PUBLIC_PATHS.filter((p) => !answered.has(patternShape(p)))).toEqual([]);
  });

  it('registers every signed-in route of spec 2 (built, from the engine, or saying it is not available yet)', () => {
    const own = ['/', '/homeguide', '/:menumodule', '/workspace', '/workspace/home', '/workspace/menuguide', '/workspace/menuindex/:opt', '/page/userinfo'];
    expect([...own, ...FEATURE_SPEC_PATHS].filter((p) => !answered.has(patternShape(p)))).toEqual([]);
  });

  it('builds every signed-in route of spec 2: none is left to the "not available yet" page', () => {
    const shell = appRoutes()[0].children?.find((r) => r.id === 'guarded')?.children?.find((r) => r.id === 'shell');
    expect(shell?.children?.length).toBeGreaterThan(20);
    const unavailable = (shell?.children ?? []).filter((r) => (r.handle as { titleKey?: string } | undefined)?.titleKey === 'ui.unavailable.title').map((r) => r.path);
    expect(unavailable).toEqual([]);
  });

  it('ends with a catch-all not-found route', () => {
    expect(answered.has(patternShape('/*'))).toBe(true);
  });

  it('names the third-party welcome route thirdwelcome', () => {
    const login = appRoutes()[0].children?.find((r) => r.path === '/login');
    expect(login?.children?.find((r) => r.path === 'third/:type')?.id).toBe('thirdwelcome');
  });
});
