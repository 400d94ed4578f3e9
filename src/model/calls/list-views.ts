import type { ListView, ListViewPayload, ViewRole } from '../list-views';
import { getCall, postCall } from './call';

/**
 * Saved views of the lists (issue 32): the calls of `/clientinfoapi/list-views`, served by
 * src/server/services/list-views/list-view.routes.ts and called by src/client/api/list-views-api.ts.
 */
const BASE = '/clientinfoapi/list-views';

/** The views of one page the caller sees, and which one the list opens on. */
export type ListViewsOfPage = {
  views: ListView[];
  /** The view the list opens on: the caller's own default, else the last one used, else a default of one of the caller's roles; null: the page's own layout. */
  opening: number | null;
  my_default: number | null;
  last_used: number | null;
  /** Whether the caller may share views with roles and set a role's default (a company administrator). */
  can_share: boolean;
  /** The company's roles to share with (administrators only; empty for everyone else). */
  roles: ViewRole[];
};

export type ListViewSave = { id?: number; version?: number; page: string; name: string; payload: ListViewPayload; shared_roles?: string[] };

export const listViewCalls = {
  ofPage: getCall<{ page: string }, ListViewsOfPage>(`${BASE}/page`),
  save: postCall<ListViewSave, ListView>(`${BASE}/save`),
  remove: postCall<{ id: number; version: number }, { id: number }>(`${BASE}/remove`),
  /** Records the view the caller switched to (null: the page's own layout), so the list opens on it next time. */
  use: postCall<{ page: string; view_id: number | null }, { last_used: number | null }>(`${BASE}/use`),
  /** The caller's own default view of a page (null clears it). */
  myDefault: postCall<{ page: string; view_id: number | null }, { my_default: number | null }>(`${BASE}/my-default`),
  /** A role's default view of a page (administrators; null clears it). The view must be shared with the role. */
  roleDefault: postCall<{ page: string; role: string; view_id: number | null }, ListView | { role: string; view_id: null }>(`${BASE}/role-default`),
};
