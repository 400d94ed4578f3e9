import { sql, type RawBuilder } from 'kysely';
import { allPages, FIELD_TYPE_TABLE, systemColumn, type EntityDef, type FieldType, type Label } from '../../model';
import { AppError } from '../http/errors';
import { parsePaging } from '../http/paging';

/**
 * The list query of the generic page endpoint, parsed from the URL (documented in
 * docs/architecture-registry.md):
 *
 *   page=1&size=20                 1-based page up to 10,000,000, size 1..500 (default 20),
 *                                  plain whole numbers (1e3, 1.5 are refused)
 *   sort=code,-created_at          fields, '-' for descending; id breaks ties
 *   f.<field>.<op>=<value>         eq ne lt lte gt gte like in nin null notnull between, as the
 *                                  field's type answers them (filterOpsOf); in / nin: a,b,c (or the
 *                                  key repeated; nin keeps empty values); between: from,to (inclusive);
 *                                  null / notnull take any value (f.vendor_id.null=1)
 *   q=text, opt=<page>             quick search: contains, over the page's declared quickSearch
 *                                  fields (else the entity's code and title)
 *   tab=<state>                    status tab: the entity's state code ('all' or empty: every state)
 *   tabs=1                         also return the count per state for the tab badges
 */
export const FILTER_OPS = ['eq', 'ne', 'lt', 'lte', 'gt', 'gte', 'like', 'in', 'nin', 'null', 'notnull', 'between'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
export type Filter = { field: string; op: FilterOp; values: unknown[] };
export type SortKey = { field: string; dir: 'asc' | 'desc' };
/** `quickFields`: the fields `q` searches (the page's declared quick search, else code and title). */
export type PageQuery = { page: number; size: number; sort: SortKey[]; filters: Filter[]; q: string | null; quickFields: string[]; tab: string | null; withTabs: boolean };

export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 20;
/** At most this many values in one `in` / `nin` filter. */
export const MAX_FILTER_VALUES = 1000;

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

/** A column's label for an error message (both languages; the envelope picks the caller's). */
function labelOf(entity: EntityDef, field: string): Label {
  return entity.fields.find((x) => x.key === field)?.label ?? systemColumn(field)?.label ?? { zh: field, en: field };
}

function first(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : null;
  return v === undefined || v === null ? null : String(v);
}

function list(v: unknown): string[] {
  const raw = Array.isArray(v) ? v.map(String) : v === undefined || v === null ? [] : [String(v)];
  return raw.flatMap((s) => s.split(',')).map((s) => s.trim()).filter((s) => s !== '');
}

/** How many values each operator takes: one, a list (`a,b,c` or the key repeated), two (`from,to`), none. */
const OP_VALUES: Record<FilterOp, 'one' | 'list' | 'pair' | 'none'> = {
  eq: 'one', ne: 'one', lt: 'one', lte: 'one', gt: 'one', gte: 'one', like: 'one', in: 'list', nin: 'list', between: 'pair', null: 'none', notnull: 'none',
};

/**
 * The operators a field type answers, read from the field-type table: every type null / notnull;
 * a multi-choice (JSON list of options) "has this option" (eq), "has any of" (in), "has none of"
 * (nin); other JSON documents nothing else; scalar values eq, ne, in, nin, and when ordered the
 * comparisons and between; text also contains (like).
 */
export function filterOpsOf(type: FieldType): readonly FilterOp[] {
  const spec = FIELD_TYPE_TABLE[type];
  if (spec.storage === 'jsonb') return spec.dictionary ? ['eq', 'in', 'nin', 'null', 'notnull'] : ['null', 'notnull'];
  const ops: FilterOp[] = ['eq', 'ne', 'in', 'nin', 'null', 'notnull'];
  if (spec.ordered) ops.push('lt', 'lte', 'gt', 'gte', 'between');
  if (spec.nature === 'text') ops.push('like');
  return ops;
}

/** One value of a filter as its column stores it; a value the type refuses is a typed 400 naming it. */
function filterValue(entity: EntityDef, field: string, type: FieldType, raw: string): unknown {
  const spec = FIELD_TYPE_TABLE[type];
  // A multi-choice filter names one option (text); a JSON list is not a value to compare.
  const c = spec.storage === 'jsonb' ? { ok: raw.length <= 100, value: raw } : spec.coerce(raw);
  if (!c.ok || c.value === null || c.value === '') throw new AppError('res.filterBadValue', { params: { field: labelOf(entity, field), value: raw.slice(0, 60) } });
  return c.value;
}

/** The raw values of one filter parameter in its operator's shape, or null when the shape is wrong. */
function rawValues(op: FilterOp, value: unknown): string[] | null {
  const shape = OP_VALUES[op];
  if (shape === 'none') return [];
  if (shape === 'one') {
    const v = first(value);
    return v === null || v === '' ? null : [v];
  }
  const vs = list(value);
  if (shape === 'pair') return vs.length === 2 ? vs : null;
  return vs.length && vs.length <= MAX_FILTER_VALUES ? vs : null;
}

/**
 * One `f.<field>.<op>=<value>` parameter, checked against the entity: a field the list cannot
 * filter, an operator its type does not answer, or a value its type refuses is a typed 400
 * (`res.filterUnknownField`, `res.filterBadOp`, `res.filterBadValue`) naming the column.
 */
export function parseFilter(entity: EntityDef, key: string, value: unknown): Filter {
  const dot = key.lastIndexOf('.');
  const field = dot > 2 ? key.slice(2, dot) : key.slice(2);
  const op = (dot > 2 ? key.slice(dot + 1) : '') as FilterOp;
  const type = columnType(entity, field);
  if (!type) throw new AppError('res.filterUnknownField', { params: { field: field.slice(0, 60) } });
  if (!FILTER_OPS.includes(op) || !filterOpsOf(type).includes(op)) throw new AppError('res.filterBadOp', { params: { field: labelOf(entity, field), op: op.slice(0, 20) } });
  const raw = rawValues(op, value);
  if (raw === null) throw new AppError('res.filterBadValue', { params: { field: labelOf(entity, field), value: String(first(value) ?? '').slice(0, 60) } });
  // Contains: the text as typed; LIKE's wildcards are escaped when the SQL is made.
  if (op === 'like') return { field, op, values: raw };
  return { field, op, values: raw.map((v) => filterValue(entity, field, type, v)) };
}

/**
 * The fields a quick search looks in: those the page `opt` declares (`quickSearch`), else the
 * entity's code and title. Only the entity's own scalar columns: a page of another entity, or a
 * declared field that is not one, is refused.
 */
export function quickFieldsOf(entity: EntityDef, opt: string | null): string[] {
  const page = opt ? allPages().find((p) => p.opt === opt && p.entity === entity.name) : undefined;
  if (opt && !page) throw badFilter('opt');
  const fields = page?.quickSearch ?? [entity.codeField, entity.titleField].filter((x): x is string => Boolean(x));
  return [...new Set(fields)].filter((f) => {
    const type = columnType(entity, f);
    return type !== null && FIELD_TYPE_TABLE[type].storage !== 'jsonb';
  });
}

function sortOf(entity: EntityDef, raw: unknown): SortKey[] {
  const sort: SortKey[] = [];
  for (const part of list(raw)) {
    const dir = part.startsWith('-') ? 'desc' : 'asc';
    const field = part.replace(/^[-+]/, '');
    const type = columnType(entity, field);
    if (!type || !FIELD_TYPE_TABLE[type].ordered) throw new AppError('res.badSort', { params: { field } });
    if (!sort.some((s) => s.field === field)) sort.push({ field, dir });
  }
  if (!sort.length && entity.defaultSort) sort.push({ ...entity.defaultSort });
  return sort;
}

/** Parses and checks the list query against the entity; a bad field, operator or value is a 400. */
export function parsePageQuery(entity: EntityDef, query: Record<string, unknown>): PageQuery {
  const { page, size } = parsePaging(first(query.page), first(query.size), { defaultSize: DEFAULT_PAGE_SIZE, maxSize: MAX_PAGE_SIZE });
  const sort = sortOf(entity, query.sort);
  const filters: Filter[] = Object.entries(query)
    .filter(([key]) => key.startsWith('f.'))
    .map(([key, value]) => parseFilter(entity, key, value));

  const qText = first(query.q)?.trim() ?? '';
  const quickFields = qText ? quickFieldsOf(entity, first(query.opt)?.trim() || null) : [];
  const tabText = first(query.tab)?.trim() ?? '';
  let tab: string | null = null;
  if (tabText && tabText !== 'all') {
    if (!entity.states || !entity.states.states.some((s) => s.code === tabText)) throw badFilter('tab');
    tab = tabText;
  }
  const withTabs = ['1', 'true'].includes(first(query.tabs) ?? '');
  return { page, size, sort, filters, q: qText ? qText.slice(0, 100) : null, quickFields, tab, withTabs };
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
  const values = sql.join(f.values.map((v) => sql`${v}`));
  // A multi-choice (JSON list) column passes parsing with eq, in and nin only: has this option, any, none.
  if (type && FIELD_TYPE_TABLE[type].storage === 'jsonb' && f.op !== 'null' && f.op !== 'notnull') {
    const any = sql`jsonb_exists_any(${c}, array[${values}]::text[])`;
    return f.op === 'nin' ? sql`(${c} is null or not ${any})` : any;
  }
  switch (f.op) {
    case 'null':
      return sql`${c} is null`;
    case 'notnull':
      return sql`${c} is not null`;
    case 'like':
      return sql`${c}::text ilike ${likePattern(String(f.values[0]))}`;
    case 'in':
      return sql`${c} in (${values})`;
    case 'nin':
      // "Exclude these values" keeps the rows that have none, as ne does.
      return sql`(${c} is null or ${c} not in (${values}))`;
    case 'between':
      return sql`${c} between ${f.values[0]} and ${f.values[1]}`;
    case 'ne':
      return sql`${c} is distinct from ${f.values[0]}`;
    default:
      return sql`${c} ${sql.raw(COMPARE[f.op])} ${f.values[0]}`;
  }
}

/** The quick search: any of the list's quick fields contains the text (ILIKE, its % and _ escaped). */
export function quickSearchSql(pq: PageQuery): RawBuilder<unknown> | null {
  if (!pq.q || !pq.quickFields.length) return null;
  // Each word (at most 8) in some quick field: several words narrow the search, in any order and
  // field (Chinese has no spaces between words, so a word is a substring, as one word always was).
  const words = pq.q.split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return null;
  const one = (word: string) => sql`(${sql.join(pq.quickFields.map((f) => sql`${col(f)}::text ilike ${likePattern(word)}`), sql` or `)})`;
  return sql.join(words.map(one), sql` and `);
}

/** The WHERE conditions of a list: tenant first, then data scope, filters, quick search and tab. */
export function whereSql(entity: EntityDef, pq: PageQuery, clientId: number, scope: RawBuilder<unknown>[], options: { withoutTab?: boolean } = {}): RawBuilder<unknown> {
  const conds: RawBuilder<unknown>[] = [sql`t.client_id = ${clientId}`, ...scope, ...pq.filters.map((f) => filterSql(entity, f))];
  const quick = quickSearchSql(pq);
  if (quick) conds.push(quick);
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
