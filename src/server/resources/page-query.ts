import { sql, type RawBuilder } from 'kysely';
import { FIELD_TYPE_TABLE, systemColumn, type EntityDef, type FieldType } from '../../model';
import { AppError } from '../http/errors';
import { parsePaging } from '../http/paging';

/**
 * The list query of the generic page endpoint, parsed from the URL (documented in
 * docs/architecture-registry.md):
 *
 *   page=1&size=20                 1-based page up to 10,000,000, size 1..500 (default 20),
 *                                  plain whole numbers (1e3, 1.5 are refused)
 *   sort=code,-created_at          fields, '-' for descending; id breaks ties
 *   f.<field>.<op>=<value>         eq ne lt lte gt gte like in null notnull between
 *                                  in: a,b,c (or the key repeated); between: from,to (inclusive);
 *                                  null / notnull take any value (f.vendor_id.null=1)
 *   q=text                         quick search: contains, over the code and title fields
 *   tab=<state>                    status tab: the entity's state code ('all' or empty: every state)
 *   tabs=1                         also return the count per state for the tab badges
 */
export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in', 'null', 'notnull', 'between'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export type Filter = { field: string; op: FilterOp; values: unknown[] };
export type SortKey = { field: string; dir: 'asc' | 'desc' };
export type PageQuery = { page: number; size: number; sort: SortKey[]; filters: Filter[]; q: string | null; tab: string | null; withTabs: boolean };

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 20;

function badFilter(filter: string): AppError {
  return new AppError('res.badFilter', { params: { filter } });
}

/** The type of a column an entity's list can use, or null when it is not one. */
export function columnType(entity: EntityDef, field: string): FieldType | null {
  const f = entity.fields.find((x) => x.key === field);
  if (f) return f.type;
  // System columns a list may filter and sort on, read through their field type.
  const system = systemColumn(field);
  return system?.listable ? system.type : null;
}

function first(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : null;
  return v === undefined || v === null ? null : String(v);
}

function list(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)];
  return raw.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

function coerceFilterValue(type: FieldType, raw: string, key: string): unknown {
  const c = FIELD_TYPE_TABLE[type].coerce(raw);
  if (!c.ok || c.value === null) throw badFilter(key);
  return c.value;
}

/** Parses and checks the list query against the entity; a bad field, operator or value is a 400. */
export function parsePageQuery(entity: EntityDef, query: Record<string, unknown>): PageQuery {
  const { page, size } = parsePaging(first(query.page), first(query.size), { defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE });

  const sort: SortKey[] = [];
  for (const part of list(query.sort)) {
    const dir = part.startsWith('-') ? 'desc' : 'asc';
    const field = part.replace(/^[-+]/, '');
    const type = columnType(entity, field);
    if (!type || !FIELD_TYPE_TABLE[type].ordered) throw new AppError('res.badSort', { params: { field } });
    if (!sort.some((s) => s.field === field)) sort.push({ field, dir });
  }
  if (!sort.length && entity.defaultSort) sort.push({ ...entity.defaultSort });

  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (!key.startsWith('f.')) continue;
    const dot = key.lastIndexOf('.');
    const field = key.slice(2, dot);
    const op = key.slice(dot + 1) as FilterOp;
    const type = dot > 2 ? columnType(entity, field) : null;
    if (!type || !FILTER_OPS.includes(op)) throw badFilter(key);
    const spec = FIELD_TYPE_TABLE[type];
    const ordered = spec.ordered;
    if (op === 'null' || op === 'notnull') {
      filters.push({ field, op, values: [] });
    } else if (spec.storage === 'jsonb') {
      // A multi-choice field answers "contains this option"; other JSON values only null / notnull.
      const v = first(value);
      if (!spec.dictionary || op !== 'eq' || !v) throw badFilter(key);
      filters.push({ field, op, values: [v] });
    } else if (op === 'like') {
      const v = first(value);
      if (spec.nature !== 'text' || !v) throw badFilter(key);
      filters.push({ field, op, values: [v] });
    } else if (op === 'in') {
      const vs = list(value);
      if (!vs.length || vs.length > 1000) throw badFilter(key);
      filters.push({ field, op, values: vs.map((v) => coerceFilterValue(type, v, key)) });
    } else if (op === 'between') {
      const vs = list(value);
      if (vs.length !== 2 || !ordered) throw badFilter(key);
      filters.push({ field, op, values: vs.map((v) => coerceFilterValue(type, v, key)) });
    } else {
      const v = first(value);
      if (v === null || v === '') throw badFilter(key);
      if (op !== 'eq' && op !== 'ne' && !ordered) throw badFilter(key);
      filters.push({ field, op, values: [coerceFilterValue(type, v, key)] });
    }
  }

  const qText = first(query.q)?.trim() ?? '';
  const tabText = first(query.tab)?.trim() ?? '';
  let tab: string | null = null;
  if (tabText && tabText !== 'all') {
    if (!entity.states || !entity.states.states.some((s) => s.code === tabText)) throw badFilter('tab');
    tab = tabText;
  }
  const withTabs = ['1', 'true'].includes(first(query.tabs) ?? '');
  return { page, size, sort, filters, q: qText ? qText.slice(0, 100) : null, tab, withTabs };
}

/** Escapes LIKE wildcards so that a quick search for "50%" finds the text "50%". */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const col = (field: string) => sql.id('t', field);
const jsonText = (value: unknown) => JSON.stringify(value);

const COMPARE: Record<'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte', string> = { eq: '=', ne: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** One filter as an SQL condition on the row alias `t` (values are bound parameters). */
export function filterSql(entity: EntityDef, f: Filter): RawBuilder<unknown> {
  const c = col(f.field);
  const type = columnType(entity, f.field);
  switch (f.op) {
    case 'null':
      return sql`${c} is null`;
    case 'notnull':
      return sql`${c} is not null`;
    case 'like':
      return sql`${c}::text ilike ${likePattern(String(f.values[0]))}`;
    case 'in':
      return sql`${c} in (${sql.join(f.values.map((v) => sql`${v}`))})`;
    case 'between':
      return sql`${c} between ${f.values[0]} and ${f.values[1]}`;
    default:
      // Only a multi-choice (JSON list) column passes parsing with eq: "contains this option".
      if (type && FIELD_TYPE_TABLE[type].storage === 'jsonb') return sql`jsonb_exists(${c}, ${String(f.values[0])})`;
      if (f.op === 'ne') return sql`${c} is distinct from ${f.values[0]}`;
      return sql`${c} ${sql.raw(COMPARE[f.op])} ${f.values[0]}`;
  }
}

/** The WHERE conditions of a list: tenant first, then data scope, filters, quick search and tab. */
export function whereSql(entity: EntityDef, pq: PageQuery, clientId: number, scope: RawBuilder<unknown>[], options: { withoutTab?: boolean } = {}): RawBuilder<unknown> {
  const conds: RawBuilder<unknown>[] = [sql`t.client_id = ${clientId}`, ...scope, ...pq.filters.map((f) => filterSql(entity, f))];
  if (pq.q) {
    const fields = [...new Set([entity.codeField, entity.titleField].filter((x): x is string => Boolean(x)))];
    const pattern = likePattern(pq.q);
    conds.push(sql`(${sql.join(fields.map((f) => sql`${col(f)}::text ilike ${pattern}`), sql` or `)})`);
  }
  if (pq.tab && entity.states && !options.withoutTab) conds.push(sql`${col(entity.states.field)} = ${pq.tab}`);
  return sql.join(conds, sql` and `);
}

/** ORDER BY of a list: the asked sort, then id so pages never overlap (skipped after a unique column). */
export function orderSql(entity: EntityDef, pq: PageQuery): RawBuilder<unknown> {
  const parts = pq.sort.map((s) => sql`${col(s.field)} ${sql.raw(s.dir)}`);
  const last = pq.sort[pq.sort.length - 1];
  const uniqueLast = last && (last.field === 'id' || last.field === entity.codeField || entity.fields.some((f) => f.key === last.field && f.unique));
  if (!uniqueLast) parts.push(sql`t.id ${sql.raw(last?.dir ?? 'desc')}`);
  return sql.join(parts);
}

export { jsonText };
