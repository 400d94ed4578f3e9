import { api, request } from './client';
import type { ResolvedPage } from '../../model/page-resolve';
/** Query string parameters of a list call (grid/filter-params builds them). */
type QueryParams = Record<string, string>;

/**
 * The generic resource API of one entity, as the browser calls it
 * (`/api/{prefix}/{entity}/page|view|save|remove|action/{action}|history`). One typed data
 * provider for every generated page (STYLE: react-admin's one data-provider interface).
 */
export type Row = Record<string, unknown> & { id?: number; version?: number };
export type PageReply = { rows: Row[]; total: number; tabs?: Record<string, number> };
export type HistoryChange = { field: string; label?: string; old: unknown; new: unknown };
export type HistoryEntry = { id: number; action: string; action_label?: string; user_id: number | null; username: string | null; ip: string | null; at: string; changes: HistoryChange[] };

export type EntityApi = {
  page: (query: QueryParams, options?: { quiet?: boolean; signal?: AbortSignal }) => Promise<PageReply>;
  view: (id: number) => Promise<Row>;
  save: (body: Row) => Promise<Row>;
  /** Removes records at the versions they were read at (a stale one is refused, as a save is). */
  remove: (rows: Array<{ id: number; version: number }>) => Promise<{ removed: number }>;
  action: (action: string, ids: number[], params?: Row, version?: number | null) => Promise<{ rows: Row[] }>;
  history: (id: number) => Promise<{ rows: HistoryEntry[] }>;
};

export function entityApiOf(base: string): EntityApi {
  return {
    page: (query, options = {}) => request<PageReply>(`${base}/page`, { method: 'GET', query, signal: options.signal }, { quiet: options.quiet }),
    view: (id) => api.get<Row>(`${base}/view`, { id }),
    save: (body) => api.post<Row>(`${base}/save`, body),
    remove: (rows) => api.post<{ removed: number }>(`${base}/remove`, { ids: rows.map((r) => r.id), versions: rows.map((r) => r.version) }),
    action: (action, ids, params = {}, version = null) =>
      api.post<{ rows: Row[] }>(`${base}/action/${encodeURIComponent(action)}`, { ...params, ids, ...(version !== null && ids.length === 1 ? { version } : {}) }),
    history: (id) => api.get<{ rows: HistoryEntry[] }>(`${base}/history`, { id }),
  };
}

export function entityApi(resolved: Pick<ResolvedPage, 'apiBase'>): EntityApi {
  return entityApiOf(resolved.apiBase);
}
