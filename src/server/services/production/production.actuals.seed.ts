import { sql } from 'kysely';
import { barPieces, dayNumber, dayString } from '../../../../calendars/capacity';
import { prng } from '../../../../fixtures/generators/schedule-problem';
import { registerSeeder } from '../../db/seed';
import { withTenant } from '../../kernel/rls';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { insertRecords, updateRecords } from '../../resources/record-writer';
import { companyCalendar } from '../planning/planning.service';
import { generateBundles } from './production.scans';
import { rollUpProgress } from './production.workorders';
import type { PlanMatrixCell } from '../../../model/entities/prodplan.entity';

/**
 * Demo of plan against actual (issue 31), for MAKER01 after its work orders: each plan under way
 * (released sewing work order, live bars started before today, no bundle yet) is cut into bundles, and
 * bundles are scanned in and out of cutting and sewing on each past working day of its bars, about as
 * many pieces as the bars planned that day x a rate of its own (70 % to 120 % of the plan, a slower first
 * day, day-to-day noise), never all of the plan. The sewing work order's finished pieces become the
 * pieces scanned, the later processes at most that, and the plan's progress is rolled up again; so the
 * board shows actual against planned, some plans ahead and some behind with a forecast end of their own.
 * Idempotent: nothing when the company has a scan out of a sewing work order.
 */
type Row = Record<string, unknown>;

type Day = { date: string; pieces: number };

/** The pieces to scan out per past day: planned x the plan's own rate x noise, a slower first day, below the quantity. */
function scanPlan(planned: Day[], qty: number, seed: number): Day[] {
  const rnd = prng(seed);
  const rate = 0.7 + 0.5 * rnd();
  let made = 0;
  return planned.map((d, i) => {
    const want = Math.round(d.pieces * rate * (0.85 + 0.25 * rnd()) * (i === 0 ? 0.6 : 1));
    const pieces = Math.max(0, Math.min(want, qty - 1 - made));
    made += pieces;
    return { date: d.date, pieces };
  });
}

async function seedPlanScans(w: WriteContext, plan: Row, today: string): Promise<void> {
  const { tx } = w;
  const clientId = w.actor.clientId;
  const planId = Number(plan.id);
  const cal = await companyCalendar(tx, clientId, Number(today.slice(0, 4)));
  const bars = (await sql<Row>`select to_char(start_date, 'YYYY-MM-DD') as s, to_char(end_date, 'YYYY-MM-DD') as e, qty, daily from scm_prodplan_bar
    where client_id = ${clientId} and plan_id = ${planId} and scenario_id is null order by start_date, id`.execute(tx)).rows;
  const perDay = new Map<number, number>();
  for (const b of bars) {
    const s = String(b.s);
    barPieces(Number(b.qty), Array.isArray(b.daily) ? (b.daily as unknown[]) : null, cal, s, String(b.e)).forEach((q, i) => perDay.set(dayNumber(s) + i, (perDay.get(dayNumber(s) + i) ?? 0) + q));
  }
  const past = [...perDay].filter(([d, q]) => d < dayNumber(today) && q > 0).sort((a, b) => a[0] - b[0]).map(([d, q]) => ({ date: dayString(d), pieces: q }));
  if (!past.length) return;
  // Bundles are cut from the plan's colour x size cells; the season's generated plans carry none.
  if (!Array.isArray(plan.matrix) || !plan.matrix.length) await updateRecords(w, 'prodplan', [planId], { matrix: demoMatrix(Number(plan.qty), plan.style_no ? String(plan.style_no) : undefined) }, { audit: 'seed' });
  await generateBundles(tx, w.actor, planId, Math.max(10, Math.ceil(Number(plan.qty) / 40)));
  const bundles = (await sql<Row>`select id, qty, style_no from scm_wo_bundle where client_id = ${clientId} and plan_id = ${planId} order by seq`.execute(tx)).rows;
  const wos = (await sql<Row>`select id, process_id, process_type, done_qty, sequence, line_id, style_no from scm_workorder where client_id = ${clientId} and plan_id = ${planId} order by sequence`.execute(tx)).rows;
  const cutting = wos.find((x) => x.process_type === 'cutting');
  const sewing = wos.find((x) => x.process_type === 'sewing')!;
  const rows: Record<string, unknown>[] = [];
  const scannedIds: number[] = [];
  let next = 0;
  let target = 0;
  let scanned = 0;
  for (const day of scanPlan(past, Number(plan.qty), planId)) {
    target += day.pieces;
    // Whole bundles out of sewing until the day's running total is reached.
    for (let k = 0; next < bundles.length && scanned + Number(bundles[next].qty) <= target; k++, next++) {
      const b = bundles[next];
      const at = (h: number) => `${day.date}T${String(h).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}:00Z`;
      const base = { bundle_id: Number(b.id), plan_id: planId, qty: Number(b.qty), scanned_by: w.actor.fullname };
      // The line and style as the scan route keeps them (the production output report's groupings).
      const of = (wo: Row) => ({ ...base, workorder_id: Number(wo.id), process_id: Number(wo.process_id), line_id: wo.line_id ?? null, style_no: b.style_no ?? wo.style_no ?? null });
      if (cutting) rows.push({ ...of(cutting), direction: 'in', scanned_at: at(1) }, { ...of(cutting), direction: 'out', scanned_at: at(2) });
      rows.push({ ...of(sewing), direction: 'in', scanned_at: at(3) }, { ...of(sewing), direction: 'out', scanned_at: at(9) });
      scanned += Number(b.qty);
      scannedIds.push(Number(b.id));
    }
  }
  if (!rows.length) return;
  for (let i = 0; i < rows.length; i += 1000) await insertRecords(w, 'wo_scan', rows.slice(i, i + 1000));
  await updateRecords(w, 'wo_bundle', scannedIds, { last_process_id: Number(sewing.process_id), last_direction: 'out' }, { audit: 'scan' });
  // Sewing finished what was scanned; the processes after it at most that; cutting at least that.
  for (const wo of wos) {
    const seq = Number(wo.sequence);
    const done = Number(wo.done_qty);
    const d = wo.id === sewing.id ? scanned : seq > Number(sewing.sequence) ? Math.min(done, scanned) : Math.max(done, scanned);
    if (d !== done) await updateRecords(w, 'workorder', [Number(wo.id)], { done_qty: d }, { audit: 'scan' });
  }
  await rollUpProgress(tx, w.actor, [planId]);
}

/**
 * A generated plan's colour x size cells: two colours, the sizes in the trade's common 1:2:2:1
 * ratio (S M L XL), the pieces laid so that the cells add up to the plan's quantity exactly.
 */
export function demoMatrix(qty: number, styleNo?: string): PlanMatrixCell[] {
  const cells = ['藏青', '黑色'].flatMap((colour) => [['S', 1], ['M', 2], ['L', 2], ['XL', 1]].map(([size, w]) => ({ colour, size: String(size), w: Number(w) })));
  const total = cells.reduce((a, c) => a + c.w, 0);
  let left = qty;
  return cells.map((c, i) => {
    const q = i === cells.length - 1 ? left : Math.floor((qty * c.w) / total);
    left -= q;
    return { ...(styleNo ? { style_no: styleNo } : {}), colour: c.colour, size: c.size, qty: q };
  });
}

export async function seedActualsDemo(w: WriteContext, today = new Date().toISOString().slice(0, 10)): Promise<void> {
  const clientId = w.actor.clientId;
  const has = await sql<Row>`select 1 from scm_wo_scan s join scm_workorder o on o.client_id = s.client_id and o.id = s.workorder_id
    where s.client_id = ${clientId} and s.direction = 'out' and o.process_type = 'sewing' limit 1`.execute(w.tx);
  if (has.rows.length) return;
  const plans = (await sql<Row>`select p.id, p.qty, p.style_no, p.matrix from scm_prodplan p
    where p.client_id = ${clientId}
      and exists (select 1 from scm_workorder o where o.client_id = p.client_id and o.plan_id = p.id and o.process_type = 'sewing' and o.status = 'released')
      and not exists (select 1 from scm_wo_bundle b where b.client_id = p.client_id and b.plan_id = p.id)
      and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null and b.start_date < ${today}::date)
    order by p.id`.execute(w.tx)).rows;
  for (const p of plans) await seedPlanScans(w, p, today);
}

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const admin = users.maker;
  if (!maker || !admin) return;
  const actor = { clientId: maker, userId: admin, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  await withTenant(db, maker, (tx) => seedActualsDemo(writeContext(tx, actor, 'seed')));
}, { exchange: true });

