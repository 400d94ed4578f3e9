/**
 * B8 on PostgreSQL at scale (issue 34, "Scale"): `B8_LINES` order lines (default 1,000,000; the
 * issue's figure is 10,000,000) generated in the database by `INSERT ... SELECT generate_series`, in
 * a database of the bench's own (`b8_<pid>` on the server of TEST_DATABASE_URL, dropped after), then:
 *
 * - the tower's first answer: the server calls the tower page makes for its first paint (`GET
 *   /api/rptapi/tower` with the default range, and `/api/rptapi/tower/orgs` beside it, both at once as
 *   the browser sends them), against the same with `?source=raw` (every figure from the documents'
 *   own tables) alternating in the same run;
 * - each tile's drill-down first rows: for every widget of the tower's reply that drills to a list, its
 *   largest element's drill address (`drillPath`, the tower's own), and the list call the grid makes
 *   for it (`page?count=none`, the first block of 100, the state tab the filters name), then its count
 *   (`count?tabs=1`, estimated above 10,000); against the same list's first block without the tile's
 *   filters (its plain first page, a range of the default sort's index) in the same run.
 *
 * - in Chromium (issue 34: "the tower's first paint <= 1 s on a quiet machine"): the product's server
 *   (src/server/main.ts, as `npm start` runs it, with the client build of B8_CLIENT_DIR) on the same
 *   database, connected as the benches' plain role (the server refuses a superuser), the tower's first
 *   paint (b8-browser.util.ts) against `?source=raw` alternating, and a drill-down as a manager makes
 *   it: the click on the funnel's first step to the frame showing the list's first rows.
 *
 * The database belongs to the plain role (`plainRoleSpace`), which migrates and seeds it as main.ts
 * does (`productRoleApp`); the season is generated through the superuser's connection to it (a bulk
 * load the product does not make; every statement still goes through the tables' triggers).
 *
 * Every figure is the median of B8_RUNS, printed absolute and as a ratio to its baseline. B8_KEEP=1
 * keeps the database for EXPLAIN ANALYZE (its name is printed; drop it by hand); B8_REUSE=<that name>
 * measures a kept database again without generating it (about 4 minutes saved at 10M lines) and keeps it;
 * with it, B8_CHROMIUM_ONLY=1 measures only in Chromium. B8_BASE_CLIENT_DIR=<a client build> compares the
 * tower in Chromium with that build, visit by visit (`inChromium`).
 */
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { addDays } from '../../calendars/capacity';
import { SCHEDULE_GROUPS } from '../../fixtures/generators/schedule-problem';
import { getEntity, getPage, getReport, type EntityDef } from '../../src/model';
import { openDatabase, type Db } from '../../src/server/db/database';
import { defaultRange, drillPath, sourceFor, widgetQuery, WIDGETS } from '../../src/client/pages/visual/control-tower.logic';
import { databaseUrlFor, dropPostgresDatabase } from '../support/pglite-template';
import { createTestApp, signIn as signInApp, type TestApp } from '../support/test-app';
import type { TowerReply } from '../../src/model/calls/tower';
import { launchBrowser, startServer } from '../e2e/support/harness';
import { BENCH_ROLE, plainRoleSpace, productRoleApp } from './bench-databases.util';
import { drillFromFunnel, everyChartDrawn, signIn as signInHttp, visitTower, type DrillVisit, type Session } from './b8-browser.util';

export type BenchLineLike = { label: string; value: string };
export const LINES = Number(process.env.B8_LINES ?? 1_000_000);
/** A database B8_KEEP kept, measured again as it is (B8_REUSE=b8_<pid>). */
const REUSE = process.env.B8_REUSE && /^b8_\d+$/.test(process.env.B8_REUSE) ? process.env.B8_REUSE : undefined;
const RUNS = Number(process.env.B8_RUNS ?? 5);
const ENTRIES_PER_ORDER = 20;
const CUSTOMERS = ['北岸服饰', '南风品牌', '森屿女装', '极光运动', '蓝湾童装', '山系户外', '城市衬衫', '织梦家居', '未来牛仔', '晨曦针织', '海盐男装', '远山羽绒'];
const COLOURS = ['黑色', '藏青', '米白', '雾霾蓝', '燕麦'];
const SIZES = ['S', 'M', 'L', 'XL'];
const CATEGORIES = SCHEDULE_GROUPS.flatMap((g) => g.categories);
const SAMS = SCHEDULE_GROUPS.flatMap((g) => g.sam);
export const TOWER_TARGET_MS = 1000;
export const DRILL_TARGET_MS = 500;
export const PAINT_TARGET_MS = 1000;
const today = () => new Date().toISOString().slice(0, 10);

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;
/** A number in [0, 1) from an integer column, the same every run (Knuth's multiplicative hash). */
const r01 = (col: string, salt: number) => sql.raw(`(((${col}::bigint * 2654435761 + ${salt}) % 4294967296) / 4294967296.0)`);

/**
 * The maker's season at `LINES` order lines, all in SQL: LINES / 20 customer orders over the 150 days
 * before today and the 270 after (twelve customers, nine categories, pending / in progress / finished /
 * rejected / cancelled by their date, about three in four finished on time), 5 colours x 4 sizes an
 * order, one plan an order and one published bar a plan on the maker's lines. Statements go through
 * the aggregates' triggers like any write; the entries in slices of 100,000 orders.
 */
async function fillSql(db: Db): Promise<{ orders: number; entries: number; plans: number; bars: number }> {
  if (REUSE) return seasonCounts(db);
  const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id);
  const lines = (await sql<{ id: number }>`select id from md_workline where client_id = ${maker} order by id`.execute(db)).rows.map((r) => Number(r.id));
  const n = Math.ceil(LINES / ENTRIES_PER_ORDER);
  const from = addDays(today(), -150);
  const t = today();
  const SLICE = 100_000;
  for (let k = 0; k < n; k += SLICE) {
    await sql`insert into scm_customer_order (client_id, order_no, brand_name, pr_type, category, receive_date, delivery_date, currency, total_qty, total_amount, status, updated_at, customer_po)
      select ${maker}, 'B8-' || lpad(g::text, 8, '0'), (${sql.val(CUSTOMERS)}::text[])[1 + g % ${CUSTOMERS.length}], 'bulk', c.category,
        d.delivery - 75, d.delivery, 'CNY', per * ${ENTRIES_PER_ORDER}, per * ${ENTRIES_PER_ORDER} * (30 + (g % 9) * 7),
        s.status, case when s.status = 'finished' then (d.delivery + (floor(${r01('g', 17)} * 14)::int - 10))::timestamp + interval '10 hours'
          else ${t}::date - 1 + interval '10 hours' end, 'ST-' || lpad((g % 5000)::text, 5, '0')
      from generate_series(${k + 1}::bigint, ${Math.min(n, k + SLICE)}::bigint) g
        cross join lateral (select (${sql.val(CATEGORIES)}::text[])[1 + (g * 7) % ${CATEGORIES.length}] as category, 10 + g % 90 as per) c
        cross join lateral (select ${from}::date + ((g * 7919) % 420)::int as delivery) d
        cross join lateral (select case
          when d.delivery < ${t}::date - 20 then case when ${r01('g', 3)} < 0.9 then 'finished' when ${r01('g', 3)} < 0.95 then 'in_progress' else 'cancelled' end
          else case when ${r01('g', 3)} < 0.55 then 'in_progress' when ${r01('g', 3)} < 0.9 then 'pending' when ${r01('g', 3)} < 0.95 then 'rejected' else 'cancelled' end
          end as status) s`.execute(db);
  }
  const ids = (await sql<{ lo: string; hi: string }>`select min(id) as lo, max(id) as hi from scm_customer_order where client_id = ${maker} and order_no like 'B8-%'`.execute(db)).rows[0];
  for (let lo = Number(ids.lo); lo <= Number(ids.hi); lo += SLICE) {
    await sql`insert into scm_customer_order_entry (client_id, order_id, style_no, style_name, colour, size, qty, unit_price, amount, seq)
      select o.client_id, o.id, o.customer_po, '基准款', c.colour, s.size, o.total_qty / ${ENTRIES_PER_ORDER}, o.total_amount / o.total_qty, o.total_amount / ${ENTRIES_PER_ORDER},
        (c.n - 1) * ${SIZES.length} + s.n
      from scm_customer_order o
        cross join unnest(${sql.val(COLOURS)}::text[]) with ordinality as c(colour, n)
        cross join unnest(${sql.val(SIZES)}::text[]) with ordinality as s(size, n)
      where o.client_id = ${maker} and o.id between ${lo} and ${lo + SLICE - 1} and o.order_no like 'B8-%'`.execute(db);
    await sql`insert into scm_prodplan (client_id, plan_no, order_id, style_no, category, qty, delivery_date, material_ready_date, priority, minutes_per_piece, status, done_qty)
      select o.client_id, 'B8P-' || substr(o.order_no, 4), o.id, o.customer_po, o.category, o.total_qty, o.delivery_date, o.delivery_date - 30, 1 + o.id % 3,
        (${sql.val(SAMS)}::numeric[])[array_position(${sql.val(CATEGORIES)}::text[], o.category)],
        case when o.status in ('finished', 'cancelled') then 'finished' else 'scheduled' end, 0
      from scm_customer_order o where o.client_id = ${maker} and o.id between ${lo} and ${lo + SLICE - 1} and o.order_no like 'B8-%'`.execute(db);
  }
  await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked)
    select p.client_id, p.id, null, (${sql.val(lines)}::bigint[])[1 + (p.id % ${lines.length})::int],
      p.delivery_date - 7 - (3 + p.id % 9)::int, p.delivery_date - 7, p.qty, p.qty * p.minutes_per_piece, false
    from scm_prodplan p where p.client_id = ${maker} and p.plan_no like 'B8P-%'`.execute(db);
  for (const table of ['scm_customer_order', 'scm_customer_order_entry', 'scm_prodplan', 'scm_prodplan_bar', 'rpt_agg_customer_order']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  return seasonCounts(db);
}

/** The maker's orders, order lines, plans and bars in the database. */
async function seasonCounts(db: Db): Promise<{ orders: number; entries: number; plans: number; bars: number }> {
  const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id);
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*)::bigint as n from ${sql.table(table)} where client_id = ${maker}`.execute(db)).rows[0].n);
  return { orders: await count('scm_customer_order'), entries: await count('scm_customer_order_entry'), plans: await count('scm_prodplan'), bars: await count('scm_prodplan_bar') };
}

/** A database of the bench's own (`<prefix>_<pid>`) on the server of `url`, holding the app's schema and demo data; dropped by `drop`. */
export async function ownDatabase(url: string, prefix = 'b8'): Promise<{ t: TestApp; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.db);
    await sql.raw(`create database ${name}`).execute(admin.db);
    // Thrown away after the run: commits need not wait for the WAL to reach the disk.
    await sql.raw(`alter database ${name} set synchronous_commit = off`).execute(admin.db);
  } finally {
    await admin.close();
  }
  const saved = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = databaseUrlFor(url, name);
  try {
    const t = await createTestApp();
    return { t, drop: async () => {
      await t.close().catch(() => undefined);
      await dropPostgresDatabase(url, name);
    } };
  } finally {
    process.env.TEST_DATABASE_URL = saved;
  }
}

/**
 * B8's database (`b8_<pid>` on the server of `url`), owned by the benches' plain role: the app as
 * main.ts starts it (`t`, as that role), the role's URL (for the server process) and the superuser's
 * connection to it (`admin`, for the generated season); `drop` closes both and drops the database.
 */
async function b8Database(url: string): Promise<{ t: TestApp; roleUrl: string; admin: Db; name: string; drop: () => Promise<void> }> {
  const name = REUSE ?? `b8_${process.pid}`;
  const space = REUSE ? keptSpace(url, REUSE) : await plainRoleSpace(url, { database: name });
  const t = await productRoleApp(space.url);
  const admin = await openDatabase({ databaseUrl: space.adminUrl, dataDir: '' });
  return {
    t,
    roleUrl: space.url,
    admin: admin.db,
    name,
    drop: async () => {
      await admin.close().catch(() => undefined);
      await t.close().catch(() => undefined);
      await space.drop();
    },
  };
}

/** The URLs of a kept B8 database: the plain role's and the superuser's (nothing created, nothing dropped). */
function keptSpace(adminUrl: string, database: string): { url: string; adminUrl: string; drop: () => Promise<void> } {
  const admin = new URL(adminUrl);
  admin.pathname = `/${database}`;
  const url = new URL(admin);
  url.username = BENCH_ROLE;
  url.password = '';
  return { url: url.toString(), adminUrl: admin.toString(), drop: async () => undefined };
}

type Inject = (url: string) => Promise<{ ms: number; body: unknown }>;
const injector = (t: TestApp, token: string): Inject => async (url) => {
  const a = performance.now();
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'x-lang': 'zh-CN' } });
  const took = performance.now() - a;
  if (res.statusCode !== 200) throw new Error(`${url}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { ms: took, body: (res.json() as { data: unknown }).data };
};

/** The tower's first answer: its one call and the organisations beside it, at once, as the page asks them. */
async function towerFirstAnswer(get: Inject, raw: boolean): Promise<{ ms: number; reply: TowerReply }> {
  const q = new URLSearchParams({ ...defaultRange(today()), ...(raw ? { source: 'raw' } : {}) });
  const a = performance.now();
  const [tower] = await Promise.all([get(`/api/rptapi/tower?${q}`), get('/api/rptapi/tower/orgs')]);
  return { ms: performance.now() - a, reply: tower.body as TowerReply };
}

type Drill = { widget: string; list: string; query: URLSearchParams; plain: URLSearchParams };
/** Each widget's drill-down to a list: the largest element of its reply, the grid's first block with the tile's filters. */
function drillsOf(reply: TowerReply): Drill[] {
  const out: Drill[] = [];
  for (const w of WIDGETS) {
    const got = reply.widgets[w.key];
    if (!got?.result) continue;
    const source = w.sources.find((s) => s.report === got.report) ?? w.sources[0];
    const report = getReport(source.report);
    if (!report || report.noDrill || report.drillTo) continue;
    const rows = (got.result.rows as Array<Record<string, unknown>>).filter((r) => !r._level && source.group.every((g) => g in r));
    // The largest element by each of the widget's measures (a rate's top is often one order).
    const seen = new Set<string>();
    for (const measure of source.measures) {
      const top = [...rows].sort((a, b) => Number(b[measure] ?? 0) - Number(a[measure] ?? 0))[0];
      if (!top) continue;
      const path = drillPath(report, source, got.range, { ...top, _measure: measure });
      if (!path.startsWith('/page/subindex/') || seen.has(path)) continue;
      seen.add(path);
      const [opt, search] = path.slice('/page/subindex/'.length).split('?');
      const entity: EntityDef | undefined = getEntity(getPage(opt)?.entity ?? '');
      if (!entity) continue;
      const filters = new URLSearchParams(search);
      const query = new URLSearchParams({ page: '1', size: '100', count: 'none', ...Object.fromEntries(filters) });
      const stateField = entity.states?.field;
      const state = stateField ? filters.get(`f.${stateField}.eq`) : null;
      if (state) query.set('tab', state);
      out.push({ widget: `${w.key}.${measure}`, list: `/api/${entity.prefix}/${entity.name}`, query, plain: new URLSearchParams({ page: '1', size: '100', count: 'none' }) });
    }
  }
  return out;
}

/** Each widget's own report call, one after another (the tower's share per widget), median of the runs. */
async function widgetCalls(t: TestApp, get: Inject): Promise<string> {
  const login = await t.app.inject({ method: 'POST', url: '/api/access/login', payload: { username: 'maker', password: 'Demo1234' } });
  const menus = (login.json() as { data: { menus?: Array<{ children: Array<{ CODE: string }> }> } }).data.menus ?? [];
  const codes = new Set(menus.flatMap((g) => g.children.map((c) => c.CODE)));
  const range = defaultRange(today());
  const out: string[] = [];
  for (const w of WIDGETS) {
    const source = sourceFor(w, codes);
    if (!source) continue;
    const url = `/api/rptapi/report/${source.report}/run?${new URLSearchParams(widgetQuery(source, range))}`;
    const times: number[] = [];
    const raw: number[] = [];
    let kind = '';
    for (let i = 0; i < RUNS; i++) {
      const r = await get(url);
      times.push(r.ms);
      kind = (r.body as { source?: { kind: string } }).source?.kind ?? '';
      // A widget that read a kept table: the same call from the documents' own rows beside it.
      if (kind === 'aggregate') raw.push((await get(`${url}&source=raw`)).ms);
    }
    out.push(`${w.key} ${Math.round(median(times))}${kind === 'aggregate' ? `* (raw ${Math.round(median(raw))})` : ''}`);
  }
  return out.join(', ');
}

/**
 * The tower in Chromium on the product's server over B8's database: first paints both ways, drill-downs
 * from the funnel, and when every chart is drawn (below the window too). With B8_BASE_CLIENT_DIR (a
 * client build of the commit to compare with), a second server serves that build on the same
 * database and each run visits it too, alternating, instead of the raw baseline: on this shared
 * machine the load moves by the minute, so the two builds are compared visit by visit.
 */
async function inChromium(roleUrl: string, clientDir: string): Promise<{ lines: BenchLineLike[]; paint: number; drill: number }> {
  const t0 = performance.now();
  const baseDir = process.env.B8_BASE_CLIENT_DIR;
  // The server migrates (nothing to do) and checks the seed at its start: more than the e2e's two minutes at this size under load.
  // One signing key for both servers (each keeps its own data directory, where a key is made): one sign-in serves both.
  const env = { DATABASE_URL: roleUrl, LOG_LEVEL: 'warn', JWT_SECRET: `b8-${process.pid}-${Date.now()}` };
  const server = await startServer({ ...env, CLIENT_DIR: clientDir }, { readyWithinMs: 600_000 });
  const base = baseDir ? await startServer({ ...env, CLIENT_DIR: baseDir }, { readyWithinMs: 600_000 }) : null;
  const started = (performance.now() - t0) / 1000;
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const s: Session = await signInHttp(server.url, 'maker');
    // One untimed visit each way (the server's first plans and caches, the browser's start).
    await visitTower(browser, server.url, s, false, undefined, true);
    if (base) await visitTower(browser, base.url, s, false, undefined, true);
    else await visitTower(browser, server.url, s, true, undefined, true);
    const loadStart = loadavg()[0];
    type Side = { paint: number[]; now: DrillVisit[]; settled: DrillVisit[]; all: number[] };
    const side = (): Side => ({ paint: [], now: [], settled: [], all: [] });
    const mine = side();
    const theirs = side();
    const raw: number[] = [];
    let widgets = 0;
    const slowest: string[] = [];
    // Each visit waits for its page's calls to end before the next starts: one manager at a time.
    // The drill-down is clicked as soon as the tower is drawn, and in another visit once every call
    // of the page has ended (the drill-down's own time, the server idle); that visit also notes
    // when the last chart below the window was drawn.
    const settledDrill = (to: Side) => async (page: Page) => {
      to.all.push(await everyChartDrawn(page));
      await page.waitForLoadState('networkidle', { timeout: 300_000 });
      return drillFromFunnel(page);
    };
    const visitBoth = async (url: string, to: Side) => {
      const a = await visitTower(browser!, url, s, false, drillFromFunnel, true);
      to.paint.push(a.ms);
      to.now.push(a.then!);
      widgets = a.widgets;
      if (to === mine) slowest.push(a.calls.slice(0, 3).map((c) => `${c.path} ${Math.round(c.ms)}`).join(', '));
      to.settled.push((await visitTower(browser!, url, s, false, settledDrill(to), true)).then!);
    };
    for (let i = 0; i < RUNS; i++) {
      // Which build goes first alternates run by run.
      const order: Array<[string, Side]> = base ? (i % 2 ? [[base.url, theirs], [server.url, mine]] : [[server.url, mine], [base.url, theirs]]) : [[server.url, mine]];
      for (const [url, to] of order) await visitBoth(url, to);
      if (!base) raw.push((await visitTower(browser, server.url, s, true, undefined, true)).ms);
    }
    const drillMs = (d: DrillVisit[]) => median(d.map((x) => x.ms));
    const runs = (xs: number[]) => xs.map(Math.round).join(', ');
    const m = { agg: median(mine.paint), raw: raw.length ? median(raw) : NaN, drill: drillMs(mine.settled) };
    const versus = (label: string, a: number[], b: number[]) => ({
      label,
      value: base ? `${ms(median(a))} / ${ms(median(b))} = ${(median(a) / median(b)).toFixed(2)}x (runs ${runs(a)} | ${runs(b)})` : `${ms(median(a))} (runs ${runs(a)})`,
    });
    const against = base ? ` (this build / the build of ${baseDir}, visit by visit)` : '';
    const lines: BenchLineLike[] = [
      { label: 'Chromium on PostgreSQL: the server (main.ts as the plain role) started in', value: `${started.toFixed(0)} s; ${RUNS} runs, fresh context, 1920 x 1080, alternating; ${widgets} widgets${base ? `; a second server with ${baseDir}` : ''}` },
      base
        ? versus(`Chromium on PostgreSQL: the tower’s first paint, every chart in the window drawn (median)${against}`, mine.paint, theirs.paint)
        : { label: 'Chromium on PostgreSQL: the tower’s first paint, every chart in the window drawn (median, kept / raw)', value: `${ms(m.agg)} / ${ms(m.raw)} = ${(m.agg / m.raw).toFixed(2)}x (runs ${runs(mine.paint)} | ${runs(raw)})` },
      versus(`Chromium on PostgreSQL: every chart drawn, below the window too (median)${against}`, mine.all, theirs.all),
      { ...versus(`Chromium on PostgreSQL: drill-down from the funnel, click to first rows, once the page’s calls ended (median)${against}`, mine.settled.map((d) => d.ms), theirs.settled.map((d) => d.ms)), value: `${versus('', mine.settled.map((d) => d.ms), theirs.settled.map((d) => d.ms)).value}; ${mine.settled[0]?.rows ?? 0} rows shown; ${mine.settled[0]?.url ?? ''}` },
      versus(`Chromium on PostgreSQL: the same clicked as soon as the tower is drawn (median)${against}`, mine.now.map((d) => d.ms), theirs.now.map((d) => d.ms)),
      { label: 'Chromium on PostgreSQL: the page’s three slowest API calls, per kept run (ms, the drill-down’s included)', value: slowest.join(' | ') },
      { label: 'Chromium on PostgreSQL: load average (1 min) at the start of the runs / at the end', value: `${loadStart.toFixed(1)} / ${loadavg()[0].toFixed(1)}` },
    ];
    return { lines, paint: m.agg, drill: m.drill };
  } catch (error) {
    console.error(`B8 server output:\n${server.output().slice(-3000)}`);
    throw error;
  } finally {
    await browser?.close();
    await server.stop();
    await base?.stop();
  }
}

/** Loads the data, measures, drops the database. */
export async function onPostgresAtScale(clientDir: string): Promise<{ lines: BenchLineLike[]; passed: boolean }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { lines: [{ label: 'PostgreSQL', value: 'not measured (TEST_DATABASE_URL unset)' }], passed: true };
  const { t, roleUrl, admin, name, drop } = await b8Database(url);
  try {
    const t0 = performance.now();
    const loadAtFill = loadavg()[0];
    const counts = await fillSql(admin);
    const fillSeconds = (performance.now() - t0) / 1000;
    // B8_CHROMIUM_ONLY=1 (with B8_REUSE): the browser's figures only, the in-process ones left out.
    if (REUSE && process.env.B8_CHROMIUM_ONLY === '1') {
      const browser = await inChromium(roleUrl, clientDir);
      return { lines: [{ label: 'PostgreSQL data (kept database, in-process figures not measured: B8_CHROMIUM_ONLY)', value: `${counts.orders.toLocaleString('en')} orders, ${counts.entries.toLocaleString('en')} order lines` }, ...browser.lines], passed: browser.paint <= PAINT_TARGET_MS && browser.drill <= DRILL_TARGET_MS };
    }
    const get = injector(t, await signInApp(t.app, 'maker'));
    // Warm: each way once (plans, the server's caches).
    const first = await towerFirstAnswer(get, false);
    await towerFirstAnswer(get, true);
    const tower = { agg: [] as number[], raw: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      tower.agg.push((await towerFirstAnswer(get, false)).ms);
      tower.raw.push((await towerFirstAnswer(get, true)).ms);
    }
    const perWidget = await widgetCalls(t, get);
    // The tower's scenario section asks the live plan's figures beside the widgets (a user with the board).
    const kpis: number[] = [];
    for (let i = 0; i < Math.min(RUNS, 3); i++) kpis.push((await get('/api/scmapi/schedule/kpis')).ms);
    const drills = drillsOf(first.reply);
    const drillLines: BenchLineLike[] = [];
    let worstDrill = 0;
    for (const d of drills) {
      await get(`${d.list}/page?${d.query}`);
      await get(`${d.list}/page?${d.plain}`);
      const rows: number[] = [];
      const plain: number[] = [];
      const countMs: number[] = [];
      let total = '';
      for (let i = 0; i < RUNS; i++) {
        rows.push((await get(`${d.list}/page?${d.query}`)).ms);
        plain.push((await get(`${d.list}/page?${d.plain}`)).ms);
        const countQuery = new URLSearchParams(d.query);
        countQuery.delete('count');
        countQuery.set('tabs', '1');
        const c = await get(`${d.list}/count?${countQuery}`);
        countMs.push(c.ms);
        const b = c.body as { total: number; estimated: boolean };
        total = `${b.total.toLocaleString('en')}${b.estimated ? ' (est.)' : ''}`;
      }
      worstDrill = Math.max(worstDrill, median(rows));
      const filters = [...d.query].filter(([k]) => k.startsWith('f.') || k === 'tab').map(([k, v]) => `${k}=${v}`).join('&');
      drillLines.push({
        label: `  drill ${d.widget} -> ${d.list.split('/').pop()}`,
        value: `first rows ${ms(median(rows))} / plain list ${ms(median(plain))} = ${(median(rows) / median(plain)).toFixed(2)}x; count ${ms(median(countMs))} (${total}); ${filters}`,
      });
    }
    const m = { agg: median(tower.agg), raw: median(tower.raw) };
    const browser = await inChromium(roleUrl, clientDir);
    const lines: BenchLineLike[] = [
      { label: 'PostgreSQL data (own database of the plain role, dropped after)', value: `${counts.orders.toLocaleString('en')} orders, ${counts.entries.toLocaleString('en')} order lines, ${counts.plans.toLocaleString('en')} plans, ${counts.bars.toLocaleString('en')} bars; generated in ${fillSeconds.toFixed(0)} s (load average ${loadAtFill.toFixed(1)} at its start)` },
      { label: 'PostgreSQL, the tower’s first answer (tower + orgs at once, median, agg / raw)', value: `${ms(m.agg)} / ${ms(m.raw)} = ${(m.agg / m.raw).toFixed(2)}x (runs ${tower.agg.map(Math.round).join(', ')})` },
      { label: 'PostgreSQL, each widget’s own report call (median, ms, * = read a kept table, beside it the same from the raw rows)', value: perWidget },
      { label: 'PostgreSQL, the tower’s scenario section: the live plan’s figures (`/scmapi/schedule/kpis`, median)', value: `${ms(median(kpis))} (runs ${kpis.map(Math.round).join(', ')})` },
      { label: `PostgreSQL, drill-downs' first rows (median of ${RUNS}, the list's first block of 100, against its plain first page)`, value: `${drills.length} lists, worst ${ms(worstDrill)}` },
      ...drillLines,
      ...browser.lines,
    ];
    return { lines, passed: m.agg <= TOWER_TARGET_MS && worstDrill <= DRILL_TARGET_MS && browser.paint <= PAINT_TARGET_MS && browser.drill <= DRILL_TARGET_MS };
  } finally {
    // B8_KEEP=1: the database stays for EXPLAIN ANALYZE (its name printed); drop it by hand.
    if (process.env.B8_KEEP === '1' || REUSE) {
      console.log(`   kept: database ${name} (owner garment_bench)`);
      await t.close();
    } else await drop();
  }
}
