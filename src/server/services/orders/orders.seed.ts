import { sql } from 'kysely';
import { requireEntity } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';

/**
 * Demo orders between the demo brand and the demo maker: a season of bulk orders (colour x size
 * entries) that the brand raises and sends to its maker VHF01 (the vendor carrying the maker's
 * platform code), which the maker accepts, rejects with a reason, or has not answered yet; two stay
 * drafts at the brand. Every step is the action a user takes, so both companies' lists, the share
 * records, the audit and the reports hold what they would after a real season. Idempotent: does
 * nothing once the brand has orders.
 */
const authOf = (clientId: number, userId: number, username: string): AuthContext => ({
  userId, username, fullname: username, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

const STYLES: { style: string; name: string; category: string; price: number }[] = [
  { style: 'ST-2601', name: '女式针织开衫', category: 'knit-top', price: 58 },
  { style: 'ST-2602', name: '男式牛津纺衬衫', category: 'woven-shirt', price: 46 },
  { style: 'ST-2603', name: '直筒牛仔裤', category: 'denim', price: 72 },
  { style: 'ST-2604', name: '连帽运动卫衣', category: 'sportswear', price: 65 },
  { style: 'ST-2605', name: '轻薄羽绒外套', category: 'outerwear', price: 168 },
  { style: 'ST-2606', name: '针织连衣裙', category: 'knit-dress', price: 88 },
];
const COLOURS = ['黑色', '藏青', '米白', '雾霾蓝'];
const SIZES = ['S', 'M', 'L', 'XL'];

/** What the maker does with each sent order, in order: most accepted, one rejected, two unanswered. */
const ANSWERS: ('accept' | 'reject' | 'wait' | 'finish')[] = ['accept', 'accept', 'finish', 'accept', 'reject', 'accept', 'wait', 'accept', 'accept', 'wait'];

function isoDay(offset: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

registerSeeder(async (db, { tenants, users }) => {
  const brand = tenants.BRAND01;
  const maker = tenants.MAKER01;
  if (!brand || !maker || !users.brand || !users.maker) return;
  const brandAuth = authOf(brand, users.brand, 'brand');
  const makerCtx = { db, auth: authOf(maker, users.maker, 'maker'), ip: null, language: 'zh-CN' as const };
  const brandCtx = { db, auth: brandAuth, ip: null, language: 'zh-CN' as const };
  const prorder = requireEntity('prorder');
  const customerorder = requireEntity('customerorder');

  const created = await withTenant(db, brand, async (tx) => {
    if ((await sql<{ n: number }>`select count(*)::int as n from scm_pr_order where client_id = ${brand}`.execute(tx)).rows[0].n > 0) return null;
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${brand} and code = 'VHF01'`.execute(tx)).rows[0];
    if (!vendor) return null;
    const w = writeContext(tx, { clientId: brand, userId: users.brand, username: 'brand', fullname: 'brand', ip: null, roles: ['clientadmin'] }, 'seed');
    const ids: number[] = [];
    for (let i = 0; i < ANSWERS.length + 2; i++) {
      const s = STYLES[i % STYLES.length];
      const entries = COLOURS.slice(0, 2 + (i % 3)).flatMap((colour, ci) =>
        SIZES.map((size, si) => ({ style_no: s.style, style_name: s.name, colour, size, qty: 120 + ((i * 7 + ci * 5 + si * 3) % 9) * 40, unit_price: s.price, seq: ci * SIZES.length + si + 1 })));
      ids.push(await writeDocument(w, prorder, {
        body: {
          pr_no: `PR26${String(101 + i).padStart(4, '0')}`, pr_type: i % 5 === 4 ? 'repeat' : 'bulk', maker_vendor_id: vendor.id, category: s.category,
          receive_date: isoDay(-40 + i * 3), delivery_date: isoDay(20 + i * 6), currency: 'CNY', exchange_rate: 1, remark: i === 0 ? '首单，注意洗水唛信息' : null, entries,
        },
      }));
    }
    return ids;
  });
  if (!created) return;

  // The last two stay drafts at the brand; the others are sent and answered by the maker.
  for (let i = 0; i < ANSWERS.length; i++) {
    const sent = await runAction(brandCtx, prorder, 'send', { id: created[i] });
    const coId = (sent.data?.[0] as { customerOrderId?: number } | undefined)?.customerOrderId;
    if (!coId) continue;
    const answer = ANSWERS[i];
    if (answer === 'wait') continue;
    if (answer === 'reject') await runAction(makerCtx, customerorder, 'reject', { id: coId, reject_reason: '交期内产能已满，建议顺延两周' });
    else await runAction(makerCtx, customerorder, 'accept', { id: coId });
    if (answer === 'finish') await runAction(makerCtx, customerorder, 'finish', { id: coId });
  }
}, { exchange: true });
