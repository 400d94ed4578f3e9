import { sql } from 'kysely';
import { defect, inspection, inspectionPlan } from '../../../model/entities/inspection.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';

/**
 * Demo of quality inspection (issue 18) for MAKER01, after its orders: a defect catalogue of the
 * garment trade (fabric, sewing, measurement, appearance, trims, packing, safety; critical / major /
 * minor) and inspections of its orders in progress, every step the action a user takes: an inline
 * inspection that passed, a final inspection that failed on major defects and was re-inspected and
 * passed, and a final inspection of another order that failed on a broken needle (critical), so that
 * order cannot be finished until it is re-inspected. Idempotent: nothing when the catalogue exists.
 */
type Row = Record<string, unknown>;

export const DEMO_DEFECTS: Array<{ code: string; name: string; name_en: string; category: string; severity: string }> = [
  { code: 'F01', name: '织疵 / 破洞', name_en: 'Fabric flaw / hole', category: 'fabric', severity: 'major' },
  { code: 'F02', name: '色差', name_en: 'Shade variation', category: 'fabric', severity: 'major' },
  { code: 'F03', name: '污渍', name_en: 'Stain', category: 'fabric', severity: 'minor' },
  { code: 'S01', name: '跳针', name_en: 'Skipped stitch', category: 'sewing', severity: 'major' },
  { code: 'S02', name: '断线', name_en: 'Broken stitch', category: 'sewing', severity: 'major' },
  { code: 'S03', name: '线头未剪', name_en: 'Untrimmed thread', category: 'sewing', severity: 'minor' },
  { code: 'S04', name: '缝线不直', name_en: 'Uneven stitching', category: 'sewing', severity: 'minor' },
  { code: 'M01', name: '尺寸超差', name_en: 'Out of tolerance', category: 'measurement', severity: 'major' },
  { code: 'A01', name: '整烫不良', name_en: 'Poor pressing', category: 'appearance', severity: 'minor' },
  { code: 'T01', name: '纽扣脱落', name_en: 'Loose button', category: 'trims', severity: 'major' },
  { code: 'P01', name: '吊牌错误', name_en: 'Wrong hangtag', category: 'packing', severity: 'minor' },
  { code: 'C01', name: '断针 / 金属残留', name_en: 'Broken needle / metal', category: 'safety', severity: 'critical' },
];

const authOf = (clientId: number, userId: number): AuthContext => ({
  userId, username: 'maker', fullname: '工厂管理员', clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

export async function seedQualityDemo(db: Db, clientId: number, userId: number): Promise<void> {
  const actor = { clientId, userId, username: 'maker', fullname: '工厂管理员', ip: null, roles: ['clientadmin'] };
  const ctx = { db, auth: authOf(clientId, userId), ip: null, language: 'zh-CN' as const };
  const made = await withTenant(db, clientId, async (tx) => {
    const has = await sql<{ n: number }>`select count(*)::int as n from qm_defect where client_id = ${clientId}`.execute(tx);
    if (has.rows[0].n > 0) return null;
    const w = writeContext(tx, actor, 'seed');
    const ids: Record<string, number> = {};
    for (const d of DEMO_DEFECTS) ids[d.code] = await writeDocument(w, defect, { body: { ...d, enabled: true } });
    const orders = (await sql<Row>`select c.id, c.order_no, coalesce(c.total_qty, 0)::int as qty,
        (select min(e.style_no) from scm_customer_order_entry e where e.client_id = c.client_id and e.order_id = c.id) as style_no
      from scm_customer_order c where c.client_id = ${clientId} and c.status = 'in_progress' order by c.order_no limit 2`.execute(tx)).rows;
    if (!orders.length) return { ids, inspections: [] as Array<{ id: number; reinspect?: boolean }> };
    const line = (code: string, qty: number) => ({ defect_id: ids[code], qty });
    const [a, b] = [orders[0], orders[1] ?? orders[0]];
    const lot = (o: Row) => Math.max(Number(o.qty), 500);
    const base = (o: Row, stage: string) => ({ stage, order_id: o.id, style_no: o.style_no, lot_size: lot(o), level: 'II', aql: '2.5', inspector: '质检 陈敏' });
    const inline = await writeDocument(w, inspection, { body: { ...base(a, 'inline'), defects: [line('S03', 2), line('A01', 1)] } });
    // Final inspection of order A: major defects over Re → fail; re-inspected after rework.
    const failed = await writeDocument(w, inspection, { body: { ...base(a, 'final'), defects: [line('S01', 6), line('F02', 4), line('S03', 3)], remark: '跳针集中在袖窿，返工后复检' } });
    // Final inspection of order B: a broken needle in the sample → fail whatever the counts.
    const critical = b.id === a.id ? null : await writeDocument(w, inspection, { body: { ...base(b, 'final'), defects: [line('C01', 1), line('S04', 2)], remark: '抽样中发现断针，全批金属检测' } });
    // Inspection plans: inline and end-line at sewing, and order B's customer wants a final
    // inspection passed before shipment (written after the records above, which keep their own).
    const sewing = (await sql<{ id: number }>`select id::int as id from md_process where client_id = ${clientId} and code = 'P30'`.execute(tx)).rows[0]?.id;
    if (sewing) {
      await writeDocument(w, inspectionPlan, { body: { code: 'QP-SEW-IL', name: '缝制中期巡检', stage: 'inline', process_id: sewing, level: 'II', aql: '4.0', status: 'active', remark: '车缝工序每日巡检' } });
      await writeDocument(w, inspectionPlan, { body: { code: 'QP-SEW-EL', name: '缝制尾期检验', stage: 'endline', process_id: sewing, level: 'II', aql: '2.5', status: 'active' } });
    }
    await writeDocument(w, inspectionPlan, { body: { code: 'QP-FIN-B', name: `订单 ${String(b.order_no)} 出货检验`, stage: 'final', order_id: b.id, level: 'II', aql: '2.5', required: true, status: 'active', remark: '客户要求出货前必须验货合格' } });
    return { ids, inspections: [{ id: inline }, { id: failed, reinspect: true }, ...(critical ? [{ id: critical }] : [])] };
  });
  if (!made) return;
  // Submitted through the actions, as an inspector does: the verdict is the server's.
  for (const x of made.inspections) {
    await runAction(ctx, inspection, 'submit', { ids: [x.id] });
    if (!x.reinspect) continue;
    const r = await runAction(ctx, inspection, 'reinspect', { ids: [x.id] });
    const again = Number((r.data?.[0] as { id: number }).id);
    await withTenant(db, clientId, async (tx) => {
      const w = writeContext(tx, actor, 'seed');
      const v = Number((await sql<{ version: number }>`select version from qm_inspection where client_id = ${clientId} and id = ${again}`.execute(tx)).rows[0].version);
      await writeDocument(w, inspection, { id: again, version: v, body: { defects: [{ defect_id: made.ids.S03, qty: 3 }, { defect_id: made.ids.S01, qty: 1 }], remark: '返工后复检' } });
    });
    await runAction(ctx, inspection, 'submit', { ids: [again] });
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const maker = tenants.MAKER01;
  if (!maker || !users.maker) return;
  await seedQualityDemo(db, maker, users.maker);
}, { exchange: true });
