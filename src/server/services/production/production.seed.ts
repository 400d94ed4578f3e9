import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { updateRecords } from '../../resources/record-writer';
import { withTenant } from '../../kernel/rls';
import { generateBundles, recordScan } from './production.scans';
import { companyRouting, generateWorkOrders, rollUpProgress } from './production.workorders';

/**
 * Demo of production execution (issue 12), for MAKER01 after its demo season of plans: a routing for
 * the plant of its lines when it has none (cutting, sewing, printing and embroidery outsourced,
 * finishing, packing), work orders for ten scheduled plans (those already under way released with
 * the finished pieces of each process, the last one equal to the plan's done pieces the board shows),
 * and the bundles of two plans of customer orders not started yet (colour and size from the order's
 * colour x size lines), one of them half way through cutting by scans.
 * Idempotent: nothing when the company has work orders.
 */
type Row = Record<string, unknown>;

const ROUTING = [
  { code: 'R10', name: '裁剪', sequence: 10, process_type: 'cutting', force_in_scan: true, estimated_rate: 0.35 },
  { code: 'R20', name: '印花', sequence: 20, process_type: 'printing', is_vendor: true, estimated_rate: 1.2 },
  { code: 'R25', name: '绣花', sequence: 25, process_type: 'embroidery', is_vendor: true, estimated_rate: 1.5 },
  { code: 'R30', name: '缝制', sequence: 30, process_type: 'sewing', force_in_scan: true, force_out_scan: true, estimated_rate: 4.5 },
  { code: 'R50', name: '后整', sequence: 50, process_type: 'finishing', force_out_scan: true, estimated_rate: 0.8 },
  { code: 'R60', name: '包装', sequence: 60, process_type: 'packing', estimated_rate: 0.4 },
];

async function release(w: WriteContext, planIds: number[]): Promise<void> {
  if (!planIds.length) return;
  await updateRecords(w, 'workorder', { where: sql`t.plan_id = any(${sql.val(planIds)}::bigint[]) and t.status = 'draft'` }, { status: 'released', released_at: sql`now()` }, { audit: 'release' });
}

export async function seedProductionDemo(w: WriteContext): Promise<void> {
  const tx = w.tx;
  const clientId = w.actor.clientId;
  const has = await sql<{ n: number }>`select count(*)::int as n from scm_workorder where client_id = ${clientId}`.execute(tx);
  if (has.rows[0].n > 0) return;
  // The plant of the lines the plans are on.
  const plant = (await sql<Row>`select l.plant_id from scm_prodplan_bar b join md_workline l on l.client_id = b.client_id and l.id = b.line_id
    where b.client_id = ${clientId} and b.scenario_id is null and l.plant_id is not null limit 1`.execute(tx)).rows[0];
  const plantId = plant ? Number(plant.plant_id) : null;
  const routing = (await companyRouting(tx, clientId)).filter((p) => (plantId === null ? p.plant_id === null : p.plant_id === plantId));
  if (!routing.length)
    for (const p of ROUTING) await writeDocument(w, requireEntity('process'), { body: { plant_id: plantId, is_vendor: false, force_in_scan: false, force_out_scan: false, ...p } });

  const plans = (await sql<Row>`select p.id, p.qty, p.done_qty, jsonb_array_length(coalesce(p.matrix, '[]'::jsonb)) as cells from scm_prodplan p
    where p.client_id = ${clientId} and p.status = 'scheduled'
      and exists (select 1 from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null)
    order by (select min(b.start_date) from scm_prodplan_bar b where b.client_id = p.client_id and b.plan_id = p.id and b.scenario_id is null), p.id limit 40`.execute(tx)).rows;
  const started = plans.filter((p) => Number(p.done_qty) > 0).slice(0, 6);
  // The two that get bundles are plans of customer orders: a bundle is cut from one colour and size of
  // the order's colour x size lines (the plan's matrix), so its ticket and scans name them.
  const notStarted = plans.filter((p) => !(Number(p.done_qty) > 0));
  const ofOrders = notStarted.filter((p) => Number(p.cells) > 0).slice(0, 2);
  const fresh = [...ofOrders, ...notStarted.filter((p) => !ofOrders.includes(p))].slice(0, 4);
  const ids = [...started, ...fresh].map((p) => Number(p.id));
  if (!ids.length) return;
  await generateWorkOrders(tx, w.actor, ids);
  // Plans under way: released, each process a little ahead of the next, the last at the plan's done pieces.
  await release(w, [...started.map((p) => Number(p.id)), ...fresh.slice(0, 2).map((p) => Number(p.id))]);
  for (const p of started) {
    const qty = Number(p.qty);
    const done = Number(p.done_qty);
    const wos = (await sql<Row>`select id, done_qty from scm_workorder where client_id = ${clientId} and plan_id = ${p.id} order by sequence desc, id desc`.execute(tx)).rows;
    for (const [k, wo] of wos.entries()) {
      const d = Math.min(qty, Math.round(done + ((qty - done) * k) / (wos.length + 1)));
      await updateRecords(w, 'workorder', [Number(wo.id)], { done_qty: d, status: d >= qty ? 'finished' : 'released', finished_at: d >= qty ? sql`now()` : null }, { audit: 'report' });
    }
  }
  await rollUpProgress(tx, w.actor, started.map((p) => Number(p.id)));
  // Two released plans not started: their bundles, the first half way through cutting by scans.
  for (const [i, p] of fresh.slice(0, 2).entries()) {
    const size = Math.max(20, Math.ceil(Number(p.qty) / 30));
    await generateBundles(tx, w.actor, Number(p.id), size);
    if (i > 0) continue;
    const first = (await sql<Row>`select w.process_id from scm_workorder w where w.client_id = ${clientId} and w.plan_id = ${p.id} order by w.sequence, w.id limit 1`.execute(tx)).rows[0];
    const bundles = (await sql<Row>`select bundle_no from scm_wo_bundle where client_id = ${clientId} and plan_id = ${p.id} order by seq limit 6`.execute(tx)).rows;
    for (const [k, b] of bundles.entries()) {
      await recordScan(tx, w.actor, { barcode: String(b.bundle_no), process_id: Number(first.process_id), direction: 'in' });
      if (k < 4) await recordScan(tx, w.actor, { barcode: String(b.bundle_no), process_id: Number(first.process_id), direction: 'out' });
    }
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const admin = users.maker;
  if (!maker || !admin) return;
  const actor = { clientId: maker, userId: admin, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  await withTenant(db, maker, (tx) => seedProductionDemo(writeContext(tx, actor, 'seed')));
  // After the demo season of plans (an exchange seeder too, registered after planning's: index.ts imports it first).
}, { exchange: true });
