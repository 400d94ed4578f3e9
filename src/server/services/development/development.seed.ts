import { sql } from 'kysely';
import { SAMPLE_MENU, sampleRequest } from '../../../model/entities/samplerequest.entity';
import { style, styleCost } from '../../../model/entities/style.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { recordFile, storeBytes, type FileRow } from '../files';
import { withTenant } from '../../kernel/rls';
import { garmentSvg } from './garment-picture';
import { commentOn } from './sample.service';

/**
 * Demo of product development and samples (issue 18), after the companies confirmed each other:
 * - the brand BRAND01 develops three autumn/winter 2027 styles (a cardigan and a shirt approved, jeans
 *   in development) with BOM lines by colour from its material master, routings with SMV from its
 *   processes, tech packs and costing versions (the cardigan's V1 superseded by a confirmed V2);
 * - the maker MAKER01 keeps its customer's running styles ST-2601..ST-2603 approved with routings, so
 *   the plans it makes for them count the routing's standard minutes;
 * - sample requests from the brand to the maker (its vendor VHF01) in every state of the trade: a proto
 *   approved, a fit sample rejected in round 1 and resubmitted with photos in round 2 (waiting for the
 *   brand), a proto in progress, a fit sample just requested, a draft.
 * Every step is the action a user takes (writer, actions, the comment service). Idempotent: nothing
 * when the brand already has styles.
 */
type Row = Record<string, unknown>;

const authOf = (clientId: number, userId: number, username: string, fullname: string): AuthContext => ({
  userId, username, fullname, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

async function ids(tx: Db, table: 'md_material' | 'md_process', clientId: number): Promise<Record<string, number>> {
  const r = await sql<Row>`select id, code from ${sql.table(table)} where client_id = ${clientId}`.execute(tx);
  return Object.fromEntries(r.rows.map((x) => [String(x.code), Number(x.id)]));
}

type StyleSeed = { code: string; name: string; category: string; colours: string; sizes: string; fill: string; kind?: 'top' | 'pants'; designer: string; fabric: string; bom: Array<[string, number, number, string?, string?]>; routing: Array<[string, number, boolean?, number?, string?]> };

const BRAND_STYLES: StyleSeed[] = [
  {
    code: 'ST-2701', name: '女式混纺针织开衫', category: 'knit-top', colours: '燕麦色,藏青', sizes: 'S,M,L,XL', fill: '#d8c7a8', designer: '陈设计', fabric: '全棉汗布 40S 160g',
    bom: [['MD0001', 0.42, 6, '', '大身'], ['MD0004', 6, 2, '', '门襟'], ['MD0006', 1, 1, '', '后领'], ['MD0007', 0.02, 0, '', '装箱']],
    routing: [['P10', 1.6], ['P31', 0.9], ['P32', 1.8], ['P30', 9.5], ['P50', 1.4], ['P60', 0.8]],
  },
  {
    code: 'ST-2702', name: '男式牛津纺长袖衬衫', category: 'woven-shirt', colours: '白色,浅蓝', sizes: '38,39,40,41,42', fill: '#c9dcf0', designer: '周设计', fabric: '涤棉府绸 45x45',
    bom: [['MD0002', 1.65, 4, '', '大身'], ['MD0004', 9, 2, '', '门襟袖口'], ['MD0006', 1, 1, '', '后领']],
    routing: [['P10', 2.1], ['P30', 14.2], ['P50', 2.0], ['P60', 1.0]],
  },
  {
    code: 'ST-2703', name: '女式高腰直筒牛仔裤', category: 'denim', colours: '深蓝,浅蓝', sizes: '25,26,27,28,29', fill: '#3b5b8c', kind: 'pants', designer: '陈设计', fabric: '12oz 靛蓝牛仔布',
    bom: [['MD0003', 1.25, 5, '深蓝', '大身'], ['MD0003', 1.3, 6, '浅蓝', '大身（浅洗缩率大）'], ['MD0005', 1, 1, '', '前门'], ['MD0004', 1, 2, '', '腰头']],
    routing: [['P10', 2.4], ['P30', 16.5], ['P40', 0, true, 6.5, '石磨洗'], ['P50', 2.2], ['P60', 1.0]],
  },
];

const MAKER_STYLES: StyleSeed[] = [
  { code: 'ST-2601', name: '女式针织开衫', category: 'knit-top', colours: '黑色,米白,雾蓝', sizes: 'S,M,L,XL', fill: '#222222', designer: '悦衣', fabric: '全棉汗布', bom: [['MD0001', 0.4, 5], ['MD0004', 5, 2]], routing: [['P10', 1.5], ['P30', 8.6], ['P50', 1.2], ['P60', 0.7]] },
  { code: 'ST-2602', name: '男式牛津纺衬衫', category: 'woven-shirt', colours: '白色,浅蓝', sizes: 'S,M,L,XL', fill: '#ffffff', designer: '悦衣', fabric: '涤棉府绸', bom: [['MD0002', 1.6, 4], ['MD0004', 9, 2]], routing: [['P10', 2.0], ['P30', 13.8], ['P50', 1.9], ['P60', 0.9]] },
  { code: 'ST-2603', name: '直筒牛仔裤', category: 'denim', colours: '深蓝', sizes: 'S,M,L,XL', fill: '#3b5b8c', kind: 'pants', designer: '悦衣', fabric: '12oz 牛仔布', bom: [['MD0003', 1.25, 5], ['MD0005', 1, 1]], routing: [['P10', 2.3], ['P30', 15.9], ['P40', 0, true, 6.2], ['P50', 2.1], ['P60', 1.0]] },
];

async function seedStyles(db: Db, dataDir: string, clientId: number, userId: number, username: string, list: StyleSeed[], customerCode: string | null, approve: string[]): Promise<Record<string, number>> {
  const actor = { clientId, userId, username, fullname: username, ip: null, roles: ['clientadmin'] };
  const out: Record<string, number> = {};
  const images: Record<string, string> = {};
  for (const s of list) images[s.code] = (await storePhoto(db, dataDir, clientId, userId, `style-${s.code}`, garmentSvg(s.fill, s.code, s.kind), style.menuCode)).url;
  await withTenant(db, clientId, async (tx) => {
    const w = writeContext(tx, actor, 'seed');
    const mats = await ids(tx, 'md_material', clientId);
    const procs = await ids(tx, 'md_process', clientId);
    const customer = customerCode ? (await sql<{ id: number }>`select id from md_customer where client_id = ${clientId} and code = ${customerCode}`.execute(tx)).rows[0]?.id ?? null : null;
    for (const s of list) {
      const img = images[s.code];
      out[s.code] = await writeDocument(w, style, {
        body: {
          code: s.code, name: s.name, year: 2027, season: 'AW', category: s.category, customer_id: customer, size_range: s.sizes, colours: s.colours, image: img, designer: s.designer, fabric_desc: s.fabric,
          bom: s.bom.filter(([m]) => mats[m]).map(([m, consumption, wastage, colour, position], i) => ({ material_id: mats[m], consumption, wastage_pct: wastage, colour: colour || null, position: position ?? null, seq: i + 1 })),
          routing: s.routing.filter(([p]) => procs[p]).map(([p, smv, outsourced, price, remark], i) => ({ seq: (i + 1) * 10, process_id: procs[p], smv, outsourced: outsourced ?? false, outsource_price: price ?? null, remark: remark ?? null })),
          techpack: [
            { kind: 'sketch', name: `${s.code} 款式图`, url: img },
            { kind: 'spec', name: `${s.code} 工艺单 V1`, remark: '缝份 1cm，明线 0.6cm，针距 12 针/3cm' },
            { kind: 'measurement', name: `${s.code} 尺寸表`, remark: `尺码 ${s.sizes}，公差 ±1cm` },
          ],
        },
      });
    }
  });
  const ctx = { db, auth: authOf(clientId, userId, username, username), ip: null, language: 'zh-CN' as const };
  for (const code of approve) if (out[code]) await runAction(ctx, style, 'approve', { ids: [out[code]] });
  return out;
}

/** Writes an SVG "photo" into the company's stored files (an <img> draws it; opened, it downloads). */
async function storePhoto(db: Db, dataDir: string, clientId: number, userId: number, name: string, svg: string, menu: string): Promise<FileRow> {
  const f = await storeBytes(dataDir, 'samples', clientId, `${name}.svg`, Buffer.from(svg));
  return withTenant(db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: userId, owner: { menu } }));
}

export async function seedDevelopmentDemo(db: Db, dataDir: string, t: { brand: number; maker: number }, u: { brand: number; brandBuyer: number; maker: number }): Promise<void> {
  const has = await withTenant(db, t.brand, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from dev_style where client_id = ${t.brand}`.execute(tx)).rows[0].n);
  if (has > 0) return;
  const brandStyles = await seedStyles(db, dataDir, t.brand, u.brand, 'brand', BRAND_STYLES, null, ['ST-2701', 'ST-2702']);
  await seedStyles(db, dataDir, t.maker, u.maker, 'maker', MAKER_STYLES, 'CD001', ['ST-2601', 'ST-2602', 'ST-2603']);

  const brandAuth = authOf(t.brand, u.brandBuyer, 'brand.buyer', '李采购');
  const makerAuth = authOf(t.maker, u.maker, 'maker', '工厂管理员');
  const bctx = { db, auth: brandAuth, ip: null, language: 'zh-CN' as const };
  const mctx = { db, auth: makerAuth, ip: null, language: 'zh-CN' as const };
  const bActor = { clientId: t.brand, userId: u.brandBuyer, username: 'brand.buyer', fullname: '李采购', ip: null, roles: ['common'] };

  // Costing: the cardigan's V1 at the first minute rate, then V2 with the agreed rate, confirmed.
  const [v1, v2, shirt] = await withTenant(db, t.brand, async (tx) => {
    const w = writeContext(tx, bActor, 'seed');
    const a = await writeDocument(w, styleCost, { body: { style_id: brandStyles['ST-2701'], minute_rate: 0.55, overhead_pct: 12, margin_pct: 25, remark: '初次核价' } });
    const b = await writeDocument(w, styleCost, { body: { style_id: brandStyles['ST-2701'], minute_rate: 0.62, overhead_pct: 10, margin_pct: 22, remark: '工厂报价后调整工价' } });
    const c = await writeDocument(w, styleCost, { body: { style_id: brandStyles['ST-2702'], colour: '浅蓝', minute_rate: 0.6, overhead_pct: 10, margin_pct: 20 } });
    return [a, b, c];
  });
  void v1;
  void shirt;
  await runAction(bctx, styleCost, 'confirm', { ids: [v2] });

  const vendor = await withTenant(db, t.brand, async (tx) => (await sql<{ id: number }>`select id from md_vendor where client_id = ${t.brand} and code = 'VHF01'`.execute(tx)).rows[0]?.id);
  if (!vendor) return;
  const day = (n: number) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
  const newRequest = (body: Row) => withTenant(db, t.brand, (tx) => writeDocument(writeContext(tx, bActor, 'seed'), sampleRequest, { body: { vendor_id: vendor, qty: 1, ...body } }));
  const copyOf = async (id: number) => withTenant(db, t.maker, async (tx) => Number((await sql<{ id: number }>`select id from dev_sample_request where client_id = ${t.maker} and source_id = ${id} and direction = 'in'`.execute(tx)).rows[0].id));
  const comment = async (clientId: number, auth: AuthContext, id: number, body: string, photos: number[] = []) =>
    withTenant(db, clientId, async (tx) => {
      const row = (await sql<Row>`select * from dev_sample_request where client_id = ${clientId} and id = ${id}`.execute(tx)).rows[0];
      await commentOn(tx, auth, clientId, row, { body, photoIds: photos });
    });
  const photo = async (name: string, fill: string, label: string, kind: 'top' | 'pants' = 'top') => (await storePhoto(db, dataDir, t.maker, u.maker, name, garmentSvg(fill, label, kind), SAMPLE_MENU)).id;

  // 1. Cardigan proto: made, photographed, approved.
  const proto = await newRequest({ sample_type: 'proto', style_id: brandStyles['ST-2701'], colour: '燕麦色', sizes: 'M', due_date: day(-20), requirements: '确认版型与针织密度，门襟扣距 9cm' });
  await runAction(bctx, sampleRequest, 'send', { ids: [proto] });
  const protoCopy = await copyOf(proto);
  await runAction(mctx, sampleRequest, 'accept', { ids: [protoCopy] });
  await comment(t.maker, makerAuth, protoCopy, '初样已完成，正面与背面照片如下', [await photo('proto-front', '#d8c7a8', 'ST-2701 正面'), await photo('proto-back', '#cdb995', 'ST-2701 背面')]);
  await runAction(mctx, sampleRequest, 'submit', { ids: [protoCopy], comment: '顺丰 SF1402336587 已寄出' });
  await runAction(bctx, sampleRequest, 'approve', { ids: [proto], comment: '版型确认，进入试身样' });

  // 2. Cardigan fit sample: rejected in round 1, resubmitted with photos in round 2, waiting for the brand.
  const fit = await newRequest({ sample_type: 'fit', style_id: brandStyles['ST-2701'], colour: '燕麦色', sizes: 'M,L', qty: 2, due_date: day(-6), requirements: '试身模特 M 码：胸围 92，衣长 62，袖长 58' });
  await runAction(bctx, sampleRequest, 'send', { ids: [fit] });
  const fitCopy = await copyOf(fit);
  await runAction(mctx, sampleRequest, 'accept', { ids: [fitCopy] });
  await comment(t.maker, makerAuth, fitCopy, '第一轮试身样', [await photo('fit1-front', '#d8c7a8', 'M 码 第1轮')]);
  await runAction(mctx, sampleRequest, 'submit', { ids: [fitCopy] });
  await runAction(bctx, sampleRequest, 'reject', { ids: [fit], reject_reason: '袖长偏长 1.5cm，腰围偏大 2cm，请按尺寸表修正后重做' });
  await runAction(bctx, sampleRequest, 'resample', { ids: [fit], due_date: day(4) });
  await comment(t.maker, makerAuth, fitCopy, '已按意见修改袖长与腰围，第二轮照片', [await photo('fit2-front', '#d8c7a8', 'M 码 第2轮'), await photo('fit2-detail', '#c2ad88', '袖口细节')]);
  await runAction(mctx, sampleRequest, 'submit', { ids: [fitCopy], comment: '第二轮试身样已寄出' });

  // 3. Shirt proto in progress at the maker; 4. a jeans fit sample just requested; 5. a draft.
  const shirtProto = await newRequest({ sample_type: 'proto', style_id: brandStyles['ST-2702'], colour: '浅蓝', sizes: '40', due_date: day(7), requirements: '领型参考附件，袖口双扣' });
  await runAction(bctx, sampleRequest, 'send', { ids: [shirtProto] });
  await runAction(mctx, sampleRequest, 'accept', { ids: [await copyOf(shirtProto)] });
  await comment(t.brand, brandAuth, shirtProto, '请使用 18L 四眼树脂扣，颜色配面料');
  const jeans = await newRequest({ sample_type: 'fit', style_id: brandStyles['ST-2703'], colour: '深蓝', sizes: '27', due_date: day(12), requirements: '高腰 27 码试身，臀围 90' });
  await runAction(bctx, sampleRequest, 'send', { ids: [jeans] });
  await newRequest({ sample_type: 'size_set', style_id: brandStyles['ST-2702'], colour: '白色', sizes: '38,39,40,41,42', qty: 5, due_date: day(25), requirements: '齐码样，每码一件' });
}

registerSeeder(async (db, { config, tenants, users }) => {
  if (!tenants.BRAND01 || !tenants.MAKER01 || !users.brand || !users.maker || !users['brand.buyer']) return;
  await seedDevelopmentDemo(db, config.dataDir, { brand: tenants.BRAND01, maker: tenants.MAKER01 }, { brand: users.brand, brandBuyer: users['brand.buyer'], maker: users.maker });
}, { exchange: true });
