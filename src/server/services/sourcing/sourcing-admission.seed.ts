import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import { SOURCING_APPLY_MENU } from '../../../model/entities/sourcingsupplier.entity';
import type { DynamicFormDefinition } from '../../../model/dynamic-form';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction, saveDocument } from '../../resources/resource.service';
import { decideIn, startFlow } from '../approvals/approval.service';
import { recordFile, storeBytes, type FileOwner, type FileRow } from '../files';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { saveAccessAnswers } from './sourcing.admission';
import { applyToProject, opportunities } from './sourcing.service';

/**
 * Demo of the rest of sourcing (issue 16), after sourcing.seed.ts, for BRAND01 and its platform
 * vendors SUPP01 (VD001) and MAKER01 (VHF01), all through the real saves, actions and services:
 *
 * - approval: the process SRC_PROJECT 寻源立项审批 (budget check by the finance position POS-FIN,
 *   or-sign; not required, so projects may still be delivered without it); two projects the buyer
 *   李采购 submitted: one waiting at finance (张会计), one approved;
 * - admission: the dynamic form 面料供应商准入评估表 (ACCESS_FAB) and its configuration AF-FAB for
 *   fabric sourcing; a public project using it whose information is delivered; the fabric supplier
 *   has filled the form, attached three certificates (one expired) and posted (to review); the
 *   maker has opened its application and not filled the form yet;
 * - vendor settings: bank data and a permit image on VD001 (checked by 品牌管理员) and VHF01 (not
 *   checked yet); VJX02 has bank data and no permit.
 *
 * Idempotent: nothing when the brand already has an access form configuration.
 */
type Row = Record<string, unknown>;
const authOf = (clientId: number, userId: number, username: string, fullname: string, roles = ['clientadmin', 'common']): AuthContext => ({
  userId, username, fullname, clientId, sessionId: 'seed', roles, isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

export const ACCESS_FORM_DEMO: DynamicFormDefinition = {
  sections: [
    {
      key: 'company',
      title: '企业概况',
      title_en: 'Company',
      fields: [
        { key: 'founded_year', label: '成立年份', label_en: 'Founded in', type: 'integer', required: true, rules: ['naturalNumber'] },
        { key: 'staff', label: '员工人数', label_en: 'Staff', type: 'integer', required: true, rules: ['naturalNumber'] },
        { key: 'capacity_tons', label: '月产能(吨)', label_en: 'Monthly capacity (t)', type: 'decimal', required: true, rules: ['positiveNumber'] },
        { key: 'main_products', label: '主营产品', label_en: 'Main products', type: 'textarea', required: true, span: 'full', max_length: 500 },
      ],
    },
    {
      key: 'quality',
      title: '质量与合规',
      title_en: 'Quality and compliance',
      fields: [
        { key: 'qms', label: '质量体系', label_en: 'Quality system', type: 'dict', required: true, options: [{ value: 'iso9001', label: 'ISO 9001 认证', label_en: 'ISO 9001 certified' }, { value: 'own', label: '自建体系', label_en: 'Own system' }, { value: 'none', label: '暂无', label_en: 'None yet' }] },
        { key: 'lab', label: '自有检测实验室', label_en: 'Own test laboratory', type: 'boolean', default: false },
        { key: 'lab_items', label: '可检测项目', label_en: 'Tests run in house', type: 'textarea', visible_when: 'lab == true', required: true, span: 'full' },
        { key: 'eco_certs', label: '环保认证', label_en: 'Eco certificates', type: 'multidict', options: [{ value: 'oekotex', label: 'OEKO-TEX' }, { value: 'grs', label: 'GRS' }, { value: 'bluesign', label: 'bluesign' }] },
        { key: 'contact_email', label: '质量负责人邮箱', label_en: 'Quality manager e-mail', type: 'email', required: true },
      ],
    },
  ],
};

/** A drawing of an account-opening permit carrying the vendor's bank data (demo only: uploads take PNG, JPEG, WebP or PDF). */
export function permitSvg(v: { name: string; bank: string; account: string; branch: string }): string {
  const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
  const line = (y: number, label: string, value: string) =>
    `<text x="60" y="${y}" font-size="20" fill="#333">${label}</text><text x="230" y="${y}" font-size="20" fill="#111">${esc(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="480" viewBox="0 0 720 480"><rect width="720" height="480" fill="#fffaf0"/>`
    + `<rect x="16" y="16" width="688" height="448" fill="none" stroke="#b22222" stroke-width="6"/><rect x="28" y="28" width="664" height="424" fill="none" stroke="#b22222" stroke-width="1.5"/>`
    + `<text x="360" y="92" font-size="38" text-anchor="middle" fill="#b22222" font-weight="bold" letter-spacing="8">开户许可证</text>`
    + `<text x="360" y="124" font-size="14" text-anchor="middle" fill="#777">核准号：J3310000${esc(v.branch.slice(-4))}01\u3000编号：3310-0${esc(v.branch.slice(0, 6))}</text>`
    + line(190, '存款人名称', v.name) + line(240, '开户银行', v.bank) + line(290, '银行账号', v.account) + line(340, '联行号', v.branch) + line(390, '账户性质', '基本存款账户')
    + `<circle cx="590" cy="380" r="56" fill="none" stroke="#d22" stroke-width="4"/><text x="590" y="386" font-size="16" text-anchor="middle" fill="#d22">发证机关</text></svg>`;
}

/** A certificate's scan (demo only). */
function certSvg(title: string, no: string, validTo: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="340" viewBox="0 0 480 340"><rect width="480" height="340" fill="#f7fbff"/><rect x="12" y="12" width="456" height="316" fill="none" stroke="#1f5fa8" stroke-width="4"/>`
    + `<text x="240" y="90" font-size="28" text-anchor="middle" fill="#1f5fa8" font-weight="bold">${title}</text><text x="240" y="160" font-size="18" text-anchor="middle" fill="#333">证书编号 ${no}</text>`
    + `<text x="240" y="210" font-size="18" text-anchor="middle" fill="#333">有效期至 ${validTo}</text></svg>`;
}

/** A seed file of the company (an SVG picture: an <img> draws it; opened, it downloads). */
async function storeFile(db: Db, dataDir: string, clientId: number, userId: number, name: string, svg: string, owner: FileOwner): Promise<FileRow> {
  const f = await storeBytes(dataDir, 'sourcing', clientId, `${name}.svg`, Buffer.from(svg));
  return withTenant(db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: userId, owner }));
}

/** What every project of this demo shares: the buyer as contact, fabric sourcing in CNY. */
const PROJECT_BASE = { contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY', src_type: 'fabric', priority: 'medium' };

/** The companies, people and save contexts of the demo, and the brand's vendors; null when someone is missing or it already ran. */
async function admissionActors(db: Db, dataDir: string, tenants: Record<string, number>, users: Record<string, number>) {
  const brand = tenants.BRAND01;
  const supplier = tenants.SUPP01;
  const maker = tenants.MAKER01;
  if (!brand || !supplier || !maker || !users.brand || !users['brand.buyer'] || !users['supplier.sales'] || !users.maker) return null;
  const done = await withTenant(db, brand, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from srm_src_access_form where client_id = ${brand}`.execute(tx)).rows[0].n > 0);
  if (done) return null;
  const b = { db, auth: authOf(brand, users.brand, 'brand', '品牌管理员'), ip: null, language: 'zh-CN' as const };
  const buyerAuth = authOf(brand, users['brand.buyer'], 'brand.buyer', '李采购');
  const by = { db, auth: buyerAuth, ip: null, language: 'zh-CN' as const };
  const s = { db, auth: authOf(supplier, users['supplier.sales'], 'supplier.sales', '张销售'), ip: null, language: 'zh-CN' as const };
  const m = { db, auth: authOf(maker, users.maker, 'maker', '工厂管理员'), ip: null, language: 'zh-CN' as const };
  const vendors = await withTenant(db, brand, async (tx) =>
    Object.fromEntries((await sql<{ id: number; code: string; version: number; name: string }>`select id, code, version, name from md_vendor where client_id = ${brand} and code in ('VD001', 'VJX02', 'VHF01')`.execute(tx)).rows.map((r) => [r.code, r])));
  return { db, dataDir, brand, supplier, maker, users, b, by, s, m, vendors };
}

type AdmissionActors = NonNullable<Awaited<ReturnType<typeof admissionActors>>>;
type SeedCtx = AdmissionActors['s'];

/** The brand administrator's write context for documents written directly (a process, a dynamic form). */
const brandWriter = (tx: Db, a: AdmissionActors) => writeContext(tx, { clientId: a.brand, userId: a.users.brand, username: 'brand', fullname: '品牌管理员', ip: null, roles: ['clientadmin'] }, 'seed');

/** 1. The approval flow of projects, and two projects the buyer submitted: one waiting at finance, one approved. */
async function seedProjectApprovals(a: AdmissionActors): Promise<void> {
  const { db, brand, users, by } = a;
  const project = requireEntity('srcproject');
  await withTenant(db, brand, async (tx) => {
    const w = brandWriter(tx, a);
    if (!(await sql`select 1 from wf_process_def where client_id = ${brand} and code = 'SRC_PROJECT'`.execute(tx)).rows.length)
      await writeDocument(w, requireEntity('processdef'), {
        body: {
          code: 'SRC_PROJECT', name: '寻源立项审批', entity_name: 'srcproject', required: false, enabled: true,
          remark: '采购员发起的寻源项目，由财务做预算审核后方可发布信息。',
          nodes: [{ seq: 1, name: '预算审核', status_code: 'BUDGET', is_end: true, access_type: 'fixed_positions', position_codes: 'POS-FIN', sign_type: 'or', allow_edit: false }],
          steps: [{ step_code: 'S10', name: '预算通过', from_seq: 1, to_seq: null }],
        },
      });
  });
  const pending = Number((await saveDocument(by, project, { ...PROJECT_BASE, name: '2027 春夏莱卡弹力面料寻源', description: '锦纶/氨纶 80/20 弹力面料，用于运动系列', reason: '运动系列新品', duration_days: 30, tags: '运动,弹力' })).id);
  const approved = Number((await saveDocument(by, project, { ...PROJECT_BASE, name: '羽绒服面料防绒性能寻源', description: '20D 尼龙防绒面料', reason: '现供应商防绒测试不稳定', duration_days: 40, tags: '羽绒,防绒' })).id);
  await withTenant(db, brand, async (tx) => {
    const who = { userId: users['brand.buyer'], username: 'brand.buyer', ip: null };
    await startFlow(tx, brand, who, project, pending, '请审批立项');
    const flow = await startFlow(tx, brand, who, project, approved, '请审批立项');
    const task = (await sql<{ id: number }>`select id from wf_task where client_id = ${brand} and instance_id = ${flow.pid} and status = 10 order by id limit 1`.execute(tx)).rows[0];
    const finance = (await sql<{ id: number }>`select id from users where lower(username) = 'brand.finance'`.execute(tx)).rows[0];
    if (task && finance) await decideIn(tx, brand, { userId: Number(finance.id), username: 'brand.finance', ip: null }, Number(task.id), 'approve', '预算内，同意立项');
  });
}

/** 2. The access evaluation form and a public project using it; the supplier's filled and posted application, the maker's opened one. */
async function seedAccessForm(a: AdmissionActors): Promise<void> {
  const { db, brand, b, m, vendors } = a;
  const project = requireEntity('srcproject');
  const formId = await withTenant(db, brand, async (tx) =>
    writeDocument(brandWriter(tx, a), requireEntity('dynform'), { body: { code: 'ACCESS_FAB', name: '面料供应商准入评估表', name_en: 'Fabric supplier access evaluation', definition: ACCESS_FORM_DEMO, remark: '新面料供应商准入时填写' } }),
  );
  const accessForm = Number((await saveDocument(b, requireEntity('srcaccessform'), { code: 'AF-FAB', name: '面料供应商准入', form_id: formId, src_type: 'fabric', enabled: true, remark: '面料类寻源项目的供应商准入评估' })).id);
  const p6 = Number((await saveDocument(b, project, {
    ...PROJECT_BASE, name: '2027 秋冬再生涤纶面料准入寻源', description: '再生涤纶（GRS）梭织面料，需提供准入评估与环保认证', reason: '可持续材料目标', duration_days: 45, priority: 'high',
    is_public: true, tags: '再生,GRS', access_form_id: accessForm, invites: [{ vendor_id: vendors.VD001?.id }, { vendor_id: vendors.VHF01?.id }],
  })).id);
  await runAction(b, project, 'prepare', { id: p6 });
  await runAction(b, project, 'deliver_info', { id: p6 });
  await seedSupplierApplication(a, p6);
  // The maker has opened its application; the form waits.
  await openApplication(a, m, p6, { contact_person: '王计划', contact_phone: '13900000002', company_profile: '成衣工厂，自有面料采购团队' });
}

/** A partner opens its application to the project from the opportunity and completes its profile. */
async function openApplication(a: AdmissionActors, ctx: SeedCtx, projectId: number, profile: Row): Promise<{ id: number; version: number }> {
  const { db } = a;
  const clientId = Number(ctx.auth.clientId);
  const opp = (await withSystemScope(db, (tx) => opportunities(tx, clientId, projectId)))[0];
  const app = await withTenant(db, clientId, (tx) => applyToProject(tx, ctx.auth, clientId, opp, null));
  const version = await withTenant(db, clientId, async (tx) => Number((await sql<{ version: number }>`select version from srm_src_application where id = ${app.id} and client_id = ${clientId}`.execute(tx)).rows[0].version));
  const saved = await saveDocument(ctx, requireEntity('srcapplication'), { id: app.id, version, ...profile });
  return { id: app.id, version: Number(saved.version) };
}

/** The fabric supplier: form filled, three certificates (the OEKO-TEX one expired), posted. */
async function seedSupplierApplication(a: AdmissionActors, projectId: number): Promise<void> {
  const { db, dataDir, supplier, users, s } = a;
  const application = requireEntity('srcapplication');
  const sApp = await openApplication(a, s, projectId, { contact_person: '张敏', contact_phone: '13957500001', company_profile: '针织与梭织面料生产商，染整一体，月产能约 300 吨', certificates: 'GRS、OEKO-TEX、ISO 9001（证书文件见附件）' });
  const filled = await withTenant(db, supplier, (tx) => saveAccessAnswers(tx, s.auth, supplier, sApp.id, sApp.version, {
    founded_year: 2006, staff: 420, capacity_tons: 300, main_products: '再生涤纶梭织面料、针织汗布、功能性面料', qms: 'iso9001', lab: true, lab_items: '色牢度、缩水率、克重、起球', eco_certs: ['oekotex', 'grs'], contact_email: 'quality@jinxiu-fabric.example',
  }, true));
  const certs = [
    { cert_type: 'license', cert_name: '营业执照', cert_no: '91330600MA2BXXXX0K', valid_to: '2036-05-31' },
    { cert_type: 'grs', cert_name: 'GRS 全球回收标准证书', cert_no: 'CU-GRS-1088123', valid_to: '2027-08-15' },
    { cert_type: 'oekotex', cert_name: 'OEKO-TEX Standard 100', cert_no: 'SH025 178421', valid_to: '2026-03-31' },
  ];
  const withFiles = [];
  for (const [k, c] of certs.entries()) withFiles.push({ ...c, file_id: (await storeFile(db, dataDir, supplier, users['supplier.sales'], `cert-${k + 1}`, certSvg(c.cert_name, c.cert_no, c.valid_to), { menu: SOURCING_APPLY_MENU })).id, file_name: `${c.cert_name}.svg` });
  await saveDocument(s, application, { id: sApp.id, version: filled.version, certs: withFiles });
  await runAction(s, application, 'post', { id: sApp.id });
}

/** 3. Vendor settings: bank data and permit images (VD001 checked, VHF01 not yet, VJX02 without a permit). */
async function seedVendorBankData(a: AdmissionActors): Promise<void> {
  const { db, dataDir, brand, users, b, vendors } = a;
  const vendor = requireEntity('vendor');
  const bank = async (code: string, data: Row, permit: boolean, check: boolean) => {
    const v = vendors[code];
    if (!v) return;
    const image = permit ? (await storeFile(db, dataDir, brand, users.brand, `permit-${code}`, permitSvg({ name: String(data.bank_account_name), bank: String(data.bank_name), account: String(data.bank_account_no), branch: String(data.bank_branch_code) }), { menu: vendor.menuCode, table: vendor.table, id: v.id })).url : null;
    const current = await withTenant(db, brand, async (tx) => Number((await sql<{ version: number }>`select version from md_vendor where id = ${v.id} and client_id = ${brand}`.execute(tx)).rows[0].version));
    await saveDocument(b, vendor, { id: v.id, version: current, ...data, permit_image: image });
    if (check) await runAction(b, vendor, 'check_bank', { id: v.id });
  };
  await bank('VD001', { bank_name: '中国工商银行绍兴柯桥支行', bank_branch_code: '102337000123', bank_account_no: '1211015009200123456', bank_account_name: '绍兴锦绣面料有限公司' }, true, true);
  await bank('VHF01', { bank_name: '中国银行宁波鄞州支行', bank_branch_code: '104332000456', bank_account_no: '361068812345', bank_account_name: '宁波华纺制衣有限公司' }, true, false);
  await bank('VJX02', { bank_name: '中国农业银行嘉兴南湖支行', bank_branch_code: '103335000789', bank_account_no: '120909876510001', bank_account_name: String(vendors.VJX02?.name ?? '') }, false, false);
}

registerSeeder(async (db, { config, tenants, users }) => {
  const actors = await admissionActors(db, config.dataDir, tenants, users);
  if (!actors) return;
  await seedProjectApprovals(actors);
  await seedAccessForm(actors);
  await seedVendorBankData(actors);
}, { exchange: true });
