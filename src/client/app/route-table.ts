import { matchPath, type RouteObject } from 'react-router-dom';

/**
 * Spec 2 "Public routes (no sign-in check)", exactly as the spec lists them; the login children
 * ddwelcome/{client}, qywxwelcome and third/{type} (named thirdwelcome) sit under /login.
 */
export const PUBLIC_PATHS = [
  '/login',
  '/login/inner',
  '/signup',
  '/forgotpwd/fillemail',
  '/forgotpwd/newpwd',
  '/forgotpwd/deadline',
  '/discovery/index',
  '/newdiscovery/index',
  '/login/ddwelcome/:client',
  '/login/qywxwelcome',
  '/login/third/:type',
] as const;

/** Whether a path is public (the guard does not run, a 401 there does not redirect). */
export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => matchPath({ path: p, end: true }, pathname) !== null);
}

/**
 * Spec 2 "Signed-in routes" that are answered by the registry engine or by a feature of a later
 * issue. Those the engine's routes do not answer yet are registered as "not available yet"
 * (pendingSpecPaths) so that the route exists and says so, instead of pretending.
 * The screens of this area (/workspace/*, /page/userinfo, ...) are registered in router.tsx.
 */
export const FEATURE_SPEC_PATHS = [
  '/mydash',
  '/mydash/index',
  '/workspace/ecindex/:opt',
  '/:cata/index/:opt',
  '/:cata/page/:opt',
  '/:cata/masterdetail/:opt',
  '/:cata/ecindex/:opt',
  '/:cata/ectabindex/:opt',
  '/:cata/dsrptindex/:opt',
  '/page/upload/view',
  '/page/upload/viewadv',
  '/page/uploadimg/:opt',
  '/page/ticket/view',
  '/page/document/:opt',
  '/page/subindex/:opt',
  '/page/:opt',
  '/page/view/:opt',
  '/clientrpt/:opt',
  '/clientrpt/index/:opt',
  '/clientrpt/page/:opt',
  '/clientrpt/document/:opt',
  '/zp/prodmgm/index/vfscanvalidate',
  '/zp/:cata/index/:opt',
  '/zp/:cata/page/:opt',
  '/zp/:cata/document/:opt',
  '/zp/:cata/calendarview/:opt',
  '/zp/visual/:opt',
  '/upload/index',
  '/visual/:opt',
  '/visual/demo/:opt',
  '/superdemo/index/fabricpage',
  '/superdemo/index/:opt',
  '/superdemo/masterdetail/:opt',
  '/superdemo/ecindex/:opt',
  '/superdemo/doublepanel/:opt',
  '/superdemo/dsrptindex/:opt',
  '/superdemopage/form',
  '/superdemopage/dynapage',
  '/superdemopage/:opt',
] as const;

/** A path pattern with parameter names erased, so `/:cata/index/:opt` equals `/:x/index/:y`. */
export function patternShape(path: string): string {
  const clean = ('/' + path).replace(/\/+/g, '/').replace(/\/$/, '') || '/';
  return clean
    .split('/')
    .map((seg) => (seg.startsWith(':') ? (seg.endsWith('?') ? ':?' : ':') : seg.toLowerCase()))
    .join('/');
}

/** Every full path pattern a route tree answers (children joined to their parents). */
export function routePatterns(routes: RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const own = r.path === undefined ? parent : r.path.startsWith('/') ? r.path : `${parent}/${r.path}`;
    if (r.path !== undefined || r.index) out.push(patternShape(own || '/'));
    if (r.children) out.push(...routePatterns(r.children, own));
  }
  return out;
}

/** The spec paths that none of the given routes answers (they get the "not available yet" page). */
export function pendingSpecPaths(answered: RouteObject[], specPaths: readonly string[] = FEATURE_SPEC_PATHS): string[] {
  const have = new Set(routePatterns(answered));
  return specPaths.filter((p) => !have.has(patternShape(p)));
}
