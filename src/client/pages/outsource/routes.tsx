import type { RouteObject } from 'react-router-dom';

type PageModule = Record<string, unknown>;

function lazyPage(load: () => Promise<PageModule>, name: string): Pick<RouteObject, 'lazy'> {
  return {
    lazy: async () => {
      const m = await load();
      return { Component: m[name] as React.ComponentType };
    },
  };
}

/**
 * The supplier's outsourced tasks with the shipment editor (issue 12). The static path outranks the
 * engine's generic `/:cata/masterdetail/:opt`; the page declaration (grids/outsource) still drives the
 * columns, tabs, form and actions. The maker's outsourced orders stay the engine's generic page.
 */
export const outsourceRoutes: RouteObject[] = [{ path: 'scm/masterdetail/outsourcetask', ...lazyPage(() => import('./OutsourceTasksPage'), 'OutsourceTasksPage') }];
