import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { addDaysIso, daysBetween } from '../../../model/node-tracking';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { withTenant } from '../../kernel/rls';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { updateRecords } from '../../resources/record-writer';
import { runAction } from '../../resources/resource.service';
import { defaultRange, runCommand } from './planning.service';

/**
 * The maker's board shows a late plan for each kind of reason (issue 31, src/model/late-reasons.ts),
 * after the demo season, its holidays and the orders' recorded node dates:
 * - **material**: the fabric of the order due last is bought on a purchase order for that order whose
 *   delivery (ETA) falls after the plan had to start; the supplier confirmed it; the planner placed the
 *   plan from the ETA (a move that pushes the line's following plans later), so it ends after delivery;
 * - **node**: the trims of the order due next come late (their node planned after the plan had to
 *   start); the plan is placed after them;
 * - **lock**: a late plan of the generated season whose line is held by the plan before it, locked;
 * - **capacity**: the season's late plans on full lines, as the auto-scheduler left them.
 * Everything through the writer, the purchase order's actions and the board's own move command.
 * Idempotent: nothing when a purchase order names a customer order.
 */
type Row = Record<string, unknown>;
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

type LinkedBar = { plan_id: number; order_id: number; delivery: string; bar_id: number; version: number; line_id: number; start: string; end: string };

/** The live bar of each plan made for an accepted order, the order due last first. */
async function linkedBars(tx: Db, clientId: number): Promise<LinkedBar[]> {
  const r = await sql<Row>`select p.id as plan_id, p.order_id, p.delivery_date, b.id as bar_id, b.version, b.line_id, b.start_date, b.end_date
    from scm_prodplan p join scm_prodplan_bar b on b.plan_id = p.id and b.client_id = p.client_id and b.scenario_id is null
    join scm_customer_order o on o.id = p.order_id and o.client_id = p.client_id and o.status = 'in_progress'
    where p.client_id = ${clientId} and p.delivery_date is not null and b.locked is not true
      and (select count(*) from scm_prodplan_bar x where x.plan_id = p.id and x.client_id = p.client_id and x.scenario_id is null) = 1
    order by p.delivery_date desc, p.id`.execute(tx);
  return r.rows.map((b) => ({ plan_id: Number(b.plan_id), order_id: Number(b.order_id), delivery: day(b.delivery_date), bar_id: Number(b.bar_id), version: Number(b.version), line_id: Number(b.line_id), start: day(b.start_date), end: day(b.end_date) }));
}

/** The day a plan is placed from so it ends after its delivery: half its length before the delivery date. */
const lateStart = (b: LinkedBar) => addDaysIso(b.delivery, -Math.floor(daysBetween(b.start, b.end) / 2));

/** The board's move of a bar to a day, pushing the line's following plans later (as the planner's "move and push"). */
async function placeFrom(w: WriteContext, b: LinkedBar, start: string): Promise<void> {
  const version = Number((await sql<{ version: number }>`select version from scm_prodplan_bar where id = ${b.bar_id} and client_id = ${w.actor.clientId}`.execute(w.tx)).rows[0].version);
  await runCommand(w, { op: 'move', bar_id: b.bar_id, version, line_id: b.line_id, start, push: true }, [], defaultRange());
}

/** Writes the fabric purchase order of the order due last (ETA after the plan had to start); returns it and the bar. */
async function fabricOrder(w: WriteContext, b: LinkedBar): Promise<number | null> {
  const c = w.actor.clientId;
  const one = async (q: ReturnType<typeof sql<Row>>) => (await q.execute(w.tx)).rows[0];
  const vendor = await one(sql<Row>`select id from md_vendor where client_id = ${c} and code = 'VD001'`);
  const fabric = await one(sql<Row>`select id from md_material where client_id = ${c} and code = 'MD0001'`);
  const contract = await one(sql<Row>`select id from pur_contract where client_id = ${c} and vendor_id = ${vendor?.id ?? 0} and status = 'active' order by id limit 1`);
  if (!vendor || !fabric) return null;
  return writeDocument(w, requireEntity('purorder'), {
    body: { order_kind: 'material', vendor_id: vendor.id, contract_id: contract?.id ?? null, customer_order_id: b.order_id, pay_type: 'NET60', delivery_date: lateStart(b), remark: '订单面料：供应商交期晚于计划开工', lines: [{ material_id: fabric.id, unit: 'KG', qty: 900, seq: 1 }] },
  });
}

/** The order's trims node comes late: planned to end after the plan had to start; the plan placed after it. */
async function lateTrims(w: WriteContext, b: LinkedBar): Promise<void> {
  const node = (await sql<Row>`select node_code, plan_days from scm_order_node where client_id = ${w.actor.clientId} and order_id = ${b.order_id} and actual_date is null
    and node_code in ('TRIM_IN', 'FAB_IN') order by (node_code = 'TRIM_IN') desc limit 1`.execute(w.tx)).rows[0];
  if (!node) return;
  const end = lateStart(b);
  await updateRecords(w, 'ordernode', { where: sql`t.order_id = ${b.order_id} and t.node_code = ${String(node.node_code)}` }, { plan_date: end, plan_start: addDaysIso(end, -Number(node.plan_days ?? 0)) }, { audit: 'replan' });
  await placeFrom(w, b, addDaysIso(end, 1));
}

/** A late bar of the season whose line is held by the bar before it: that bar locked. */
async function lockBefore(w: WriteContext): Promise<void> {
  const c = w.actor.clientId;
  const r = await sql<Row>`select prev.id, prev.version, prev.locked from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
    join lateral (select x.id, x.version, x.locked, x.end_date from scm_prodplan_bar x where x.client_id = t.client_id and x.scenario_id is null and x.line_id = t.line_id
      and x.start_date < t.start_date and x.id <> t.id order by x.end_date desc, x.id limit 1) prev on true
    where t.client_id = ${c} and t.scenario_id is null and p.order_id is null and p.delivery_date is not null and t.end_date > p.delivery_date
      and prev.end_date >= p.delivery_date - (t.end_date - t.start_date) and prev.end_date < t.end_date
    order by prev.locked desc, t.start_date, t.id limit 1`.execute(w.tx);
  const prev = r.rows[0];
  if (prev && prev.locked !== true) await writeDocument(w, requireEntity('prodplan_bar'), { id: Number(prev.id), version: Number(prev.version), body: { locked: true } });
}

const authOf = (clientId: number, userId: number, username: string): AuthContext => ({
  userId, username, fullname: username, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const admin = users.maker;
  if (!maker || !admin) return;
  const actor = { clientId: maker, userId: admin, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  const w = (tx: Db) => writeContext(tx, actor, 'seed');
  const step = await withTenant(db, maker, async (tx) => {
    if ((await sql<{ n: number }>`select count(*)::int as n from pur_order where client_id = ${maker} and customer_order_id is not null`.execute(tx)).rows[0].n > 0) return null;
    const [material, node] = await linkedBars(tx, maker);
    if (!material) return null;
    const po = await fabricOrder(w(tx), material);
    return { material, node, po };
  });
  if (!step) return;
  // The supplier confirms the fabric order (sent and answered as users do).
  if (step.po && tenants.SUPP01 && users.supplier) {
    await runAction({ db, auth: authOf(maker, admin, 'maker'), ip: null, language: 'zh-CN' }, requireEntity('purorder'), 'send', { id: step.po });
    const copy = await withTenant(db, maker, async (tx) => (await sql<{ target_id: number }>`select target_id from scm_order_share where client_id = ${maker} and source_entity = 'purorder' and source_id = ${step.po}`.execute(tx)).rows[0]?.target_id);
    if (copy) await runAction({ db, auth: authOf(tenants.SUPP01, users.supplier, 'supplier'), ip: null, language: 'zh-CN' }, requireEntity('supplierorder'), 'confirm', { id: Number(copy) });
  }
  await withTenant(db, maker, async (tx) => {
    await placeFrom(w(tx), step.material, lateStart(step.material));
    if (step.node) await lateTrims(w(tx), step.node);
    await lockBefore(w(tx));
  });
}, { exchange: true });
