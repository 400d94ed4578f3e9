/**
 * Bench B8 (issue 13): "the control tower first paints in <= 1.5 s in Chromium with 1,000,000 order
 * lines and 50,000 plans behind it; its queries read pre-aggregated tables kept current as documents
 * change, and the bench prints the ratio against the same widgets computed from the raw tables in
 * the same run."
 *
 * Data: a data directory prepared as `npm start` would (migrated, seeded), then the demo maker's
 * season grown by SQL: 50,000 plans of fixtures/generators/schedule-problem.ts (the generator of B4b
 * and B5) over the 150 days before today and the 270 after, one customer order per plan (its category,
 * style, quantity and delivery date; twelve customers; pending, in progress, finished, rejected or
 * cancelled by its date) with 20 colour x size entries each (1,000,000 order lines), and each plan
 * scheduled on the published board as one bar on one of the maker's lines. The orders' statements
 * go through the aggregate's triggers like any write (the load time includes that upkeep).
 *
 * Measured: the maker's manager opens `/visual/control-tower` in a fresh browser context (empty
 * cache, signed in through the spec 9 storage keys); the time from the navigation's start to the
 * frame that shows every widget drawn (the tower says `data-loaded=1`, each widget holds its chart's
 * canvas or its empty text). The page asks for every widget in one call (`GET /api/rptapi/tower`, sent
 * as soon as the tower's chunk is evaluated). The same tower with `?source=raw` (every report computed from the
 * documents' own tables; the same figures) is the baseline, alternating with it run by run. The
 * tower's one call and each widget's report call are also timed from Node, both ways, to tell the
 * server's share.
 *
 * With TEST_DATABASE_URL set, B8_LINES order lines (default 1,000,000; issue 34 asks 10,000,000) are
 * generated in SQL in a PostgreSQL database of the bench's own (dropped after) and the tower's first
 * answer and every tile's drill-down first rows are timed through the app, then the tower's first
 * paint and a drill-down in Chromium on the product's server connected as the benches' plain role
 * (b8-postgres.util.ts); B8_PG_ONLY=1 runs only that.
 *
 * Usage: `npm run bench -- b8` (B8_PLANS, B8_RUNS; B8_CLIENT_DIR: a client build, default dist-tower,
 * built when missing).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import { addDays } from '../../calendars/capacity';
import { prng, scheduleProblem, SCHEDULE_GROUPS } from '../../fixtures/generators/schedule-problem';
// The reports, as the server finds them (tsx runs this bench: no vite glob).
import '../../src/server/services/report-engine/catalogue';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { defaultRange, sourceFor, widgetQuery, WIDGETS } from '../../src/client/pages/visual/control-tower.logic';
import { launchBrowser, startServer } from '../e2e/support/harness';
import { signIn, visitTower, type Session } from './b8-browser.util';
import { prepareDatabase } from '../support/pglite-template';
import { DRILL_TARGET_MS, LINES, onPostgresAtScale, PAINT_TARGET_MS, TOWER_TARGET_MS } from './b8-postgres.util';
import type { Bench } from './run';

const PLANS = Number(process.env.B8_PLANS ?? 50_000);
const ENTRIES_PER_ORDER = 20;
const RUNS = Number(process.env.B8_RUNS ?? 5);
const CLIENT_DIR = process.env.B8_CLIENT_DIR ?? 'dist-tower';
const TARGET_MS = 1500;
const USER = 'maker';
const CUSTOMERS = ['北岸服饰', '南风品牌', '森屿女装', '极光运动', '蓝湾童装', '山系户外', '城市衬衫', '织梦家居', '未来牛仔', '晨曦针织', '海盐男装', '远山羽绒'];
const COLOURS = ['黑色', '藏青', '米白', '雾霾蓝', '燕麦'];
const SIZES = ['S', 'M', 'L', 'XL'];
const today = () => new Date().toISOString().slice(0, 10);
const samOf = (category: string) => {
  for (const g of SCHEDULE_GROUPS) {
    const k = g.categories.indexOf(category);
    if (k >= 0) return g.sam[k];
  }
  return 20;
};

/** The maker's season at B8's size: orders with their entries, plans and their bars. */
async function fill(db: Db): Promise<{ orders: number; entries: number; plans: number; bars: number }> {
  const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id);
  const lines = (await sql<{ id: number }>`select id from md_workline where client_id = ${maker} order by id`.execute(db)).rows.map((r) => Number(r.id));
  const from = addDays(today(), -150);
  const problem = scheduleProblem({ plans: PLANS, lines: Math.max(1, lines.length), days: 420, from, seed: 8008, holidays: [] });
  const rnd = prng(88);
  const t = today();
  const orders = problem.plans.map((p, i) => {
    const per = Math.max(1, Math.round(p.qty / ENTRIES_PER_ORDER));
    const price = 30 + (i % 9) * 7;
    const past = p.delivery_date! < addDays(t, -20);
    const r = rnd();
    const status = past ? (r < 0.9 ? 'finished' : r < 0.95 ? 'in_progress' : 'cancelled') : r < 0.55 ? 'in_progress' : r < 0.9 ? 'pending' : r < 0.95 ? 'rejected' : 'cancelled';
    // Finished a few days either side of the date: about three in four on time.
    const finishedAt = status === 'finished' ? addDays(p.delivery_date!, Math.floor(rnd() * 14) - 10) : null;
    return {
      order_no: `B8-${String(i + 1).padStart(6, '0')}`,
      brand_name: CUSTOMERS[Math.floor(rnd() * CUSTOMERS.length)],
      category: p.category,
      style_no: p.style_no,
      receive_date: addDays(p.delivery_date!, -75),
      delivery_date: p.delivery_date,
      per,
      price,
      total_qty: per * ENTRIES_PER_ORDER,
      total_amount: per * ENTRIES_PER_ORDER * price,
      status,
      updated_at: finishedAt ? `${finishedAt}T10:00:00Z` : `${addDays(t, -1)}T10:00:00Z`,
    };
  });
  for (let k = 0; k < orders.length; k += 10_000) {
    await sql`insert into scm_customer_order (client_id, order_no, brand_name, pr_type, category, receive_date, delivery_date, currency, total_qty, total_amount, status, updated_at, customer_po)
      select ${maker}, x.order_no, x.brand_name, 'bulk', x.category, x.receive_date, x.delivery_date, 'CNY', x.total_qty, x.total_amount, x.status, x.updated_at, x.style_no
      from jsonb_to_recordset(${JSON.stringify(orders.slice(k, k + 10_000))}::jsonb)
        as x(order_no text, brand_name text, category text, style_no text, receive_date date, delivery_date date, total_qty bigint, total_amount numeric, status text, updated_at timestamptz)`.execute(db);
  }
  // 20 entries an order (5 colours x 4 sizes), each a twentieth of the order, in one statement.
  await sql`insert into scm_customer_order_entry (client_id, order_id, style_no, style_name, colour, size, qty, unit_price, amount, seq)
    select o.client_id, o.id, o.customer_po, '基准款', c.colour, s.size, o.total_qty / ${ENTRIES_PER_ORDER}, o.total_amount / o.total_qty, o.total_amount / ${ENTRIES_PER_ORDER},
      (c.n - 1) * ${SIZES.length} + s.n
    from scm_customer_order o
      cross join unnest(${sql.val(COLOURS)}::text[]) with ordinality as c(colour, n)
      cross join unnest(${sql.val(SIZES)}::text[]) with ordinality as s(size, n)
    where o.client_id = ${maker} and o.order_no like 'B8-%'`.execute(db);
  const planRows = problem.plans.map((p, i) => ({
    plan_no: `B8P-${String(i + 1).padStart(6, '0')}`,
    order_no: orders[i].order_no,
    style_no: p.style_no,
    category: p.category,
    qty: orders[i].total_qty,
    delivery_date: p.delivery_date,
    material_ready_date: p.material_ready,
    priority: p.priority,
    sam: samOf(p.category),
    status: ['finished', 'cancelled'].includes(orders[i].status) ? 'finished' : 'scheduled',
  }));
  for (let k = 0; k < planRows.length; k += 10_000) {
    await sql`insert into scm_prodplan (client_id, plan_no, order_id, style_no, category, qty, delivery_date, material_ready_date, priority, minutes_per_piece, status, done_qty)
      select ${maker}, x.plan_no, o.id, x.style_no, x.category, x.qty, x.delivery_date, x.material_ready_date, x.priority, x.sam, x.status, 0
      from jsonb_to_recordset(${JSON.stringify(planRows.slice(k, k + 10_000))}::jsonb)
        as x(plan_no text, order_no text, style_no text, category text, qty bigint, delivery_date date, material_ready_date date, priority bigint, sam numeric, status text)
      left join scm_customer_order o on o.client_id = ${maker} and o.order_no = x.order_no`.execute(db);
  }
  // One published bar a plan, on the maker's lines in turn, ending a week before its delivery.
  await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked)
    select p.client_id, p.id, null, (${sql.val(lines)}::bigint[])[1 + (p.id % ${lines.length})::int],
      p.delivery_date - 7 - (3 + p.id % 9)::int, p.delivery_date - 7, p.qty, p.qty * p.minutes_per_piece, false
    from scm_prodplan p where p.client_id = ${maker} and p.plan_no like 'B8P-%'`.execute(db);
  for (const table of ['scm_customer_order', 'scm_customer_order_entry', 'scm_prodplan', 'scm_prodplan_bar', 'rpt_agg_customer_order']) await sql`analyze ${sql.table(table)}`.execute(db);
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id = ${maker}`.execute(db)).rows[0].n);
  return { orders: await count('scm_customer_order'), entries: await count('scm_customer_order_entry'), plans: await count('scm_prodplan'), bars: await count('scm_prodplan_bar') };
}

async function prepareDataDir(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = performance.now();
  const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    await prepareDatabase(database, config);
    const seeded = performance.now();
    const counts = await fill(database.db);
    const aggRows = Number((await sql<{ n: number }>`select count(*)::int as n from rpt_agg_customer_order`.execute(database.db)).rows[0].n);
    return { ...counts, aggRows, seedSeconds: (seeded - started) / 1000, fillSeconds: (performance.now() - seeded) / 1000 };
  } finally {
    await database.close();
  }
}

/** The tower's one call (every widget in one reply, as the page asks it), timed from Node. */
async function towerCall(url: string, s: Session, raw: boolean): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/rptapi/tower${raw ? '?source=raw' : ''}`, { headers: { authorization: `Bearer ${s.access_token}` } });
  if (!res.ok) throw new Error(`tower call: HTTP ${res.status}`);
  await res.json();
  return performance.now() - t0;
}

/** The widgets' report calls one by one, one after another, timed from Node (each widget's share). */
async function widgetCalls(url: string, s: Session, raw: boolean): Promise<Record<string, { ms: number; source: string }>> {
  const token = s.access_token;
  const codes = new Set((s.menus ?? []).flatMap((g) => g.children.map((c) => c.CODE)));
  const range = defaultRange(today());
  const out: Record<string, { ms: number; source: string }> = {};
  for (const w of WIDGETS) {
    const source = codes.size ? sourceFor(w, codes) : w.sources[0];
    if (!source) continue;
    const q = new URLSearchParams({ ...widgetQuery(source, range), ...(raw ? { source: 'raw' } : {}) });
    const t0 = performance.now();
    const res = await fetch(`${url}/api/rptapi/report/${source.report}/run?${q}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { data?: { source?: { kind: string } } };
    out[w.key] = { ms: performance.now() - t0, source: body.data?.source?.kind ?? `HTTP ${res.status}` };
  }
  return out;
}


const PG_TARGET = `on PostgreSQL with ${LINES.toLocaleString('en')} order lines: the tower's first answer <= ${TOWER_TARGET_MS} ms and its first paint in Chromium <= ${PAINT_TARGET_MS} ms, every tile's drill-down first rows <= ${DRILL_TARGET_MS} ms, in Chromium from the funnel too (medians)`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;

export const bench: Bench = {
  id: 'B8',
  title:
    process.env.B8_PG_ONLY === '1'
      ? `control tower on PostgreSQL with ${LINES.toLocaleString('en')} order lines: first answer and drill-downs`
      : `control tower first paint with ${(PLANS * ENTRIES_PER_ORDER).toLocaleString('en')} order lines and ${PLANS.toLocaleString('en')} plans: aggregates vs raw tables`,
  run: async () => {
    if (!existsSync(resolve(CLIENT_DIR, 'index.html'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', `../../${CLIENT_DIR}`], { stdio: 'inherit' });
    if (process.env.B8_PG_ONLY === '1') {
      const pg = await onPostgresAtScale(CLIENT_DIR);
      return { ...pg, target: PG_TARGET };
    }
    const dir = resolve(`.tmp/bench-b8-${process.pid}`);
    const prepared = await prepareDataDir(dir);
    const server = await startServer({ LOG_LEVEL: 'warn', CLIENT_DIR }, { dataDir: dir });
    const browser = await launchBrowser();
    try {
      const s = await signIn(server.url, USER);
      // The widgets' calls from Node first (also warms the server's plans).
      const callsFirst = await widgetCalls(server.url, s, false);
      console.log(`   first widget calls (ms): ${Object.entries(callsFirst).map(([k, v]) => `${k} ${Math.round(v.ms)} ${v.source}`).join(', ')}`);
      // One untimed visit each way (the server's first plans and caches, the browser's start).
      await visitTower(browser, server.url, s, false);
      await visitTower(browser, server.url, s, true);
      const loadStart = loadavg()[0];
      const agg: number[] = [];
      const raw: number[] = [];
      let widgets = 0;
      for (let i = 0; i < RUNS; i++) {
        const a = await visitTower(browser, server.url, s, false);
        const r = await visitTower(browser, server.url, s, true);
        agg.push(a.ms);
        raw.push(r.ms);
        widgets = a.widgets;
      }
      const towerMs = { agg: [] as number[], raw: [] as number[] };
      for (let i = 0; i < 3; i++) {
        towerMs.agg.push(await towerCall(server.url, s, false));
        towerMs.raw.push(await towerCall(server.url, s, true));
      }
      const callsAgg = await widgetCalls(server.url, s, false);
      const callsRaw = await widgetCalls(server.url, s, true);
      const sum = (c: Record<string, { ms: number }>) => Object.values(c).reduce((x, y) => x + y.ms, 0);
      const m = { agg: median(agg), raw: median(raw) };
      const perWidget = Object.keys(callsAgg)
        .map((k) => `${k} ${Math.round(callsAgg[k].ms)}${callsAgg[k].source === 'aggregate' ? '*' : ''}/${Math.round(callsRaw[k]?.ms ?? 0)}`)
        .join(', ');
      return {
        lines: [
          { label: 'database', value: 'PGlite on disk (as npm start)' },
          {
            label: 'data (maker)',
            value: `${prepared.orders.toLocaleString('en')} customer orders, ${prepared.entries.toLocaleString('en')} order lines, ${prepared.plans.toLocaleString('en')} plans, ${prepared.bars.toLocaleString('en')} bars; aggregate ${prepared.aggRows.toLocaleString('en')} rows (all tenants)`,
          },
          { label: 'prepared in', value: `${prepared.seedSeconds.toFixed(0)} s demo seed + ${prepared.fillSeconds.toFixed(0)} s bulk load (through the aggregate's triggers)` },
          { label: 'runs', value: `${RUNS} each, fresh browser context per run, 1920 x 1080, alternating; ${widgets} widgets` },
          { label: 'first paint, aggregates (median / max)', value: `${ms(m.agg)} / ${ms(Math.max(...agg))}` },
          { label: 'first paint, raw tables (median / max)', value: `${ms(m.raw)} / ${ms(Math.max(...raw))}` },
          { label: 'ratio aggregates / raw (median)', value: `${(m.agg / m.raw).toFixed(2)}x (raw ${(m.raw / m.agg).toFixed(1)} times slower)` },
          { label: 'the tower’s one call from Node, median of 3 (aggregates / raw)', value: `${ms(median(towerMs.agg))} / ${ms(median(towerMs.raw))}` },
          { label: 'widget calls one by one from Node, sum (aggregates / raw)', value: `${ms(sum(callsAgg))} / ${ms(sum(callsRaw))}` },
          { label: 'per widget ms (agg*/raw; * = read an aggregate)', value: perWidget },
          { label: 'all runs (agg | raw, ms)', value: `${agg.map(Math.round).join(', ')} | ${raw.map(Math.round).join(', ')}` },
          { label: 'load average (1 min) at the start of the browser runs / at the end', value: `${loadStart.toFixed(1)} / ${loadavg()[0].toFixed(1)}` },
          ...(process.env.TEST_DATABASE_URL ? (await onPostgresAtScale(CLIENT_DIR)).lines : []),
        ],
        passed: m.agg <= TARGET_MS,
        target: `every widget of the tower drawn within ${TARGET_MS} ms of navigation (median of ${RUNS}), reading the aggregates`,
      };
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
