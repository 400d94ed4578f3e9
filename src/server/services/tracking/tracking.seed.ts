import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { addDaysIso } from '../../../model/node-tracking';
import { DEMO_TENANTS, registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { updateRecords } from '../../resources/record-writer';
import { withTenant } from '../../kernel/rls';
import { recomputeNodeTracking } from './tracking.forecast';
import { evaluateNodeFlags, generateNodePlans, todayIso } from './tracking.service';

/**
 * The demo maker's time-and-action configuration (DOMAIN "Time and action"): a general bulk set from
 * fabric booking to ex-factory (fabric and trims in-house side by side), a denim set with its wash
 * test and longer washing, and a short set for sample orders. Runs before the demo season, so the
 * maker's accepted demo orders get their node plans from it. Idempotent.
 */
type ConfigRow = { category?: string; order_type?: string; node_code: string; node_name: string; plan_days: number; seq: number; party?: 'maker' | 'supplier'; process_type?: string; material_group?: string };

const GENERAL: ConfigRow[] = [
  { node_code: 'FAB_BOOK', node_name: '面料下单', plan_days: 3, seq: 10 },
  { node_code: 'LAB_DIP', node_name: '色样确认', plan_days: 5, seq: 20 },
  { node_code: 'PP_SAMPLE', node_name: '产前样确认', plan_days: 7, seq: 30 },
  // The order's fabric and trims purchase orders received in full complete them (tracking.purchase.ts).
  { node_code: 'FAB_IN', node_name: '面料到厂', plan_days: 10, seq: 40, party: 'supplier', material_group: 'fabric' },
  { node_code: 'TRIM_IN', node_name: '辅料到厂', plan_days: 7, seq: 40, party: 'supplier', material_group: 'trim' },
  { node_code: 'CUTTING', node_name: '裁剪', plan_days: 3, seq: 50, process_type: 'cutting' },
  { node_code: 'SEWING', node_name: '缝制', plan_days: 12, seq: 60, process_type: 'sewing' },
  // Washing is outsourced (the vendor process P40): its receipt completes the node (tracking.outsource.ts).
  { node_code: 'WASHING', node_name: '洗水', plan_days: 3, seq: 70, process_type: 'washing' },
  { node_code: 'FINISHING', node_name: '后整', plan_days: 3, seq: 80, process_type: 'finishing' },
  { node_code: 'INSPECTION', node_name: '尾期验货', plan_days: 2, seq: 90 },
  { node_code: 'PACKING', node_name: '包装', plan_days: 2, seq: 95, process_type: 'packing' },
  { node_code: 'EX_FACTORY', node_name: '出厂', plan_days: 1, seq: 100 },
];

const DENIM: ConfigRow[] = [
  ...GENERAL.filter((r) => r.node_code !== 'WASHING').map((r) => ({ ...r, category: 'denim' })),
  { category: 'denim', node_code: 'WASH_TEST', node_name: '洗水测试', plan_days: 4, seq: 35 },
  { category: 'denim', node_code: 'WASHING', node_name: '洗水（石磨/酵素）', plan_days: 6, seq: 70, party: 'supplier', process_type: 'washing' },
];

const SAMPLE: ConfigRow[] = [
  { order_type: 'sample', node_code: 'PATTERN', node_name: '制版', plan_days: 2, seq: 10 },
  { order_type: 'sample', node_code: 'SAMPLE_FAB', node_name: '样布到位', plan_days: 3, seq: 20, party: 'supplier', material_group: 'fabric' },
  { order_type: 'sample', node_code: 'SAMPLE_SEW', node_name: '样衣缝制', plan_days: 3, seq: 30 },
  { order_type: 'sample', node_code: 'SAMPLE_QC', node_name: '样衣检验', plan_days: 1, seq: 40 },
  { order_type: 'sample', node_code: 'SAMPLE_SHIP', node_name: '寄样', plan_days: 1, seq: 50 },
];

/** The demo configuration rows (also used by the tests and the benchmark). */
export const DEMO_NODE_CONFIG: readonly ConfigRow[] = [...GENERAL, ...DENIM, ...SAMPLE];

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  if (!maker || !users.maker) return;
  await withTenant(db, maker, async (tx) => {
    const w = writeContext(tx, { clientId: maker, userId: users.maker, username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] }, 'seed');
    if ((await sql<{ n: number }>`select count(*)::int as n from scm_node_config where client_id = ${maker}`.execute(tx)).rows[0].n > 0) {
      // A demo seeded before material groups: its fabric and trims rows and their orders' nodes get theirs.
      for (const r of DEMO_NODE_CONFIG.filter((x) => x.material_group)) {
        await updateRecords(w, 'nodeconfig', { where: sql`t.node_code = ${r.node_code} and t.material_group is null` }, { material_group: r.material_group }, { audit: 'seed' });
        await updateRecords(w, 'ordernode', { where: sql`t.node_code = ${r.node_code} and t.material_group is null` }, { material_group: r.material_group }, { audit: 'seed' });
      }
      return;
    }
    const entity = requireEntity('nodeconfig');
    for (const r of DEMO_NODE_CONFIG) {
      await writeDocument(w, entity, { body: { category: r.category ?? null, order_type: r.order_type ?? null, node_code: r.node_code, node_name: r.node_name, plan_days: r.plan_days, seq: r.seq, party: r.party ?? 'maker', process_type: r.process_type ?? null, material_group: r.material_group ?? null, active: true } });
    }
  });
});

/**
 * After the demo season: the maker's in-progress orders have recorded what already happened. Nodes
 * planned before today get their actual dates (a day early or late now and then); the earliest
 * order leaves its sewing open, so the demo shows a late node, its notice and a timeline at risk.
 */
registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  if (!maker || !users.maker) return;
  await withTenant(db, maker, async (tx) => {
    if ((await sql<{ n: number }>`select count(*)::int as n from scm_order_node where client_id = ${maker} and actual_date is not null`.execute(tx)).rows[0].n > 0) return;
    const orders = (await sql<{ id: number }>`select id from scm_customer_order where client_id = ${maker} and status in ('in_progress', 'finished') order by delivery_date, id`.execute(tx)).rows.map((r) => Number(r.id));
    // Orders accepted before the configuration existed (or finished ones) get theirs now.
    await generateNodePlans(tx, { clientId: maker, userId: users.maker, orderIds: orders });
    const today = todayIso();
    const open = (await sql<{ id: number }>`select id from scm_customer_order where client_id = ${maker} and status = 'in_progress' order by delivery_date, id`.execute(tx)).rows.map((r) => Number(r.id));
    const w = writeContext(tx, { clientId: maker, userId: users.maker, username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] }, 'seed');
    const recorded = { actual_source: 'maker', actual_by: users.maker };
    for (const [i, orderId] of open.entries()) {
      const nodes = (await sql<{ node_code: string; plan_date: string }>`select node_code, plan_date from scm_order_node
        where client_id = ${maker} and order_id = ${orderId} and plan_date < ${today} order by seq, node_code`.execute(tx)).rows;
      for (const [j, n] of nodes.entries()) {
        if (i === 0 && n.node_code === 'SEWING') break;
        const shift = (i + j) % 4 === 0 ? 1 : (i + j) % 5 === 0 ? -1 : 0;
        const date = addDaysIso(n.plan_date, shift) > today ? today : addDaysIso(n.plan_date, shift);
        // Written directly, then evaluated once at the end: recording them one by one would flag the
        // later nodes late for a moment and notify of nodes whose dates follow a line below.
        await updateRecords(w, 'ordernode', { where: sql`t.order_id = ${orderId} and t.node_code = ${n.node_code}` }, { ...recorded, actual_date: date }, { audit: 'actual' });
      }
    }
    // A finished order went through every node: on its plan, or today at the latest.
    await updateRecords(w, 'ordernode', { where: sql`o.id = t.order_id and o.client_id = t.client_id and o.status = 'finished'`, from: sql`scm_customer_order o` }, { ...recorded, actual_date: sql`least(t.plan_date, ${today}::date)` }, { audit: 'actual' });
    await evaluateNodeFlags(tx, maker, null, today);
  });
}, { exchange: true });

/**
 * Last of all (after the board's season, its scans, the outsourced and the purchase orders): each demo
 * company's node forecasts and flags, as the first change or periodic check after a start would keep
 * them, so a fresh demo's timelines, the maker's 预测完成 column and the board's late reasons show the
 * forecasts from the first page. Idempotent: a second run writes nothing and tells nothing twice.
 */
registerSeeder(async (db, { tenants }) => {
  for (const t of DEMO_TENANTS) {
    const clientId = tenants[t.code];
    if (clientId) await withTenant(db, clientId, (tx) => recomputeNodeTracking(tx, clientId, null, { evaluate: 'all' }));
  }
}, { final: true });
