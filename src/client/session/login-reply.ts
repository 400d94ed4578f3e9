import type { DictItem } from '../../model/dictionaries';
import type { StoredSession } from '../kernel/storage';

/** A menu entry of the login reply (spec 3: menus are groups of entries with FURL and TITLE). */
export type MenuItem = { CODE: string; FURL: string; TITLE: string; ICON?: string; TITLE_ZH?: string; TITLE_EN?: string };
export type MenuGroupItem = { CODE: string; TITLE: string; ICON?: string; TITLE_ZH?: string; TITLE_EN?: string; children: MenuItem[] };
export type PlatformItem = { id: string; name: string; ui?: string };
export type CompanyItem = { id: number; name: string };

/**
 * The login reply (spec 7 "Account and session"), also the shape of the refresh reply's
 * `data.userinfo` and the profile's. `expire` and `refresh_expire` are seconds of life.
 * Every field is optional here because the browser must survive a partial reply.
 */
export type LoginReply = Partial<{
  access_token: string;
  expire: number;
  refresh_token: string;
  refresh_expire: number;
  username: string;
  language_code: string;
  platform_id: string;
  platform_name: string;
  cr_dash: string | number | boolean | null;
  menus: MenuGroupItem[];
  menu_modules: unknown[];
  dashroles: string[];
  settings: Record<string, unknown> | null;
  jointgroups: unknown[];
  hasnewversion: boolean | number;
  vf_qty_amount: unknown;
  client_name: string;
  license_type: string;
  platform_list: PlatformItem[];
  shop_id: string | number | null;
  unread_msg: number;
  rpt_theme: string | null;
  avatar: string | null;
  names: string | null;
  id: number;
  client_id: number | null;
  fullname: string;
  email: string | null;
  mobile: string | null;
  phone: string | null;
  saved_tables: Record<string, unknown> | null;
  must_change_password: boolean;
  is_super: boolean;
  companies: CompanyItem[];
  build: string;
  /** The company's own dictionary items by dictionary code (spec 6). */
  dict_items: Record<string, DictItem[]>;
}>;

/** The in-memory access state's fields that a login, refresh or profile reply fills (spec 3). */
export type AccessFields = {
  id: number | null;
  username: string;
  fullname: string;
  clientId: number | null;
  clientName: string;
  dashroles: string[];
  menus: MenuGroupItem[];
  menuModules: unknown[];
  settings: Record<string, unknown>;
  favouriteMenus: string[];
  jointGroups: unknown[];
  unread: number;
  hasNewVersion: boolean;
  platformId: string;
  platformName: string;
  platformList: PlatformItem[];
  licenceType: string;
  shopId: string;
  reportTheme: string;
  avatar: string;
  names: string;
  email: string;
  phone: string;
  mobile: string;
  savedTables: Record<string, unknown>;
  mustChangePassword: boolean;
  isSuper: boolean;
  companies: CompanyItem[];
  languageCode: string;
  crDash: string;
};

export function emptyAccessFields(): AccessFields {
  return {
    id: null,
    username: '',
    fullname: '',
    clientId: null,
    clientName: '',
    dashroles: [],
    menus: [],
    menuModules: [],
    settings: {},
    favouriteMenus: [],
    jointGroups: [],
    unread: 0,
    hasNewVersion: false,
    platformId: '',
    platformName: '',
    platformList: [],
    licenceType: '',
    shopId: '',
    reportTheme: '',
    avatar: '',
    names: '',
    email: '',
    phone: '',
    mobile: '',
    savedTables: {},
    mustChangePassword: false,
    isSuper: false,
    companies: [],
    languageCode: '',
    crDash: '',
  };
}

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/** Favourite menu codes from the settings (spec 3: settings with favourite menus). */
export function favouriteMenusOf(settings: Record<string, unknown> | null | undefined): string[] {
  const raw = settings?.favourite_menus ?? settings?.favouriteMenus ?? settings?.favorite_menus;
  if (Array.isArray(raw)) return raw.map((x) => (typeof x === 'object' && x !== null && 'CODE' in x ? String((x as { CODE: unknown }).CODE) : String(x)));
  if (typeof raw === 'string' && raw) return raw.split(',').map((s) => s.trim()).filter(Boolean);
  return [];
}

/**
 * The access fields a reply carries. Only fields present in the reply are returned, so that a
 * profile reply without, say, `unread_msg` does not reset the counter the socket has raised.
 */
export function accessFieldsOf(reply: LoginReply): Partial<AccessFields> {
  const out: Partial<AccessFields> = {};
  const has = (k: keyof LoginReply) => reply[k] !== undefined;
  if (has('id')) out.id = typeof reply.id === 'number' ? reply.id : Number(reply.id) || null;
  if (has('username')) out.username = str(reply.username);
  if (has('fullname')) out.fullname = str(reply.fullname);
  if (has('client_id')) out.clientId = reply.client_id === null ? null : Number(reply.client_id);
  if (has('client_name')) out.clientName = str(reply.client_name);
  if (has('dashroles')) out.dashroles = list<string>(reply.dashroles).map(String);
  if (has('menus')) out.menus = list<MenuGroupItem>(reply.menus).map((g) => ({ ...g, children: list<MenuItem>(g.children) }));
  if (has('menu_modules')) out.menuModules = list(reply.menu_modules);
  if (has('settings')) {
    out.settings = reply.settings ?? {};
    out.favouriteMenus = favouriteMenusOf(reply.settings);
  }
  if (has('jointgroups')) out.jointGroups = list(reply.jointgroups);
  if (has('unread_msg')) out.unread = Math.max(0, Number(reply.unread_msg) || 0);
  if (has('hasnewversion')) out.hasNewVersion = !!reply.hasnewversion;
  if (has('platform_id')) out.platformId = str(reply.platform_id);
  if (has('platform_list')) out.platformList = list<PlatformItem>(reply.platform_list);
  if (has('platform_name')) out.platformName = str(reply.platform_name);
  else if (has('platform_id') && has('platform_list')) out.platformName = list<PlatformItem>(reply.platform_list).find((p) => p.id === reply.platform_id)?.name ?? '';
  if (has('license_type')) out.licenceType = str(reply.license_type);
  if (has('shop_id')) out.shopId = str(reply.shop_id);
  if (has('rpt_theme')) out.reportTheme = str(reply.rpt_theme);
  if (has('avatar')) out.avatar = str(reply.avatar);
  if (has('names')) out.names = str(reply.names);
  if (has('email')) out.email = str(reply.email);
  if (has('phone')) out.phone = str(reply.phone);
  if (has('mobile')) out.mobile = str(reply.mobile);
  if (has('saved_tables')) out.savedTables = reply.saved_tables ?? {};
  if (has('must_change_password')) out.mustChangePassword = !!reply.must_change_password;
  if (has('is_super')) out.isSuper = !!reply.is_super;
  if (has('companies')) out.companies = list<CompanyItem>(reply.companies);
  if (has('language_code')) out.languageCode = str(reply.language_code);
  if (has('cr_dash')) out.crDash = str(reply.cr_dash);
  return out;
}

/**
 * The stored session a reply gives: the login reply's lifetimes (seconds) become absolute epoch
 * seconds so the guard can compare them with the clock. Null when the reply carries no token.
 */
export function storedSessionOf(reply: LoginReply, nowSeconds: number, fallbackUsername: string | null = null): StoredSession | null {
  if (!reply.access_token) return null;
  const life = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v));
  const expire = life(reply.expire);
  const refreshExpire = life(reply.refresh_expire);
  return {
    token: reply.access_token,
    tokenExpire: Number.isFinite(expire) ? nowSeconds + expire : null,
    refreshToken: reply.refresh_token ?? null,
    refreshExpire: reply.refresh_token && Number.isFinite(refreshExpire) ? nowSeconds + refreshExpire : null,
    username: reply.username ?? fallbackUsername,
  };
}

/** The refresh and profile calls answer `data.userinfo` or `data.results` (spec 7). */
export function userInfoOf(data: unknown): LoginReply | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as { userinfo?: unknown; results?: unknown };
  const inner = d.userinfo ?? d.results;
  if (inner && typeof inner === 'object' && !Array.isArray(inner)) return inner as LoginReply;
  return null;
}
