import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';

/**
 * Demo purchasing (issue 17): the demo brand and the demo maker buy from the demo fabric supplier
 * (their vendor VD001 carries the supplier's platform code SUPP01; the supplier confirms both as
 * customers). Each buyer gets three locations over its two plants, an active contract, purchase
 * orders in every state (draft, sent, confirmed, rejected, dispatched, received), stock from the
 * receipt, a posted move and a posted return. Documents go through the document writer and the
 * same actions a user takes (runAction), so the states are reached the real way. Idempotent: does
 * nothing for a buyer that already has a contract.
 */
type Values = Record<string, unknown>;

const authOf = (clientId: number, userId: number, username: string): AuthContext => ({
  userId, username, fullname: username, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

async function idOf(tx: Db, table: string, clientId: number, code: string, field = 'code'): Promise<{ id: number; version: number } | null> {
  const r = await sql<{ id: number; version: number }>`select id, version from ${sql.table(table)} where client_id = ${clientId} and ${sql.id(field)} = ${code}`.execute(tx);
  return r.rows[0] ? { id: Number(r.rows[0].id), version: Number(r.rows[0].version) } : null;
}

async function setCode(w: WriteContext, entity: string, table: string, code: string, values: Values): Promise<void> {
  const row = await idOf(w.tx, table, w.actor.clientId, code);
  if (row) await writeDocument(w, requireEntity(entity), { id: row.id, version: row.version, body: values });
  else await writeDocument(w, requireEntity(entity), { body: { code, ...values } });
}

async function seedBuyerMasterData(w: WriteContext): Promise<Values | null> {
  const c = w.actor.clientId;
  if ((await sql<{ n: number }>`select count(*)::int as n from pur_contract where client_id = ${c}`.execute(w.tx)).rows[0].n > 0) return null;
  const vendor = await idOf(w.tx, 'md_vendor', c, 'VD001');
  const pl1 = await idOf(w.tx, 'md_plant', c, 'PL01');
  const pl2 = await idOf(w.tx, 'md_plant', c, 'PL02');
  const m1 = await idOf(w.tx, 'md_material', c, 'MD0001');
  const m2 = await idOf(w.tx, 'md_material', c, 'MD0002');
  if (!vendor || !pl1 || !pl2 || !m1 || !m2) return null;
  await writeDocument(w, requireEntity('vendor'), { id: vendor.id, version: vendor.version, body: { platform_client_code: 'SUPP01' } });
  const loc = async (code: string, name: string, plant: number) => (await idOf(w.tx, 'wms_location', c, code))?.id ?? writeDocument(w, requireEntity('warehouselocation'), { body: { code, name, plant_id: plant } });
  const a1 = await loc('WH-A01', '一厂面料仓 A01', pl1.id);
  const a2 = await loc('WH-A02', '一厂裁床待料区 A02', pl1.id);
  const b1 = await loc('WH-B01', '二厂面料仓 B01', pl2.id);
  const year = new Date().getFullYear();
  const contract = await writeDocument(w, requireEntity('purcontract'), {
    body: { name: `${year} 年度面料采购合同`, vendor_id: vendor.id, valid_from: `${year}-01-01`, valid_to: `${year + 1}-12-31`, currency: 'CNY', pay_type: 'NET60',
      lines: [{ material_id: m1.id, unit: 'KG', unit_price: 37.8 }, { material_id: m2.id, unit: 'M', unit_price: 12.2 }, { style_no: 'ST-2601', unit: 'PCS', unit_price: 45 }] },
  });
  await writeDocument(w, requireEntity('purcontract'), { body: { name: `${year + 1} 年度面料采购合同（草拟）`, vendor_id: vendor.id, valid_from: `${year + 1}-01-01`, valid_to: `${year + 1}-12-31`, currency: 'CNY', pay_type: 'NET30', lines: [{ material_id: m1.id, unit: 'KG', unit_price: 36.9 }] } });
  return { vendor: vendor.id, contract, m1: m1.id, m2: m2.id, a1, a2, b1 };
}

registerSeeder(async (db, { tenants, users }) => {
  const supplier = tenants.SUPP01;
  if (!supplier || !users.supplier) return;
  // The supplier confirms the brand and the maker as customers on the platform.
  await withTenant(db, supplier, async (tx) => {
    const w = writeContext(tx, { clientId: supplier, userId: users.supplier, username: 'supplier', fullname: 'supplier', ip: null, roles: ['clientadmin'] }, 'seed');
    await setCode(w, 'customer', 'md_customer', 'CD001', { platform_client_code: 'BRAND01' });
    if (!(await idOf(tx, 'md_customer', supplier, 'CD-HF01'))) await writeDocument(w, requireEntity('customer'), { body: { code: 'CD-HF01', name: '宁波华纺制衣有限公司', customer_type: 'brand', currency: 'CNY', platform_client_code: 'MAKER01' } });
  });
  for (const [code, admin] of [['BRAND01', 'brand'], ['MAKER01', 'maker']] as const) {
    const clientId = tenants[code];
    const userId = users[admin];
    if (!clientId || !userId) continue;
    const ids = await withTenant(db, clientId, (tx) => seedBuyerMasterData(writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed')));
    if (!ids) continue;
    const buyer = { db, auth: authOf(clientId, userId, admin), ip: null, language: 'zh-CN' as const };
    const sup = { db, auth: authOf(supplier, users.supplier, 'supplier'), ip: null, language: 'zh-CN' as const };
    await runAction(buyer, requireEntity('purcontract'), 'activate', { id: ids.contract });
    const po = requireEntity('purorder');
    const so = requireEntity('supplierorder');
    // Every order has its delivery date, relative to today so the buyer's and the supplier's reports
    // show current months: a confirmed order already past it (late), one shipped early, one shipped late.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const raise = async (qty1: number, qty2: number, remark: string, delivery: string) =>
      withTenant(db, clientId, (tx) => writeDocument(writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed'), po, {
        body: { order_kind: 'material', vendor_id: ids.vendor, contract_id: ids.contract, pay_type: 'NET60', delivery_date: delivery, remark, lines: [{ material_id: ids.m1, unit: 'KG', qty: qty1, seq: 1 }, { material_id: ids.m2, unit: 'M', qty: qty2, seq: 2 }] },
      }));
    const supplierCopy = async (tx: Db, poId: number) => Number((await sql<{ target_id: number }>`select target_id from scm_order_share where client_id = ${clientId} and source_entity = 'purorder' and source_id = ${poId}`.execute(tx)).rows[0].target_id);
    const sendAnd = async (poId: number, ...steps: Array<[string, Values]>) => {
      await runAction(buyer, po, 'send', { id: poId });
      const soId = await withTenant(db, clientId, (tx) => supplierCopy(tx, poId));
      for (const [action, body] of steps) await runAction(sup, so, action, { id: soId, ...body });
    };
    await raise(600, 1200, '春季针织面料补单（草稿）', day(45));
    const goods = await withTenant(db, clientId, (tx) => writeDocument(writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed'), po, {
      body: { order_kind: 'goods', vendor_id: ids.vendor, contract_id: ids.contract, delivery_date: day(60), remark: '成品圆领T恤（颜色尺码）', lines: ['黑色', '白色'].flatMap((colour, ci) => ['S', 'M', 'L'].map((size, si) => ({ style_no: 'ST-2601', colour, size, unit: 'PCS', qty: (ci + 1) * (si + 1) * 50, seq: ci * 3 + si + 1 }))) },
    }));
    void goods;
    if (code === 'BRAND01') {
      // Finished goods as the matrix editor writes them: per style, one line per colour and size.
      const matrix = (style: string, qty: Record<string, Record<string, number>>, unitPrice: number | null = null) =>
        Object.entries(qty).flatMap(([colour, sizes]) => Object.entries(sizes).map(([size, q]) => ({ style_no: style, colour, size, unit: 'PCS', qty: q, unit_price: unitPrice })));
      const goodsOrder = (remark: string, delivery: string, lines: Values[]) =>
        withTenant(db, clientId, (tx) => writeDocument(writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed'), po, {
          body: { order_kind: 'goods', vendor_id: ids.vendor, contract_id: ids.contract, pay_type: 'NET60', delivery_date: delivery, remark, lines },
        }));
      const year = new Date().getFullYear();
      // A draft of two styles: the T-shirt priced by the contract, the hoodie at a negotiated price.
      await goodsOrder('秋季成品补货：圆领T恤 + 连帽卫衣（草稿）', `${year}-09-15`, [
        ...matrix('ST-2601', { 黑色: { S: 120, M: 240, L: 240, XL: 120 }, 白色: { S: 100, M: 200, L: 200, XL: 100 }, 藏青: { M: 150, L: 150 } }),
        ...matrix('ST-2602', { 灰色: { M: 80, L: 120, XL: 60 }, 黑色: { M: 60, L: 90, XL: 50 } }, 88),
      ]);
      // Sent and confirmed by the supplier: waiting for its shipment.
      await sendAnd(await goodsOrder('成品T恤首单，供应商已确认', `${year}-08-20`, matrix('ST-2601', { 红色: { S: 60, M: 120, L: 120, XL: 60 }, 白色: { S: 80, M: 160, L: 160 } })), ['confirm', {}]);
    }
    await sendAnd(await raise(300, 800, '待供应商确认', day(30)));
    await sendAnd(await raise(450, 900, '供应商已确认，待发货', day(-5)), ['confirm', {}]);
    await sendAnd(await raise(2000, 100, '数量超出产能，被拒绝', day(20)), ['reject', { reject_reason: '本月产能已满，请改下月交期' }]);
    await sendAnd(await raise(500, 1000, '已发货在途', day(10)), ['confirm', {}], ['dispatch', { shipment: JSON.stringify({ 1: 480, 2: 1000 }) }]);
    const received = await raise(800, 1500, '已收货入库', day(-3));
    await sendAnd(received, ['confirm', {}], ['dispatch', {}]);
    await runAction(buyer, po, 'receive', { id: received, location_code: 'WH-A01' });
    const mv = requireEntity('stockmove');
    const w = (tx: Db) => writeContext(tx, { clientId, userId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] }, 'seed');
    const move = await withTenant(db, clientId, (tx) => writeDocument(w(tx), mv, { body: { move_type: 'move', material_id: ids.m1, from_location_id: ids.a1, to_location_id: ids.a2, qty: 200, remark: '裁床备料' } }));
    await runAction(buyer, mv, 'post', { id: move });
    const transfer = await withTenant(db, clientId, (tx) => writeDocument(w(tx), mv, { body: { move_type: 'transfer', material_id: ids.m2, from_location_id: ids.a1, to_location_id: ids.b1, qty: 500, remark: '调拨二厂' } }));
    await runAction(buyer, mv, 'post', { id: transfer });
    const ret = await withTenant(db, clientId, (tx) => writeDocument(w(tx), mv, { body: { move_type: 'return', material_id: ids.m1, from_location_id: ids.a1, purorder_id: received, qty: 30, remark: '色差退货' } }));
    await runAction(buyer, mv, 'post', { id: ret });
    await withTenant(db, clientId, (tx) => writeDocument(w(tx), mv, { body: { move_type: 'move', material_id: ids.m2, from_location_id: ids.a1, to_location_id: ids.a2, qty: 100, remark: '待过账' } }));
    const co = requireEntity('materialcalloff');
    const call = await withTenant(db, clientId, (tx) => writeDocument(w(tx), co, { body: { material_id: ids.m1, location_id: ids.a2, qty: 120, remark: '缝制一线叫料' } }));
    await runAction(buyer, co, 'accept', { id: call });
    await withTenant(db, clientId, (tx) => writeDocument(w(tx), co, { body: { material_id: ids.m2, location_id: ids.a2, qty: 60 } }));
  }
});
