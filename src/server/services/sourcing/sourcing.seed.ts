import { sql } from 'kysely';
import { requireEntity, type EntityDef } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { runAction, saveDocument } from '../../resources/resource.service';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { applyToProject, opportunities, saveScores } from './sourcing.service';

/**
 * Demo sourcing (issue 16): the demo brand BRAND01 runs projects in each main state against its two
 * platform vendors, VD001 (the fabric supplier SUPP01) and VHF01 (the maker MAKER01), who apply and
 * quote in their own companies. Everything goes through the real saves and actions (the brand's
 * administrator, the supplier's sales user, the maker's administrator): an evaluation scheme with a
 * retired and an active version; a project not prepared; one whose information is delivered (public,
 * the maker has opened its application); one publishing its RFQ with quotations posted and one still
 * a draft; one in evaluation scored by the buyer; one awarded to the supplier; a completed supplier
 * evaluation of the fabric supplier and one in progress of the maker. Idempotent: nothing when the
 * brand has any project.
 */
type Row = Record<string, unknown>;
const authOf = (clientId: number, userId: number, username: string, fullname: string): AuthContext => ({
  userId, username, fullname, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

/** The sourcing demo's companies, people and the brand's two platform vendors. */
type SourcingParties = { brand: number; supplier: number; maker: number; users: Record<string, number>; vendors: Record<string, number> };

/** The parties of the demo, or null when one is missing or the brand already has a project (idempotent). */
async function sourcingParties(db: Db, tenants: Record<string, number>, users: Record<string, number>): Promise<SourcingParties | null> {
  const brand = tenants.BRAND01;
  const supplier = tenants.SUPP01;
  const maker = tenants.MAKER01;
  if (!brand || !supplier || !maker || !users.brand || !users['brand.buyer'] || !users['supplier.sales'] || !users.maker) return null;
  const vendors = await withTenant(db, brand, async (tx) => {
    if ((await sql<{ n: number }>`select count(*)::int as n from srm_src_project where client_id = ${brand}`.execute(tx)).rows[0].n > 0) return null;
    const rows = (await sql<{ id: number; code: string }>`select id, code from md_vendor where client_id = ${brand} and code in ('VD001', 'VHF01')`.execute(tx)).rows;
    return Object.fromEntries(rows.map((r) => [r.code, Number(r.id)]));
  });
  if (!vendors || !vendors.VD001 || !vendors.VHF01) return null;
  return { brand, supplier, maker, users, vendors };
}

/** The save contexts of the brand's administrator, the supplier's sales user and the maker's administrator, and the action helper. */
function sourcingActors(db: Db, p: SourcingParties) {
  const { users } = p;
  const b = { db, auth: authOf(p.brand, users.brand, 'brand', '品牌管理员'), ip: null, language: 'zh-CN' as const };
  const buyerAuth = authOf(p.brand, users['brand.buyer'], 'brand.buyer', '李采购');
  const s = { db, auth: authOf(p.supplier, users['supplier.sales'], 'supplier.sales', '张销售'), ip: null, language: 'zh-CN' as const };
  const m = { db, auth: authOf(p.maker, users.maker, 'maker', '工厂管理员'), ip: null, language: 'zh-CN' as const };
  const act = async (ctx: typeof b, entity: EntityDef, action: string, id: number, body: Row = {}) => runAction(ctx, entity, action, { id, ...body });
  return { db, parties: p, b, buyerAuth, s, m, act };
}

type SourcingActors = ReturnType<typeof sourcingActors>;
type SeedCtx = SourcingActors['b'];

/** Evaluation scheme: V1 retired by V2; returns V2's id. */
async function seedEvaluationScheme({ b, act }: SourcingActors): Promise<number> {
  const cfg = requireEntity('srcevalconfig');
  const items = [
    { category: 'price', item_name: '价格竞争力', item_type: 'score', weight: 40, min_score: 0, max_score: 10 },
    { category: 'quality', item_name: '质量体系', item_type: 'option', weight: 30, min_score: 0, max_score: 5, options: '优:5;良:3;差:1' },
    { category: 'delivery', item_name: '交期保障', item_type: 'score', weight: 20, min_score: 0, max_score: 10 },
    { category: 'service', item_name: '配合度', item_type: 'score', weight: 10, min_score: 0, max_score: 10 },
  ];
  const v1 = Number((await saveDocument(b, cfg, { code: 'EV-FAB', name: '面料供应商评估方案', version_no: 'V1', remark: '2026 版', items: items.slice(0, 3) })).id);
  await act(b, cfg, 'activate', v1);
  const v2 = Number((await saveDocument(b, cfg, { code: 'EV-FAB', name: '面料供应商评估方案', version_no: 'V2', remark: '2027 版：增加配合度', items })).id);
  await act(b, cfg, 'activate', v2);
  return v2;
}

/** The steps of a project: the brand creates it and its items; the partners apply and quote; the brand reads its records. */
function projectSteps(actors: SourcingActors, v2: number) {
  const { db, b, act, parties } = actors;
  const { brand, users } = parties;
  const project = requireEntity('srcproject');
  const item = requireEntity('srcitem');
  const application = requireEntity('srcapplication');
  const quotation = requireEntity('srcquotation');
  const members = [{ user_id: users.brand }, { user_id: users['brand.buyer'] }];
  const newProject = async (body: Row) => Number((await saveDocument(b, project, { contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY', eval_config_id: v2, members, ...body })).id);
  const addItems = async (projectId: number, list: Row[]) => {
    for (const it of list) await act(b, item, 'activate', Number((await saveDocument(b, item, { project_id: projectId, currency: 'CNY', ...it })).id));
  };
  const codeOf = (id: number) => withTenant(db, brand, async (tx) => String((await sql<{ code: string }>`select code from srm_src_project where id = ${id} and client_id = ${brand}`.execute(tx)).rows[0].code));
  /** The supplier opens its application from the opportunity, completes and (optionally) posts it. */
  const apply = async (ctx: SeedCtx, projectId: number, profile: Row, post = true) => {
    const clientId = Number(ctx.auth.clientId);
    const opp = (await withSystemScope(db, (tx) => opportunities(tx, clientId, projectId)))[0];
    const app = await withTenant(db, clientId, (tx) => applyToProject(tx, ctx.auth, clientId, opp, null));
    const version = await withTenant(db, clientId, async (tx) => Number((await sql<{ version: number }>`select version from srm_src_application where id = ${app.id} and client_id = ${clientId}`.execute(tx)).rows[0].version));
    await saveDocument(ctx, application, { id: app.id, version, ...profile });
    if (post) await act(ctx, application, 'post', app.id);
    return app.id;
  };
  const quote = async (ctx: SeedCtx, projectCode: string, itemName: string, body: Row, post = true) => {
    const clientId = Number(ctx.auth.clientId);
    const q = await withTenant(db, clientId, async (tx) => (await sql<{ id: number; version: number }>`select id, version from srm_src_quotation where client_id = ${clientId} and project_code = ${projectCode} and item_name = ${itemName}`.execute(tx)).rows[0]);
    await saveDocument(ctx, quotation, { id: q.id, version: q.version, ...body });
    if (post) await act(ctx, quotation, 'post', Number(q.id));
  };
  const recordsOf = (projectId: number) => withTenant(db, brand, async (tx) => (await sql<{ id: number; supplier_client_id: number }>`select id, supplier_client_id from srm_src_record where client_id = ${brand} and project_id = ${projectId} order by id`.execute(tx)).rows);
  return { project, newProject, addItems, codeOf, apply, quote, recordsOf };
}

type ProjectSteps = ReturnType<typeof projectSteps>;

const supplierProfile = { contact_person: '张敏', contact_phone: '13957500001', company_profile: '针织与梭织面料生产商，染整一体，月产能约 300 吨', certificates: 'OEKO-TEX Standard 100；ISO 9001:2015；GRS 再生认证' };
const makerProfile = { contact_person: '王计划', contact_phone: '13900000002', company_profile: '成衣工厂，自有面料采购团队与两座工厂，可代采面料', certificates: 'BSCI；ISO 9001:2015' };

/** Projects 1 to 3: not prepared; information delivered with the maker's application open; RFQ publishing with quotations. */
async function seedOpenProjects(actors: SourcingActors, steps: ProjectSteps): Promise<void> {
  const { b, s, m, act, parties } = actors;
  const { vendors } = parties;
  const { project, newProject, addItems, codeOf, apply, quote } = steps;
  const fabricItems = [
    { name: '全棉汗布 40S 160g', qty: 8000, unit: 'KG', expected_price: 38, spec: '幅宽 180cm，精梳' },
    { name: '涤棉府绸 45x45 133x72', qty: 12000, unit: 'M', expected_price: 12.5, spec: '幅宽 150cm' },
  ];

  // 1. Not prepared.
  await newProject({ name: '2027 秋冬羊毛混纺面料寻源', src_type: 'fabric', description: '羊毛/涤纶 50/50 混纺，用于秋冬外套', reason: '新品类开发', duration_days: 45, priority: 'medium', tags: '秋冬,新品类' });

  // 2. Information delivered, public; the maker has opened its application.
  const p2 = await newProject({ name: '夏季T恤成衣加工寻源', src_type: 'garment', description: '圆领短袖T恤 CMT 加工，年量约 20 万件', reason: '扩充加工产能', duration_days: 30, priority: 'high', is_public: true, tags: '成衣,CMT', invites: [{ vendor_id: vendors.VHF01 }] });
  await act(b, project, 'prepare', p2);
  await act(b, project, 'deliver_info', p2);
  await apply(m, p2, makerProfile, false);

  // 3. RFQ publishing: both posted, the supplier has one quotation posted and one draft.
  const p3 = await newProject({ name: '2027 春夏针织面料寻源', src_type: 'fabric', description: '春夏针织与梭织主面料年度供应', reason: '现有供应商交期不稳定', duration_days: 30, priority: 'high', tags: '面料,年度', invites: [{ vendor_id: vendors.VD001 }, { vendor_id: vendors.VHF01 }], rates: [{ currency: 'USD', rate: 7.2 }] });
  await act(b, project, 'prepare', p3);
  await act(b, project, 'deliver_info', p3);
  await apply(s, p3, supplierProfile);
  await apply(m, p3, makerProfile);
  await addItems(p3, fabricItems);
  await act(b, project, 'publish', p3);
  const c3 = await codeOf(p3);
  await quote(s, c3, fabricItems[0].name, { unit_price: 38.5, lead_time_days: 20, valid_to: '2027-06-30', breaks: [{ min_qty: 5000, unit_price: 37.2, lead_time_days: 25 }, { min_qty: 10000, unit_price: 36.5, lead_time_days: 30 }] });
  await quote(s, c3, fabricItems[1].name, { unit_price: 12.9, lead_time_days: 15 }, false);
  await quote(m, c3, fabricItems[0].name, { currency: 'USD', unit_price: 5.3, lead_time_days: 35 });
  await quote(m, c3, fabricItems[1].name, { unit_price: 12.4, lead_time_days: 18 });
}

/** Runs a trim project from creation to evaluation: both partners apply and quote, both are shortlisted. */
async function runToEvaluation(actors: SourcingActors, steps: ProjectSteps, name: string, description: string, list: Row[], prices: Array<[number, number, number, number]>): Promise<number> {
  const { b, s, m, act, parties } = actors;
  const { vendors } = parties;
  const { project, newProject, addItems, codeOf, apply, quote, recordsOf } = steps;
  const record = requireEntity('srcrecord');
  const id = await newProject({ name, src_type: 'trim', description, reason: '年度比价', duration_days: 20, priority: 'medium', tags: '辅料', invites: [{ vendor_id: vendors.VD001 }, { vendor_id: vendors.VHF01 }] });
  await act(b, project, 'prepare', id);
  await act(b, project, 'deliver_info', id);
  await apply(s, id, supplierProfile);
  await apply(m, id, makerProfile);
  await addItems(id, list);
  await act(b, project, 'publish', id);
  const code = await codeOf(id);
  for (const [k, it] of list.entries()) {
    await quote(s, code, String(it.name), { unit_price: prices[k][0], lead_time_days: prices[k][1] });
    await quote(m, code, String(it.name), { unit_price: prices[k][2], lead_time_days: prices[k][3] });
  }
  for (const r of await recordsOf(id)) await act(b, record, 'shortlist', Number(r.id));
  await act(b, project, 'close_inquiry', id);
  await act(b, project, 'end_sourcing', id);
  await act(b, project, 'start_evaluation', id);
  return id;
}

/** Projects 4 and 5: evaluating (the buyer has scored) and awarded to the supplier. */
async function seedEvaluatedProjects(actors: SourcingActors, steps: ProjectSteps, v2: number): Promise<void> {
  const { db, b, buyerAuth, act, parties } = actors;
  const { brand, supplier, maker } = parties;
  const scoreAll = async (projectId: number, who: AuthContext, bySupplier: Record<number, number[]>) => {
    const cfgItems = await withTenant(db, brand, async (tx) => (await sql<{ id: number }>`select id from srm_src_evalconfig_item where client_id = ${brand} and config_id = ${v2} order by id`.execute(tx)).rows.map((r) => Number(r.id)));
    for (const r of await steps.recordsOf(projectId)) {
      const values = bySupplier[Number(r.supplier_client_id)];
      await withTenant(db, brand, (tx) => saveScores(tx, who, brand, projectId, Number(r.id), Object.fromEntries(cfgItems.map((id, k) => [String(id), values[k]])), null));
    }
  };
  const p4 = await runToEvaluation(actors, steps, '牛仔面料配套辅料寻源', '牛仔系列铜扣、铆钉与皮牌', [
    { name: '17mm 工字铜扣', qty: 60000, unit: 'PCS', expected_price: 0.35 },
    { name: '9mm 铜铆钉', qty: 240000, unit: 'PCS', expected_price: 0.06 },
  ], [[0.34, 12, 0.33, 20], [0.058, 12, 0.061, 20]]);
  await scoreAll(p4, buyerAuth, { [supplier]: [8, 5, 9, 8], [maker]: [8, 3, 6, 9] });

  const p5 = await runToEvaluation(actors, steps, '拉链年度供应商寻源', '5# 金属拉链与 3# 尼龙拉链年度供应', [
    { name: '5# 金属拉链 18cm', qty: 50000, unit: 'PCS', expected_price: 0.62 },
    { name: '3# 尼龙隐形拉链 22cm', qty: 80000, unit: 'PCS', expected_price: 0.28 },
  ], [[0.6, 10, 0.63, 15], [0.27, 10, 0.26, 15]]);
  await scoreAll(p5, buyerAuth, { [supplier]: [9, 5, 9, 8], [maker]: [7, 3, 7, 8] });
  await scoreAll(p5, b.auth, { [supplier]: [8, 5, 8, 9], [maker]: [8, 3, 6, 8] });
  await act(b, steps.project, 'end_evaluation', p5);
  await act(b, steps.project, 'award', p5);
}

/** Supplier evaluations: the fabric supplier's quarterly one completed (its grade follows), the maker's in progress. */
async function seedSupplierEvaluations(actors: SourcingActors, v2: number): Promise<void> {
  const { db, b, act, parties } = actors;
  const { brand, vendors } = parties;
  const veval = requireEntity('srcvendoreval');
  const evaluate = async (vendorId: number, period: string, scores: number[] | null) => {
    const id = Number((await saveDocument(b, veval, { vendor_id: vendorId, eval_config_id: v2, period, remark: `${period} 季度评估` })).id);
    if (!scores) return;
    const rows = await withTenant(db, brand, async (tx) => (await sql<{ id: number }>`select id from srm_src_vendoreval_score where client_id = ${brand} and eval_id = ${id} order by id`.execute(tx)).rows);
    const version = await withTenant(db, brand, async (tx) => Number((await sql<{ version: number }>`select version from srm_src_vendoreval where id = ${id} and client_id = ${brand}`.execute(tx)).rows[0].version));
    await saveDocument(b, veval, { id, version, scores: rows.map((r, k) => ({ id: r.id, score: scores[k] ?? 0 })) });
    await act(b, veval, 'complete', id);
  };
  await evaluate(vendors.VD001, '2026 Q3', [9, 5, 8, 9]);
  await evaluate(vendors.VHF01, '2026 Q4', null);
}

registerSeeder(async (db, { tenants, users }) => {
  const parties = await sourcingParties(db, tenants, users);
  if (!parties) return;
  const actors = sourcingActors(db, parties);
  const v2 = await seedEvaluationScheme(actors);
  const steps = projectSteps(actors, v2);
  await seedOpenProjects(actors, steps);
  await seedEvaluatedProjects(actors, steps, v2);
  await seedSupplierEvaluations(actors, v2);
  // After the purchasing season: the supplier has confirmed the brand and the maker (an exchange seeder too).
}, { exchange: true });
