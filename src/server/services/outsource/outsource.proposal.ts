import { sql } from 'kysely';
import type { ProposalReason, VendorProposal, VendorProposalReply } from '../../../model/calls/outsource';
import { outsourceOrder } from '../../../model/entities';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';
import type { ResourceContext } from '../../resources/resource.service';
import { viewDocument } from '../../resources/resource.service';
import { vendorKpiFigures } from '../reports/vendor-kpi';

/**
 * Vendors proposed for an outsourced order (issue 35), ranked by capacity and KPI, each with its reasons.
 *
 * - The order is read as the list reads it (the caller's company, the outsourced orders' read right and
 *   data permissions): another company's order is a 404. Its window is its order date (today when
 *   none) to its delivery date (thirty days on when none), its pieces its total quantity.
 * - Candidates: the company's active vendors of type `process` (外发加工厂), those that took an
 *   outsourced order of the same process before (not cancelled), and the order's current vendor.
 * - Capacity in the window: each declared capacity row (vendor capacity, monthly or weekly) counts for
 *   the share of its month or week that falls in the window. Load: the pieces still to come back
 *   (ordered - received) of the vendor's other outsourced orders that are submitted, accepted,
 *   dispatched or partly received, spread evenly over their own window, for the share in ours.
 *   Free = capacity - load; it fits when free >= the order's pieces.
 * - KPI over the last twelve months: the vendor KPI's on-time purchase orders and inspections
 *   (services/reports/vendor-kpi.ts) plus its outsourced orders due in that time (received by the
 *   delivery date, by the first receipt in the audit); score = the mean of the on-time rate and the
 *   pass rate that exist, x 100.
 * - Ranking: vendors whose free capacity fits, then those that declared no capacity in the window (it
 *   is unknown), then those short of it; within each, higher score first (none last), then more free
 *   capacity, then code.
 */
type Row = Record<string, unknown>;
const DAY = 86_400_000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const dayNo = (d: string) => Math.floor(Date.parse(`${d.slice(0, 10)}T00:00:00Z`) / DAY);
/** Days two inclusive ranges share. */
const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0) + 1);

/** A capacity row's span in day numbers: its month, or its ISO week ('YYYY-Www'). */
function capacitySpan(cycleType: string, cycle: string, week: string | null): [number, number] | null {
  const w = week ? /^(\d{4})-W(\d{2})$/.exec(week) : null;
  if (cycleType === 'week' && w) {
    const jan4 = Date.UTC(Number(w[1]), 0, 4);
    const monday = jan4 / DAY - ((new Date(jan4).getUTCDay() + 6) % 7) + (Number(w[2]) - 1) * 7;
    return [monday, monday + 6];
  }
  const m = /^(\d{4})-(\d{2})$/.exec(cycle);
  if (!m) return null;
  const first = Date.UTC(Number(m[1]), Number(m[2]) - 1, 1) / DAY;
  const last = Date.UTC(Number(m[1]), Number(m[2]), 0) / DAY;
  return [first, last];
}

const rate = (a: number, b: number) => (b > 0 ? a / b : null);
const pct = (r: number) => Math.round(r * 100);

export async function vendorProposals(ctx: ResourceContext, idRaw: unknown): Promise<VendorProposalReply> {
  const order = await viewDocument(ctx, outsourceOrder, idRaw);
  const clientId = Number(ctx.auth!.clientId);
  return withTenant(ctx.db, clientId, (tx) => propose(tx, clientId, order));
}

type Window = { from: string; to: string; w0: number; w1: number };
type Tx = { tx: Db; clientId: number };

/** The order's window: its order date (today when none) to its delivery date (thirty days on when none). */
function windowOf(order: Row, today: string): Window {
  const from = String(order.order_date ?? today).slice(0, 10);
  const to = order.delivery_date ? String(order.delivery_date).slice(0, 10) : iso(new Date(Date.parse(`${from}T00:00:00Z`) + 30 * DAY));
  return { from, to, w0: dayNo(from), w1: Math.max(dayNo(from), dayNo(to)) };
}

/** The candidates: active process vendors, vendors that took this process before, and the current vendor. */
async function candidates({ tx, clientId }: Tx, order: Row, processId: number): Promise<Row[]> {
  return (await sql<Row>`select v.id, v.code, v.name, v.vendor_type, v.platform_client_code,
      (select count(*)::int from scm_outsource_order o where o.client_id = v.client_id and o.vendor_id = v.id and o.process_id = ${processId} and o.status <> 'cancelled' and o.id <> ${Number(order.id)}) as same_process
    from md_vendor v where v.client_id = ${clientId} and v.status = 'active' and (v.vendor_type = 'process' or v.id = ${Number(order.vendor_id ?? 0)}
      or exists (select 1 from scm_outsource_order o where o.client_id = v.client_id and o.vendor_id = v.id and o.process_id = ${processId} and o.status <> 'cancelled'))
    order by v.code`.execute(tx)).rows;
}

/** Declared capacity in the window per vendor: each row counts for the share of its month or week inside it. */
async function capacityIn({ tx, clientId }: Tx, ids: number[], win: Window): Promise<Map<number, number>> {
  const capacity = new Map<number, number>();
  const caps = (await sql<{ vendor_id: number; cycle_type: string; cycle: string; week: string | null; capacity: number }>`select vendor_id, cycle_type, cycle, week, capacity::float8 as capacity
    from scm_vendor_capacity where client_id = ${clientId} and vendor_id in (${sql.join(ids)})`.execute(tx)).rows;
  for (const c of caps) {
    const span = capacitySpan(c.cycle_type, c.cycle, c.week);
    if (!span) continue;
    const share = overlap(win.w0, win.w1, span[0], span[1]) / (span[1] - span[0] + 1);
    if (share > 0) capacity.set(Number(c.vendor_id), (capacity.get(Number(c.vendor_id)) ?? 0) + Number(c.capacity) * share);
  }
  return capacity;
}

/** Pieces still to come back from each vendor's other open orders, spread over their windows, for the share in ours. */
async function loadIn({ tx, clientId }: Tx, ids: number[], orderId: number, win: Window, today: string): Promise<Map<number, number>> {
  const load = new Map<number, number>();
  const open = (await sql<{ vendor_id: number; order_date: string | null; delivery_date: string | null; left: number }>`select vendor_id, order_date, delivery_date,
      greatest(coalesce(total_qty, 0) - coalesce(received_qty, 0), 0)::float8 as left
    from scm_outsource_order where client_id = ${clientId} and vendor_id in (${sql.join(ids)}) and id <> ${orderId}
      and status in ('submitted', 'accepted', 'dispatched', 'part_received')`.execute(tx)).rows;
  for (const o of open) {
    const a = dayNo(String(o.order_date ?? o.delivery_date ?? today));
    const b = Math.max(a, dayNo(String(o.delivery_date ?? o.order_date ?? today)));
    load.set(Number(o.vendor_id), (load.get(Number(o.vendor_id)) ?? 0) + (Number(o.left) * overlap(win.w0, win.w1, a, b)) / (b - a + 1));
  }
  return load;
}

/** Outsourced orders due in the KPI period per vendor, and those received by their delivery date (first receipt in the audit). */
async function outsourcedOnTime({ tx, clientId }: Tx, ids: number[], kpiFrom: string, today: string): Promise<Map<number, { due: number; on_time: number }>> {
  const rows = (await sql<{ vendor_id: number; due: number; on_time: number }>`
    with o as (select id, vendor_id, delivery_date, status, updated_at from scm_outsource_order
      where client_id = ${clientId} and vendor_id in (${sql.join(ids)}) and status not in ('draft', 'rejected', 'cancelled')
        and delivery_date between ${kpiFrom}::date and ${today}::date and (status = 'received' or delivery_date < current_date))
    select vendor_id, count(*)::int as due, sum((status = 'received' and coalesce((select min(a.at) from audit_log a where a.client_id = ${clientId}
      and a.entity = 'outsourceorder' and a.record_id = o.id and a.action in ('receive', 'receive_part')), updated_at)::date <= delivery_date)::int)::int as on_time
    from o group by vendor_id`.execute(tx)).rows;
  return new Map(rows.map((r) => [Number(r.vendor_id), { due: Number(r.due), on_time: Number(r.on_time) }]));
}

type Figures = { capacity: number | null; load: number; due: number; onTimeDone: number; passed: number; inspected: number };

/** One candidate's proposal (rank set later) with its reasons. */
function proposalOf(v: Row, f: Figures, ctx: { qty: number; process: string; win: Window; currentVendor: number }): VendorProposal {
  const id = Number(v.id);
  const free = f.capacity === null ? null : f.capacity - f.load;
  const onTime = rate(f.onTimeDone, f.due);
  const pass = rate(f.passed, f.inspected);
  const parts = [onTime, pass].filter((x): x is number => x !== null);
  const score = parts.length ? Math.round((parts.reduce((a, b) => a + b, 0) / parts.length) * 100) : null;
  const reasons: ProposalReason[] = [];
  if (free === null) reasons.push({ key: 'os.proposal.noCapacity', params: { from: ctx.win.from, to: ctx.win.to } });
  else reasons.push({ key: free >= ctx.qty ? 'os.proposal.fits' : 'os.proposal.short', params: { free, qty: ctx.qty, capacity: f.capacity!, load: f.load } });
  if (onTime !== null) reasons.push({ key: 'os.proposal.onTime', params: { rate: pct(onTime), n: f.due } });
  if (pass !== null) reasons.push({ key: 'os.proposal.quality', params: { rate: pct(pass), n: f.inspected } });
  if (score === null) reasons.push({ key: 'os.proposal.noHistory' });
  if (Number(v.same_process) > 0) reasons.push({ key: 'os.proposal.sameProcess', params: { n: Number(v.same_process), process: ctx.process } });
  if (!v.platform_client_code) reasons.push({ key: 'os.proposal.manual' });
  const current = id === ctx.currentVendor;
  if (current) reasons.push({ key: 'os.proposal.current' });
  return {
    rank: 0, vendor_id: id, code: String(v.code), name: String(v.name), vendor_type: (v.vendor_type as string | null) ?? null, on_platform: Boolean(v.platform_client_code),
    capacity: f.capacity, load: f.load, free, fits: free === null ? null : free >= ctx.qty, score, on_time_rate: onTime, pass_rate: pass, same_process: Number(v.same_process), current, reasons,
  };
}

async function propose(tx: Db, clientId: number, order: Row): Promise<VendorProposalReply> {
  const today = iso(new Date());
  const win = windowOf(order, today);
  const qty = Number(order.total_qty ?? 0);
  const processId = Number(order.process_id);
  const t: Tx = { tx, clientId };
  const process = (await sql<{ name: string }>`select name from md_process where id = ${processId} and client_id = ${clientId}`.execute(tx)).rows[0]?.name ?? '';
  const vendors = await candidates(t, order, processId);
  const ids = vendors.map((v) => Number(v.id));
  const kpiFrom = iso(new Date(Date.now() - 365 * DAY));
  const reply: VendorProposalReply = {
    order: { id: Number(order.id), os_no: String(order.os_no ?? ''), process, qty, from: win.from, to: win.to, vendor_id: order.vendor_id ? Number(order.vendor_id) : null },
    kpi_period: { from: kpiFrom, to: today }, rows: [],
  };
  if (!ids.length) return reply;
  const capacity = await capacityIn(t, ids, win);
  const load = await loadIn(t, ids, Number(order.id), win, today);
  const kpi = await vendorKpiFigures(tx, clientId, ids, { from: kpiFrom, to: today });
  const os = await outsourcedOnTime(t, ids, kpiFrom, today);
  const ctx = { qty, process, win, currentVendor: Number(order.vendor_id ?? 0) };
  const rows = vendors.map((v) => {
    const id = Number(v.id);
    const f = kpi.get(id)!;
    const o = os.get(id) ?? { due: 0, on_time: 0 };
    const cap = capacity.has(id) ? Math.round(capacity.get(id)!) : null;
    return proposalOf(v, { capacity: cap, load: Math.round(load.get(id) ?? 0), due: f.due + o.due, onTimeDone: f.on_time + o.on_time, passed: f.passed, inspected: f.inspected }, ctx);
  });
  const klass = (r: VendorProposal) => (r.fits === true ? 0 : r.fits === null ? 1 : 2);
  rows.sort((a, b) => klass(a) - klass(b) || (b.score ?? -1) - (a.score ?? -1) || (b.free ?? 0) - (a.free ?? 0) || a.code.localeCompare(b.code));
  rows.forEach((r, i) => (r.rank = i + 1));
  return { ...reply, rows };
}
