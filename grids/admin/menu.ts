import { defineMenuGroup, type MenuEntry } from '../../src/model/menus';
import { ROLES } from '../../src/model/roles';

/**
 * The hand-made administration screens (src/client/pages/admin, registered by the shell's routes)
 * and their menu codes. Paths follow spec 2's `/{cata}/page/{opt}` shape.
 */
export const ADMIN_SCREENS = {
  menus: { code: 'admin.menu', path: '/admin/page/menus', title: { zh: '菜单管理', en: 'Menus' } },
  // The component gallery (issue 35): every field type, grid, the matrix, a chart and the calendar beside their declarations.
  gallery: { code: 'admin.gallery', path: '/visual/demo/inputs', title: { zh: '组件示例', en: 'Component gallery' } },
} as const;

const clientAdminOnly = [ROLES.clientAdmin];
const entry = (s: { code: string; path: string; title: { zh: string; en: string } }, extra: Partial<MenuEntry>): MenuEntry => ({ code: s.code, furl: s.path, title: s.title, ...extra });

/**
 * The administration menu group (spec 2 "Admin"), for client administrators. Entry codes are the
 * menu codes permissions bind to: `admin.*` is for administrators by default, `admin.sys.*` for the
 * super administrator only (src/server/services/admin/permission-model.ts).
 */
export const adminMenu = defineMenuGroup({
  code: 'admin',
  platforms: '*',
  title: { zh: '系统管理', en: 'Administration' },
  icon: 'settings',
  entries: [
    // Users (10), roles (20) and data permissions (30) are engine pages (grids/admin/users.grid.ts,
    // roles.grid.ts, dataperms.grid.ts); the settings pages (dictionary, SN rules, ...) sit at 40-90
    // through their own `menu`; the audit log (110) is grids/admin/audit.grid.ts.
    entry(ADMIN_SCREENS.menus, { roles: clientAdminOnly, order: 100 }),
    // The outside-system calls (issue 35): the gateway's keys (112) and the out-api push (114-116) are
    // grids/admin/apikeys.grid.ts and push.grid.ts.
    // For administrators by the menu code (admin.*); no role list, so a company may grant it to a role of its own.
    entry(ADMIN_SCREENS.gallery, { roles: clientAdminOnly, order: 130 }),
  ],
});

/** The platform operator's menu group (spec 6: the super administrator's system-wide screens). */
export const sysAdminMenu = defineMenuGroup({
  code: 'sysadmin',
  platforms: '*',
  title: { zh: '平台管理', en: 'Platform administration' },
  icon: 'admin',
  companies: ['platform'],
  entries: [
    // Sign-up approval (10), client management (20), the system dictionary (30), the system
    // configuration (40) and services (50) are engine pages: grids/admin/signups.grid.ts,
    // clients.grid.ts, sysdict.grid.ts, sysconfig.grid.ts, services.grid.ts.
  ],
});
