import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { addDays, dayNumber, weekdayOf } from '../../../../calendars/capacity';
import { autoSchedule, type SchedBar } from '../../../../calendars/auto-schedule';
import { scheduleProblem, SCHEDULE_GROUPS, type ScheduleProblem } from '../../../../fixtures/generators/schedule-problem';
import { registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { withTenant } from '../../kernel/rls';
import { companyCalendar } from './planning.service';

/**
 * Demo season of the maker (issue 11): a cycle calendar for this year when it has none, four sewing
 * workshops of three lines each (12 lines, each making the categories of its group), 60 production
 * plans from the seeded schedule-problem generator starting two weeks ago, and their live bars placed
 * by the auto-scheduler, a few locked; plans already under way report finished pieces. Everything
 * through the document writer as the maker's administrator. The first plans are the demo season's
 * orders the maker accepted (linked, with their matrix). Idempotent: nothing when plans exist.
 */
type Row = Record<string, unknown>;
const WORKSHOP_NAMES: Record<string, string> = { KNIT: '针织车间', WOVEN: '梭织车间', DENIM: '牛仔车间', OUTER: '外套运动车间' };

export async function seedPlanningDemo(w: WriteContext, today = new Date()): Promise<void> {
  const clientId = w.actor.clientId;
  const has = await sql<{ n: number }>`select count(*)::int as n from scm_prodplan where client_id = ${clientId}`.execute(w.tx);
  if (has.rows[0].n > 0) return;
  const t = today.toISOString().slice(0, 10);
  const monday = addDays(t, 1 - weekdayOf(dayNumber(t)));
  const from = addDays(monday, -14);
  const year = Number(t.slice(0, 4));
  await ensureCycleCalendar(w, year);

  const problem = scheduleProblem({ plans: 60, lines: 12, days: 120, from, seed: 2026, load: 0.85, holidays: [] });
  const lineId = await seedWorkshopsAndLines(w, problem);
  const { plans, orderOf } = await withAcceptedOrders(w, problem.plans);
  // Laid on the company's own calendar (its holidays and overtime days, whichever seeder wrote them first).
  const companyCal = await companyCalendar(w.tx, clientId, year);
  // The single pass only: the improvement step is bounded by the clock, and a seed must be the same on every machine.
  const result = autoSchedule({ ...problem, lines: problem.lines.map((l) => ({ ...l, calendar: companyCal })), plans: plans.map((p) => ({ ...p, minutes_per_piece: samOf(p.category) })), options: { ...problem.options, improve: false } });
  await writePlansAndBars(w, { plans, orderOf, bars: result.bars, lineId, today: t });
}

/** A cycle calendar for the year when the company has none. */
async function ensureCycleCalendar(w: WriteContext, year: number): Promise<void> {
  const cal = await sql<{ n: number }>`select count(*)::int as n from scm_cycle_calendar where client_id = ${w.actor.clientId} and year = ${year}`.execute(w.tx);
  if (cal.rows[0].n === 0)
    await writeDocument(w, requireEntity('cyclecalendar'), { body: { name: `${year} 生产日历`, cycle_type: 'month', year, am_start: '08:00:00', am_end: '12:00:00', pm_start: '13:00:00', pm_end: '17:30:00', work_weekdays: '1,2,3,4,5,6' } });
}

/** The plant (the first, or a new one), a sewing workshop per group and the problem's lines; returns the problem's line id to the stored one. */
async function seedWorkshopsAndLines(w: WriteContext, problem: ScheduleProblem): Promise<Map<number, number>> {
  const clientId = w.actor.clientId;
  const plant = (await sql<{ id: number }>`select id from md_plant where client_id = ${clientId} order by id limit 1`.execute(w.tx)).rows[0];
  const plantId = plant ? Number(plant.id) : await writeDocument(w, requireEntity('plant'), { body: { code: 'P01', name: '一厂' } });
  const workshopId: Record<string, number> = {};
  for (const [i, g] of SCHEDULE_GROUPS.entries()) {
    const code = `WS-${g.code}`;
    const found = await sql<{ id: number }>`select id from md_workshop where client_id = ${clientId} and code = ${code}`.execute(w.tx);
    workshopId[g.code] = found.rows.length
      ? Number(found.rows[0].id)
      : await writeDocument(w, requireEntity('workshop'), { body: { code, name: WORKSHOP_NAMES[g.code] ?? g.code, plant_id: plantId, process_type: 'sewing', manager: ['孙主任', '周主任', '吴主任', '郑主任'][i] } });
  }
  const lineId = new Map<number, number>();
  for (const [i, l] of problem.lines.entries()) {
    const meta = problem.lineMeta[i];
    const code = `S${meta.group.slice(0, 1)}${String(i + 1).padStart(2, '0')}`;
    const found = await sql<{ id: number }>`select id from md_workline where client_id = ${clientId} and code = ${code}`.execute(w.tx);
    lineId.set(
      l.id,
      found.rows.length
        ? Number(found.rows[0].id)
        : await writeDocument(w, requireEntity('workline'), {
            body: { code, name: `${WORKSHOP_NAMES[meta.group] ?? meta.group}${Math.floor(i / 4) + 1}线`, workshop_id: workshopId[meta.group], plant_id: plantId, operators: l.operators, work_minutes: 510, efficiency: Math.round(l.efficiency * 100), categories: [...l.categories] },
          }),
    );
  }
  return lineId;
}

/** Each plan's minutes per piece is its category's standard minutes. */
function samOf(category: string): number {
  for (const g of SCHEDULE_GROUPS) {
    const k = g.categories.indexOf(category);
    if (k >= 0) return g.sam[k];
  }
  return 20;
}

type DemoPlan = ScheduleProblem['plans'][number];

/**
 * The demo season's orders the maker accepted (orders.seed.ts, run before this) but the last become
 * the first plans: their style, category, quantity and delivery date, linked to the order (the save hook
 * fills the colour x size matrix). The generator's plans fill the rest of the season.
 */
async function withAcceptedOrders(w: WriteContext, generated: readonly DemoPlan[]): Promise<{ plans: DemoPlan[]; orderOf: Map<number, number> }> {
  const accepted = await sql<Row>`select o.id, o.category, o.total_qty, o.delivery_date,
      (select e.style_no from scm_customer_order_entry e where e.client_id = o.client_id and e.order_id = o.id order by e.seq nulls last, e.id limit 1) as style_no
    from scm_customer_order o where o.client_id = ${w.actor.clientId} and o.status = 'in_progress' and coalesce(o.total_qty, 0) > 0 order by o.delivery_date nulls last, o.id`.execute(w.tx);
  const orderOf = new Map<number, number>();
  const plans = [...generated];
  // The accepted order due last stays unplanned: the planner's first plan from an order in the demo.
  accepted.rows.slice(0, Math.min(plans.length, accepted.rows.length - 1)).forEach((o, i) => {
    const p = plans[i];
    const delivery = o.delivery_date instanceof Date ? o.delivery_date.toISOString().slice(0, 10) : o.delivery_date ? String(o.delivery_date).slice(0, 10) : p.delivery_date;
    plans[i] = { ...p, category: String(o.category ?? p.category), style_no: String(o.style_no ?? p.style_no), qty: Number(o.total_qty), delivery_date: delivery };
    orderOf.set(p.id, Number(o.id));
  });
  return { plans, orderOf };
}

/** Writes each plan and its live bars (every ninth locked); a plan already under way reports its finished pieces. */
async function writePlansAndBars(w: WriteContext, input: { plans: DemoPlan[]; orderOf: Map<number, number>; bars: SchedBar[]; lineId: Map<number, number>; today: string }): Promise<void> {
  const { plans, orderOf, lineId, today: t } = input;
  const barsOf = new Map<number, SchedBar[]>();
  for (const b of input.bars) barsOf.set(b.plan_id, [...(barsOf.get(b.plan_id) ?? []), b]);
  const planEntity = requireEntity('prodplan');
  const barEntity = requireEntity('prodplan_bar');
  let n = 0;
  for (const p of plans) {
    const bars = barsOf.get(p.id) ?? [];
    const started = bars.length > 0 && bars[0].start < t;
    // Pieces finished so far: the pieces of the bar's days before today.
    const done = bars.reduce((a, b) => a + b.daily.reduce((s, q, i) => s + (addDays(b.start, i) < t ? q : 0), 0), 0);
    const planId = await writeDocument(w, planEntity, {
      body: {
        order_id: orderOf.get(p.id) ?? null,
        style_no: p.style_no,
        category: p.category,
        qty: p.qty,
        delivery_date: p.delivery_date,
        material_ready_date: p.material_ready,
        priority: p.priority,
        minutes_per_piece: samOf(p.category),
        status: bars.length ? 'scheduled' : 'draft',
        done_qty: started ? done : 0,
      },
    });
    for (const b of bars) {
      n++;
      await writeDocument(w, barEntity, {
        body: { plan_id: planId, scenario_id: null, line_id: lineId.get(b.line_id), start_date: b.start, end_date: b.end, qty: b.qty, minutes: b.qty * samOf(p.category), locked: n % 9 === 0, daily: b.daily },
      });
    }
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const admin = users.maker;
  if (!maker || !admin) return;
  const actor = { clientId: maker, userId: admin, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  await withTenant(db, maker, (tx) => seedPlanningDemo(writeContext(tx, actor, 'seed')));
  // After the demo season of orders (an exchange seeder too, registered first: planning/index.ts).
}, { exchange: true });
