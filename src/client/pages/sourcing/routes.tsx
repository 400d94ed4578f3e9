import type { RouteObject } from 'react-router-dom';
import { MY_SOURCING_PATH, SOURCING_COMPARE_PATH, SOURCING_EVAL_TODO_PATH, SOURCING_OPPORTUNITY_PATH } from '../../../../grids/sourcing/menu';

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
 * Supplier sourcing's hand-made screens (issue 16): the buyer's comparison and evaluation of a
 * project, the supplier's project opportunities, and the buyer's own projects. The lists (projects, items, records, schemes,
 * applications, quotations) are the engine's generic pages of grids/sourcing.
 */
export const sourcingRoutes: RouteObject[] = [
  { path: SOURCING_COMPARE_PATH.slice(1), ...lazyPage(() => import('./SourcingComparePage'), 'SourcingComparePage') },
  { path: SOURCING_OPPORTUNITY_PATH.slice(1), ...lazyPage(() => import('./OpportunityPage'), 'OpportunityPage') },
  { path: SOURCING_EVAL_TODO_PATH.slice(1), ...lazyPage(() => import('./EvalTodoPage'), 'EvalTodoPage') },
  { path: MY_SOURCING_PATH.slice(1), ...lazyPage(() => import('./MyProjectsPage'), 'MyProjectsPage') },
];
