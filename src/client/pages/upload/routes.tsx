import type { RouteObject } from 'react-router-dom';
import { lazyPage, type PageModule } from '../../engine/lazy-page';

const importPages = () => import('./ImportPage') as Promise<PageModule>;
const centre = () => import('./ImportCentrePage') as Promise<PageModule>;
const images = () => import('./ImageUploadPage') as Promise<PageModule>;

/**
 * Spec 2 routes of the import centre and the batch image upload (issue 4), mounted by the shell
 * under its signed-in layout: /upload/index (history), /page/upload/view and /page/upload/viewadv
 * (import), /page/uploadimg/{opt} (images matched to records by file name).
 */
export const uploadRoutes: RouteObject[] = [
  { path: 'upload/index', handle: { titleKey: 'upload.centre' }, ...lazyPage(centre, 'ImportCentrePage') },
  { path: 'page/upload/view', handle: { titleKey: 'upload.importTitle' }, ...lazyPage(importPages, 'ImportViewPage') },
  { path: 'page/upload/viewadv', handle: { titleKey: 'upload.advanced' }, ...lazyPage(importPages, 'ImportAdvancedPage') },
  { path: 'page/uploadimg/:opt', handle: { titleKey: 'uploadimg.title' }, ...lazyPage(images, 'ImageUploadPage') },
];
