import { sql } from 'kysely';
import { menusFor } from '../../model/menus';
import { PLATFORMS } from '../../model/platforms';
import type { Language } from '../../model/i18n';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { unauthorized } from '../http/errors';
import { loadTenantDictionaries } from '../kernel/dictionaries/tenant-dictionaries';
import { withTenant } from '../kernel/rls';
import type { DictItem } from '../../model/dictionaries';
import type { SessionRow, TokenPair } from './sessions.service';
import { labelIn } from '../../model/label-text';

/**
 * The user information of the login reply (spec 7 "A login reply carries ..."), which refresh and
 * profile answer in the same shape (refresh as data.userinfo with new tokens, profile without).
 */
export type Userinfo = {
  id: number;
  username: string;
  fullname: string;
  names: string;
  email: string | null;
  mobile: string | null;
  avatar: string | null;
  language_code: string;
  client_id: number | null;
  client_name: string;
  license_type: string;
  platform_id: string;
  platform_name: string;
  platform_list: { id: string; name: string; ui: string }[];
  cr_dash: string;
  menus: ReturnType<typeof menusFor>;
  menu_modules: { CODE: string; TITLE: string }[];
  dashroles: string[];
  settings: Record<string, unknown>;
  /** Spec 3 "saved table info": column layout per list page (services/profile save-setting). */
  saved_tables: Record<string, unknown>;
  /** The chat groups the user belongs to in this company: the rooms the socket joins. */
  jointgroups: Array<{ groupid: number; name: string }>;
  hasnewversion: boolean;
  build: string;
  vf_qty_amount: string;
  shop_id: string | null;
  unread_msg: number;
  rpt_theme: string;
  must_change_password: boolean;
  is_super: boolean;
  companies: { id: number; name: string }[];
  /** The company's own dictionary items by dictionary code (spec 6): drop-downs offer them beside the system's. */
  dict_items: Record<string, DictItem[]>;
} & Partial<TokenPair>;

/**
 * The unread-notification count comes from the notifications area; it registers its counter here
 * so that access does not depend on its tables. With none registered (no notifications yet) it is 0.
 */
export type UnreadCounter = (db: Db, user: { userId: number; clientId: number | null }) => Promise<number>;
let unreadCounter: UnreadCounter | null = null;

/**
 * The chat groups of the user as a user of the session's company (spec 3 "joint chat groups"),
 * registered by the chat area: `jointgroups` in the login, refresh and profile replies.
 */
export type JointGroups = (db: Db, user: { userId: number; clientId: number | null }) => Promise<Array<{ groupid: number; name: string }>>;
let jointGroups: JointGroups | null = null;

export function registerJointGroups(fn: JointGroups): void {
  jointGroups = fn;
}

export function registerUnreadCounter(counter: UnreadCounter): void {
  unreadCounter = counter;
}

/**
 * The menus of the reply come from the administration area's menu tree (the `menus` table, edited
 * per tenant, filtered by the roles' `view` grants); it registers its provider here so that access
 * does not depend on its tables. With none registered the declarations are used (menusFor).
 */
export type MenuProvider = (db: Db, user: { userId: number; clientId: number | null; platformId: string; roles: string[]; isSuper: boolean; language: Language }) => Promise<ReturnType<typeof menusFor>>;
let menuProvider: MenuProvider | null = null;

export function registerMenuProvider(provider: MenuProvider): void {
  menuProvider = provider;
}

/** The menus a user sees on a platform: the registered provider's (the menu tree), else the declarations. */
export async function visibleMenus(db: Db, user: Parameters<MenuProvider>[1]): Promise<ReturnType<typeof menusFor>> {
  return menuProvider ? menuProvider(db, user) : menusFor(user.platformId, user.roles, user.isSuper, user.language);
}

type UserRow = {
  id: number; username: string; fullname: string | null; email: string | null; mobile: string | null; avatar: string | null;
  language: string; is_super: boolean; must_change_password: boolean; settings: Record<string, unknown> | string | null;
  saved_tables: Record<string, unknown> | string | null;
  client_name: string | null; licence_type: string | null;
};

/** A jsonb object column as an object (drivers may hand it over as text). */
export function settingsOf(raw: Record<string, unknown> | string | null | undefined): Record<string, unknown> {
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) return raw;
  if (typeof raw === 'string') {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return {};
}

const str = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);

/** The companies a user may switch to: the home company and any extra membership, active only. */
export async function companiesOf(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  const r = await sql<{ id: number; name: string }>`
    select c.id, c.name from clients c
    where c.status = 'active' and (c.id = (select client_id from users where id = ${userId})
      or c.id in (select client_id from user_clients where user_id = ${userId}))
    order by c.id`.execute(db);
  return r.rows;
}

/**
 * Builds the userinfo of a session. `language` is the language the menus are titled in; `build` is
 * the build id the browser was loaded with (hasnewversion compares it with the server's).
 */
export async function buildUserinfo(db: Db, config: AppConfig, session: SessionRow, options: { language: Language; build?: string; tokens?: TokenPair }): Promise<Userinfo> {
  const r = await sql<UserRow>`
    select u.id, u.username, u.fullname, u.email, u.mobile, u.avatar, u.language, u.is_super, u.must_change_password, u.settings, u.saved_tables,
           c.name as client_name, c.licence_type
    from users u left join clients c on c.id = ${session.client_id}
    where u.id = ${session.user_id}`.execute(db);
  const u = r.rows[0];
  if (!u) throw unauthorized();
  const roles = await sql<{ code: string }>`
    select r.code from user_roles ur join roles r on r.id = ur.role_id
    where ur.user_id = ${u.id} and (r.client_id is null or r.client_id = ${session.client_id}) order by r.code`.execute(db);
  const dashroles = roles.rows.map((x) => x.code);
  const settings = settingsOf(u.settings);
  if (!Array.isArray(settings.favourite_menus)) settings.favourite_menus = [];
  const menus = await visibleMenus(db, { userId: u.id, clientId: session.client_id, platformId: session.platform_id, roles: dashroles, isSuper: u.is_super, language: options.language });
  const pick = (l: { zh: string; en: string }) => labelIn(l, options.language);
  const platform = PLATFORMS.find((p) => p.id === session.platform_id) ?? PLATFORMS[0];
  const unread = unreadCounter ? await unreadCounter(db, { userId: u.id, clientId: session.client_id }) : 0;
  const fullname = u.fullname ?? u.username;
  const info: Userinfo = {
    ...(options.tokens ?? {}),
    id: u.id,
    username: u.username,
    fullname,
    names: fullname,
    email: u.email,
    mobile: u.mobile,
    avatar: u.avatar,
    language_code: u.language,
    client_id: session.client_id,
    client_name: u.client_name ?? '',
    license_type: u.licence_type ?? '',
    platform_id: platform.id,
    platform_name: pick(platform.name),
    platform_list: PLATFORMS.map((p) => ({ id: p.id, name: pick(p.name), ui: p.uiSuffix })),
    cr_dash: str(settings.cr_dash, ''),
    menus,
    menu_modules: menus.map((g) => ({ CODE: g.CODE, TITLE: g.TITLE })),
    dashroles,
    settings,
    saved_tables: settingsOf(u.saved_tables),
    jointgroups: jointGroups ? await jointGroups(db, { userId: u.id, clientId: session.client_id }) : [],
    // spec 2 "version check": the page says which build it was loaded with; any other build is newer.
    hasnewversion: typeof options.build === 'string' && options.build !== '' && options.build !== config.buildId,
    build: config.buildId,
    vf_qty_amount: str(settings.vf_qty_amount, 'qty'),
    shop_id: typeof settings.shop_id === 'string' ? settings.shop_id : null,
    unread_msg: unread,
    rpt_theme: str(settings.rpt_theme, 'default'),
    must_change_password: u.must_change_password,
    is_super: u.is_super,
    companies: await companiesOf(db, u.id),
    dict_items: session.client_id ? Object.fromEntries((await withTenant(db, session.client_id, (tx) => loadTenantDictionaries(tx, session.client_id!))).items) : {},
  };
  return info;
}
