import { api } from '../../api/client';

/**
 * The administration calls of the browser (issue 5), one typed function each. Server side:
 * src/server/services/admin (/api/adminapi/...).
 */
type Label = { zh: string; en: string };

export type RoleRow = { id: number; client_id: number | null; code: string; name_zh: string; name_en: string; kind: string; remark: string | null; version: number; users: number; system: boolean };
export type CatalogEntry = { menu_code: string; title: Label; group: string; verbs: string[] };
export type MenuNode = {
  code: string; parent_code: string | null; furl: string | null; title_zh: string; title_en: string; icon: string | null; sort: number;
  visible: boolean; roles: string[] | null; super_only: boolean; origin: 'declared' | 'overridden' | 'tenant'; version: number | null; children: MenuNode[];
};
export type MenuRoleOption = { code: string; name_zh: string; name_en: string; system: boolean };
export type OptionRow = { id: number; code?: string; name?: string };

export const adminApi = {
  /** Every role of the company and the system roles (the data rules' role picker): the roles view, read through its old address. */
  roles: () => api.get<RoleRow[]>('/adminapi/roles'),
  catalog: () => api.get<{ menus: CatalogEntry[]; operators: string[] }>('/adminapi/permission-catalog'),

  menus: () => api.get<{ tree: MenuNode[]; roles: MenuRoleOption[] }>('/adminapi/menus'),
  saveMenu: (n: { code: string; parent_code?: string | null; title_zh?: string; title_en?: string; sort?: number; visible?: boolean; roles?: string[]; furl?: string; version?: number | null }) =>
    api.post<{ id: number }>('/adminapi/menus/save', { ...n, version: n.version ?? undefined }),
  orderMenus: (items: Array<{ code: string; parent_code?: string | null; sort: number }>) => api.post<{ count: number }>('/adminapi/menus/order', { items }),
  resetMenu: (code: string) => api.post<{ code: string }>('/adminapi/menus/reset', { code }),

  /** Rows of a registry entity for a drop-down (orgs, positions). */
  options: (prefix: string, entity: string) => api.get<{ rows: OptionRow[] }>(`/${prefix}/${entity}/page`, { size: 100 }, { quiet: true }),
};
