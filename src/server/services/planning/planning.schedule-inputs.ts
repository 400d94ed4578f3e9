/**
 * What the auto-scheduler needs beyond lines and plans (issue 31), read per company in SQL:
 * - the company's changeover rules (registry entity `changeover_rule`) over the defaults;
 * - each plan's sequence key: its family (the category), fabric (its style's fabric) and main colour
 *   (the colour holding most pieces of its matrix);
 * - material gates: a plan does not start before the purchase of its materials is in. Its materials are
 *   its requirement order's BOM and its style's BOM; a purchase line of such a material (for the plan's
 *   style or for no style) on a purchase order that is not draft, rejected, cancelled or closed and not
 *   fully received holds the plan until the order's delivery date (the ETA); fully received lines hold
 *   nothing (the material is in). The gate is the latest such ETA, and never earlier than the plan's
 *   own material-ready date;
 * - learning curves per line and family from the line's history: the live bars of the past year and
 *   the pieces scanned out of their plans' last process (calendars/schedule-rules.ts `learningCurves`),
 *   a bar's planned day taken as laid with the line's current curve setting.
 */
import { sql } from 'kysely';
import { addDays, dayNumber, learningFactor } from '../../../../calendars/capacity';
import { attributeOutput, type PlanOutput, type RunBar } from '../../../../calendars/actuals';
import { learningCurves, rulesFromRows, type ChangeoverRules, type LearningRun } from '../../../../calendars/schedule-rules';
import type { MaterialGate } from '../../../model/schedule-board';
import type { Db } from '../../db/database';
import { dayOrNull, jsonValue, num } from '../../db/row-values';
import { registerDerivedTables } from '../../db/derived-tables';

type Row = Record<string, unknown>;

/** The company's changeover rules (rows in id order; a later row of the same kind wins) over the defaults. */
export async function changeoverRules(tx: Db, clientId: number): Promise<ChangeoverRules> {
  const r = await sql<Row>`select change, from_family, to_family, minutes from scm_changeover_rule where client_id = ${clientId} order by id`.execute(tx);
  return rulesFromRows(r.rows.map((x) => ({ change: String(x.change ?? ''), from_family: (x.from_family as string | null) ?? null, to_family: (x.to_family as string | null) ?? null, minutes: num(x.minutes) })));
}

export type PlanSetup = { fabric: string | null; colour: string | null; gate: string | null };

/** The colour holding most pieces of a plan's matrix (ties: the first), null without one. */
function mainColour(matrix: unknown): string | null {
  const cells = jsonValue(matrix);
  if (!Array.isArray(cells)) return null;
  const by = new Map<string, number>();
  for (const c of cells as Row[]) if (c && c.colour) by.set(String(c.colour), (by.get(String(c.colour)) ?? 0) + num(c.qty));
  let best: string | null = null;
  for (const [colour, qty] of by) if (best == null || qty > by.get(best)!) best = colour;
  return best;
}

const OPEN_PO = ['approved', 'sent', 'manual', 'confirmed', 'dispatched', 'part_received'];

/** The purchase that holds each plan (see `materialGates`), the plans `only` narrows to, in the function below. */
const heldBy = (only: string) => `with pm as (
      select p.id as plan_id, b.material_id, p.style_no from scm_prodplan p
        join scm_pr_order_bom b on b.order_id = p.prorder_id and b.client_id = p.client_id
        where p.client_id = p_client and b.material_id is not null and coalesce(p.status, 'draft') <> 'cancelled' ${only}
      union
      select p.id, sb.material_id, p.style_no from scm_prodplan p
        join dev_style s on s.client_id = p.client_id and s.code = p.style_no
        join dev_style_bom sb on sb.style_id = s.id and sb.client_id = s.client_id
        where p.client_id = p_client and coalesce(p.status, 'draft') <> 'cancelled' ${only}
    )
    select distinct on (pm.plan_id) pm.plan_id::bigint, o.delivery_date::date, o.id::bigint, o.po_no::text, m.name::text from pm
      join pur_order_line l on l.client_id = p_client and l.material_id = pm.material_id and (coalesce(l.style_no, '') = '' or l.style_no = pm.style_no)
      join pur_order o on o.id = l.order_id and o.client_id = l.client_id
      left join md_material m on m.id = l.material_id and m.client_id = l.client_id
      where o.status in (${OPEN_PO.map((s) => `'${s}'`).join(', ')}) and o.delivery_date is not null and coalesce(l.received_qty, 0) < l.qty
      order by pm.plan_id, o.delivery_date desc, o.id, l.id`;

/**
 * The gates' purchase query as a function of the database (issue 31): plpgsql keeps its statements'
 * plans for the connection, where the same text sent by the server was planned on every call (3-5 ms a
 * push on the embedded database, for under 1 ms of work); a plan for all plans and one for some. Run as
 * the caller, so row-level security holds besides its company's conditions. Installed by migrate().
 */
const MATERIAL_HELD_DDL = `create or replace function plan_material_held(p_client integer, p_plans bigint[])
  returns table(plan_id bigint, eta date, po_id bigint, po_no text, material text) language plpgsql stable as $fn$
#variable_conflict use_column
begin
  if p_plans is null then return query ${heldBy('')};
  else return query ${heldBy('and p.id = any(p_plans)')};
  end if;
end $fn$`;
registerDerivedTables({ name: 'material gates', order: 3, install: async (db) => void (await sql.raw(MATERIAL_HELD_DDL).execute(db)), tenantTables: () => [] });

/**
 * Each plan's material gate (see the header) and what holds it, by plan id: the latest delivery date
 * of the open purchase lines of its materials, the purchase order with the latest (ties: the first
 * order), or the plan's own material-ready date when that is later (ties: the purchase order, which
 * the planner can open). Plans without either have no entry; `planIds`: only those plans; `known`: the
 * plans' rows as the caller read them in the company (their own dates; a cancelled plan has no gate).
 */
export async function materialGates(tx: Db, clientId: number, planIds?: readonly number[], known?: readonly OwnReady[]): Promise<Map<number, MaterialGate>> {
  if (planIds && !planIds.length) return new Map();
  const only = planIds ? sql`and p.id in (${sql.join([...planIds])})` : sql``;
  const own = known ?? (await sql<OwnReady>`select p.id, p.material_ready_date from scm_prodplan p
    where p.client_id = ${clientId} and coalesce(p.status, 'draft') <> 'cancelled' and p.material_ready_date is not null ${only}`.execute(tx)).rows;
  const held = await sql<Row>`select * from plan_material_held(${clientId}, ${planIds ? `{${planIds.join(',')}}` : null}::bigint[])`.execute(tx);
  const out = new Map<number, MaterialGate>();
  for (const h of held.rows) {
    out.set(Number(h.plan_id), { day: dayOrNull(h.eta)!, held_by: { source: 'purchase', purchase_id: Number(h.po_id), po_no: String(h.po_no ?? ''), material: h.material == null ? null : String(h.material) } });
  }
  for (const p of own) {
    if (p.material_ready_date == null || p.status === 'cancelled') continue;
    const day = dayOrNull(p.material_ready_date)!;
    const po = out.get(Number(p.id));
    if (!po || day > po.day) out.set(Number(p.id), { day, held_by: { source: 'plan' } });
  }
  return out;
}

type OwnReady = { id: unknown; material_ready_date: unknown; status?: unknown };

/** Fabric, main colour and material gate (`materialGates`) of the company's plans (not cancelled), by plan id; `planIds`: only those plans (a drag's re-plan). */
export async function planSetups(tx: Db, clientId: number, planIds?: readonly number[]): Promise<Map<number, PlanSetup>> {
  if (planIds && !planIds.length) return new Map();
  const only = planIds ? sql`and p.id in (${sql.join([...planIds])})` : sql``;
  const plans = await sql<Row>`select p.id, p.matrix, s.fabric_desc, p.material_ready_date
    from scm_prodplan p left join dev_style s on s.client_id = p.client_id and s.code = p.style_no
    where p.client_id = ${clientId} and coalesce(p.status, 'draft') <> 'cancelled' ${only}`.execute(tx);
  const gates = await materialGates(tx, clientId, planIds, plans.rows as OwnReady[]);
  const out = new Map<number, PlanSetup>();
  for (const p of plans.rows) {
    out.set(Number(p.id), { fabric: p.fabric_desc ? String(p.fabric_desc) : null, colour: mainColour(p.matrix), gate: gates.get(Number(p.id))?.day ?? null });
  }
  return out;
}

/**
 * Learning curves (key `line_id|family`) from the company's live bars that started in the year before
 * `today` and the pieces scanned out of their plans' last process; `lineCurves` are the lines' own
 * settings, the factors the bars were laid with.
 */
export async function learnedCurves(tx: Db, clientId: number, today: string, lineCurves: ReadonlyMap<number, readonly number[]>, lineIds?: readonly number[]): Promise<Map<string, number[]>> {
  const onLines = lineIds ? (lineIds.length ? sql`and b.line_id in (${sql.join([...lineIds])})` : sql`and false`) : sql``;
  const bars = await sql<Row>`select b.id, b.plan_id, b.line_id, b.start_date, b.end_date, b.daily, p.category
    from scm_prodplan_bar b join scm_prodplan p on p.id = b.plan_id and p.client_id = b.client_id
    where b.client_id = ${clientId} and b.scenario_id is null and b.start_date < ${today}::date and b.start_date >= ${addDays(today, -365)}::date ${onLines}`.execute(tx);
  if (!bars.rows.length) return new Map();
  const planIds = [...new Set(bars.rows.map((b) => Number(b.plan_id)))];
  const scans = await sql<Row>`select s.plan_id, cast(s.scanned_at as date) as day, sum(s.qty) as qty
    from scm_wo_scan s join scm_workorder w on w.id = s.workorder_id and w.client_id = s.client_id
    where s.client_id = ${clientId} and w.is_last = true and s.direction = 'out' and s.plan_id in (${sql.join(planIds)})
    group by s.plan_id, cast(s.scanned_at as date)`.execute(tx);
  const dailyOf = (v: unknown): number[] => {
    const a = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
    return Array.isArray(a) ? a.map(num) : [];
  };
  const runBars: (RunBar & { family: string })[] = bars.rows.map((b) => ({
    id: Number(b.id), plan_id: Number(b.plan_id), line_id: Number(b.line_id), start: dayOrNull(b.start_date)!, end: dayOrNull(b.end_date)!, qty: 0, planned: dailyOf(b.daily), family: String(b.category ?? ''),
  }));
  const output: PlanOutput[] = scans.rows.map((s) => ({ plan_id: Number(s.plan_id), date: dayOrNull(s.day)!, qty: num(s.qty) }));
  const made = attributeOutput(runBars, output);
  const todayNo = dayNumber(today);
  const runs: LearningRun[] = [];
  for (const b of runBars) {
    const got = made.get(b.id);
    if (!got) continue;
    const start = dayNumber(b.start);
    const curve = lineCurves.get(b.line_id);
    let k = 0;
    // Days from today on have no output yet (unknown, not zero).
    const days = b.planned.map((planned, i) => ({ planned, factor: planned > 0 ? learningFactor(curve, k++) : 1, actual: start + i < todayNo ? (got.get(start + i) ?? 0) : null }));
    runs.push({ line_id: b.line_id, family: b.family, days });
  }
  return learningCurves(runs);
}

/**
 * Everything above for one auto-schedule: rules, plan setups and gates, and learned curves by line then
 * family; `only` narrows the plans and the lines' history to those a drag's re-plan lays (planning.push.ts).
 */
export async function scheduleInputs(
  tx: Db,
  clientId: number,
  lines: readonly { id: number; learning: readonly number[] }[],
  today = new Date().toISOString().slice(0, 10),
  only?: { planIds: readonly number[] },
): Promise<{ rules: ChangeoverRules; setups: Map<number, PlanSetup>; curves: Map<number, Record<string, number[]>> }> {
  const rules = await changeoverRules(tx, clientId);
  const setups = await planSetups(tx, clientId, only?.planIds);
  const learned = await learnedCurves(tx, clientId, today, new Map(lines.map((l) => [l.id, l.learning])), only ? lines.map((l) => l.id) : undefined);
  const curves = new Map<number, Record<string, number[]>>();
  for (const [key, curve] of learned) {
    const cut = key.indexOf('|');
    const line = Number(key.slice(0, cut));
    curves.set(line, { ...(curves.get(line) ?? {}), [key.slice(cut + 1)]: curve });
  }
  return { rules, setups, curves };
}
