import { FIELD_TYPE_TABLE, systemColumn, type FieldType } from './field-types';
import type { EntityDef, Label } from './entity';
import type { ColumnDecl } from './page';
import { addDaysIso, weekStart } from './report';
import { registerCatalogPart } from './i18n';
import { listGroupsCatalog } from './i18n/list-groups';

registerCatalogPart(listGroupsCatalog);

/**
 * Grouping a registry list by one field (issue 32): by a dictionary value (a state too), by a
 * referenced record, or by a date cut into days, ISO weeks (Monday to Sunday) or months. The server
 * counts and sums each group in SQL under the list's own WHERE (src/server/resources/list-groups);
 * the browser shows group rows with their subtotals and reads a group's rows through the list call
 * with `groupFilter` added. Pure and isomorphic, so both sides cut and name the buckets alike.
 */

/** How a date field is cut into groups. */
export const DATE_BUCKETS = ['day', 'week', 'month'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/**
 * The grouping of a list as a plain serialisable object: what a saved view keeps, what the
 * toolbar's control sets, what the export and the groups call receive as `group` and `bucket`.
 *
 * Example: `{ field: 'delivery_date', bucket: 'week' }`, `{ field: 'category' }`.
 */
export type ListGrouping = { field: string; bucket?: DateBucket };

/** What a field is grouped by: its stored value (dictionary, reference) or a date bucket. */
export type GroupKind = 'dict' | 'reference' | 'date';

/** A measure of the groups: a numeric column summed (or averaged) per group and in the grand total. */
export type GroupMeasure = { field: string; agg: 'sum' | 'avg' };

/** The kind of grouping a field type allows, read from the field-type table (null: not groupable). */
export function groupKindOf(type: FieldType): GroupKind | null {
  const spec = FIELD_TYPE_TABLE[type];
  if (spec.storage !== 'scalar') return null;
  const kinds: Array<[boolean, GroupKind]> = [
    [spec.reference, 'reference'],
    [spec.dictionary, 'dict'],
    [spec.nature === 'temporal', 'date'],
  ];
  return kinds.find(([holds]) => holds)?.[1] ?? null;
}

/** The type of a field or a listable system column of an entity, or null. */
function typeOf(entity: EntityDef, field: string): FieldType | null {
  const def = entity.fields.find((f) => f.key === field);
  if (def) return def.type;
  const system = systemColumn(field);
  return system?.listable ? system.type : null;
}

/** The fields a list can be grouped by, in the order given (a page's columns), each with its kind. */
export function groupableFields(entity: EntityDef, fields: readonly string[]): Array<{ field: string; kind: GroupKind }> {
  const out: Array<{ field: string; kind: GroupKind }> = [];
  // A view entity (defineViewEntity) is read by its own reader, which answers no groups.
  if (entity.view) return out;
  for (const field of fields) {
    const type = typeOf(entity, field);
    const kind = type ? groupKindOf(type) : null;
    if (kind && !out.some((x) => x.field === field)) out.push({ field, kind });
  }
  return out;
}

/** The grouping checked against the entity: a groupable field, a bucket exactly when it is a date. */
export function checkGrouping(entity: EntityDef, grouping: { field: string; bucket?: string | null }): { grouping: ListGrouping; kind: GroupKind } | null {
  const type = typeOf(entity, grouping.field);
  const kind = type ? groupKindOf(type) : null;
  if (!kind) return null;
  if (kind !== 'date') return grouping.bucket ? null : { grouping: { field: grouping.field }, kind };
  const bucket = DATE_BUCKETS.find((b) => b === grouping.bucket);
  return bucket ? { grouping: { field: grouping.field, bucket }, kind } : null;
}

/**
 * The measures of a grouped list: the page's columns declared with `aggregate`, else every numeric
 * column it shows (a number that names something, `grouping: false` such as a year, is not summed).
 */
export function groupMeasures(entity: EntityDef, columns: readonly ColumnDecl[]): GroupMeasure[] {
  const decls = columns.map((c) => (typeof c === 'string' ? { field: c } : c));
  const declared = decls.filter((d) => d.aggregate).map((d) => ({ field: d.field, agg: d.aggregate! }));
  if (declared.length) return declared;
  return decls
    .map((d) => entity.fields.find((f) => f.key === d.field))
    .filter((f) => f && FIELD_TYPE_TABLE[f.type].nature === 'number' && FIELD_TYPE_TABLE[f.type].storage === 'scalar' && f.grouping !== false)
    .map((f) => ({ field: f!.key, agg: 'sum' as const }));
}

/** A 'YYYY-MM-DD' date's bucket key: the day, its ISO week's Monday, or 'YYYY-MM'. */
export function bucketKey(bucket: DateBucket, date: string): string {
  const day = date.slice(0, 10);
  if (bucket === 'week') return weekStart(day);
  if (bucket === 'month') return day.slice(0, 7);
  return day;
}

/** The first day of a bucket and the first day after it ('YYYY-MM-DD'), from its key. */
export function bucketRange(bucket: DateBucket, key: string): { from: string; until: string } {
  if (bucket === 'day') return { from: key, until: addDaysIso(key, 1) };
  if (bucket === 'week') return { from: key, until: addDaysIso(key, 7) };
  const [y, m] = key.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${key}-01`, until: `${next}-01` };
}

/** The ISO week of a Monday: its week-based year and number (the week holding the year's first Thursday is week 1). */
export function isoWeek(monday: string): { year: number; week: number } {
  const thursday = new Date(`${addDaysIso(monday, 3)}T00:00:00Z`);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / 86_400_000 / 7) + 1;
  return { year, week };
}

/** How a date bucket reads: '2026-03-02', '2026 第10周（03-02～03-08）' / '2026 W10 (03-02 – 03-08)', '2026-03'. */
export function bucketLabel(bucket: DateBucket, key: string): Label {
  if (bucket !== 'week') return { zh: key, en: key };
  const { year, week } = isoWeek(key);
  const end = addDaysIso(key, 6);
  return { zh: `${year} 第${week}周（${key.slice(5)}～${end.slice(5)}）`, en: `${year} W${week} (${key.slice(5)} – ${end.slice(5)})` };
}

/**
 * The list filters of one group's rows (`f.<field>.<op>`): the value itself, `null` for the group of
 * empty values, a date bucket as `gte` its first day and `lt` the first day after it (a datetime
 * field from midnight to midnight).
 */
export function groupFilter(entity: EntityDef, grouping: ListGrouping, key: string | null): Record<string, string> {
  const f = grouping.field;
  if (key === null) return { [`f.${f}.null`]: '1' };
  if (!grouping.bucket) return { [`f.${f}.eq`]: key };
  const { from, until } = bucketRange(grouping.bucket, key);
  const datetime = FIELD_TYPE_TABLE[typeOf(entity, f) ?? 'date'].sqlType.startsWith('timestamp');
  const at = (day: string) => (datetime ? `${day} 00:00:00` : day);
  return { [`f.${f}.gte`]: at(from), [`f.${f}.lt`]: at(until) };
}

/**
 * A list query with a group's filters added. Where the list already has a condition of the same
 * field and operator (a date column's "before" filter and a week's end), the narrower one is kept,
 * so the group's rows never widen the list's: the latest of two lower bounds, the earliest of two
 * upper bounds (dates and datetimes of one field compare as their text).
 */
export function withGroupFilter(query: Readonly<Record<string, string>>, filter: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = { ...query };
  for (const [k, v] of Object.entries(filter)) {
    const prev = out[k];
    const op = k.slice(k.lastIndexOf('.') + 1);
    if (prev === undefined || !['gte', 'gt', 'lt', 'lte'].includes(op)) out[k] = v;
    else out[k] = op.startsWith('g') ? (prev > v ? prev : v) : prev < v ? prev : v;
  }
  return out;
}

/** The query parameters of a grouping (`group`, `bucket`), as the groups call and the export read them. */
export function groupingParams(grouping: ListGrouping | null): Record<string, string> {
  if (!grouping) return {};
  return grouping.bucket ? { group: grouping.field, bucket: grouping.bucket } : { group: grouping.field };
}
