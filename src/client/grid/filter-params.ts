import type { ResolvedColumn, ResolvedPage } from '../../model/page-resolve';
import type { StatusTab } from '../../model/page';

/**
 * Maps the grid's state (AG Grid sort and filter models, the quick search box, the status tab,
 * the block of rows asked for) to the query of the generic page endpoint
 * (src/server/resources/page-query.ts):
 *
 *   page, size                  1-based page of `size` rows
 *   sort=code,-updated_at       '-' for descending
 *   f.<field>.<op>=<value>      eq ne lt lte gt gte like in nin null notnull between
 *   q=text, opt=<page>          quick search over the page's declared quickSearch fields
 *   tab=<state>, tabs=1         status tab of the entity's state machine, with counts
 *
 * Pure, so every operator mapping is unit-tested.
 */

export type QueryParams = Record<string, string>;

/** AG Grid's simple filter models (community text, number and date filters). */
export type TextFilterModel = { filterType: 'text'; type: string; filter?: string | null };
export type NumberFilterModel = { filterType: 'number'; type: string; filter?: number | string | null; filterTo?: number | string | null };
export type DateFilterModel = { filterType: 'date'; type: string; dateFrom?: string | null; dateTo?: string | null };
/** The set filter of dict, boolean and reference columns (our own filter component); `exclude`: every value but these. */
export type SetFilterModel = { filterType: 'set'; values: string[]; exclude?: boolean };
export type CombinedFilterModel = { filterType: string; operator: 'AND' | 'OR'; conditions: SimpleFilterModel[] };
export type SimpleFilterModel = TextFilterModel | NumberFilterModel | DateFilterModel | SetFilterModel;
export type FilterModel = Record<string, SimpleFilterModel | CombinedFilterModel>;
export type SortModel = Array<{ colId: string; sort: 'asc' | 'desc' }>;

/** Operators the filters offer: exactly those the server can answer (declared with the saved views, which keep filters). */
export { DATE_FILTER_OPTIONS, DATETIME_FILTER_OPTIONS, NUMBER_FILTER_OPTIONS, TEXT_FILTER_OPTIONS } from '../../model/list-views';

const COMPARE: Record<string, string> = {
  equals: 'eq',
  notEqual: 'ne',
  lessThan: 'lt',
  lessThanOrEqual: 'lte',
  greaterThan: 'gt',
  greaterThanOrEqual: 'gte',
};

/** A filter the server cannot express (OR of conditions, an operator we did not offer). */
export class UnsupportedFilter extends Error {}

function put(out: QueryParams, field: string, op: string, value: string): void {
  out[`f.${field}.${op}`] = value;
}

function dayOf(v: string | null | undefined): string | null {
  if (!v) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(v);
  return m ? m[1] : null;
}

function simpleFilter(out: QueryParams, col: ResolvedColumn, m: SimpleFilterModel): void {
  const f = col.field;
  if (m.filterType === 'set') {
    if (m.values.length) put(out, f, m.exclude ? 'nin' : 'in', m.values.join(','));
    return;
  }
  if (m.type === 'blank') return put(out, f, 'null', '1');
  if (m.type === 'notBlank') return put(out, f, 'notnull', '1');
  if (m.filterType === 'text') {
    const text = (m.filter ?? '').trim();
    if (!text) return;
    if (m.type === 'contains') return put(out, f, 'like', text);
    if (COMPARE[m.type] && (m.type === 'equals' || m.type === 'notEqual')) return put(out, f, COMPARE[m.type], text);
    throw new UnsupportedFilter(`text filter ${m.type}`);
  }
  if (m.filterType === 'number') {
    const a = m.filter === null || m.filter === undefined || m.filter === '' ? null : String(m.filter);
    if (a === null) return;
    if (m.type === 'inRange') {
      const b = m.filterTo === null || m.filterTo === undefined || m.filterTo === '' ? null : String(m.filterTo);
      if (b === null) return put(out, f, 'gte', a);
      return put(out, f, 'between', `${a},${b}`);
    }
    if (COMPARE[m.type]) return put(out, f, COMPARE[m.type], a);
    throw new UnsupportedFilter(`number filter ${m.type}`);
  }
  // Dates: the grid gives 'YYYY-MM-DD HH:mm:ss'; a date column compares days, a datetime column
  // takes the whole day for "equals" and day boundaries for the others.
  const from = dayOf(m.dateFrom);
  if (!from) return;
  const datetime = col.fieldType === 'datetime' || col.renderer === 'datetime';
  const start = datetime ? `${from} 00:00:00` : from;
  const end = (day: string) => (datetime ? `${day} 23:59:59` : day);
  switch (m.type) {
    case 'equals':
      return datetime ? put(out, f, 'between', `${start},${end(from)}`) : put(out, f, 'eq', from);
    case 'notEqual':
      // A datetime's "not on this day" would be an OR of two ranges, which the query has not.
      if (datetime) throw new UnsupportedFilter('date filter notEqual on a date and time');
      return put(out, f, 'ne', from);
    case 'lessThan':
      return put(out, f, 'lt', start);
    case 'greaterThan':
      return put(out, f, 'gt', end(from));
    case 'inRange': {
      const to = dayOf(m.dateTo) ?? from;
      return put(out, f, 'between', `${start},${end(to)}`);
    }
    default:
      throw new UnsupportedFilter(`date filter ${m.type}`);
  }
}

/** The `f.*` parameters of a filter model; AND-combined conditions become several parameters. */
export function filterParams(columns: readonly ResolvedColumn[], model: FilterModel | null | undefined): QueryParams {
  const out: QueryParams = {};
  for (const [colId, m] of Object.entries(model ?? {})) {
    const col = columns.find((c) => c.field === colId);
    if (!col || !col.filter) continue;
    if ('conditions' in m) {
      if (m.operator !== 'AND') throw new UnsupportedFilter('OR of conditions');
      for (const c of m.conditions) simpleFilter(out, col, c);
    } else simpleFilter(out, col, m);
  }
  return out;
}

export function sortParam(model: SortModel | null | undefined): string | undefined {
  const parts = (model ?? []).filter((s) => s.sort === 'asc' || s.sort === 'desc').map((s) => (s.sort === 'desc' ? `-${s.colId}` : s.colId));
  return parts.length ? parts.join(',') : undefined;
}

/**
 * A status tab as query parameters: a tab filtering only the entity's state field uses `tab=`
 * (the server also counts every state for the badges); other tabs filter by equality.
 */
export function tabParams(resolved: Pick<ResolvedPage, 'entity'>, tab: StatusTab | null | undefined): QueryParams {
  if (!tab) return {};
  const entries = Object.entries(tab.filter);
  const stateField = resolved.entity.states?.field;
  if (entries.length === 0) return {};
  if (entries.length === 1 && entries[0][0] === stateField) return { tab: String(entries[0][1]) };
  const out: QueryParams = {};
  for (const [k, v] of entries) {
    if (Array.isArray(v)) out[`f.${k}.in`] = v.map(String).join(',');
    else if (v === null) out[`f.${k}.null`] = '1';
    else out[`f.${k}.eq`] = String(v);
  }
  return out;
}

/** Whether the server's `tabs=1` counts serve every tab of a page (all tabs are state tabs). */
export function tabsCountedByServer(resolved: Pick<ResolvedPage, 'entity' | 'statusTabs'>): boolean {
  const stateField = resolved.entity.states?.field;
  return Boolean(stateField) && resolved.statusTabs.every((t) => {
    const keys = Object.keys(t.filter);
    return keys.length === 0 || (keys.length === 1 && keys[0] === stateField);
  });
}

export type BlockRequest = { startRow: number; endRow: number; sortModel?: SortModel; filterModel?: FilterModel; quick?: string; tab?: StatusTab | null; fixed?: QueryParams };

/**
 * The full query for one block of the infinite row model. Blocks are aligned to their size, so
 * page = startRow / size + 1.
 */
export function pageQuery(resolved: Pick<ResolvedPage, 'entity' | 'columns'> & { page: Pick<ResolvedPage['page'], 'opt'> }, req: BlockRequest): QueryParams {
  const size = Math.max(1, Math.min(500, req.endRow - req.startRow));
  const out: QueryParams = { page: String(Math.floor(req.startRow / size) + 1), size: String(size) };
  const sort = sortParam(req.sortModel);
  if (sort) out.sort = sort;
  Object.assign(out, req.fixed ?? {}, filterParams(resolved.columns, req.filterModel), tabParams(resolved, req.tab));
  const q = req.quick?.trim();
  // The page names the fields its quick search looks in (its declared quickSearch).
  if (q) Object.assign(out, { q, opt: resolved.page.opt });
  return out;
}
