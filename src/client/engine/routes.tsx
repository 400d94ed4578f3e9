import type { RouteObject } from 'react-router-dom';

/**
 * Routes answered by the registry engine (spec 2 generic routes: /{cata}/index/{opt},
 * /{cata}/masterdetail/{opt}, /page/{opt}, /page/view/{opt}, /page/document/{opt}, ...). The shell
 * mounts them under its signed-in layout.
 */
export const engineRoutes: RouteObject[] = [];
