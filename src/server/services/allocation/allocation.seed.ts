import { sql } from 'kysely';
import { monthsBetween } from '../../../model/allocation';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';

/**
 * Demo data of orders and allocation (issue 6), in the brand tenant: a customer, six garment vendors
 * (the demo maker MAKER01 among them, linked to its platform company), four capacity groups, six
 * months of vendor capacity from the current month, and a draft allocation version with its demand.
 * Idempotent: does nothing when the brand already has capacity groups.
 */
const VENDORS = [
  { code: 'VHF01', name: '宁波华纺制衣', grade: 'A', platform: 'MAKER01', kpi: 92, groups: ['KNIT', 'WOVEN'], base: 9000 },
  { code: 'VJX02', name: '嘉兴锦秀服饰', grade: 'B', platform: null, kpi: 84, groups: ['KNIT'], base: 6000 },
  { code: 'VSZ03', name: '苏州云织制衣', grade: 'A', platform: null, kpi: 88, groups: ['WOVEN', 'OUTER'], base: 7000 },
  { code: 'VGZ04', name: '广州天河牛仔', grade: 'C', platform: null, kpi: 71, groups: ['DENIM'], base: 8000 },
  { code: 'VQD05', name: '青岛海衣针织', grade: 'B', platform: null, kpi: 80, groups: ['KNIT', 'OUTER'], base: 5000 },
  { code: 'VDG06', name: '东莞森迈外套', grade: 'D', platform: null, kpi: 63, groups: ['OUTER', 'DENIM'], base: 4000 },
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

export async function seedAllocationDemo(db: Db, brandId: number, userId: number | null): Promise<void> {
  const has = await sql<{ n: number }>`select count(*)::int as n from scm_capacity_group where client_id = ${brandId}`.execute(db);
  if (has.rows[0].n > 0) return;
  const months = demoMonths();
  await sql`insert into md_customer (client_id, created_by, updated_by, code, name, customer_type, currency, status)
    select ${brandId}, ${userId}, ${userId}, 'CURBAN', '都市优选零售', 'retailer', 'CNY', 'active'
    where not exists (select 1 from md_customer where client_id = ${brandId} and code = 'CURBAN')`.execute(db);
  const groupId: Record<string, number> = {};
  for (const g of GROUPS) {
    const r = await sql<{ id: number }>`insert into scm_capacity_group (client_id, created_by, updated_by, code, name, categories)
      values (${brandId}, ${userId}, ${userId}, ${g.code}, ${g.name}, ${JSON.stringify(g.categories)}::jsonb) returning id`.execute(db);
    groupId[g.code] = Number(r.rows[0].id);
  }
  const settings: Record<string, { kpi: number; shareMax?: number }> = {};
  for (const [i, v] of VENDORS.entries()) {
    let id = (await sql<{ id: number }>`select id from md_vendor where client_id = ${brandId} and code = ${v.code}`.execute(db)).rows[0]?.id;
    if (!id) {
      const r = await sql<{ id: number }>`insert into md_vendor (client_id, created_by, updated_by, code, name, vendor_type, grade, currency, status, platform_client_code, valid_from)
        values (${brandId}, ${userId}, ${userId}, ${v.code}, ${v.name}, 'garment', ${v.grade}, 'CNY', 'active', ${v.platform}, current_date) returning id`.execute(db);
      id = r.rows[0].id;
    }
    settings[String(id)] = { kpi: v.kpi, ...(v.grade === 'D' ? { shareMax: 0.15 } : {}) };
    for (const g of v.groups)
      for (const [mi, m] of months.entries()) {
        // A gentle seasonal swing per vendor so the heatmap has texture.
        const capacity = Math.round((v.base * (0.8 + 0.4 * Math.abs(Math.sin((mi + 1) * (i + 2))))) / 100) * 100;
        await sql`insert into scm_vendor_capacity (client_id, created_by, updated_by, vendor_id, group_id, plant, cycle_type, cycle, capacity)
          values (${brandId}, ${userId}, ${userId}, ${id}, ${groupId[g]}, ${`${v.name.slice(2)}一厂`}, 'month', ${m}, ${capacity})`.execute(db);
      }
  }
  const year = months[0].slice(0, 4);
  const code = `V${year}A`;
  const ver = await sql<{ id: number }>`insert into scm_alloc_version (client_id, created_by, updated_by, version_code, name, month_from, month_to, status, min_lot, early_cycles,
      weight_kpi, weight_grade, weight_share, vendor_settings)
    values (${brandId}, ${userId}, ${userId}, ${code}, ${'季度需求分配（演示）'}, ${months[0]}, ${months[months.length - 1]}, 'draft', 300, 0, 1, 10, 20, ${JSON.stringify(settings)}::jsonb)
    returning id`.execute(db);
  const versionId = Number(ver.rows[0].id);
  let total = 0;
  let n = 0;
  for (const [mi, m] of months.entries()) {
    for (let k = 0; k < 6; k++) {
      const category = CATEGORIES[(mi * 3 + k) % CATEGORIES.length];
      const qty = 800 + ((mi * 7 + k * 13) % 9) * 450;
      total += qty;
      n++;
      await sql`insert into scm_demand (client_id, created_by, updated_by, version_id, year, season, month, series, category, plan_sku, plan_qty, plan_amount)
        values (${brandId}, ${userId}, ${userId}, ${versionId}, ${Number(m.slice(0, 4))}, ${Number(m.slice(5)) <= 8 && Number(m.slice(5)) >= 3 ? 'SS' : 'AW'}, ${m},
          ${SERIES[k % SERIES.length]}, ${category}, ${`SKU-${m.replace('-', '')}-${String(n).padStart(3, '0')}`}, ${qty}, ${qty * 89})`.execute(db);
    }
  }
  await sql`update scm_alloc_version set demand_qty = ${total}, allocated_qty = 0, unplaced_qty = ${total} where id = ${versionId}`.execute(db);
}

registerSeeder(async (db, { tenants, users }) => {
  const brand = tenants.BRAND01;
  if (brand) await seedAllocationDemo(db, brand, users.brand ?? null);
});
