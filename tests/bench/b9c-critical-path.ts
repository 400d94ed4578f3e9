/**
 * Bench B9c (issue 31, time and action): the critical path of 5,000 in-progress customer orders x 30
 * nodes (B9C_ORDERS) recomputed after one change, and the time from a change on the floor to the
 * notice that a node slipped, on PostgreSQL in a database of the bench's own (`b9c_<pid>`, dropped
 * after).
 *
 * Data (INSERT ... SELECT, then the real `generateNodePlans`): a 30-node configuration (26 stages,
 * four of them with two nodes side by side; sewing at stage 14 completed by the board's process type,
 * washing at stage 15 by the outsourced process type), 5,000 orders due 100 to 190 days out, one
 * scheduled plan each with one live bar ending on its sewing node's planned date (on plan), the
 * forecasts kept once before timing.
 *
 * - **recompute after one change** (target <= 1 s): one order's bar moved 5 days later in SQL, then
 *   `recomputeNodeTracking` of the whole company as the product runs it after a board change (every
 *   order's forecasts from the board, scans and outsourced orders; the critical path and flags of the
 *   orders whose forecasts changed, through `trackOrder`; the slipped node's notice); and the same
 *   evaluating every order's critical path (the periodic check's work, target <= 1 s as well), with
 *   its two parts timed apart (the forecasts' refresh, every order's flags);
 *   median of B9C_RUNS, the bar moved back and forth. Baseline in the same run: the recompute order
 *   by order (B9C_BASELINE orders, default 500, scaled to all).
 * - **move to bell** (target <= 60 s): the planner moves an order's bar 10 days later through the
 *   board's command call; timed until the notice `node.slip` of that order is in the bell (the
 *   queue's delay, the company's recompute, the notice) and the tower's node-risk figure counts it.
 * - **scan to bell**: a plan running since six days without a scan; the first bundle is scanned out
 *   through the scan call, its rate (the board's plan-against-actual forecast) pushes sewing past its
 *   plan; timed until the notice.
 * - **receipt to node done**: an order's outsourced washing (tracked by hand) is received through the
 *   action call; its washing node is recorded (source outsourced receipt) in the same transaction and
 *   the order's flags evaluated; timed to the reply and checked.
 *
 * Usage: `TEST_DATABASE_URL=postgres://... npm run bench -- b9c-critical-path` (skipped without it).
 */
import { sql } from 'kysely';
import { addDaysIso } from '../../src/model/node-tracking';
import type { Db } from '../../src/server/db/database';
import { withTenant } from '../../src/server/kernel/rls';
import { evaluateNodeFlags, generateNodePlans, recomputeNodeTracking, refreshNodeForecasts, todayIso } from '../../src/server/services/tracking';
import type { TowerReply } from '../../src/model/calls/tower';
import { signIn, type TestApp } from '../support/test-app';
import { median, ownDatabase } from './b8-postgres.util';
import type { Bench, BenchLine } from './run';

const ORDERS = Number(process.env.B9C_ORDERS ?? 5_000);
const RUNS = Number(process.env.B9C_RUNS ?? 5);
const SAMPLE = Math.min(ORDERS, Number(process.env.B9C_BASELINE ?? 500));
const RECOMPUTE_TARGET_MS = 1000;
const FLAG_TARGET_MS = 60_000;
const CATEGORY = 'b9c';
const ms = (n: number) => `${Math.round(n)} ms`;

/** 26 stages of 3 days, four with a second node of 2 days beside: 30 nodes, 78 days from first to last. */
function configRows(): { code: string; name: string; seq: number; days: number; type: string | null }[] {
  const rows: { code: string; name: string; seq: number; days: number; type: string | null }[] = [];
  for (let s = 1; s <= 26; s++) {
    const type = s === 14 ? 'sewing' : s === 15 ? 'washing' : null;
    rows.push({ code: s === 14 ? 'SEWING' : s === 15 ? 'WASHING' : `N${String(s).padStart(2, '0')}`, name: `节点 ${s}`, seq: s * 10, days: 3, type });
    if (s % 6 === 0) rows.push({ code: `N${String(s).padStart(2, '0')}B`, name: `节点 ${s}B`, seq: s * 10, days: 2, type: null });
  }
  return rows;
}

type Ids = { maker: number; orders: number[]; lines: number[]; sewing: number; washing: number; vendor: number };

async function ids(db: Db): Promise<Omit<Ids, 'orders'>> {
  const one = async (q: ReturnType<typeof sql<{ id: number }>>) => Number((await q.execute(db)).rows[0].id);
  const maker = await one(sql<{ id: number }>`select id from clients where code = 'MAKER01'`);
  return {
    maker,
    lines: (await sql<{ id: number }>`select id from md_workline where client_id = ${maker} order by id`.execute(db)).rows.map((r) => Number(r.id)),
    sewing: await one(sql<{ id: number }>`select id from md_process where client_id = ${maker} and process_type = 'sewing' and parent_id is null order by id limit 1`),
    washing: await one(sql<{ id: number }>`select id from md_process where client_id = ${maker} and process_type = 'washing' and parent_id is null order by id limit 1`),
    vendor: await one(sql<{ id: number }>`select id from md_vendor where client_id = ${maker} order by id limit 1`),
  };
}

/** The orders, their node plans (the real generation), one plan and one live bar each on its sewing node's dates. */
async function fill(db: Db): Promise<Ids> {
  const base = await ids(db);
  const c = base.maker;
  const today = todayIso();
  await withTenant(db, c, async (tx) => {
    for (const r of configRows())
      await sql`insert into scm_node_config (client_id, category, node_code, node_name, plan_days, seq, party, process_type, active)
        values (${c}, ${CATEGORY}, ${r.code}, ${r.name}, ${r.days}, ${r.seq}, 'maker', ${r.type}, true)`.execute(tx);
    await sql`insert into scm_customer_order (client_id, order_no, brand_name, pr_type, category, receive_date, delivery_date, currency, total_qty, status)
      select ${c}, 'B9C' || lpad(g::text, 6, '0'), '基准品牌', 'bulk', ${CATEGORY}, ${today}::date - 5, ${today}::date + 100 + (g % 90), 'CNY', 600, 'in_progress'
      from generate_series(1, ${ORDERS}) g`.execute(tx);
  });
  const orders = (await sql<{ id: number }>`select id from scm_customer_order where client_id = ${c} and order_no like 'B9C%' order by id`.execute(db)).rows.map((r) => Number(r.id));
  await withTenant(db, c, (tx) => generateNodePlans(tx, { clientId: c, userId: null, orderIds: orders }));
  await withTenant(db, c, async (tx) => {
    await sql`insert into scm_prodplan (client_id, plan_no, order_id, qty, category, minutes_per_piece, status, style_no, delivery_date)
      select ${c}, 'B9CP-' || o.order_no, o.id, 600, 'knit-top', 12, 'scheduled', 'B9CS', o.delivery_date
      from scm_customer_order o where o.client_id = ${c} and o.order_no like 'B9C%'`.execute(tx);
    await sql`insert into scm_prodplan_bar (client_id, plan_id, line_id, start_date, end_date, qty, locked)
      select ${c}, p.id, (${sql.val(base.lines)}::bigint[])[1 + (p.id % ${base.lines.length})], n.plan_start, n.plan_date, p.qty, false
      from scm_prodplan p join scm_order_node n on n.client_id = p.client_id and n.order_id = p.order_id and n.node_code = 'SEWING'
      where p.client_id = ${c} and p.plan_no like 'B9CP-%'`.execute(tx);
  });
  for (const table of ['scm_customer_order', 'scm_order_node', 'scm_prodplan', 'scm_prodplan_bar']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  // The forecasts kept once (on plan: nothing slips, no notice).
  await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, null));
  return { ...base, orders };
}

/** A line of the bench's own (bars on it move without pushing another order's). */
async function ownLine(db: Db, c: number, code: string): Promise<number> {
  const ws = (await sql<{ id: number | null }>`select workshop_id as id from md_workline where client_id = ${c} order by id limit 1`.execute(db)).rows[0];
  return Number((await sql<{ id: number }>`insert into md_workline (client_id, code, name, workshop_id, operators, efficiency) values (${c}, ${code}, ${code}, ${ws?.id ?? null}, 30, 85) returning id`.execute(db)).rows[0].id);
}

async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<boolean> {
  const until = performance.now() + limitMs;
  while (performance.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

const slipNotice = (db: Db, c: number, orderNo: string) => async () =>
  ((await sql<{ n: number }>`select count(*)::int as n from notify_notice where client_id = ${c} and kind = 'node.slip' and doc_no = ${orderNo}`.execute(db)).rows[0].n) > 0;

type Recomputed = Awaited<ReturnType<typeof recomputeNodeTracking>>;

/**
 * After one bar moved (SQL), the company's recompute, median of RUNS: as the product runs it (every
 * order's forecasts, the changed orders' critical paths and flags) and evaluating every order's
 * critical path as well (the periodic check's work); and the order-by-order baseline.
 */
async function recomputeFigures(db: Db, d: Ids): Promise<{ ours: number[]; all: number[]; refresh: number[]; flags: number[]; base: number; result: Recomputed; full: Recomputed }> {
  const c = d.maker;
  const ours: number[] = [];
  const all: number[] = [];
  const refresh: number[] = [];
  const flags: number[] = [];
  let result: Recomputed | null = null;
  let full: Recomputed | null = null;
  const target = d.orders[2];
  const move = (shift: number) => sql`update scm_prodplan_bar set end_date = end_date + ${shift}::int where client_id = ${c} and plan_id in (select id from scm_prodplan where client_id = ${c} and order_id = ${target})`.execute(db);
  for (let i = 0; i < RUNS; i++) {
    await move(5);
    let a = performance.now();
    result = await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, null));
    ours.push(performance.now() - a);
    await move(-5);
    a = performance.now();
    full = await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, null, { evaluate: 'all' }));
    all.push(performance.now() - a);
    // Where the full evaluation's time goes: the forecasts' refresh, then every order's flags.
    await withTenant(db, c, async (tx) => {
      let s = performance.now();
      await refreshNodeForecasts(tx, c, null);
      refresh.push(performance.now() - s);
      s = performance.now();
      await evaluateNodeFlags(tx, c, null);
      flags.push(performance.now() - s);
    });
  }
  await move(5);
  await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, null));
  const sample = d.orders.slice(0, SAMPLE);
  const b = performance.now();
  for (const id of sample) await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, [id]));
  const base = ((performance.now() - b) / sample.length) * d.orders.length;
  return { ours, all, refresh, flags, base, result: result!, full: full! };
}

type Inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) => Promise<Record<string, unknown>>;
const injector = (t: TestApp, token: string): Inject => async (method, url, payload) => {
  const res = await t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
  const body = res.json() as { code: number; message: string; data: Record<string, unknown> };
  if (res.statusCode !== 200 || body.code !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  return body.data;
};

/** The planner moves an order's bar 10 days later on the board; until the slip is in the bell and the tower. */
async function moveToBell(t: TestApp, d: Ids, call: Inject): Promise<{ ms: number; flagged: boolean; tower: { before: number; after: number } }> {
  const db = t.app.db;
  const c = d.maker;
  const order = d.orders[10];
  const line = await ownLine(db, c, 'B9C-MOVE');
  const bar = (await sql<{ id: number; version: number; start_date: string; no: string }>`select b.id, b.version, to_char(b.start_date, 'YYYY-MM-DD') as start_date, o.order_no as no
    from scm_prodplan_bar b join scm_prodplan p on p.id = b.plan_id join scm_customer_order o on o.id = p.order_id where b.client_id = ${c} and p.order_id = ${order}`.execute(db)).rows[0];
  await sql`update scm_prodplan_bar set line_id = ${line} where id = ${bar.id}`.execute(db);
  const before = await towerSewingAtRisk(call);
  const a = performance.now();
  await call('POST', '/api/scmapi/schedule/command', { op: 'move', bar_id: Number(bar.id), version: Number(bar.version), line_id: line, start: addDaysIso(bar.start_date, 10) });
  const flagged = await waitFor(slipNotice(db, c, bar.no), FLAG_TARGET_MS);
  const took = performance.now() - a;
  const after = await towerSewingAtRisk(call);
  return { ms: took, flagged, tower: { before, after } };
}

/** The tower's node-risk tile (its one call, that widget only): the sewing nodes at risk. */
async function towerSewingAtRisk(call: Inject): Promise<number> {
  const today = todayIso();
  const reply = (await call('GET', `/api/rptapi/tower?from=${addDaysIso(today, -30)}&to=${addDaysIso(today, 365)}&widgets=noderisk`)) as unknown as TowerReply;
  const rows = reply.widgets.noderisk?.result?.rows ?? [];
  return rows.filter((r) => r.node === '节点 14').reduce((n, r) => n + Number(r.at_risk ?? 0), 0);
}

/** A plan running six days without a scan; its first bundle scanned out; until the slip is in the bell. */
async function scanToBell(t: TestApp, d: Ids, call: Inject): Promise<{ ms: number; flagged: boolean }> {
  const db = t.app.db;
  const c = d.maker;
  const today = todayIso();
  const order = d.orders[20];
  const line = await ownLine(db, c, 'B9C-SCAN');
  const no = (await sql<{ no: string }>`select order_no as no from scm_customer_order where id = ${order}`.execute(db)).rows[0].no;
  await withTenant(db, c, async (tx) => {
    // Its delivery put so that sewing (stage 14 of 26) runs from six days ago to three days from now, the stages before it done.
    const delivery = addDaysIso(today, 3 + 12 * 3 + 2);
    await sql`update scm_customer_order set delivery_date = ${delivery} where id = ${order}`.execute(tx);
    await generateNodePlans(tx, { clientId: c, userId: null, orderIds: [order] });
    await sql`update scm_order_node set actual_date = plan_date, actual_source = 'maker' where client_id = ${c} and order_id = ${order} and seq < 140`.execute(tx);
    const plan = (await sql<{ id: number }>`select id from scm_prodplan where client_id = ${c} and order_id = ${order}`.execute(tx)).rows[0].id;
    await sql`update scm_prodplan_bar set line_id = ${line}, start_date = ${addDaysIso(today, -6)}, end_date = ${addDaysIso(today, 3)}, daily = null where client_id = ${c} and plan_id = ${plan}`.execute(tx);
    await sql`insert into scm_workorder (client_id, wo_no, plan_id, order_id, process_id, sequence, process_type, is_last, line_id, qty, done_qty, status)
      values (${c}, 'B9C-WO-SEW', ${plan}, ${order}, ${d.sewing}, 30, 'sewing', false, ${line}, 600, 0, 'released')`.execute(tx);
    await sql`insert into scm_wo_bundle (client_id, bundle_no, plan_id, seq, qty, colour, size) values (${c}, 'B9C-BUNDLE-001', ${plan}, 1, 20, '黑色', 'M')`.execute(tx);
  });
  await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, [order]));
  const a = performance.now();
  await call('POST', '/api/scmapi/workorder/scan', { barcode: 'B9C-BUNDLE-001', process_id: d.sewing, direction: 'out' });
  const flagged = await waitFor(slipNotice(db, c, no), FLAG_TARGET_MS);
  return { ms: performance.now() - a, flagged };
}

/** An order's washing outsourced (by hand), received through the action: the node recorded in the same call. */
async function receiptToNode(t: TestApp, d: Ids, call: Inject): Promise<{ ms: number; done: boolean }> {
  const db = t.app.db;
  const c = d.maker;
  const order = d.orders[30];
  const os = await withTenant(db, c, async (tx) => {
    const plan = (await sql<{ id: number }>`select id from scm_prodplan where client_id = ${c} and order_id = ${order}`.execute(tx)).rows[0].id;
    const id = (await sql<{ id: number }>`insert into scm_outsource_order (client_id, os_no, plan_id, process_id, vendor_id, currency, delivery_date, total_qty, status, tracking, plan_lock)
      values (${c}, 'WF-B9C-0001', ${plan}, ${d.washing}, ${d.vendor}, 'CNY', current_date, 600, 'submitted', 'manual', 'pending_receipt') returning id`.execute(tx)).rows[0].id;
    await sql`insert into scm_outsource_order_line (client_id, order_id, seq, colour, size, qty, dispatched_qty, received_qty) values (${c}, ${id}, 1, '黑色', 'M', 600, 0, 0)`.execute(tx);
    return Number(id);
  });
  const a = performance.now();
  const reply = await call('POST', '/api/scmapi/outsourceorder/action/receive', { id: os });
  const took = performance.now() - a;
  const nodes = (reply.data as Array<{ nodes?: Array<{ node_code: string }> }> | undefined)?.[0]?.nodes ?? [];
  const node = (await sql<{ actual_source: string | null }>`select actual_source from scm_order_node where client_id = ${c} and order_id = ${order} and node_code = 'WASHING'`.execute(db)).rows[0];
  return { ms: took, done: node?.actual_source === 'outsource' && nodes.some((n) => n.node_code === 'WASHING') };
}

export const bench: Bench = {
  id: 'B9c',
  title: `time and action: the critical path of ${ORDERS.toLocaleString('en')} orders x 30 nodes after one change, and a slip to the bell, PostgreSQL`,
  run: async () => {
    const target = `recompute <= ${RECOMPUTE_TARGET_MS} ms, every order evaluated too; move and scan flagged <= ${FLAG_TARGET_MS / 1000} s; receipt completes its node`;
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return { lines: [{ label: 'skipped', value: 'TEST_DATABASE_URL is not set (PostgreSQL only)' }], passed: true, target };
    const { t, drop } = await ownDatabase(url, 'b9c');
    try {
      const t0 = performance.now();
      const d = await fill(t.app.db);
      const filled = performance.now() - t0;
      const nodes = Number((await sql<{ n: number }>`select count(*)::int as n from scm_order_node where client_id = ${d.maker} and order_id = any(${sql.val(d.orders)}::bigint[])`.execute(t.app.db)).rows[0].n);
      const r = await recomputeFigures(t.app.db, d);
      const call = injector(t, await signIn(t.app, 'maker.planner'));
      const move = await moveToBell(t, d, call);
      const scan = await scanToBell(t, d, call);
      const receipt = await receiptToNode(t, d, call);
      const m = median(r.ours);
      const out: BenchLine[] = [
        { label: 'data', value: `${d.orders.length.toLocaleString('en')} orders, ${nodes.toLocaleString('en')} nodes, one live bar each (generated in ${ms(filled)})` },
        { label: `recompute after one change (median of ${RUNS})`, value: `${ms(m)} (runs ${r.ours.map(Math.round).join(', ')}; ${d.orders.length.toLocaleString('en')} orders' forecasts, ${r.result.nodes} changed, ${r.result.evaluated} order evaluated, ${r.result.at_risk} notice)` },
        { label: `same, every order's critical path evaluated (median of ${RUNS})`, value: `${ms(median(r.all))} (runs ${r.all.map(Math.round).join(', ')}; ${r.full.evaluated.toLocaleString('en')} orders evaluated)` },
        { label: '  of which: forecasts refreshed / every order\'s flags', value: `${ms(median(r.refresh))} / ${ms(median(r.flags))} (medians, timed apart)` },
        { label: `order by order, baseline (${SAMPLE} measured, scaled)`, value: `${ms(r.base)}` },
        { label: 'ratio baseline / recompute', value: `${(r.base / m).toFixed(1)}x (every order evaluated: ${(r.base / median(r.all)).toFixed(1)}x)` },
        { label: 'move on the board -> slip in the bell', value: `${ms(move.ms)} (${move.flagged ? 'flagged' : 'NOT flagged'}; the tower's sewing nodes at risk ${move.tower.before} -> ${move.tower.after})` },
        { label: 'first scan of a slow plan -> slip in the bell', value: `${ms(scan.ms)} (${scan.flagged ? 'flagged' : 'NOT flagged'})` },
        { label: 'outsourced receipt -> node done (same call)', value: `${ms(receipt.ms)} (${receipt.done ? 'washing recorded, source outsourced receipt' : 'NOT recorded'})` },
      ];
      const passed = m <= RECOMPUTE_TARGET_MS && median(r.all) <= RECOMPUTE_TARGET_MS && move.flagged && move.ms <= FLAG_TARGET_MS && move.tower.after === move.tower.before + 1 && scan.flagged && scan.ms <= FLAG_TARGET_MS && receipt.done;
      return { lines: out, passed, target };
    } finally {
      await drop();
    }
  },
};
