import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';
import { recordSupplierActual, sendNodesToSupplier } from '../tracking/tracking.supplier';
import { todayIso } from '../tracking/tracking.service';

/**
 * Demo outsourced orders (issue 12): the demo maker outsources printing (P20) and washing (P40) of
 * its scheduled demo plans to vendor VD-OS01, which is the demo supplier's company on the platform
 * (SUPP01; the supplier confirmed MAKER01 as a customer in purchasing.seed.ts), and one order to the
 * printer VD004 that has not joined (tracked by hand). The orders reach their states through the real
 * actions: a draft, a locked draft, one waiting for the supplier, one accepted with progress, one
 * dispatched, one rejected and one tracked by hand. The same supplier company also receives the
 * fabric and trims nodes of the maker's two latest orders in progress (node tracking: a supplier
 * records its own nodes) and has recorded the trims of the first. Idempotent: nothing when the maker
 * has any outsourced order.
 */
const authOf = (clientId: number, userId: number, username: string): AuthContext => ({
  userId, username, fullname: username, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  const supplier = tenants.SUPP01;
  if (!maker || !supplier || !users.maker || !users.supplier) return;
  const plans = await withTenant(db, maker, async (tx) => {
    if ((await sql<{ n: number }>`select count(*)::int as n from scm_outsource_order where client_id = ${maker}`.execute(tx)).rows[0].n > 0) return null;
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${maker} and code = 'VD-OS01'`.execute(tx)).rows[0];
    if (!vendor) {
      const w = writeContext(tx, { clientId: maker, userId: users.maker, username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] }, 'seed');
      await writeDocument(w, requireEntity('vendor'), {
        body: { code: 'VD-OS01', name: '绍兴锦绣印染加工厂', short_name: '锦绣印染', vendor_type: 'process', grade: 'B', currency: 'CNY', contact_person: '张销售', platform_client_code: 'SUPP01' },
      });
    }
    // Scheduled plans of accepted orders first: they carry the order's colour x size matrix.
    return (await sql<{ id: number }>`select id from scm_prodplan where client_id = ${maker} and status = 'scheduled' order by (matrix is null), delivery_date, id limit 7`.execute(tx)).rows.map((r) => Number(r.id));
  });
  if (!plans || plans.length < 7) return;
  const mk = { db, auth: authOf(maker, users.maker, 'maker'), ip: null, language: 'zh-CN' as const };
  const sup = { db, auth: authOf(supplier, users.supplier, 'supplier'), ip: null, language: 'zh-CN' as const };
  const plan = requireEntity('prodplan');
  const order = requireEntity('outsourceorder');
  const task = requireEntity('outsourcetask');
  const outsource = async (planId: number, process: string, vendor: string) => {
    const r = await runAction(mk, plan, 'outsource', { id: planId, process_code: process, vendor_code: vendor });
    return Number((r.data?.[0] as { orders: Array<{ id: number }> }).orders[0].id);
  };
  const taskOf = (orderId: number) =>
    withTenant(db, maker, async (tx) => Number((await sql<{ target_id: number }>`select target_id from scm_order_share where client_id = ${maker} and source_entity = 'outsourceorder' and source_id = ${orderId} order by id desc limit 1`.execute(tx)).rows[0].target_id));
  const submitAnd = async (orderId: number, ...steps: Array<[string, Record<string, unknown>]>) => {
    await runAction(mk, order, 'submit', { id: orderId });
    const taskId = await taskOf(orderId);
    const total = await withTenant(db, supplier, async (tx) => Number((await sql<{ n: number }>`select total_qty as n from scm_outsource_task where id = ${taskId} and client_id = ${supplier}`.execute(tx)).rows[0].n));
    // Progress is reported as a share of the task's quantity.
    for (const [action, body] of steps) await runAction(sup, task, action, { id: taskId, ...body, ...(action === 'progress' ? { done_qty: Math.floor(total * Number(body.done_qty)) } : {}) });
  };
  await outsource(plans[0], 'P20', 'VD-OS01');
  await runAction(mk, order, 'lock', { id: await outsource(plans[1], 'P40', 'VD-OS01') });
  await submitAnd(await outsource(plans[2], 'P20', 'VD-OS01'));
  await submitAnd(await outsource(plans[3], 'P20', 'VD-OS01'), ['accept', {}], ['progress', { done_qty: 0.4 }]);
  await submitAnd(await outsource(plans[4], 'P40', 'VD-OS01'), ['accept', {}], ['progress', { done_qty: 1 }], ['dispatch', {}]);
  await submitAnd(await outsource(plans[5], 'P40', 'VD-OS01'), ['reject', { reject_reason: '本周洗水缸排满，请改期' }]);
  await runAction(mk, order, 'submit', { id: await outsource(plans[6], 'P20', 'VD004') });

  // Supplier nodes: fabric and trims in-house of the two latest orders in progress go to the supplier.
  const sent = await withTenant(db, maker, async (tx) => {
    const vendor = Number((await sql<{ id: number }>`select id from md_vendor where client_id = ${maker} and code = 'VD-OS01'`.execute(tx)).rows[0].id);
    const orders = (await sql<{ id: number }>`select o.id from scm_customer_order o where o.client_id = ${maker} and o.status = 'in_progress'
      and exists (select 1 from scm_order_node n where n.client_id = o.client_id and n.order_id = o.id and n.node_code = 'FAB_IN' and n.actual_date is null)
      order by o.delivery_date desc, o.id desc limit 2`.execute(tx)).rows.map((r) => Number(r.id));
    const out: number[] = [];
    for (const id of orders)
      out.push((await sendNodesToSupplier(tx, { clientId: maker, orderId: id, vendorId: vendor, nodeCodes: ['FAB_IN', 'TRIM_IN'], actor: { clientId: maker, userId: users.maker!, username: 'maker', ip: null } })).task_id);
    return out;
  });
  if (sent[0])
    await withTenant(db, supplier, async (tx) => {
      await recordSupplierActual(tx, { supplierId: supplier, taskId: sent[0], nodeCode: 'TRIM_IN', date: todayIso(), version: null, actor: { clientId: supplier, userId: users.supplier!, username: 'supplier', ip: null } });
    });
  // After the planning season (an exchange seeder too, registered before this one).
}, { exchange: true });
