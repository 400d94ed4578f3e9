import type { RouteObject } from 'react-router-dom';
import { GENERIC_PAGE_ROUTES } from '../../model/generic-routes';

type PageModule = Record<string, unknown>;
const pages = () => import('./EnginePages') as Promise<PageModule>;
const generic = () => import('./GenericPages') as Promise<PageModule>;

/** The engine's pages load on first use (code splitting: AG Grid and the form widgets are heavy). */
function lazyPage(name: string, load: () => Promise<PageModule> = pages): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await load();
      return { Component: m[name] as React.ComponentType };
    },
  };
}

/**
 * Routes answered by the registry engine (spec 2 generic routes), from page declarations in
 * grids/: lists (/{cata}/index/{opt}, /{cata}/page/{opt}, /{cata}/masterdetail/{opt},
 * /{cata}/ectabindex/{opt}, /page/{opt}), a list filtered by its parent (/page/subindex/{opt}),
 * a record read-only (/page/view/{opt}?id=) and its printable document (/page/document/{opt}?id=).
 * The generic page routes (issue 35: `/{cata}/ecindex/{opt}`, `/zp/{cata}/index|page|document/{opt}`,
 * src/model/generic-routes.ts) render any declared page by its key once the server confirmed the
 * user may view it. The shell mounts them under its signed-in layout.
 */
export const engineRoutes: RouteObject[] = [
  { path: ':cata/index/:opt', ...lazyPage('EngineListRoute') },
  { path: ':cata/page/:opt', ...lazyPage('EngineListRoute') },
  { path: ':cata/masterdetail/:opt', ...lazyPage('EngineListRoute') },
  { path: ':cata/ectabindex/:opt', ...lazyPage('EngineListRoute') },
  { path: 'page/view/:opt', ...lazyPage('EngineViewRoute') },
  { path: 'page/document/:opt', ...lazyPage('EngineDocumentRoute') },
  { path: 'page/subindex/:opt', ...lazyPage('EngineSubIndexRoute') },
  { path: 'page/:opt', ...lazyPage('EngineListRoute') },
  ...GENERIC_PAGE_ROUTES.map((r) => ({ path: r.path, ...lazyPage(r.shape === 'document' ? 'GenericDocumentRoute' : 'GenericListRoute', generic) })),
];
