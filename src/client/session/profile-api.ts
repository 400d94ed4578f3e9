import { request } from '../api/client';

/**
 * The personal-area calls of spec 7 "Profile and workspace" as src/server/services/profile
 * answers them. Example: `await profileApi.saveFavourites(['md.vendor'])`.
 */
export type SavedSettings = { language_code: string; settings: Record<string, unknown>; saved_tables: Record<string, unknown> };
export type OwnProfile = { fullname: string; names: string; email: string | null; mobile: string | null; version: number };

const BASE = '/clientinfoapi/user-profile';

export const profileApi = {
  /** Merges settings into the account; `saved_tables[page] = null` drops a page's layout. */
  saveSetting: (body: { language?: string; rpt_theme?: string; nav_collapsed?: boolean; saved_tables?: Record<string, unknown> }, quiet = false) =>
    request<SavedSettings>(`${BASE}/save-setting`, { method: 'POST', body }, { quiet }),
  // The favourites live on the account: a refused change is a failed sync (spec 8 "sync failed").
  saveFavourites: (menus: string[]) => request<{ favourite_menus: string[] }>(`${BASE}/save-favourite-menus`, { method: 'POST', body: { menus } }, { failure: 'sync' }),
  removeFavourites: (menus: string[]) => request<{ favourite_menus: string[] }>(`${BASE}/remove-favourite-menus`, { method: 'POST', body: { menus } }, { failure: 'sync' }),
  saveProfile: (body: { fullname: string; email: string; mobile: string }) => request<OwnProfile>(`${BASE}/save-profile`, { method: 'POST', body }),
};

/** The save-setting URL with the token in the query (spec 7), for a beacon sent as the page closes. */
export function saveSettingBeaconUrl(token: string): string {
  return `/api${BASE}/save-setting?token=${encodeURIComponent(token)}`;
}
