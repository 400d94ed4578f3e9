import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { resourceClient } from '../support/resource-client';
import { liveAppForFile, openSocket, until } from './live-app';

/**
 * Issue 29: every state change of a document another company shares reaches that company live and,
 * where declared, as a notice. For each kind (requirement / customer orders, outsourced orders,
 * sourcing applications, statements, samples) one company changes the state of its copy once; the
 * other company's sockets hear `orderstate` naming the other company's own copy (its id, its number)
 * and the new state within 2 s of the action, its responsible users get the declared notice (title,
 * body: who, which company, old -> new state, reason; link that opens their own copy), and the third
 * company hears and is told nothing. Runs on PGlite and PostgreSQL, on the demo's documents.
 */
const live = liveAppForFile(['brand', 'maker', 'supplier', 'supplier.sales']);
type Msg = Record<string, unknown>;
type Row = Record<string, unknown>;

/** Every message each company's administrator's socket has heard, by company code. */
const heard: Record<string, Msg[]> = {};
const company: Record<string, number> = {};

const socketOf = async (who: string): Promise<Msg[]> => (await openSocket<Msg>(live, who)).got;

beforeAll(async () => {
  for (const [code, who] of [['BRAND01', 'brand'], ['MAKER01', 'maker'], ['SUPP01', 'supplier']] as const) {
    company[code] = Number(live.users[who].client_id);
    heard[code] = await socketOf(who);
  }
});

const q = async (text: ReturnType<typeof sql>) => (await (text as ReturnType<typeof sql<Row>>).execute(live.t.app.db)).rows;
const api = (who: string, prefix: string, entity: string) => resourceClient(live.t.app, live.users[who].access_token, prefix, entity);
const fullname = async (who: string) => String((await q(sql`select fullname from users where username = ${who}`))[0].fullname);
const companyName = async (code: string) => String((await q(sql`select name from clients where code = ${code}`))[0].name);
const lastNotice = async () => Number((await q(sql`select coalesce(max(id), 0)::int as n from notify_notice`))[0].n);
/** The notices raised since `after` in a company (of one kind and document, when given). */
const noticesOf = (after: number, clientId: number, kind?: string, docNo?: string) =>
  q(sql`select n.kind, n.title, n.body, n.link, u.username from notify_notice n join users u on u.id = n.user_id where n.id > ${after} and n.client_id = ${clientId}
    ${kind ? sql`and n.kind = ${kind} and n.doc_no = ${docNo ?? ''}` : sql``} order by u.username`);

type Case = {
  /** Who acts, on which entity of theirs (api prefix), which action, with what. */
  actor: string; actorCode: string; prefix: string; entity: string; action: string; params: Record<string, unknown>;
  /** The other company, its own copy and the state it lands in. */
  otherCode: string; thirdCode: string; otherEntity: string; otherId: number; otherNo: string; from: string; to: string;
  doc: string; fromLabel: string; toLabel: string; kind: string; link: string; recipients: string[]; reason?: string;
};

/** Runs one case: the action, the other company's live message and notice, the third company's silence. */
async function expectReaches(c: Case): Promise<void> {
  const seen = { other: heard[c.otherCode].length, third: heard[c.thirdCode].length, notice: await lastNotice() };
  const started = Date.now();
  const res = await api(c.actor, c.prefix, c.entity).action(c.action, c.params);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const m = await until(() => heard[c.otherCode].slice(seen.other).find((x) => x.type === 'orderstate' && x.entity === c.otherEntity && x.id === c.otherId && x.status === c.to), 2000);
  expect(Date.now() - started).toBeLessThan(2000);
  expect(m).toMatchObject({ from: c.from, no: c.otherNo });

  const rows = await noticesOf(seen.notice, company[c.otherCode], c.kind, c.otherNo);
  expect(rows.map((r) => r.username)).toEqual(c.recipients);
  const who = await fullname(c.actor);
  const by = await companyName(c.actorCode);
  for (const n of rows) {
    expect(n.title).toBe(`${c.doc} ${c.otherNo}：${c.toLabel}`);
    expect(n.body).toBe(c.reason
      ? `${who}（${by}）将${c.doc} ${c.otherNo} 由“${c.fromLabel}”改为“${c.toLabel}”，原因：${c.reason}`
      : `${who}（${by}）将${c.doc} ${c.otherNo} 由“${c.fromLabel}”改为“${c.toLabel}”。`);
    expect(n.link).toBe(c.link);
  }

  // The third company hears nothing of it and is told nothing.
  await new Promise((r) => setTimeout(r, 300));
  expect(heard[c.thirdCode].slice(seen.third).filter((x) => x.type === 'orderstate' || x.type === 'notifyto2')).toEqual([]);
  expect(await noticesOf(seen.notice, company[c.thirdCode])).toEqual([]);
}

describe('every shared document\'s state change reaches the other company', () => {
  it('the maker accepts a brand\'s requirement order: the brand\'s order reads "in progress", its sender is told', async () => {
    const [co] = await q(sql`select id, source_no, share_id from scm_customer_order where client_id = ${company.MAKER01} and status = 'pending' and share_id is not null order by id limit 1`);
    const [pr] = await q(sql`select o.id, o.pr_no from scm_pr_order o join scm_order_share s on s.source_id = o.id and s.client_id = o.client_id
      where s.id = ${co.share_id as number} and o.client_id = ${company.BRAND01}`);
    expect(pr.pr_no).toBe(co.source_no);
    await expectReaches({
      actor: 'maker', actorCode: 'MAKER01', prefix: 'scmapi', entity: 'customerorder', action: 'accept', params: { id: co.id },
      otherCode: 'BRAND01', thirdCode: 'SUPP01', otherEntity: 'prorder', otherId: Number(pr.id), otherNo: String(pr.pr_no), from: 'sent', to: 'in_progress',
      doc: '大货需求订单', fromLabel: '待工厂接单', toLabel: '生产中', kind: 'order.accepted', link: `/scm/masterdetail/prorder?open=${Number(pr.id)}`, recipients: ['brand'],
    });
  });

  it('the supplier accepts an outsourced task: the maker\'s outsourced order reads "accepted", who submitted it is told', async () => {
    const [task] = await q(sql`select id, source_no from scm_outsource_task where client_id = ${company.SUPP01} and status = 'pending' and share_id is not null order by id limit 1`);
    const [order] = await q(sql`select id, os_no from scm_outsource_order where client_id = ${company.MAKER01} and os_no = ${task.source_no as string}`);
    await expectReaches({
      actor: 'supplier.sales', actorCode: 'SUPP01', prefix: 'scmapi', entity: 'outsourcetask', action: 'accept', params: { id: task.id },
      otherCode: 'MAKER01', thirdCode: 'BRAND01', otherEntity: 'outsourceorder', otherId: Number(order.id), otherNo: String(order.os_no), from: 'submitted', to: 'accepted',
      doc: '外发单', fromLabel: '已提交', toLabel: '供应商已接单', kind: 'outsource.accepted', link: `/scm/masterdetail/outsourceorder?open=${Number(order.id)}`, recipients: ['maker'],
    });
  });

  it('the brand shortlists a supplier\'s application: the supplier\'s application reads "candidate", who posted it is told', async () => {
    const [rec] = await q(sql`select r.id, s.target_id from srm_src_record r join srm_src_project p on p.id = r.project_id and p.client_id = r.client_id
      join scm_order_share s on s.id = r.share_id and s.client_id = r.client_id
      where r.client_id = ${company.BRAND01} and r.status = 'submitted' and p.status = 'publishing' and r.supplier_client_id = ${company.SUPP01} order by r.id limit 1`);
    const [app] = await q(sql`select id, app_no, status from srm_src_application where client_id = ${company.SUPP01} and id = ${rec.target_id as number}`);
    expect(app.status).toBe('posted');
    await expectReaches({
      actor: 'brand', actorCode: 'BRAND01', prefix: 'srmapi', entity: 'srcrecord', action: 'shortlist', params: { id: rec.id },
      otherCode: 'SUPP01', thirdCode: 'MAKER01', otherEntity: 'srcapplication', otherId: Number(app.id), otherNo: String(app.app_no), from: 'posted', to: 'candidate',
      doc: '供应商填报', fromLabel: '已提交待审核', toLabel: '候选', kind: 'sourcing.candidate', link: `/srm/index/srcapplication?open=${Number(app.id)}`, recipients: ['supplier.sales'],
    });
  });

  it('the supplier confirms its copy of a statement: the maker\'s statement reads "confirmed by seller", its author is told', async () => {
    const [mine] = await q(sql`select id, stmt_no from fin_statement where client_id = ${company.MAKER01} and status = 'matching' and seller_client_id = ${company.SUPP01} order by id limit 1`);
    const [copy] = await q(sql`select target_id from scm_order_share where client_id = ${company.MAKER01} and source_entity = 'finstatement' and source_id = ${mine.id as number} and state = 'active'`);
    await expectReaches({
      actor: 'supplier', actorCode: 'SUPP01', prefix: 'finapi', entity: 'finstatement', action: 'confirm', params: { id: copy.target_id, accept_differences: true },
      otherCode: 'MAKER01', thirdCode: 'BRAND01', otherEntity: 'finstatement', otherId: Number(mine.id), otherNo: String(mine.stmt_no), from: 'matching', to: 'seller_confirmed',
      doc: '对账单', fromLabel: '对账中', toLabel: '供应方已确认', kind: 'finance.confirmed', link: `/fin/index/finstatement?open=${Number(mine.id)}`, recipients: ['maker'],
    });
  });

  it('the brand rejects a submitted sample with a reason: the maker\'s copy reads "rejected", who submitted it is told with the reason', async () => {
    const [req] = await q(sql`select id from dev_sample_request where client_id = ${company.BRAND01} and direction = 'out' and status = 'submitted' order by id limit 1`);
    const [copy] = await q(sql`select id, req_no from dev_sample_request where client_id = ${company.MAKER01} and direction = 'in' and source_id = ${req.id as number}`);
    await expectReaches({
      actor: 'brand', actorCode: 'BRAND01', prefix: 'scmapi', entity: 'samplerequest', action: 'reject', params: { id: req.id, reject_reason: '领口偏紧，请放宽 1cm' },
      otherCode: 'MAKER01', thirdCode: 'SUPP01', otherEntity: 'samplerequest', otherId: Number(copy.id), otherNo: String(copy.req_no), from: 'submitted', to: 'rejected',
      doc: '打样申请', fromLabel: '待确认', toLabel: '已驳回', kind: 'sample.reject', link: `/scm/index/samplerequest?open=${Number(copy.id)}`, recipients: ['maker'], reason: '领口偏紧，请放宽 1cm',
    });
  });
});
