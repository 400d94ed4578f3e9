import type { RouteObject } from 'react-router-dom';

const dash = () => import('./MyDashPage');

/** The personal dashboard (issue 13, spec 2 `/mydash` and `/mydash/index`). */
export const workspaceRoutes: RouteObject[] = ['mydash', 'mydash/index'].map((path) => ({
  path,
  handle: { titleKey: 'ui.mydash.title' },
  lazy: async () => ({ Component: (await dash()).MyDashPage }),
}));
