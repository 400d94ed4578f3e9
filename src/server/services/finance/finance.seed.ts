import { sql } from 'kysely';
import { finRate, finStatement } from '../../../model/entities/finstatement.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { registerSeeder } from '../../db/seed';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { runAction } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';

/**
 * Demo statements (issue 18), after the demo documents they gather (purchasing, outsourcing, orders,
 * tickets: exchange seeders registered before this one). Each demo company gets a rate table for this
 * month and the last. Then, through the real actions:
 * - the maker's statement of this month with the fabric supplier (purchase receipts and returns,
 *   printing and washing done by the supplier's dyeing works), sent to the supplier, which explains the
 *   washing order it shipped and the maker has not received yet (in transit) with an adjustment of 0;
 *   what else differs stays open (matching);
 * - the brand's statement of this month with its maker in US dollars (the finished order and the
 *   washing-shade deduction ticket), sent, confirmed by the maker, then by the brand: locked; the
 *   maker invoices the amount to settle and the brand pays 60 % of it (40 % outstanding).
 * Idempotent: nothing when the maker already has a statement.
 */
type Row = Record<string, unknown>;
const authOf = (clientId: number, userId: number, username: string, fullname: string): AuthContext => ({
  userId, username, fullname, clientId, sessionId: 'seed', roles: ['clientadmin', 'common'], isSuper: false, platformId: 'SRM', language: 'zh-CN', tokenExp: 0,
});

const DEMO_RATES: Record<string, number> = { USD: 7.1, HKD: 0.91 };
const LAST_MONTH_RATES: Record<string, number> = { USD: 7.15, HKD: 0.92 };

export function monthBounds(today: Date): { month: string; lastMonth: string; from: string; to: string } {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const pad = (n: number) => String(n).padStart(2, '0');
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const prev = new Date(Date.UTC(y, m - 1, 1));
  return { month: `${y}-${pad(m + 1)}`, lastMonth: `${prev.getUTCFullYear()}-${pad(prev.getUTCMonth() + 1)}`, from: `${y}-${pad(m + 1)}-01`, to: `${y}-${pad(m + 1)}-${pad(last)}` };
}

/** A company's rate table for this month and the last (skipped where the month already has rates). */
export async function seedRates(db: Db, clientId: number, userId: number, today = new Date()): Promise<void> {
  const { month, lastMonth } = monthBounds(today);
  await withTenant(db, clientId, async (tx) => {
    const w = writeContext(tx, { clientId, userId, username: 'seed', fullname: 'seed', ip: null, roles: ['clientadmin'] }, 'seed');
    for (const [period, rates] of [[month, DEMO_RATES], [lastMonth, LAST_MONTH_RATES]] as const) {
      const has = (await sql<{ n: number }>`select count(*)::int as n from fin_rate where client_id = ${clientId} and period = ${period}`.execute(tx)).rows[0].n;
      if (has > 0) continue;
      for (const [currency, rate] of Object.entries(rates)) await writeDocument(w, finRate, { body: { period, currency, rate, remark: '月初中间价' } });
    }
  });
}

async function vendorFor(db: Db, clientId: number, code: string): Promise<number | null> {
  return withTenant(db, clientId, async (tx) => {
    const r = (await sql<{ id: number }>`select id from md_vendor where client_id = ${clientId} and upper(platform_client_code) = ${code} and status = 'active' order by id limit 1`.execute(tx)).rows[0];
    return r ? Number(r.id) : null;
  });
}

async function partnerStatementId(db: Db, clientId: number, stmtId: number): Promise<number> {
  return withTenant(db, clientId, async (tx) => Number((await sql<{ target_id: number }>`select target_id from scm_order_share where client_id = ${clientId}
    and source_entity = 'finstatement' and source_id = ${stmtId} order by id desc limit 1`.execute(tx)).rows[0].target_id));
}

async function linesOf(db: Db, clientId: number, stmtId: number): Promise<Row[]> {
  return withTenant(db, clientId, async (tx) => (await sql<Row>`select seq, kind, doc_no, "match" from fin_statement_line where client_id = ${clientId} and statement_id = ${stmtId} order by seq`.execute(tx)).rows);
}

registerSeeder(async (db, { tenants, users }) => {
  const brand = tenants.BRAND01;
  const maker = tenants.MAKER01;
  const supplier = tenants.SUPP01;
  if (!brand || !maker || !supplier || !users.brand || !users.maker || !users.supplier) return;
  const has = await withTenant(db, maker, async (tx) => (await sql<{ n: number }>`select count(*)::int as n from fin_statement where client_id = ${maker}`.execute(tx)).rows[0].n);
  if (has > 0) return;
  for (const [c, u] of [[brand, users.brand], [maker, users.maker], [supplier, users.supplier]] as const) await seedRates(db, c, u);
  const { from, to, month } = monthBounds(new Date());
  const mk = { db, auth: authOf(maker, users.maker, 'maker', '工厂管理员'), ip: null, language: 'zh-CN' as const };
  const sup = { db, auth: authOf(supplier, users.supplier, 'supplier', '面料商管理员'), ip: null, language: 'zh-CN' as const };
  const br = { db, auth: authOf(brand, users.brand, 'brand', '品牌管理员'), ip: null, language: 'zh-CN' as const };
  const create = (clientId: number, userId: number, body: Row) =>
    withTenant(db, clientId, (tx) => writeDocument(writeContext(tx, { clientId, userId, username: 'seed', fullname: 'seed', ip: null, roles: ['clientadmin'] }, 'seed'), finStatement, { body }));

  // The maker and its fabric supplier (which also prints and washes for it).
  const makerVendor = await vendorFor(db, maker, 'SUPP01');
  if (makerVendor) {
    const id = await create(maker, users.maker, { side: 'buyer', vendor_id: makerVendor, period_from: from, period_to: to, currency: 'CNY', remark: `${month} 面辅料采购与印花、洗水加工对账` });
    await runAction(mk, finStatement, 'send', { id });
    const copy = await partnerStatementId(db, maker, id);
    const transit = (await linesOf(db, supplier, copy)).find((l) => l.kind === 'outsource' && l.match === 'seller_only');
    if (transit)
      await runAction(sup, finStatement, 'adjust', { id: copy, amount: 0, doc_no: String(transit.doc_no), reason: `外发单 ${String(transit.doc_no)} 已于本月发货，客户尚未收货（在途），转下期对账` });
  }

  // The brand and its maker, in US dollars at this month's rate.
  const brandVendor = await vendorFor(db, brand, 'MAKER01');
  if (brandVendor) {
    const id = await create(brand, users.brand, { side: 'buyer', vendor_id: brandVendor, period_from: from, period_to: to, currency: 'USD', remark: `${month} 成品订单及品质扣款对账（美元）` });
    await runAction(br, finStatement, 'send', { id });
    const copy = await partnerStatementId(db, brand, id);
    await runAction(mk, finStatement, 'confirm', { id: copy, accept_differences: true });
    await runAction(br, finStatement, 'confirm', { id, accept_differences: true });
    // Settling it: the maker invoices the whole amount, the brand pays 60 % by wire so far.
    const settle = await withTenant(db, brand, async (tx) => Number((await sql<{ s: number }>`select settle_total as s from fin_statement where client_id = ${brand} and id = ${id}`.execute(tx)).rows[0]?.s ?? 0));
    if (settle > 0) {
      const day = new Date().toISOString().slice(0, 10);
      await runAction(mk, finStatement, 'invoice', { id: copy, doc_no: `2644${month.replace('-', '')}00001288`, doc_date: day, amount: settle, note: '增值税专用发票（出口代开），按对账单结算金额全额开具' });
      await runAction(br, finStatement, 'pay', { id, doc_no: `TT${month.replace('-', '')}0417`, doc_date: day, amount: Math.round(settle * 0.6 * 100) / 100, note: '电汇首笔 60%，余款按合同月结' });
    }
  }
}, { exchange: true });
