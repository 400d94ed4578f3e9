import type { RouteObject } from 'react-router-dom';
import { ADMIN_SCREENS } from '../../../../grids/admin/menu';
import { lazyPage, type PageModule } from '../../engine/lazy-page';

const users = () => import('./UsersPage') as Promise<PageModule>;
const roles = () => import('./RolesPage') as Promise<PageModule>;
const dataperms = () => import('./DataPermsPage') as Promise<PageModule>;
const menus = () => import('./MenuEditorPage') as Promise<PageModule>;

const rel = (path: string) => path.replace(/^\//, '');

/**
 * The hand-made administration screens (issue 5), mounted by the shell under its signed-in layout.
 * Paths and menu codes come from grids/admin/menu.ts; the server refuses each call to anyone whose
 * roles do not grant it, whatever the browser shows. Titles come from the menu entries.
 */
export const adminRoutes: RouteObject[] = [
  // Users: the engine's list with the page's invitation (grids/admin/users.grid.ts).
  { path: 'admin/page/users', ...lazyPage(users, 'UsersPage') },
  // Roles: the engine's list with the grant matrix in its drawer (grids/admin/roles.grid.ts).
  { path: 'admin/page/roles', ...lazyPage(roles, 'RolesPage') },
  // Data permissions: the engine's list with the rule's menu, field and value drawn by the page (grids/admin/dataperms.grid.ts).
  { path: 'admin/page/dataperms', ...lazyPage(dataperms, 'DataPermsPage') },
  { path: rel(ADMIN_SCREENS.menus.path), ...lazyPage(menus, 'MenuEditorPage') },
  // API keys: the engine's list with the key's scopes drawn per business object (grids/admin/apikeys.grid.ts).
  { path: 'admin/page/apikeys', ...lazyPage(() => import('./ApiKeysPage') as Promise<PageModule>, 'ApiKeysPage') },
  // Data push: the endpoints with their events drawn per business object, and the log with a delivery's replay (grids/admin/push.grid.ts).
  { path: 'admin/page/push', ...lazyPage(() => import('./PushPage') as Promise<PageModule>, 'PushPage') },
  { path: 'admin/page/pushlog', ...lazyPage(() => import('./PushLogPage') as Promise<PageModule>, 'PushLogPage') },
];
