import { sql, type RawBuilder } from 'kysely';
import { lineCapacityRange } from '../../../../calendars/capacity';
import { lateReasons, type LateBarFacts, type LateBarReasons, type LateReasonsReply } from '../../../model/late-reasons';
import { addDaysIso, daysBetween, trackOrder } from '../../../model/node-tracking';
import type { Db } from '../../db/database';
import { todayIso } from '../tracking/tracking.service';
import { notFound } from '../../http/errors';
import { barRowLoad, checkRange, companyCalendar, lineSams, loadBarRows, loadLines, scheduleLoad } from './planning.service';
import { num } from '../../db/row-values';

/**
 * Why the late bars of a range are late (issue 31; the reasons' rules: src/model/late-reasons.ts).
 * One read of the facts in SQL, each statement naming the caller's company, the bars under the board
 * menu's data scope (alias `t`, as the board's read): the late bars of the range (their end after their
 * plan's delivery date), the bars of their lines around them (load per day, the bars before them, the
 * locked ones), the material purchase lines of their orders (ETA, or the last receipt in the stock
 * ledger once received) and of their BOM's materials (as the auto-scheduler's gate), the plans' own material-ready dates and the orders' node tracking (projected
 * by the tracking rules, src/model/node-tracking.ts). Then `lateReasons` per bar.
 */
type Row = Record<string, unknown>;
const day = (v: unknown): string | null => (v === null || v === undefined || v === '' ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
/** A timestamp's day in the server's time zone (a receipt posted at 00:30 local time is that day's). */
const localDay = (v: unknown): string | null => (v === null || v === undefined ? null : todayIso(v instanceof Date ? v : new Date(String(v))));

export type LateReasonsRead = { from: string; to: string; scenario: number | null; lines: number[] | null; scope: RawBuilder<unknown>[]; today?: string };

type Material = LateBarFacts['material'][number];

/**
 * Each plan's material purchase lines: those of a purchase order bought for its customer order (not
 * cancelled or refused: the last receipt once received, else the ETA, today at the earliest), and, as
 * the auto-scheduler's material gate reads them (planning.schedule-inputs.ts), the open lines of its
 * BOM's materials (its requirement order's and its style's) not yet fully received, by their ETA.
 */
async function purchaseMaterial(tx: Db, clientId: number, planIds: number[], today: string): Promise<Map<number, Material[]>> {
  const out = new Map<number, Material[]>();
  if (!planIds.length) return out;
  const r = await sql<Row>`with pm as (
      select p.id as plan_id, b.material_id, p.style_no from scm_prodplan p
        join scm_pr_order_bom b on b.order_id = p.prorder_id and b.client_id = p.client_id
        where p.client_id = ${clientId} and p.id in (${sql.join(planIds)}) and b.material_id is not null
      union
      select p.id, sb.material_id, p.style_no from scm_prodplan p
        join dev_style s on s.client_id = p.client_id and s.code = p.style_no
        join dev_style_bom sb on sb.style_id = s.id and sb.client_id = s.client_id
        where p.client_id = ${clientId} and p.id in (${sql.join(planIds)})
    )
    select x.plan_id, po.id, po.po_no, po.delivery_date, l.qty, l.received_qty, m.name as material,
      (select max(g.created_at) from wms_stock_ledger g where g.client_id = po.client_id and g.doc_no = po.po_no and g.material_id = l.material_id and g.move_type = 'receipt') as received_at
    from (
      select p.id as plan_id, l.id as line_id from scm_prodplan p
        join pur_order po on po.customer_order_id = p.order_id and po.client_id = p.client_id
        join pur_order_line l on l.order_id = po.id and l.client_id = po.client_id
        where p.client_id = ${clientId} and p.id in (${sql.join(planIds)}) and po.order_kind = 'material' and coalesce(po.status, 'draft') not in ('cancelled', 'rejected')
      union
      select pm.plan_id, l.id from pm
        join pur_order_line l on l.client_id = ${clientId} and l.material_id = pm.material_id and (coalesce(l.style_no, '') = '' or l.style_no = pm.style_no)
        join pur_order po on po.id = l.order_id and po.client_id = l.client_id
        where po.status in ('approved', 'sent', 'manual', 'confirmed', 'dispatched', 'part_received') and po.delivery_date is not null and coalesce(l.received_qty, 0) < l.qty
    ) x
    join pur_order_line l on l.id = x.line_id and l.client_id = ${clientId}
    join pur_order po on po.id = l.order_id and po.client_id = l.client_id
    left join md_material m on m.id = l.material_id and m.client_id = l.client_id
    order by x.plan_id, po.id, l.seq, l.id`.execute(tx);
  for (const l of r.rows) {
    const received = num(l.received_qty) >= num(l.qty) && num(l.qty) > 0;
    const eta = day(l.delivery_date);
    const ready = received ? localDay(l.received_at) ?? eta : eta && eta < today ? today : eta;
    if (!ready) continue;
    const list = out.get(Number(l.plan_id)) ?? [];
    list.push({ ready_date: ready, source: 'purchase', purchase_id: Number(l.id), po_no: String(l.po_no ?? ''), material: l.material == null ? null : String(l.material), received });
    out.set(Number(l.plan_id), list);
  }
  return out;
}

/** Each order's tracking: its open nodes with their end (the later of its planned date and the earliest it can end), critical or not, before production or not, and its projected end. */
async function orderTracking(tx: Db, clientId: number, orders: Map<number, string>, today: string): Promise<Map<number, Pick<LateBarFacts, 'nodes' | 'projected_end'>>> {
  const out = new Map<number, Pick<LateBarFacts, 'nodes' | 'projected_end'>>();
  if (!orders.size) return out;
  const r = await sql<Row>`select order_id, node_code, node_name, seq, plan_days, plan_start, plan_date, actual_date, forecast_date, process_type from scm_order_node
    where client_id = ${clientId} and order_id in (${sql.join([...orders.keys()])}) order by order_id, seq, node_code`.execute(tx);
  const byOrder = new Map<number, Row[]>();
  for (const n of r.rows) byOrder.set(Number(n.order_id), [...(byOrder.get(Number(n.order_id)) ?? []), n]);
  for (const [orderId, rows] of byOrder) {
    const nodes = rows.map((n) => ({ node_code: String(n.node_code), node_name: String(n.node_name ?? n.node_code), seq: num(n.seq), plan_days: num(n.plan_days), plan_start: day(n.plan_start), plan_date: day(n.plan_date), actual_date: day(n.actual_date), forecast_date: day(n.forecast_date), process_type: n.process_type == null ? null : String(n.process_type) }));
    // Production begins at the first stage a work order completes (cutting, sewing...); the stages before it (fabric, trims, approvals) hold the plan's start.
    const firstProduction = Math.min(...nodes.filter((n) => n.process_type).map((n) => n.seq));
    const tracked = trackOrder(nodes, today);
    out.set(orderId, {
      projected_end: tracked.projected_end,
      nodes: tracked.nodes.filter((n) => !n.actual_date).map((n) => ({ order_id: orderId, order_no: orders.get(orderId) ?? '', node_code: n.node_code, node_name: n.node_name, end: [n.projected_date, n.plan_date, today].filter((x): x is string => !!x).reduce((a, b) => (b > a ? b : a)), critical: n.critical, before_production: n.seq < firstProduction })),
    });
  }
  return out;
}

/** The late bars of a range with their reasons, the decisive first. */
export async function lateBarReasons(tx: Db, clientId: number, q: LateReasonsRead): Promise<LateReasonsReply> {
  checkRange(q.from, q.to);
  if (q.scenario !== null && !(await sql`select 1 from scm_schedule_scenario where id = ${q.scenario} and client_id = ${clientId}`.execute(tx)).rows.length) throw notFound();
  const reply: LateReasonsReply = { from: q.from, to: q.to, scenario_id: q.scenario, bars: [] };
  const late = await loadBarRows(tx, clientId, { scenario: q.scenario, from: q.from, to: q.to, scope: q.scope, late: true, ...(q.lines ? { lines: q.lines } : {}) });
  if (!late.length) return reply;
  const today = q.today ?? todayIso();
  const need = (b: Row) => addDaysIso(day(b.delivery_date)!, -daysBetween(day(b.start_date)!, day(b.end_date)!));
  const spanFrom = late.map(need).reduce((a, b) => (b < a ? b : a));
  const spanTo = late.map((b) => day(b.end_date)!).reduce((a, b) => (b > a ? b : a));
  const lineIds = [...new Set(late.map((b) => Number(b.line_id)))];
  const cal = await companyCalendar(tx, clientId, Number(q.from.slice(0, 4)));
  const lines = new Map((await loadLines(tx, clientId)).filter((l) => lineIds.includes(l.id)).map((l) => [l.id, l]));
  const sams = await lineSams(tx, clientId, lineIds);
  const around = await loadBarRows(tx, clientId, { scenario: q.scenario, from: spanFrom, to: spanTo, scope: q.scope, lines: lineIds });
  const load = scheduleLoad(around, cal, sams, spanFrom, spanTo);
  const capacity = new Map([...lines.values()].map((l) => [l.id, lineCapacityRange({ operators: l.operators, efficiency: l.efficiency }, cal, spanFrom, spanTo)]));
  const orders = new Map(late.filter((b) => b.order_id != null).map((b) => [Number(b.order_id), String(b.order_no ?? '')]));
  const purchases = await purchaseMaterial(tx, clientId, [...new Set(late.map((b) => Number(b.plan_id)))], today);
  const tracking = await orderTracking(tx, clientId, orders, today);
  // Read once, not once per late bar: the span's days, and each line's bars with their days as text (start order).
  const spanDays = Array.from({ length: daysBetween(spanFrom, spanTo) + 1 }, (_, i) => addDaysIso(spanFrom, i));
  const byLine = new Map<number, LateBarFacts['before']>();
  for (const x of around) {
    const list = byLine.get(Number(x.line_id)) ?? [];
    list.push({ id: Number(x.id), plan_no: String(x.plan_no ?? ''), start: day(x.start_date)!, end: day(x.end_date)!, locked: x.locked === true });
    byLine.set(Number(x.line_id), list);
  }
  for (const b of late) {
    const line = lines.get(Number(b.line_id));
    if (!line) continue;
    const start = day(b.start_date)!;
    const end = day(b.end_date)!;
    const own = barRowLoad(b, cal, sams).minutes;
    const offset = daysBetween(spanFrom, start);
    // The days from the latest on-time start to the bar's end (what the reasons read of the line).
    const first = Math.max(0, daysBetween(spanFrom, need(b)));
    const last = Math.min(spanDays.length - 1, daysBetween(spanFrom, end));
    const cap = capacity.get(line.id) ?? [];
    const lineLoad = load.get(line.id);
    const days: LateBarFacts['days'] = [];
    for (let i = first; i <= last && i < cap.length; i++) days.push({ date: spanDays[i], capacity: cap[i], load: lineLoad?.[i] ?? 0, own: own[i - offset] ?? 0 });
    const orderId = b.order_id == null ? null : Number(b.order_id);
    const planReady = day(b.material_ready_date);
    const facts: LateBarFacts = {
      bar: { id: Number(b.id), plan_id: Number(b.plan_id), plan_no: String(b.plan_no ?? ''), line_id: line.id, start, end, delivery_date: day(b.delivery_date)! },
      line: { id: line.id, code: line.code, name: line.name },
      days,
      before: (byLine.get(line.id) ?? []).filter((x) => x.id !== Number(b.id) && x.start < start),
      material: [...(planReady ? [{ ready_date: planReady, source: 'plan' as const, purchase_id: null, po_no: null, material: null, received: false }] : []), ...(purchases.get(Number(b.plan_id)) ?? [])],
      nodes: orderId !== null ? tracking.get(orderId)?.nodes ?? [] : [],
      projected_end: orderId !== null ? tracking.get(orderId)?.projected_end ?? null : null,
    };
    const r: LateBarReasons | null = lateReasons(facts);
    if (r) reply.bars.push(r);
  }
  return reply;
}

