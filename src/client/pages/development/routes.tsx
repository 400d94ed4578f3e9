import type { RouteObject } from 'react-router-dom';

const room = () => import('./SampleRoomPage');

/** Product development and samples (issue 18): the sample room; styles, costing and requests are the engine's lists (grids/development). */
export const developmentRoutes: RouteObject[] = [
  { path: 'zp/development/index/samples', handle: { titleKey: 'dev.room.title' }, lazy: async () => ({ Component: (await room()).SampleRoomPage }) },
];
