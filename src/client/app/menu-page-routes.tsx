import type { RouteObject } from 'react-router-dom';
import '../../../grids/workspace';
import { menuPages } from '../../model/menu-page';
import type { RouteHandle } from './router';

/**
 * The declared menu pages (src/model/menu-page.ts; the workspace's in grids/workspace/menu-pages.ts),
 * each at its addresses, titled by its declaration and drawn by the shell's MenuPage; a group the
 * user has not is the not-found page (`common`: the common pages' module, loaded with it).
 */
export function menuPageRoutes(common: () => Promise<{ NotFoundPage: () => React.JSX.Element }>): RouteObject[] {
  return menuPages().flatMap((def) =>
    def.paths.map((path) => ({
      path,
      handle: { label: def.title } satisfies RouteHandle,
      lazy: async () => {
        const [{ MenuPage }, { NotFoundPage }] = await Promise.all([import('../shell/MenuPage'), common(), import('../../model/i18n/app-part')]);
        return { Component: () => <MenuPage def={def} notFound={<NotFoundPage />} /> };
      },
    })),
  );
}
