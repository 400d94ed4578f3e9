import { sql } from 'kysely';
import { requireEntity } from '../../model';
import { registerSeeder } from '../db/seed';
import { withTenant } from '../kernel/rls';
import { writeContext, type WriteContext } from './document-stages';
import { writeDocument } from './document-writer';
import { insertRecords, updateRecords } from './record-writer';

/**
 * Demo master data for each demo tenant (a brand, a garment maker, a fabric supplier): vendors with
 * bank data, customers, materials with price history, the company, plants, an org tree, positions,
 * workshops, sewing lines with members and capacity, and the process tree of a garment. Every
 * record goes through the document writer as the company's administrator, so the demo holds only
 * what a user could have entered. Idempotent: records are found by their code and only added when
 * missing (with their child rows).
 */
type Values = Record<string, unknown>;

async function ensure(w: WriteContext, entityName: string, code: string, values: Values): Promise<number> {
  const entity = requireEntity(entityName);
  const codeField = entity.codeField ?? 'code';
  const found = await sql<{ id: number }>`select id from ${sql.table(entity.table)} where client_id = ${w.actor.clientId} and ${sql.id(codeField)} = ${code}`.execute(w.tx);
  if (found.rows.length) return Number(found.rows[0].id);
  return writeDocument(w, entity, { body: { [codeField]: code, ...values } });
}

const VENDORS = [
  { code: 'VD001', name: '绍兴锦绣面料有限公司', vendor_type: 'fabric', grade: 'A', scale: 'medium', owner: '张销售', contact_person: '张敏', contact_mobile: '13957500001', email: 'sales@jinxiu.example.cn', address: '浙江省绍兴市柯桥区纺织城1号', bank_name: '中国工商银行绍兴柯桥支行', bank_branch_code: '102337000123', bank_account_no: '1211020109000123456', bank_account_name: '绍兴锦绣面料有限公司', valid_from: '2026-01-01', valid_to: '2027-12-31' },
  { code: 'VD002', name: '东莞恒达辅料厂', vendor_type: 'trim', grade: 'B', scale: 'small', owner: '李采购', contact_person: '陈辉', contact_mobile: '13829900002', address: '广东省东莞市虎门镇辅料街8号', bank_name: '中国银行东莞虎门支行', bank_branch_code: '104602000456', bank_account_no: '6402888800012345', bank_account_name: '东莞恒达辅料厂', valid_from: '2026-01-01' },
  // A garment workshop not on the platform (the demo maker MAKER01 is the brand's vendor VHF01, linked to its company).
  { code: 'VD003', name: '温州瓯江服装加工厂', vendor_type: 'garment', grade: 'B', scale: 'medium', owner: '李采购', contact_person: '林师傅', contact_mobile: '13805770003', address: '浙江省温州市鹿城区瓯江路3号', valid_from: '2026-01-01' },
  { code: 'VD004', name: '苏州丝路印花厂', vendor_type: 'process', grade: 'C', scale: 'micro', contact_person: '周强', contact_mobile: '13962100004', address: '江苏省苏州市吴江区盛泽镇', valid_from: '2026-03-01' },
];

const CUSTOMERS = [
  { code: 'CD001', name: '上海悦衣服饰品牌有限公司', customer_type: 'brand', level: 'key', pay_type: 'NET60', currency: 'CNY', contact_person: '李采购', contact_mobile: '13916200001', delivery_address: '上海市嘉定区物流园路88号', delivery_contact: '赵仓管', delivery_mobile: '13916200011' },
  { code: 'CD002', name: 'Northwind Apparel Ltd.', customer_type: 'retailer', level: 'normal', pay_type: 'LC', currency: 'USD', contact_person: 'Emma Stone', email: 'buying@northwind.example.com', delivery_address: 'Unit 5, Felixstowe Port, UK' },
  { code: 'CD003', name: '香港利丰贸易', customer_type: 'trader', level: 'normal', pay_type: 'TT', currency: 'HKD', contact_person: '黄先生', delivery_address: '香港九龙长沙湾道 888 号' },
];

const MATERIALS = [
  { code: 'MD0001', name: '全棉汗布 40S 160g', material_group: 'fabric', material_type: 'knit', unit: 'KG', vendor: 'VD001', price: 38.5, min_dos: 7, target_dos: 14, max_dos: 30, spec: '幅宽 180cm' },
  { code: 'MD0002', name: '涤棉府绸 45x45 133x72', material_group: 'fabric', material_type: 'woven', unit: 'M', vendor: 'VD001', price: 12.8, min_dos: 5, target_dos: 10, max_dos: 20, spec: '幅宽 150cm' },
  { code: 'MD0003', name: '12oz 靛蓝牛仔布', material_group: 'fabric', material_type: 'denim', unit: 'YD', vendor: 'VD001', price: 24.6, min_dos: 10, target_dos: 20, max_dos: 45 },
  { code: 'MD0004', name: '18L 四眼树脂扣', material_group: 'trim', material_type: 'button', unit: 'PCS', vendor: 'VD002', price: 0.085, min_dos: 15, target_dos: 30, max_dos: 60 },
  { code: 'MD0005', name: '5# 金属拉链 18cm', material_group: 'trim', material_type: 'zipper', unit: 'PCS', vendor: 'VD002', price: 0.62, min_dos: 15, target_dos: 30, max_dos: 60 },
  { code: 'MD0006', name: '客供主唛 悦衣', material_group: 'trim', material_type: 'label', unit: 'PCS', customer: 'CD001', price: 0.12 },
  { code: 'MD0007', name: '五层瓦楞外箱 60x40x40', material_group: 'packing', material_type: 'carton', unit: 'CTN', vendor: 'VD002', price: 6.5, validity: '0' },
];

const PROCESSES = [
  { code: 'P10', name: '裁剪', sequence: 10, process_type: 'cutting', force_in_scan: true, estimated_rate: 0.35 },
  { code: 'P20', name: '印花', sequence: 20, process_type: 'printing', is_vendor: true, estimated_rate: 1.2 },
  { code: 'P30', name: '缝制', sequence: 30, process_type: 'sewing', force_in_scan: true, force_out_scan: true, estimated_rate: 4.5 },
  { code: 'P31', name: '合肩', sequence: 31, process_type: 'sewing', parent: 'P30', estimated_rate: 0.3 },
  { code: 'P32', name: '上领', sequence: 32, process_type: 'sewing', parent: 'P30', estimated_rate: 0.6 },
  { code: 'P40', name: '洗水', sequence: 40, process_type: 'washing', is_vendor: true, estimated_rate: 2 },
  { code: 'P50', name: '后整', sequence: 50, process_type: 'finishing', force_out_scan: true, estimated_rate: 0.8 },
  { code: 'P60', name: '包装', sequence: 60, process_type: 'packing', force_out_scan: true, estimated_rate: 0.4 },
];

async function seedTenant(w: WriteContext, companyName: string, memberUserId: number | null): Promise<void> {
  const company = await ensure(w, 'company', 'CO01', { name: companyName, currency: 'CNY', registration_no: '91330200MA2H000001', tin_no: '91330200MA2H000001', contact_person: '管理员', country: '中国', province: '浙江', city: '宁波' });
  const plant = await ensure(w, 'plant', 'PL01', { name: '一厂', site_id: 'NB01', company_id: company, address: '宁波市鄞州区制衣路3号' });
  await ensure(w, 'plant', 'PL02', { name: '二厂（分厂）', site_id: 'NB02', parent_id: plant, company_id: company });

  const root = await ensure(w, 'org', 'ORG', { name: companyName, level: '1', is_public: true });
  const prod = await ensure(w, 'org', 'ORG-PROD', { name: '生产部', parent_id: root, level: '3', is_public: true, manager: '王计划' });
  const buy = await ensure(w, 'org', 'ORG-PUR', { name: '采购部', parent_id: root, level: '3', is_public: true });
  await ensure(w, 'org', 'ORG-PROD-PLAN', { name: '计划组', parent_id: prod, level: '4', is_public: false });
  await ensure(w, 'position', 'POS-PLAN', { name: '生产计划员', org_id: prod, user_id: memberUserId, work_percent: 100, is_manager: false });
  await ensure(w, 'position', 'POS-BUY', { name: '采购经理', org_id: buy, work_percent: 100, is_manager: true });

  const vendorIds = new Map<string, number>();
  for (const { code, ...v } of VENDORS) vendorIds.set(code, await ensure(w, 'vendor', code, { currency: 'CNY', ...v }));
  const customerIds = new Map<string, number>();
  for (const { code, ...c } of CUSTOMERS) customerIds.set(code, await ensure(w, 'customer', code, c));
  for (const { code, vendor, customer, ...m } of MATERIALS as Array<Values & { code: string; vendor?: string; customer?: string; price: number }>) {
    await ensure(w, 'material', code, {
      validity: '10', currency: 'CNY', share: false, ...m,
      vendor_id: vendor ? vendorIds.get(vendor) : null, customer_id: customer ? customerIds.get(customer) : null,
      price_history: [
        { effective_date: '2025-10-01', price: Number((m.price * 1.05).toFixed(4)), currency: 'CNY', remark: '2025 秋季报价' },
        { effective_date: '2026-01-01', price: m.price, currency: 'CNY', remark: '2026 年度价' },
      ],
    });
  }

  await ensure(w, 'workshop', 'WS-CUT', { name: '裁剪车间', plant_id: plant, process_type: 'cutting', manager: '刘主任' });
  const sewing = await ensure(w, 'workshop', 'WS-SEW', { name: '缝制车间', plant_id: plant, process_type: 'sewing', manager: '孙主任' });
  for (const [i, name] of ['缝制一线', '缝制二线', '缝制三线'].entries()) {
    const operators = 28 + i * 4;
    // Line capacity per day = operators x working minutes x efficiency (DOMAIN "Capacity").
    const minutes = Math.round(operators * 480 * (0.8 + i * 0.03));
    await ensure(w, 'workline', `L0${i + 1}`, { name, workshop_id: sewing, plant_id: plant, operators, work_minutes: 480, efficiency: 80 + i * 3, line_manager: ['陈组长', '林组长', '吴组长'][i], members: [
      { member_name: ['陈芳', '林静', '吴霞'][i], employee_no: `E${i + 1}001`, skill: '组长', is_leader: true, join_date: '2024-03-01', user_id: i === 0 ? memberUserId : null },
      { member_name: ['赵丽', '钱敏', '孙燕'][i], employee_no: `E${i + 1}002`, skill: '平车', is_leader: false, join_date: '2025-02-17' },
      { member_name: ['周红', '郑娟', '王梅'][i], employee_no: `E${i + 1}003`, skill: '拷边', is_leader: false, join_date: '2025-06-09' },
    ], capacities: [
      { cap_month: '2026-11', capacity_minutes: minutes * 22, capacity_pcs: Math.round((minutes * 22) / 12) },
      { cap_month: '2026-12', capacity_minutes: minutes * 21, capacity_pcs: Math.round((minutes * 21) / 12) },
      { cap_date: '2026-11-23', capacity_minutes: minutes, remark: '周一' },
    ] });
  }

  const processIds = new Map<string, number>();
  for (const { code, parent, ...p } of PROCESSES as Array<Values & { code: string; parent?: string }>) {
    processIds.set(code, await ensure(w, 'process', code, { plant_id: plant, is_vendor: false, force_in_scan: false, force_out_scan: false, ...p, parent_id: parent ? processIds.get(parent) : null }));
  }
}

registerSeeder(async (db, { tenants, users }) => {
  const plan: Array<[code: string, name: string, admin: string, member: string]> = [
    ['BRAND01', '上海悦衣服饰品牌有限公司', 'brand', 'brand.buyer'],
    ['MAKER01', '宁波华纺制衣有限公司', 'maker', 'maker.planner'],
    ['SUPP01', '绍兴锦绣面料有限公司', 'supplier', 'supplier.sales'],
  ];
  for (const [code, name, admin, member] of plan) {
    const clientId = tenants[code];
    const adminId = users[admin];
    if (!clientId || !adminId) continue;
    const actor = { clientId, userId: adminId, username: admin, fullname: admin, ip: null, roles: ['clientadmin'] };
    await withTenant(db, clientId, (tx) => seedTenant(writeContext(tx, actor, 'seed'), name, users[member] ?? null));
  }
  const maker = tenants.MAKER01;
  if (maker && users.maker) await withTenant(db, maker, (tx) => confirmDemoCustomer(writeContext(tx, { clientId: maker, userId: users.maker, username: 'maker', fullname: 'maker', ip: null, roles: ['clientadmin'] }, 'seed')));
});

/**
 * The demo maker has confirmed the demo brand as its customer, so the brand's orders reach it (issue
 * 20: a company receives orders only from an active customer carrying the sender's platform code).
 * The exchange seeders (the brand's orders to its maker) run after every area seeder, this one included.
 */
async function confirmDemoCustomer(w: WriteContext): Promise<void> {
  const platform = { platform_client_code: 'BRAND01', platform_company: (await sql<{ name: string }>`select name from clients where code = 'BRAND01'`.execute(w.tx)).rows[0]?.name ?? null };
  const [known] = (await sql<{ id: number; platform_client_code: string | null; platform_company: string | null }>`
    select id, platform_client_code, platform_company from md_customer where client_id = ${w.actor.clientId} and code = 'CD001'`.execute(w.tx)).rows;
  if (!known) await insertRecords(w, 'customer', [{ code: 'CD001', name: '上海悦衣服饰品牌有限公司', customer_type: 'brand', currency: 'CNY', status: 'active', ...platform }]);
  else if (known.platform_client_code === null || known.platform_company === null) await updateRecords(w, 'customer', [known.id], platform, { audit: 'confirm-platform' });
}
