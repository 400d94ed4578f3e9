import type { RouteObject } from 'react-router-dom';
import { GENERIC_PAGE_ROUTES } from '../../model/generic-routes';
import { lazyPage, type PageModule } from './lazy-page';

const pages = () => import('./EnginePages') as Promise<PageModule>;
const generic = () => import('./GenericPages') as Promise<PageModule>;

/** The engine's pages load on first use (code splitting: AG Grid and the form widgets are heavy). */
const enginePage = (name: string, load: () => Promise<PageModule> = pages) => lazyPage(load, name);

/**
 * Routes answered by the registry engine (spec 2 generic routes), from page declarations in
 * grids/: lists (/{cata}/index/{opt}, /{cata}/page/{opt}, /{cata}/masterdetail/{opt},
 * /{cata}/ectabindex/{opt}, /page/{opt}), a list filtered by its parent (/page/subindex/{opt}),
 * a record read-only (/page/view/{opt}?id=), its printable document (/page/document/{opt}?id=) and a
 * list's rows as printed labels (/page/labels/{opt}?f.x.eq=..).
 * The generic page routes (issue 35: `/{cata}/ecindex/{opt}`, `/zp/{cata}/index|page|document/{opt}`,
 * src/model/generic-routes.ts) render any declared page by its key once the server confirmed the
 * user may view it. The shell mounts them under its signed-in layout.
 */
export const engineRoutes: RouteObject[] = [
  { path: ':cata/index/:opt', ...enginePage('EngineListRoute') },
  { path: ':cata/page/:opt', ...enginePage('EngineListRoute') },
  { path: ':cata/masterdetail/:opt', ...enginePage('EngineListRoute') },
  { path: ':cata/ectabindex/:opt', ...enginePage('EngineListRoute') },
  { path: 'page/view/:opt', ...enginePage('EngineViewRoute') },
  { path: 'page/document/:opt', ...enginePage('EngineDocumentRoute') },
  { path: 'page/labels/:opt', ...enginePage('EngineLabelsRoute') },
  { path: 'page/subindex/:opt', ...enginePage('EngineSubIndexRoute') },
  { path: 'page/:opt', ...enginePage('EngineListRoute') },
  ...GENERIC_PAGE_ROUTES.map((r) => ({ path: r.path, ...enginePage(r.shape === 'document' ? 'GenericDocumentRoute' : 'GenericListRoute', generic) })),
];

/**
 * A declared list page (grids/) mounted at a module's own path, by its key: the engine's list and
 * drawer, loaded when the route first matches; the document is titled by the menu entry of the path.
 *
 * Example: `{ path: 'approvals/todo', ...declaredListPage('wftodo', 'wf-todo') }`.
 */
export function declaredListPage(opt: string, testId?: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const { DeclaredList } = await import('./EnginePages');
      return { Component: () => <DeclaredList opt={opt} testId={testId} /> };
    },
  };
}
