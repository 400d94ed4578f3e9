import { api, request } from '../../api/client';
import type { FavouriteEntry } from '../../session/profile-api';
import type { BoardItem, BoardKind } from '../../../model/workspace';

/**
 * The personal boards' calls (issue 13; spec 7 "Profile and workspace" and the arranging calls
 * beside it, src/server/services/profile/workspace.routes.ts). Example:
 * `await workspaceApi.saveBoard('mydash', [{ key: 'todo', hidden: false }])`.
 */
const BASE = '/clientinfoapi/user-profile';

/** A module of the company (a menu group the user sees), as the app market offers it. */
export type AppModule = { CODE: string; TITLE: string; ICON: string; FURL: string; entries: number };
export type DashSetting = { cr_dash: string; rpt_theme: string; vf_qty_amount: string; layout: string[]; board: BoardItem[] | null };
export type HomeSetting = { favourites: FavouriteEntry[]; layout: string[]; board: BoardItem[] | null; apps: AppModule[] };
export type WorkspaceSetting = { favourite_menus: string[]; favourites: FavouriteEntry[]; language_code: string; layout: string[]; modules: AppModule[]; apps: string[] };


/** swr keys: the home's key is the favourites block's (src/client/shell/favourites.tsx), so a star reloads both. */
export const SETTING_KEYS = { mydash: 'profile:my-dash-setting', home: 'profile:my-workspace-home-setting', workspace: 'profile:my-workspace-setting' } as const;

export const workspaceApi = {
  dashSetting: () => request<DashSetting>(`${BASE}/my-dash-setting`, { method: 'GET' }, { quiet: true }),
  homeSetting: () => request<HomeSetting>(`${BASE}/my-workspace-home-setting`, { method: 'GET' }, { quiet: true }),
  workspaceSetting: () => request<WorkspaceSetting>(`${BASE}/my-workspace-setting`, { method: 'GET' }, { quiet: true }),
  saveBoard: (board: BoardKind, items: BoardItem[]) => api.post<{ board: BoardKind; items: BoardItem[] }>(`${BASE}/save-dash-layout`, { board, items }),
  subscribe: (modules: string[]) => api.post<{ apps: string[]; modules: AppModule[] }>(`${BASE}/subscribe-apps`, { modules }),
  unsubscribe: (modules: string[]) => api.post<{ apps: string[]; modules: AppModule[] }>(`${BASE}/unsubscribe-apps`, { modules }),
};
