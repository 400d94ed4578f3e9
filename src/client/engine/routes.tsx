import type { RouteObject } from 'react-router-dom';

type PageModule = Record<string, unknown>;
const pages = () => import('./EnginePages') as Promise<PageModule>;

/** The engine's pages load on first use (code splitting: AG Grid and the form widgets are heavy). */
function lazyPage(name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await pages();
      return { Component: m[name] as React.ComponentType };
    },
  };
}

/**
 * Routes answered by the registry engine (spec 2 generic routes), from page declarations in
 * grids/: lists (/{cata}/index/{opt}, /{cata}/page/{opt}, /{cata}/masterdetail/{opt},
 * /{cata}/ectabindex/{opt}, /page/{opt}), a list filtered by its parent (/page/subindex/{opt}),
 * a record read-only (/page/view/{opt}?id=) and its printable document (/page/document/{opt}?id=).
 * The shell mounts them under its signed-in layout.
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
];
