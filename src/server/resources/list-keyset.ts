import { sql, type RawBuilder } from 'kysely';
import { FIELD_TYPE_TABLE, systemColumn, type EntityDef } from '../../model';
import { AppError } from '../http/errors';
import type { PageQuery } from './page-query';

/**
 * Keyset paging of a list (issue 32): the next block of a list sorted by one column starts after
 * the previous block's last row, `(sort key, id) > (its key, its id)`, instead of skipping OFFSET
 * rows, so page 2,000 costs what page 1 costs when the sort column is indexed.
 *
 *   after=<cursor>   the `cursor` of the previous page's reply: its last row's sort key and id
 *
 * A cursor names the sort it was made under; a cursor of another sort is refused (400
 * `res.badFilter`). Where the sort does not allow keyset paging (two or more sort keys) the page
 * is cut by OFFSET as before; the caller always sends `page` too, so the server may choose.
 */

/** The one sort key a keyset page follows: its column, direction and whether the list orders by it alone. */
export type KeysetKey = { field: string; dir: 'asc' | 'desc'; unique: boolean };
/** The last row of a page as a keyset cursor: the sort it was cut under, its key (as SQL text) and id. */
export type ListCursor = { sort: string; value: string | null; id: number };

/** The sort of a page as the cursor names it: `code`, `-created_at`. */
const sortName = (key: KeysetKey) => `${key.dir === 'desc' ? '-' : ''}${key.field}`;

/**
 * The key a list under this query pages by, or null when its sort has more than one column. It
 * agrees with `orderSql`: no sort and no default sort is `id desc`; id breaks ties unless the key
 * is unique (the code field, a unique field, id itself).
 */
export function keysetKey(entity: EntityDef, pq: Pick<PageQuery, 'sort'>): KeysetKey | null {
  if (pq.sort.length > 1) return null;
  const s = pq.sort[0] ?? { field: 'id', dir: 'desc' as const };
  const unique = s.field === 'id' || s.field === entity.codeField || entity.fields.some((f) => f.key === s.field && f.unique === true);
  return { field: s.field, dir: s.dir, unique };
}

export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.value, cursor.id]), 'utf8').toString('base64url');
}

/** Reads `after`: a cursor of this list's sort, or a 400 naming the parameter. */
export function decodeCursor(key: KeysetKey | null, raw: unknown): ListCursor | null {
  const text = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (text === undefined || text === null || text === '') return null;
  const bad = () => new AppError('res.badFilter', { params: { filter: 'after' } });
  if (typeof text !== 'string' || text.length > 1000 || !/^[A-Za-z0-9_-]+$/.test(text)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw bad();
  const [sort, value, id] = parsed as unknown[];
  if (!key || sort !== sortName(key) || !(value === null || typeof value === 'string') || !Number.isSafeInteger(id) || (id as number) <= 0) throw bad();
  return { sort, value, id: id as number };
}

/** The SQL type of a list column, for reading a cursor's text back as a value of that column. */
function sqlTypeOf(entity: EntityDef, field: string): string {
  const own = entity.fields.find((f) => f.key === field);
  if (own) return FIELD_TYPE_TABLE[own.type].sqlType;
  const system = systemColumn(field);
  // `bigint generated ...`, `integer not null`, `timestamptz not null default now()`: the first word.
  return system ? system.sqlDefinition.split(' ')[0] : 'text';
}

/** The column's value as the text a cursor keeps (exact: a timestamp keeps its microseconds). */
export function keyTextSql(key: KeysetKey): RawBuilder<unknown> {
  return sql`${sql.id('t', key.field)}::text`;
}

/** The cursor of a page's last row, or null for an empty page. */
export function cursorOf(key: KeysetKey, last: { id: unknown; key: unknown } | undefined): string | null {
  if (!last) return null;
  const value = last.key === null || last.key === undefined ? null : String(last.key);
  return encodeCursor({ sort: sortName(key), value, id: Number(last.id) });
}

/**
 * The rows after a cursor as conditions on alias `t`, in the order the list shows them: one band,
 * or two where NULL keys sort apart (PostgreSQL puts them last ascending, first descending). Each
 * band is a range an index on (client_id, key, id) answers; the page takes rows from the first
 * band, then from the second while it is not full. Null when keyset paging cannot start there (a
 * NULL key of a column ordered without id: the caller cuts that page by OFFSET).
 */
export function keysetBands(entity: EntityDef, key: KeysetKey, cursor: ListCursor): RawBuilder<unknown>[] | null {
  const c = sql.id('t', key.field);
  const id = cursor.id;
  if (key.field === 'id') return [key.dir === 'asc' ? sql`t.id > ${id}` : sql`t.id < ${id}`];
  const v = cursor.value === null ? null : sql`cast(${cursor.value} as ${sql.raw(sqlTypeOf(entity, key.field))})`;
  if (key.unique) {
    if (v === null) return null;
    return key.dir === 'asc' ? [sql`${c} > ${v}`, sql`${c} is null`] : [sql`${c} < ${v}`];
  }
  if (key.dir === 'asc') return v === null ? [sql`${c} is null and t.id > ${id}`] : [sql`(${c}, t.id) > (${v}, ${id})`, sql`${c} is null`];
  return v === null ? [sql`${c} is null and t.id < ${id}`, sql`${c} is not null`] : [sql`(${c}, t.id) < (${v}, ${id})`];
}
