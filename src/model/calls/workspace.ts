import type { BoardItem, BoardKind } from '../workspace';
import { LANGUAGES } from '../i18n/types';
import { getCall, postCall } from './call';
import { is } from './input-shape';

/**
 * The personal boards' calls (issue 13; spec 7 "Profile and workspace" and the arranging calls beside
 * it): served by src/server/services/profile (profile.routes.ts reads, workspace.routes.ts arranges),
 * called by src/client/pages/workspace. Example: `await callApi(workspaceCalls.saveBoard, { board: 'mydash', items })`.
 */
const BASE = '/clientinfoapi/user-profile';

/** A menu entry as the personal area lists it (a favourite), with its group. */
export type MenuEntryRef = { CODE: string; FURL: string; TITLE: string; TITLE_ZH?: string; TITLE_EN?: string; ICON: string; GROUP: string; GROUP_CODE: string };
/** A module of the company (a menu group the user sees), as the app market offers it. */
export type AppModule = { CODE: string; TITLE: string; ICON: string; FURL: string; entries: number };
export type DashSetting = { cr_dash: string; rpt_theme: string; vf_qty_amount: string; layout: string[]; board: BoardItem[] | null };
export type HomeSetting = { favourites: MenuEntryRef[]; layout: string[]; board: BoardItem[] | null; apps: AppModule[] };
export type WorkspaceSetting = { favourite_menus: string[]; favourites: MenuEntryRef[]; language_code: string; layout: string[]; modules: AppModule[]; apps: string[] };
export type AppsChange = { apps: string[]; modules: AppModule[] };

/**
 * save-setting's preferences kept in users.settings (spec 7), each read by the engine's input shapes
 * and refused under its own key, all at once (`readEachField`): the report theme, the chosen
 * dashboard (empty: none; a number is its code), quantity or amount, and the side menu folded to its
 * icons (issue 32). Absent or empty text leaves a preference as stored.
 */
export const settingPreferences = {
  rpt_theme: is.optional(is.matching(/^[A-Za-z0-9_-]{1,30}$/, 'a theme name')),
  cr_dash: is.present(is.asText(is.matching(/^[A-Za-z0-9_.:-]{0,100}$/, 'a dashboard code or nothing'))),
  vf_qty_amount: is.optional(is.oneOf('qty', 'amount')),
  nav_collapsed: is.optional(is.flag),
};
/** A code save-setting keeps (a block, a menu entry, a module): letters, digits and _ . : - */
export const SETTING_CODE = /^[A-Za-z0-9_.:-]{1,100}$/;
/** A board's block order (spec 7's layouts): at most 50 codes, more refused with `max`. */
const layout = is.present(is.codes(SETTING_CODE, 50, { key: 'profile.tooManyItems', params: { max: 50 } }));
/** save-setting's layouts of the control tower, the workspace shell and the home page. */
export const settingLayouts = { dash_layout: layout, workspace_layout: layout, home_layout: layout };
/** The account's language, sent as `language_code` or `language` (the first one sent is read). */
export const settingLanguage = is.optional(is.oneOf(...LANGUAGES));

export const workspaceCalls = {
  dashSetting: getCall<void, DashSetting>(`${BASE}/my-dash-setting`),
  homeSetting: getCall<void, HomeSetting>(`${BASE}/my-workspace-home-setting`),
  workspaceSetting: getCall<void, WorkspaceSetting>(`${BASE}/my-workspace-setting`),
  /** Replaces a board's arrangement; a widget the caller is not offered is refused (11000, `items`). */
  saveBoard: postCall<{ board: BoardKind; items: BoardItem[] }, { board: BoardKind; items: BoardItem[] }>(`${BASE}/save-dash-layout`),
  subscribe: postCall<{ modules: string[] }, AppsChange>(`${BASE}/subscribe-apps`),
  unsubscribe: postCall<{ modules: string[] }, AppsChange>(`${BASE}/unsubscribe-apps`),
};
