import type { EntityDef, Label } from './entity';
import { checkGrouping, type ListGrouping } from './list-groups';
import type { ColumnFilterKind } from './page-resolve';
import type { StatusTab } from './page';

/**
 * Saved views of a list (issue 32), as CRM grids keep them (Twenty's `{ field, size, isVisible }`
 * views): a named arrangement of one page's list, private to its owner or shared with roles of the
 * company, that keeps the columns (shown, order, width, pinned), the sort, the column filters and
 * the state tab. The server stores a payload only after `checkListViewPayload` accepted it against
 * the page's declaration; the browser applies it with the pure functions of
 * src/client/grid/list-view-state.ts. Isomorphic: no server, no browser.
 *
 * Example payload: `{ columns: [{ field: 'order_no', width: 160, pinned: 'left' }, { field: 'remark', hidden: true }],
 * sort: [{ field: 'delivery_date', dir: 'asc' }], filters: { status: { filterType: 'set', values: ['in_progress'] } }, tab: 'in_progress' }`.
 */

/** Operators the list's column filters offer: exactly those the server's list query answers. */
export const TEXT_FILTER_OPTIONS = ['contains', 'equals', 'notEqual', 'blank', 'notBlank'] as const;
export const NUMBER_FILTER_OPTIONS = ['equals', 'notEqual', 'lessThan', 'lessThanOrEqual', 'greaterThan', 'greaterThanOrEqual', 'inRange', 'blank', 'notBlank'] as const;
export const DATE_FILTER_OPTIONS = ['equals', 'notEqual', 'lessThan', 'greaterThan', 'inRange', 'blank', 'notBlank'] as const;
/** A date-and-time column's: "not on this day" would be an OR of two ranges, which the list query has not. */
export const DATETIME_FILTER_OPTIONS = DATE_FILTER_OPTIONS.filter((o) => o !== 'notEqual');

export type ViewColumn = { field: string; width?: number; hidden?: boolean; pinned?: 'left' | 'right' | null };
export type ViewSort = { field: string; dir: 'asc' | 'desc' };
/** One column's filter as the grid keeps it (AG Grid's filter model of that column). */
export type ViewFilter =
  | { filterType: 'text'; type: string; filter?: string | null }
  | { filterType: 'number'; type: string; filter?: number | null; filterTo?: number | null }
  | { filterType: 'date'; type: string; dateFrom?: string | null; dateTo?: string | null }
  | { filterType: 'set'; values: string[]; exclude?: boolean }
  | { filterType: 'text' | 'number' | 'date'; operator: 'AND'; conditions: ViewFilter[] };
/** `group`: the list grouped by a field (the toolbar's group control), or null: the flat list. */
export type ListViewPayload = { columns: ViewColumn[]; sort: ViewSort[]; filters: Record<string, ViewFilter>; tab: string | null; group?: ListGrouping | null };

/** A stored view as the views call answers it, seen by the caller. */
export type ListView = {
  id: number;
  version: number;
  page: string;
  name: string;
  owner_id: number;
  owner_name: string;
  /** Roles of the company the view is shared with; empty: private to its owner. */
  shared_roles: string[];
  /** Roles whose default view of the page this is (set by an administrator). */
  default_roles: string[];
  /** Whether the caller may change or remove it (the owner of a private view, an administrator of a shared one). */
  editable: boolean;
  payload: ListViewPayload;
};

/** What a list needs of its page to check a view: the columns with their filter kinds, the state tabs, the entity (for a grouping). */
export type ViewablePage = {
  columns: ReadonlyArray<{ field: string; sortable: boolean; filter: ColumnFilterKind }>;
  statusTabs: readonly StatusTab[];
  entity?: EntityDef;
};

export const LIST_VIEW_LIMITS = { name: 60, minWidth: 40, maxWidth: 2000, text: 200, setValues: 500, conditions: 2, viewsPerPage: 100 } as const;

/** A field error of a view: a catalogue key with its parameters. */
export type ViewFieldError = { key: string; params?: Record<string, unknown> };
export type PayloadCheck = { ok: true; payload: ListViewPayload } | { ok: false; errors: Record<string, ViewFieldError> };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const DAY = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const OPTIONS: Record<'text' | 'number' | 'date', readonly string[]> = { text: TEXT_FILTER_OPTIONS, number: NUMBER_FILTER_OPTIONS, date: DATE_FILTER_OPTIONS };
/** The filter model a column of each kind keeps (dictionaries, yes/no and references: our set filter). */
const MODEL_OF_KIND: Record<Exclude<ColumnFilterKind, null>, ViewFilter['filterType']> = { text: 'text', number: 'number', date: 'date', set: 'set', boolean: 'set', reference: 'set' };

const optionalNumber = (v: unknown): number | null | undefined =>
  v === undefined ? undefined : v === null || v === '' ? null : typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN;
const optionalDay = (v: unknown): string | null | undefined => (v === undefined ? undefined : v === null || v === '' ? null : typeof v === 'string' && DAY.test(v) ? v : '!');

/** One simple filter of a column of `kind`, rebuilt from its known keys; null when it is not one the list offers. */
function simpleFilterOf(model: ViewFilter['filterType'], raw: Record<string, unknown>): ViewFilter | null {
  if (raw.filterType !== model) return null;
  if (model === 'set') {
    const values = raw.values;
    if (!Array.isArray(values) || values.length > LIST_VIEW_LIMITS.setValues || !values.every((x) => typeof x === 'string' && x.length <= 100)) return null;
    if (raw.exclude !== undefined && typeof raw.exclude !== 'boolean') return null;
    return { filterType: 'set', values: values as string[], ...(raw.exclude ? { exclude: true } : {}) };
  }
  if (typeof raw.type !== 'string' || !OPTIONS[model].includes(raw.type)) return null;
  if (model === 'text') {
    const filter = raw.filter;
    if (filter !== undefined && filter !== null && (typeof filter !== 'string' || filter.length > LIST_VIEW_LIMITS.text)) return null;
    return { filterType: 'text', type: raw.type, ...(filter !== undefined ? { filter: filter as string | null } : {}) };
  }
  if (model === 'number') {
    const filter = optionalNumber(raw.filter);
    const filterTo = optionalNumber(raw.filterTo);
    if (Number.isNaN(filter) || Number.isNaN(filterTo)) return null;
    return { filterType: 'number', type: raw.type, ...(filter !== undefined ? { filter } : {}), ...(filterTo !== undefined ? { filterTo } : {}) };
  }
  const dateFrom = optionalDay(raw.dateFrom);
  const dateTo = optionalDay(raw.dateTo);
  if (dateFrom === '!' || dateTo === '!') return null;
  return { filterType: 'date', type: raw.type, ...(dateFrom !== undefined ? { dateFrom } : {}), ...(dateTo !== undefined ? { dateTo } : {}) };
}

/** A column's filter: one condition, or AND of at most two (the server answers no OR). */
function filterOf(kind: Exclude<ColumnFilterKind, null>, raw: unknown): ViewFilter | null {
  if (!isObject(raw)) return null;
  const model = MODEL_OF_KIND[kind];
  if ('conditions' in raw) {
    if (model === 'set' || raw.operator !== 'AND' || raw.filterType !== model || !Array.isArray(raw.conditions)) return null;
    if (raw.conditions.length < 1 || raw.conditions.length > LIST_VIEW_LIMITS.conditions) return null;
    const conditions = raw.conditions.map((c) => (isObject(c) ? simpleFilterOf(model, c) : null));
    if (conditions.some((c) => c === null)) return null;
    return { filterType: model, operator: 'AND', conditions: conditions as ViewFilter[] };
  }
  return simpleFilterOf(model, raw);
}

function columnsOf(page: ViewablePage, raw: unknown, errors: Record<string, ViewFieldError>): ViewColumn[] {
  if (!Array.isArray(raw)) {
    errors.columns = { key: 'listView.badShape' };
    return [];
  }
  const out: ViewColumn[] = [];
  for (const c of raw) {
    const field = isObject(c) ? c.field : undefined;
    if (!isObject(c) || typeof field !== 'string' || !page.columns.some((x) => x.field === field) || out.some((x) => x.field === field)) {
      errors.columns = { key: 'listView.unknownColumn', params: { field: typeof field === 'string' ? field.slice(0, 60) : '?' } };
      continue;
    }
    const col: ViewColumn = { field };
    if (c.width !== undefined && c.width !== null) {
      if (typeof c.width !== 'number' || !Number.isFinite(c.width) || c.width < LIST_VIEW_LIMITS.minWidth || c.width > LIST_VIEW_LIMITS.maxWidth) {
        errors[`columns.${field}`] = { key: 'listView.badWidth', params: { min: LIST_VIEW_LIMITS.minWidth, max: LIST_VIEW_LIMITS.maxWidth } };
        continue;
      }
      col.width = Math.round(c.width);
    }
    if (c.hidden !== undefined && typeof c.hidden !== 'boolean') errors[`columns.${field}`] = { key: 'listView.badShape' };
    else if (c.hidden) col.hidden = true;
    if (c.pinned !== undefined && c.pinned !== null && c.pinned !== 'left' && c.pinned !== 'right') errors[`columns.${field}`] = { key: 'listView.badShape' };
    else if (c.pinned) col.pinned = c.pinned;
    out.push(col);
  }
  return out;
}

function sortOf(page: ViewablePage, raw: unknown, errors: Record<string, ViewFieldError>): ViewSort[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    errors.sort = { key: 'listView.badShape' };
    return [];
  }
  const out: ViewSort[] = [];
  for (const s of raw) {
    const field = isObject(s) ? s.field : undefined;
    const col = page.columns.find((x) => x.field === field);
    if (!isObject(s) || !col || !col.sortable || (s.dir !== 'asc' && s.dir !== 'desc') || out.some((x) => x.field === field)) {
      errors.sort = { key: 'listView.unknownColumn', params: { field: typeof field === 'string' ? field.slice(0, 60) : '?' } };
      continue;
    }
    out.push({ field: col.field, dir: s.dir });
  }
  return out;
}

function filtersOf(page: ViewablePage, raw: unknown, errors: Record<string, ViewFieldError>): Record<string, ViewFilter> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) {
    errors.filters = { key: 'listView.badShape' };
    return {};
  }
  const out: Record<string, ViewFilter> = {};
  for (const [field, model] of Object.entries(raw)) {
    const col = page.columns.find((x) => x.field === field);
    if (!col || !col.filter) {
      errors.filters = { key: 'listView.unknownColumn', params: { field: field.slice(0, 60) } };
      continue;
    }
    const filter = filterOf(col.filter, model);
    if (filter) out[field] = filter;
    else errors[`filters.${field}`] = { key: 'listView.badFilter' };
  }
  return out;
}

/** The grouping a view keeps: one of the page's columns the entity can group by (a date with its bucket). */
function groupOf(page: ViewablePage, raw: unknown, errors: Record<string, ViewFieldError>): ListGrouping | null {
  if (raw === undefined || raw === null) return null;
  const field = isObject(raw) ? raw.field : undefined;
  const bucket = isObject(raw) ? raw.bucket : undefined;
  const checked =
    typeof field === 'string' && (bucket === undefined || bucket === null || typeof bucket === 'string') && page.entity && page.columns.some((c) => c.field === field)
      ? checkGrouping(page.entity, { field, bucket })
      : null;
  if (!checked) errors.group = { key: 'listView.badGroup' };
  return checked?.grouping ?? null;
}

/**
 * Checks a view's payload against its page: columns, sort and filters name the page's own columns
 * (each once; sort only sortable ones, filters only filterable ones, of the filter model their kind
 * keeps and an operator the server answers), widths are numbers within bounds, the tab is one of the
 * page's state tabs, a grouping one the page's entity takes on one of its columns. Unknown keys are
 * dropped. The errors are field errors keyed `columns`, `columns.<field>`, `sort`, `filters`,
 * `filters.<field>`, `tab`, `group`.
 */
export function checkListViewPayload(page: ViewablePage, raw: unknown): PayloadCheck {
  if (!isObject(raw)) return { ok: false, errors: { payload: { key: 'listView.badShape' } } };
  const errors: Record<string, ViewFieldError> = {};
  const columns = columnsOf(page, raw.columns, errors);
  const sort = sortOf(page, raw.sort, errors);
  const filters = filtersOf(page, raw.filters, errors);
  const group = groupOf(page, raw.group, errors);
  let tab: string | null = null;
  if (raw.tab !== undefined && raw.tab !== null && raw.tab !== '') {
    if (typeof raw.tab === 'string' && page.statusTabs.some((t) => t.key === raw.tab)) tab = raw.tab;
    else errors.tab = { key: 'listView.unknownTab', params: { tab: String(raw.tab).slice(0, 40) } };
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, payload: { columns, sort, filters, tab, group } };
}

/** A view's name as stored: trimmed, at most LIST_VIEW_LIMITS.name characters; null when empty or too long. */
export function viewNameOf(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const name = raw.trim();
  return name && name.length <= LIST_VIEW_LIMITS.name ? name : null;
}

/** The roles a view can be shared with or be the default of, as the picker offers them. */
export type ViewRole = { code: string; label: Label };
