import { sql, type RawBuilder } from 'kysely';
import { allPages, dictionaryItems, dictValueLabel, translate, type EntityDef, type Language } from '../../model';
import { MAX_LIST_GROUPS, type ListGroup, type ListGroupsReply } from '../../model/calls/list-groups';
import { bucketLabel, checkGrouping, groupMeasures, type GroupKind, type GroupMeasure, type ListGrouping } from '../../model/list-groups';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { loadTenantDictionaries } from '../kernel/dictionaries/tenant-dictionaries';
import { withTenant } from '../kernel/rls';
import { col, tbl } from './document-read';
import { parsePageQuery, whereSql } from './page-query';
import { assertCan, dataScope } from './permissions';
import { refTarget } from './references';
import type { ResourceContext } from './resource.service';
import { labelIn } from '../../model/label-text';

/**
 * A registry list grouped by one field (issue 32, docs/architecture-registry.md "Grouped lists"):
 * the row count and the measures of each group and of all rows, in one GROUP BY ROLLUP under the
 * list's own WHERE (`whereSql`: tenant, the user's data permissions, the list's filters, quick
 * search and state tab), so a group never counts a row the list would not show. The list export
 * writes the same groups from the same function (services/export/grouped-export.ts).
 */
export type GroupPlan = { grouping: ListGrouping; kind: GroupKind; measures: GroupMeasure[] };

function text(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : null;
  return v === undefined || v === null || v === '' ? null : String(v);
}

/**
 * The grouping a query asks for (`group`, `bucket`), checked against the entity, with the measures
 * of the page `opt` names (else the entity's first page); null when the query asks for none.
 */
export function groupPlanOf(entity: EntityDef, query: Record<string, unknown>): GroupPlan | null {
  const field = text(query.group);
  if (!field) return null;
  const checked = checkGrouping(entity, { field, bucket: text(query.bucket) });
  if (!checked) throw new AppError('res.badFilter', { params: { filter: `group=${field}` } });
  const opt = text(query.opt);
  const page = allPages().find((p) => p.entity === entity.name && (!opt || p.opt === opt));
  return { ...checked, measures: page ? groupMeasures(entity, page.columns) : [] };
}

/** The group's key of a row (alias `t`): its stored value as text, or its date's bucket. */
export function groupKeySql(grouping: ListGrouping): RawBuilder<unknown> {
  const c = col(grouping.field);
  if (grouping.bucket === 'day') return sql`to_char(${c}::timestamp, 'YYYY-MM-DD')`;
  if (grouping.bucket === 'week') return sql`to_char(date_trunc('week', ${c}::timestamp), 'YYYY-MM-DD')`;
  if (grouping.bucket === 'month') return sql`to_char(${c}::timestamp, 'YYYY-MM')`;
  return sql`${c}::text`;
}

type SumRow = { g: string | null; n: number; _grouping: number } & Record<string, unknown>;

/** Counts and measures per group plus the grand total (ROLLUP): the total first, then groups by key, at most `maxGroups` + 1. */
async function sumGroups(tx: Db, entity: EntityDef, where: RawBuilder<unknown>, plan: GroupPlan, maxGroups: number): Promise<SumRow[]> {
  const key = groupKeySql(plan.grouping);
  const measures = plan.measures.map((m, i) =>
    m.agg === 'avg' ? sql`avg(${col(m.field)})::float8 as ${sql.id(`m${i}`)}` : sql`coalesce(sum(${col(m.field)}), 0)::float8 as ${sql.id(`m${i}`)}`,
  );
  // GROUPING() tells the grand total from the group of empty values.
  const r = await sql<SumRow>`select ${key} as g, count(*)::int as n, ${sql.join([...measures, sql`grouping(${key})::int as _grouping`])}
    from ${tbl(entity)} t where ${where} group by rollup(${key})
    order by _grouping desc, g asc nulls last limit ${maxGroups + 2}`.execute(tx);
  return r.rows;
}

const valuesOf = (plan: GroupPlan, r: SumRow): Record<string, number | null> =>
  Object.fromEntries(plan.measures.map((m, i) => [m.field, r[`m${i}`] === null ? null : Number(r[`m${i}`])]));

/** The name of each key in the reply's language: a dictionary item (the company's own too), a referenced record, a date bucket. */
async function groupLabels(tx: Db, clientId: number, entity: EntityDef, plan: GroupPlan, keys: string[], language: Language): Promise<Map<string, string>> {
  const pick = (l: { zh: string; en: string }) => labelIn(l, language);
  const field = entity.fields.find((f) => f.key === plan.grouping.field);
  const { bucket } = plan.grouping;
  if (bucket) return new Map(keys.map((k) => [k, pick(bucketLabel(bucket, k))]));
  if (plan.kind === 'dict' && field?.dict) {
    const own = (await loadTenantDictionaries(tx, clientId)).items;
    return new Map(keys.map((k) => [k, pick(dictValueLabel(field.dict!, k, own))]));
  }
  const target = field ? refTarget(field) : null;
  const ids = keys.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const out = new Map(keys.map((k) => [k, k]));
  if (!target || !ids.length) return out;
  // Names read within the caller's tenant only, as the list's `<field>__label`.
  const found = await sql<{ id: number; label: string | null }>`select r.id, r.${sql.id(target.labelColumn)}::text as label from ${sql.table(target.table)} r
    where r.client_id = ${clientId} and r.id = any(${ids}::bigint[])`.execute(tx);
  for (const f of found.rows) if (f.label) out.set(String(f.id), f.label);
  return out;
}

/** Reading order: a dictionary's own order, references by name, dates by time; empty values last. */
function orderGroups(entity: EntityDef, plan: GroupPlan, groups: ListGroup[], language: Language): ListGroup[] {
  const field = entity.fields.find((f) => f.key === plan.grouping.field);
  // A state field's dictionary is its states in the machine's order (entity.ts withStateOptions).
  const dictOrder = new Map((plan.kind === 'dict' && field?.dict ? (dictionaryItems(field.dict) ?? []) : []).map((item, i) => [item.value, i]));
  const rank = (g: ListGroup) => (g.key === null ? Number.MAX_SAFE_INTEGER : (dictOrder.get(g.key) ?? dictOrder.size));
  const collator = new Intl.Collator(language === 'en' ? 'en' : 'zh-CN');
  return [...groups].sort((a, b) => {
    if (a.key === null || b.key === null) return a.key === b.key ? 0 : a.key === null ? 1 : -1;
    if (plan.kind === 'date') return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return rank(a) - rank(b) || collator.compare(a.label, b.label);
  });
}

/** The groups and the grand total of the rows `where` selects (alias `t`), inside the caller's tenant transaction. */
export async function groupSummary(tx: Db, args: { entity: EntityDef; clientId: number; where: RawBuilder<unknown>; plan: GroupPlan; language: Language; maxGroups?: number }): Promise<ListGroupsReply> {
  const { entity, plan, language } = args;
  const maxGroups = args.maxGroups ?? MAX_LIST_GROUPS;
  const rows = await sumGroups(tx, entity, args.where, plan, maxGroups);
  const totalRow = rows.find((r) => r._grouping === 1);
  const detail = rows.filter((r) => r._grouping === 0);
  const truncated = detail.length > maxGroups;
  const kept = detail.slice(0, maxGroups);
  const labels = await groupLabels(tx, args.clientId, entity, plan, kept.map((r) => r.g).filter((g): g is string => g !== null), language);
  const groups = kept.map((r) => ({ key: r.g, label: r.g === null ? translate(language, 'groups.empty') : (labels.get(r.g) ?? r.g), count: r.n, values: valuesOf(plan, r) }));
  return {
    field: plan.grouping.field,
    bucket: plan.grouping.bucket ?? null,
    measures: plan.measures,
    groups: orderGroups(entity, plan, groups, language),
    total: totalRow ? { count: totalRow.n, values: valuesOf(plan, totalRow) } : { count: 0, values: Object.fromEntries(plan.measures.map((m) => [m.field, m.agg === 'sum' ? 0 : null])) },
    truncated,
  };
}

/** GET /{prefix}/{entity}/groups for a signed-in user: the list's read grant, data scope and query, grouped. */
export async function listGroups(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<ListGroupsReply> {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  const clientId = await assertCan(ctx.auth, entity.menuCode, 'read', ctx);
  const scope = await dataScope(ctx.auth, entity.menuCode, ctx);
  const plan = groupPlanOf(entity, query);
  if (!plan) throw new AppError('res.badFilter', { params: { filter: 'group' } });
  // Paging and sort do not apply to groups; the rest of the list query does, checked by the same parser.
  const pq = parsePageQuery(entity, { ...query, page: '1', size: '1', sort: '' });
  const where = whereSql(entity, pq, clientId, scope);
  return withTenant(ctx.db, clientId, (tx) => groupSummary(tx, { entity, clientId, where, plan, language: ctx.language }));
}
