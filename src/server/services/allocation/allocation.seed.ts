import { sql } from 'kysely';
import { monthsBetween } from '../../../model/allocation';
import { requireEntity } from '../../../model';
import { registerSeeder } from '../../db/seed';
import { writeContext, type WriteContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { withTenant } from '../../kernel/rls';

/**
 * Demo data of orders and allocation (issue 6), in the brand tenant: a customer, six garment vendors
 * (the demo maker MAKER01 among them, linked to its platform company), four capacity groups, six
 * months of vendor capacity from the current month, and a draft allocation version with its demand.
 * Idempotent: does nothing when the brand already has capacity groups.
 */
const VENDORS = [
  { code: 'VHF01', name: '宁波华纺制衣有限公司', grade: 'A', platform: 'MAKER01', kpi: 92, groups: ['KNIT', 'WOVEN'], base: 9000 },
  { code: 'VJX02', name: '嘉兴锦秀服饰', grade: 'B', platform: null, kpi: 84, groups: ['KNIT'], base: 6000 },
  { code: 'VSZ03', name: '苏州云织制衣', grade: 'A', platform: null, kpi: 88, groups: ['WOVEN', 'OUTER'], base: 7000 },
  { code: 'VGZ04', name: '广州天河牛仔', grade: 'C', platform: null, kpi: 71, groups: ['DENIM'], base: 8000 },
  { code: 'VQD05', name: '青岛海衣针织', grade: 'B', platform: null, kpi: 80, groups: ['KNIT', 'OUTER'], base: 5000 },
  { code: 'VDG06', name: '东莞森迈外套', grade: 'D', platform: null, kpi: 63, groups: ['OUTER', 'DENIM'], base: 4000 },
];

/**
 * The maker's own season (issue 21: maker.planner could not run the workbench): the demand it has
 * taken allocated over its subcontracting workshops, none of them on the platform.
 */
const MAKER_VENDORS = [
  { code: 'VD003', name: '温州瓯江服装加工厂', grade: 'B', platform: null, kpi: 86, groups: ['KNIT', 'WOVEN'], base: 5000 },
  { code: 'VSB01', name: '绍兴柯桥外发缝制厂', grade: 'A', platform: null, kpi: 91, groups: ['WOVEN', 'OUTER'], base: 4500 },
  { code: 'VSB02', name: '义乌佳织针织加工厂', grade: 'B', platform: null, kpi: 82, groups: ['KNIT'], base: 4000 },
  { code: 'VSB03', name: '湖州南浔牛仔水洗厂', grade: 'C', platform: null, kpi: 74, groups: ['DENIM'], base: 3500 },
];

const GROUPS = [
  { code: 'KNIT', name: '针织产能组', categories: ['knit-top', 'knit-dress', 'sweater'] },
  { code: 'WOVEN', name: '梭织产能组', categories: ['woven-shirt', 'woven-pants'] },
  { code: 'DENIM', name: '牛仔产能组', categories: ['denim'] },
  { code: 'OUTER', name: '外套运动产能组', categories: ['outerwear', 'sportswear'] },
];

const SERIES = ['都市通勤', '周末休闲', '运动机能'];
const CATEGORIES = ['knit-top', 'knit-dress', 'woven-shirt', 'woven-pants', 'denim', 'outerwear', 'sweater', 'sportswear'];

/** The demo's months: this month and the five after it. */
export function demoMonths(now = new Date()): string[] {
  const from = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
  const end = new Date(now.getFullYear(), now.getMonth() + 5, 1);
  return monthsBetween(from, `${end.getFullYear()}-${String(end.getMonth() + 1).padStart(2, '0')}`);
}

/** A document written through the document writer, or the id of the one carrying that code already. */
async function ensure(w: WriteContext, entityName: string, codeField: string, body: Record<string, unknown>): Promise<number> {
  const entity = requireEntity(entityName);
  const found = await sql<{ id: number }>`select id from ${sql.table(entity.table)} where client_id = ${w.actor.clientId} and ${sql.id(codeField)} = ${String(body[codeField])}`.execute(w.tx);
  return found.rows.length ? Number(found.rows[0].id) : writeDocument(w, entity, { body });
}

/** Every record goes through the document writer as the brand's administrator (its totals kept by the entities' hooks). */
export async function seedAllocationDemo(w: WriteContext, vendors: typeof VENDORS = VENDORS, versionName = '季度需求分配（演示）'): Promise<void> {
  const has = await sql<{ n: number }>`select count(*)::int as n from scm_capacity_group where client_id = ${w.actor.clientId}`.execute(w.tx);
  if (has.rows[0].n > 0) return;
  const months = demoMonths();
  await ensure(w, 'customer', 'code', { code: 'CURBAN', name: '都市优选零售', customer_type: 'retailer', currency: 'CNY' });
  const groupId: Record<string, number> = {};
  for (const g of GROUPS) groupId[g.code] = await writeDocument(w, requireEntity('capacitygroup'), { body: { code: g.code, name: g.name, categories: g.categories } });
  const settings: Record<string, { kpi: number; shareMax?: number }> = {};
  for (const [i, v] of vendors.entries()) {
    const id = await ensure(w, 'vendor', 'code', { code: v.code, name: v.name, vendor_type: 'garment', grade: v.grade, currency: 'CNY', platform_client_code: v.platform, valid_from: months[0] + '-01' });
    settings[String(id)] = { kpi: v.kpi, ...(v.grade === 'D' ? { shareMax: 0.15 } : {}) };
    for (const g of v.groups)
      for (const [mi, m] of months.entries()) {
        // A gentle seasonal swing per vendor so the heatmap has texture.
        const capacity = Math.round((v.base * (0.8 + 0.4 * Math.abs(Math.sin((mi + 1) * (i + 2))))) / 100) * 100;
        await writeDocument(w, requireEntity('vendorcapacity'), { body: { vendor_id: id, group_id: groupId[g], plant: `${v.name.slice(2)}一厂`, cycle_type: 'month', cycle: m, capacity } });
      }
  }
  const code = `V${months[0].slice(0, 4)}A`;
  const versionId = await writeDocument(w, requireEntity('allocationversion'), {
    body: { version_code: code, name: versionName, month_from: months[0], month_to: months[months.length - 1], min_lot: 300, early_cycles: 0, weight_kpi: 1, weight_grade: 10, weight_share: 20, vendor_settings: settings },
  });
  let n = 0;
  for (const [mi, m] of months.entries()) {
    for (let k = 0; k < 6; k++) {
      const category = CATEGORIES[(mi * 3 + k) % CATEGORIES.length];
      const qty = 800 + ((mi * 7 + k * 13) % 9) * 450;
      n++;
      const season = Number(m.slice(5)) <= 8 && Number(m.slice(5)) >= 3 ? 'SS' : 'AW';
      await writeDocument(w, requireEntity('demand'), { body: { version_id: versionId, season, month: m, series: SERIES[k % SERIES.length], category, plan_sku: `SKU-${m.replace('-', '')}-${String(n).padStart(3, '0')}`, plan_qty: qty, plan_amount: qty * 89 } });
    }
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const brand = tenants.BRAND01;
  const admin = users.brand;
  if (!brand || !admin) return;
  const actor = { clientId: brand, userId: admin, username: 'brand', fullname: 'brand', ip: null, roles: ['clientadmin'] };
  await withTenant(db, brand, (tx) => seedAllocationDemo(writeContext(tx, actor, 'seed')));
  const maker = tenants.MAKER01;
  const makerAdmin = users.maker;
  if (!maker || !makerAdmin) return;
  const makerActor = { clientId: maker, userId: makerAdmin, username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] };
  await withTenant(db, maker, (tx) => seedAllocationDemo(writeContext(tx, makerActor, 'seed'), MAKER_VENDORS, '外发产能分配（演示）'));
});
