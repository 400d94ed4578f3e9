import { api, request } from './client';
import type { ResolvedPage } from '../../model/page-resolve';
/** Query string parameters of a list call (grid/filter-params builds them). */
type QueryParams = Record<string, string>;

/**
 * The generic resource API of one entity, as the browser calls it
 * (`/api/{prefix}/{entity}/page|count|view|save|remove|action/{action}|history`). One typed data
 * provider for every generated page (STYLE: react-admin's one data-provider interface).
 */
export type Row = Record<string, unknown> & { id?: number; version?: number };
/**
 * The rows of a page without their count (`count=none`, issue 32), and the `cursor` of its last row:
 * the next page's `after` where the sort allows keyset paging.
 */
export type RowsReply = { rows: Row[]; cursor?: string };
/** A page of a list with its exact total (and the state tabs' counts with `tabs: '1'`). */
export type PageReply = RowsReply & { total: number; tabs?: Record<string, number> };
/**
 * The count of a list under the same query as its page (`count`): exact up to `threshold` rows,
 * above it PostgreSQL's estimate (`estimated`), exact with `exact: '1'`; with `tabs: '1'` the state
 * tabs' counts, `estimatedTabs` naming the estimated ones.
 */
export type CountReply = { total: number; estimated: boolean; threshold: number; tabs?: Record<string, number>; estimatedTabs?: string[] };
export type HistoryChange = { field: string; label?: string; old: unknown; new: unknown };
export type HistoryEntry = { id: number; action: string; action_label?: string; user_id: number | null; username: string | null; ip: string | null; at: string; changes: HistoryChange[] };

export type EntityApi = {
  page: (query: QueryParams, options?: { quiet?: boolean; signal?: AbortSignal }) => Promise<PageReply>;
  /** The rows of a page, not waiting for their count (a list asks `count` apart). */
  rows: (query: QueryParams, options?: { quiet?: boolean; signal?: AbortSignal }) => Promise<RowsReply>;
  count: (query: QueryParams, options?: { quiet?: boolean; signal?: AbortSignal }) => Promise<CountReply>;
  view: (id: number) => Promise<Row>;
  save: (body: Row) => Promise<Row>;
  /** Removes records at the versions they were read at (a stale one is refused, as a save is). */
  remove: (rows: Array<{ id: number; version: number }>) => Promise<{ removed: number }>;
  /** A transition (or a line's, `lineOf`); `data` is what its handlers answered. */
  action: (action: string, ids: number[], params?: Row, version?: number | null) => Promise<{ rows: Row[]; data?: unknown[] }>;
  history: (id: number) => Promise<{ rows: HistoryEntry[] }>;
};

export function entityApiOf(base: string): EntityApi {
  return {
    page: (query, options = {}) => request<PageReply>(`${base}/page`, { method: 'GET', query, signal: options.signal }, { quiet: options.quiet }),
    rows: (query, options = {}) => request<RowsReply>(`${base}/page`, { method: 'GET', query: { ...query, count: 'none' }, signal: options.signal }, { quiet: options.quiet }),
    count: (query, options = {}) => request<CountReply>(`${base}/count`, { method: 'GET', query, signal: options.signal }, { quiet: options.quiet }),
    view: (id) => api.get<Row>(`${base}/view`, { id }),
    save: (body) => api.post<Row>(`${base}/save`, body),
    remove: (rows) => api.post<{ removed: number }>(`${base}/remove`, { ids: rows.map((r) => r.id), versions: rows.map((r) => r.version) }, { failure: 'delete' }),
    action: (action, ids, params = {}, version = null) =>
      // A refused publication opens its toast with "发布失败：", a notice's read with "标记已读失败：" (spec 8), any other transition with "操作失败：".
      api.post<{ rows: Row[]; data?: unknown[] }>(`${base}/action/${encodeURIComponent(action)}`, { ...params, ids, ...(version !== null && ids.length === 1 ? { version } : {}) }, { failure: action === 'publish' ? 'publish' : action === 'read' ? 'markRead' : 'action' }),
    history: (id) => api.get<{ rows: HistoryEntry[] }>(`${base}/history`, { id }),
  };
}

/** The resource API of an entity by its declaration (`/api/{prefix}/{name}`). */
export function entityApiFor(entity: { prefix: string; name: string }): EntityApi {
  return entityApiOf(`/api/${entity.prefix}/${entity.name}`);
}

export function entityApi(resolved: Pick<ResolvedPage, 'apiBase'>): EntityApi {
  return entityApiOf(resolved.apiBase);
}
