import { exceljs } from '../export/exceljs-module';
import { addSheet } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';
import { sql, type RawBuilder } from 'kysely';
import { CELL_FORMAT_TABLE, getDictionary, getEntity, ratioOf, reportColumnFormat, requireEntity, type CellFormat, type EntityDef, type Language, type ReportDef, type ReportDimension } from '../../../model';
import { formatCell, formatHeader } from '../../../model/excel';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { parsePageQuery, whereSql } from '../../resources/page-query';
import { assertCan, dataScope } from '../../resources/permissions';
import { withTenant } from '../../kernel/rls';
import { rulesFor } from '../../access/permission.service';
import { aggregateDimSql, aggregateOf, aggregateRefusal, keptTableOf, type KeptTable } from './aggregates';
import { runServerQuery } from './server-query';
import { labelIn } from '../../../model/label-text';

/**
 * Runs a report declaration (docs/architecture-reports.md): the entity's list WHERE (tenant, the
 * user's data permissions of the entity's menu code, the list's f.<field>.<op> filters), grouped by
 * the asked dimensions in SQL; with `subtotals` the database adds one subtotal row per prefix of the
 * grouping and a grand total (GROUP BY ROLLUP); with `pivot` the values of one dimension become
 * columns, computed here from the grouped rows.
 */
export type ReportQuery = Record<string, unknown>;
export type ReportRow = Record<string, string | number | null> & { _level: number };
export type ReportResult = {
  report: string;
  columns: Array<{ key: string; label: string; kind: 'dimension' | 'measure' }>;
  rows: ReportRow[];
  /**
   * Per dimension, the label of each value in the reply's language (a state's or a dictionary item's
   * name): rows keep the stored value, which is what a drill-down filters on, and screens and the
   * workbook show the label.
   */
  labels: Record<string, Record<string, string>>;
  pivot?: { dimension: string; values: Array<string | null>; rows: Array<Record<string, string | number | null>> };
  /**
   * Where the figures came from: `aggregate` (the report's pre-aggregated table, see aggregates.ts)
   * or `raw` (the entity's table); `why` names what kept a run with an aggregate on the raw table.
   */
  source: { kind: 'aggregate' | 'raw'; why?: string };
};

const MAX_GROUPS = 3;

function text(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : null;
  return v === undefined || v === null || v === '' ? null : String(v);
}

/** The labels of a field's stored values: the entity's states or the field's dictionary. */
export function valueLabels(entity: EntityDef, fieldKey: string, language: Language): Record<string, string> {
  const pick = (l: { zh: string; en: string }) => labelIn(l, language);
  if (entity.states?.field === fieldKey) return Object.fromEntries(entity.states.states.map((s) => [s.code, pick(s.label)]));
  const field = entity.fields.find((f) => f.key === fieldKey);
  const dict = field?.dict ? getDictionary(field.dict) : undefined;
  const out: Record<string, string> = {};
  for (const i of dict?.items ?? []) if (!(i.value in out)) out[i.value] = pick(i.label);
  return out;
}

function dimExpr(d: ReportDimension): RawBuilder<unknown> {
  const c = sql.id('t', d.field);
  if (d.bucket === 'month') return sql`to_char(${c}, 'YYYY-MM')`;
  if (d.bucket === 'week') return sql`to_char(date_trunc('week', ${c}), 'YYYY-MM-DD')`;
  if (d.bucket === 'day') return sql`to_char(${c}, 'YYYY-MM-DD')`;
  return sql`${c}::text`;
}

export function groupingOf(report: ReportDef, query: ReportQuery): ReportDimension[] {
  const asked = (text(query.group) ?? (report.defaultGroup ?? [report.dimensions[0].key]).join(',')).split(',').map((s) => s.trim()).filter(Boolean);
  const pivot = text(query.pivot);
  const keys = pivot && !asked.includes(pivot) ? [...asked, pivot] : asked;
  if (!keys.length || keys.length > MAX_GROUPS || new Set(keys).size !== keys.length) throw new AppError('res.badFilter', { params: { filter: 'group' } });
  return keys.map((k) => {
    const d = report.dimensions.find((x) => x.key === k);
    if (!d) throw new AppError('res.badFilter', { params: { filter: `group=${k}` } });
    return d;
  });
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (d: string) => ISO_DAY.test(d) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d;

/**
 * The period a report declaring `period` was asked for (issue 35): `p.from` and `p.to`, both days
 * (YYYY-MM-DD), from not after to; neither means all time. Anything else is refused naming the
 * parameter; a report without `period` takes none.
 */
export function periodOf(report: ReportDef, query: ReportQuery): { from: string; to: string } | null {
  const from = text(query['p.from']);
  const to = text(query['p.to']);
  if (!from && !to) return null;
  if (!report.period) throw new AppError('res.badFilter', { params: { filter: 'p.from' } });
  if (!from || !realDay(from)) throw new AppError('res.badFilter', { params: { filter: 'p.from' } });
  if (!to || !realDay(to) || to < from) throw new AppError('res.badFilter', { params: { filter: 'p.to' } });
  return { from, to };
}

/** Only the report's declared filter fields are taken from the query (f.<field>.<op>). */
function listFilters(report: ReportDef, query: ReportQuery): ReportQuery {
  const out: ReportQuery = {};
  for (const [k, v] of Object.entries(query)) {
    if (!k.startsWith('f.')) continue;
    const field = k.slice(2, k.lastIndexOf('.'));
    if (!report.filters.includes(field)) throw new AppError('res.badFilter', { params: { filter: k } });
    out[k] = v;
  }
  return out;
}

/**
 * `agg.<measure>=avg|min|max|sum`: how a `sum` measure's field is aggregated in this run (a designed
 * tile's aggregation, issue 34); only over the entity's own rows (a server query's rows are not the
 * list's), and never from a pre-aggregated table (which keeps sums only).
 */
const AGG_OVERRIDES = ['sum', 'avg', 'min', 'max'] as const;
export function aggregationsOf(report: ReportDef, query: ReportQuery): Record<string, (typeof AGG_OVERRIDES)[number]> {
  const out: Record<string, (typeof AGG_OVERRIDES)[number]> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!k.startsWith('agg.')) continue;
    const m = report.measures.find((x) => x.key === k.slice(4));
    const fn = text(v);
    if (!m || m.agg !== 'sum' || !(AGG_OVERRIDES as readonly string[]).includes(fn ?? '') || (report.query && fn !== 'sum')) throw new AppError('res.badFilter', { params: { filter: k } });
    if (fn !== 'sum') out[m.key] = fn as (typeof AGG_OVERRIDES)[number];
  }
  return out;
}

/** One row of the GROUP BY as a report row: dimension values, measures, ratios, and its `_level`. */
function groupRow(r: Record<string, unknown>, report: ReportDef, dims: ReportDimension[]): ReportRow {
  // _level: how many trailing dimensions are rolled up (0 = a detail group, dims.length = grand total).
  const g = Number(r._grouping);
  let rolled = 0;
  for (let i = 0; i < dims.length; i++) if (g & (1 << (dims.length - 1 - i))) rolled++;
  const out: ReportRow = { _level: rolled };
  dims.forEach((d, i) => (out[d.key] = (r[`d${i}`] as string | null) ?? null));
  // An average, least or greatest value of no rows is none (a count or a sum of none is 0).
  for (const m of report.measures) if (m.agg !== 'ratio') out[m.key] = r[`m_${m.key}`] === null ? null : Number(r[`m_${m.key}`]);
  for (const m of report.measures) if (m.agg === 'ratio') out[m.key] = ratioOf(out, m);
  return out;
}

/**
 * The kept table a run reads (the pre-aggregated table, or for a server query any kept table:
 * aggregates.ts `keptTableOf`) when the run can be answered from it, else why not; `source=raw` asks
 * for the entity's table (the bench's baseline; the figures are the same).
 */
async function keptSource(
  db: Db,
  auth: AuthContext,
  clientId: number,
  run: { report: ReportDef; entity: EntityDef; dims: ReportDimension[]; pq: ReturnType<typeof parsePageQuery>; query: ReportQuery; overrides: Record<string, unknown> },
): Promise<{ kept: KeptTable | null; source: ReportResult['source'] }> {
  const { report, entity, dims, pq, query, overrides } = run;
  const kept: KeptTable | undefined = report.query ? keptTableOf(report.aggregate) : aggregateOf(report.aggregate);
  if (!kept) return { kept: null, source: { kind: 'raw' } };
  let why = text(query.source) === 'raw' ? 'asked' : Object.keys(overrides).length ? 'aggregation' : aggregateRefusal(kept, entity, report, dims, pq, await rulesFor(db, auth, entity.menuCode));
  if (!why && kept.check) why = await withTenant(db, clientId, (tx) => kept.check!(tx, clientId));
  return why ? { kept: null, source: { kind: 'raw', why } } : { kept, source: { kind: 'aggregate' } };
}

export async function runReport(db: Db, auth: AuthContext, report: ReportDef, query: ReportQuery, language: Language): Promise<ReportResult> {
  if (!report.entity) {
    // The caller's own rows of its own tenant (the import centre's rule for jobs); no filters.
    if (auth.clientId === null) throw new AppError('err.forbidden');
    listFilters(report, query);
    const dims = groupingOf(report, query);
    const pivotKey = text(query.pivot);
    const subtotals = !pivotKey && ['1', 'true'].includes(text(query.subtotals) ?? '');
    const where = sql`t.client_id = ${auth.clientId} and t.user_id = ${auth.userId}`;
    return runServerQuery(db, report, null, { clientId: auth.clientId, where, dims, pivotKey, subtotals, query, language });
  }
  const entity = requireEntity(report.entity);
  const clientId = await assertCan(auth, entity.menuCode, 'read', { db });
  const period = periodOf(report, query);
  const scope = await dataScope(auth, entity.menuCode, { db });
  const pq = parsePageQuery(entity, listFilters(report, query));
  const where = whereSql(entity, pq, clientId, scope);
  const dims = groupingOf(report, query);
  const pivotKey = text(query.pivot);
  const subtotals = !pivotKey && ['1', 'true'].includes(text(query.subtotals) ?? '');
  const overrides = aggregationsOf(report, query);
  const { kept: useKept, source } = await keptSource(db, auth, clientId, { report, entity, dims, pq, query, overrides });
  if (report.query) {
    const whereWithout = (field: string) => whereSql(entity, { ...pq, filters: pq.filters.filter((f) => f.field !== field) }, clientId, scope);
    // A kept table of days (`range`) is read under the WHERE without the range's filter: its rows have no such field.
    const aggregate = useKept ? { def: useKept, where: useKept.range ? whereWithout(useKept.range) : where } : undefined;
    const r = await runServerQuery(db, report, entity, { clientId, where, dims, pivotKey, subtotals, query, language, aggregate, whereWithout, period });
    return { ...r, source };
  }
  const useAgg = useKept ? (aggregateOf(useKept.name) ?? null) : null;

  const expr = (d: ReportDimension) => (useAgg ? aggregateDimSql(useAgg, d) : dimExpr(d));
  const selects = dims.map((d, i) => sql`${expr(d)} as ${sql.id(`d${i}`)}`);
  // On the aggregate a row count is the sum of its count column, a field's sum the sum of its sums.
  const measures = report.measures.filter((m) => m.agg !== 'ratio').map((m) =>
    m.agg === 'count'
      ? useAgg
        ? sql`coalesce(sum(${sql.id('t', useAgg.count)}), 0)::float8 as ${sql.id(`m_${m.key}`)}`
        : sql`count(*)::float8 as ${sql.id(`m_${m.key}`)}`
      : overrides[m.key]
        ? sql`${sql.raw(overrides[m.key])}(${sql.id('t', m.field!)})::float8 as ${sql.id(`m_${m.key}`)}`
        : sql`coalesce(sum(${sql.id('t', m.field!)}), 0)::float8 as ${sql.id(`m_${m.key}`)}`,
  );
  const groupCols = dims.map((_, i) => sql.raw(String(i + 1)));
  // GROUPING() tells a subtotal's empty dimension from a group whose value is empty.
  const level = sql`grouping(${sql.join(dims.map((d) => expr(d)))})::int as _grouping`;
  const groupBy = subtotals ? sql`rollup(${sql.join(dims.map((d) => expr(d)))})` : sql.join(groupCols);
  const order = sql.join(dims.map((_, i) => sql`${sql.id(`d${i}`)} asc nulls last`));
  // A group whose rows all left (kept at zero until the statement's clean-up) is no group.
  const having = useAgg ? sql`having sum(${sql.id('t', useAgg.count)}) <> 0` : sql``;

  const raw = await withTenant(db, clientId, async (tx) =>
    (
      await sql<Record<string, unknown>>`select ${sql.join([...selects, ...measures, level])} from ${sql.table(useAgg ? useAgg.table : entity.table)} t
        where ${where} group by ${groupBy} ${having} order by ${subtotals ? sql`${sql.id('_grouping')} desc, ` : sql``}${order}`.execute(tx)
    ).rows,
  );
  const rows = raw.map((r) => groupRow(r, report, dims));
  if (subtotals) rows.sort(subtotalOrder(dims.map((d) => d.key)));

  const result: ReportResult = {
    report: report.name,
    columns: reportColumns(report, dims, language),
    rows,
    labels: await dimensionLabels(db, clientId, entity, dims, rows, language),
    source,
  };
  if (pivotKey) result.pivot = pivotRows(rows, dims.map((d) => d.key), pivotKey, report.measures[0].key);
  return result;
}

/** The columns of a result: the grouping's dimensions, then every measure, each header with its format's unit ("负荷（分钟）"). */
export function reportColumns(report: ReportDef, dims: ReportDimension[], language: Language): ReportResult['columns'] {
  const label = (l: { zh: string; en: string }) => labelIn(l, language);
  return [
    ...dims.map((d) => ({ key: d.key, label: formatHeader(label(d.label), reportColumnFormat(report, d.key), language), kind: 'dimension' as const })),
    ...report.measures.map((m) => ({ key: m.key, label: formatHeader(label(m.label), reportColumnFormat(report, m.key), language), kind: 'measure' as const })),
  ];
}

/**
 * Labels of the dimension values of a result: states and dictionary items by `valueLabels`, and a
 * reference field's ids by the referenced rows' label field, read from the caller's own tenant.
 */
export async function dimensionLabels(db: Db, clientId: number, entity: EntityDef | null, dims: ReportDimension[], rows: ReportRow[], language: Language): Promise<Record<string, Record<string, string>>> {
  const out: Record<string, Record<string, string>> = {};
  for (const d of dims) {
    const pick = (l: { zh: string; en: string }) => labelIn(l, language);
    if (d.values === 'entity') {
      out[d.key] = Object.fromEntries(rows.map((r) => String(r[d.key] ?? '')).filter(Boolean).map((v) => [v, getEntity(v) ? pick(getEntity(v)!.label) : v]));
      continue;
    }
    if (d.values) {
      out[d.key] = Object.fromEntries(Object.entries(d.values).map(([k, l]) => [k, pick(l)]));
      continue;
    }
    if (d.dict) {
      out[d.key] = {};
      for (const i of getDictionary(d.dict)?.items ?? []) if (!(i.value in out[d.key])) out[d.key][i.value] = pick(i.label);
      continue;
    }
    out[d.key] = d.bucket || !entity ? {} : valueLabels(entity, d.field, language);
    if (!entity) continue;
    const field = entity.fields.find((f) => f.key === d.field);
    const refOf = d.ref ?? (field?.type === 'reference' ? field.ref : undefined);
    if (!refOf) continue;
    const ids = [...new Set(rows.map((r) => Number(r[d.key])).filter((n) => Number.isInteger(n) && n > 0))];
    if (!ids.length) continue;
    const ref = requireEntity(refOf.entity);
    const labelCol = refOf.labelField ?? 'name';
    const found = await withTenant(db, clientId, async (tx) =>
      (await sql<{ id: number; label: string | null }>`select id, ${sql.id(labelCol)}::text as label from ${sql.table(ref.table)}
        where client_id = ${clientId} and id in (${sql.join(ids)})`.execute(tx)).rows,
    );
    for (const f of found) out[d.key][String(f.id)] = f.label ?? String(f.id);
  }
  return out;
}

/** Details under their group, each group's subtotal after its details, the grand total last. */
export function subtotalOrder(keys: string[]) {
  const cmp = (a: unknown, b: unknown) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : String(a) < String(b) ? -1 : 1);
  return (a: ReportRow, b: ReportRow): number => {
    for (let i = 0; i < keys.length; i++) {
      const aRolled = a._level >= keys.length - i;
      const bRolled = b._level >= keys.length - i;
      if (aRolled !== bRolled) return aRolled ? 1 : -1;
      if (aRolled) return 0;
      const c = cmp(a[keys[i]], b[keys[i]]);
      if (c) return c;
    }
    return 0;
  };
}

/** Rows by the other dimensions, one column per value of the pivot dimension, plus a row total. */
export function pivotRows(rows: ReportRow[], keys: string[], pivot: string, measure: string): NonNullable<ReportResult['pivot']> {
  const rest = keys.filter((k) => k !== pivot);
  const values = [...new Set(rows.map((r) => r[pivot] as string | null))].sort((a, b) => (a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0));
  const byKey = new Map<string, Record<string, string | number | null>>();
  for (const r of rows) {
    const id = JSON.stringify(rest.map((k) => r[k]));
    let out = byKey.get(id);
    if (!out) {
      out = Object.fromEntries(rest.map((k) => [k, r[k]]));
      out._total = 0;
      byKey.set(id, out);
    }
    const col = `p:${r[pivot] ?? ''}`;
    out[col] = ((out[col] as number) ?? 0) + Number(r[measure]);
    out._total = (out._total as number) + Number(r[measure]);
  }
  return { dimension: pivot, values, rows: [...byKey.values()] };
}

/**
 * The report's table as .xlsx with the same grouping: subtotal rows bold and labelled. Each column's
 * cells take their type and number format from the column's declaration (`reportColumnFormat`): a
 * rate a number under 0.0%, minutes and money numbers with their decimals, counts whole numbers, a
 * week's Monday a real date, a code text under `@`.
 */
export async function reportWorkbook(report: ReportDef, result: ReportResult, language: Language): Promise<Buffer> {
  const wb = new (await exceljs()).Workbook();
  // The title may hold what Excel refuses in a sheet name ("供应商分配量（版本/季节）"): made legal.
  const ws = addSheet(wb, labelIn(report.title, language));
  const dims = result.columns.filter((c) => c.kind === 'dimension');
  const totalLabel = language === 'en' ? 'Subtotal' : '小计';
  const grandLabel = language === 'en' ? 'Total' : '合计';
  // Dimension values as the screen shows them (a state's name, not its code).
  const shown = (r: Record<string, string | number | null>) => {
    const out = { ...r };
    for (const d of dims) {
      const v = out[d.key];
      if (typeof v === 'string') out[d.key] = result.labels[d.key]?.[v] ?? v;
    }
    return out;
  };
  const formatOf = (key: string): CellFormat => reportColumnFormat(report, key);
  /** The sheet's columns: key, header, width and the cell format of each. */
  let columns: Array<{ key: string; header: string; width: number; format: CellFormat }>;
  let rows: Array<{ values: Record<string, string | number | null>; level: number }>;
  if (result.pivot) {
    const rest = dims.filter((d) => d.key !== result.pivot!.dimension);
    const pivotLabels = result.labels[result.pivot.dimension] ?? {};
    // The pivot's cells are the first measure's.
    const measure = formatOf(report.measures[0].key);
    columns = [
      ...rest.map((d) => ({ key: d.key, header: d.label, width: 20, format: formatOf(d.key) })),
      ...result.pivot.values.map((v) => ({ key: `p:${v ?? ''}`, header: v === null ? '—' : (pivotLabels[v] ?? v), width: 14, format: measure })),
      { key: '_total', header: grandLabel, width: 14, format: measure },
    ];
    rows = result.pivot.rows.map((r) => ({ values: shown(r), level: 0 }));
  } else {
    columns = result.columns.map((c) => ({ key: c.key, header: c.label, width: c.kind === 'dimension' ? 20 : 14, format: formatOf(c.key) }));
    rows = result.rows.map((r) => ({ values: shown(r), level: r._level }));
  }
  ws.columns = columns.map(({ key, header, width }) => ({ key, header, width }));
  ws.getRow(1).font = { bold: true };
  // Values shown by a label (a state's, a referenced record's name) are text whatever the field.
  const labelled = new Set(dims.filter((d) => Object.keys(result.labels[d.key] ?? {}).length).map((d) => d.key));
  for (const { values, level } of rows) {
    const row = ws.addRow(columns.map((c) => (labelled.has(c.key) && typeof values[c.key] === 'string' ? values[c.key] : formatCell(c.format, values[c.key]))));
    columns.forEach((c, i) => {
      const numFmt = CELL_FORMAT_TABLE[c.format].numFmt;
      if (numFmt) row.getCell(i + 1).numFmt = numFmt;
    });
    if (level > 0) {
      const at = dims.length - level;
      row.getCell(Math.max(1, at + 1)).value = level === dims.length ? grandLabel : totalLabel;
      row.font = { bold: true };
      row.outlineLevel = 0;
    } else if (!result.pivot && dims.length > 1) row.outlineLevel = 1;
  }
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  // Names and labels come from what users typed: a text such as "=HYPERLINK(…)" stays text (issue 19).
  ws.eachRow((row) => protectTextCells(row));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
