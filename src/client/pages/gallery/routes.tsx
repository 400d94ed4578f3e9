import type { RouteObject } from 'react-router-dom';

const gallery = {
  lazy: async () => ({ Component: (await import('./GalleryPage')).GalleryPage }),
};

/**
 * The spec's component and layout demo routes (spec 2: `/visual/demo/{opt}`, `/superdemo/...`,
 * `/superdemopage/...`), all answered by the component gallery (issue 35). An `{opt}` names a
 * gallery item; the fixed names (form, dynapage, fabricpage) show the item closest to them.
 */
export const galleryRoutes: RouteObject[] = [
  'visual/demo/:opt',
  'superdemo/index/fabricpage',
  'superdemo/index/:opt',
  'superdemo/masterdetail/:opt',
  'superdemo/ecindex/:opt',
  'superdemo/doublepanel/:opt',
  'superdemo/dsrptindex/:opt',
  'superdemopage/form',
  'superdemopage/dynapage',
  'superdemopage/:opt',
].map((path) => ({ path, ...gallery }));
