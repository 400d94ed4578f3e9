/**
 * Bench B5 (issue 11): "the board with 5,000 bars first paints in <= 1 s in Chromium, a drag shows its
 * target within one frame (<= 50 ms, median of 30 drags), zoom and scroll stay at 60 fps on 300 lines."
 *
 * Data: a data directory prepared as `npm start` would (migrated, seeded), then the maker's demo lines,
 * plans and bars replaced by SQL with 30 workshops of 10 lines (300 lines) and 5,000 live bars: plans of
 * fixtures/generators/schedule-problem.ts over the board's range (today - 7 .. today + 120, as the page
 * asks), placed by calendars/auto-schedule.ts; the first 5,000 bars by plan are kept. The seed is not
 * measured; the bench measures the browser.
 *
 * Baseline in the same run: a copy of that directory keeping every tenth bar (the same 300 lines, 500
 * bars), served by a second server at the same time; every measurement alternates between the two, so
 * the ratio shows what the 4,500 extra bars cost, and the machine's drift hits both alike. (An empty
 * board would have no bar paint to wait for; 500 bars on the same lines is the smallest board on which
 * every figure means the same thing.)
 *
 * How the page is observed (the board has no marker of its own): an init script wraps the 2D context of
 * `[data-testid=board-canvas]` only, recording when the board fills its first bar in a category colour,
 * when it strokes the dashed drag ghost (`setLineDash([4, 3])`, drawn only for a drag's target) and when
 * each draw starts (`clearRect`). A figure is taken at the next animation frame after that call: the
 * frame that shows it.
 * - first paint: from the navigation's start (performance.timeOrigin) to the frame showing the first bar;
 *   fresh browser context (empty cache) per run, signed in through the spec 9 storage keys.
 * - drag: real input (CDP mouse): press on an unlocked bar in view, two frames later move it in one step
 *   2-5 lines down and 1-3 days on (a bar in view may serve several drags); from the pointermove event's timestamp (includes the browser's queueing
 *   of input) to the frame showing the ghost at the target; the drag info must name the target line.
 *   The pointer then returns to the bar's own place before release, so no command is sent (checked).
 * - scroll: a rAF loop sets the scroller's scrollTop (then scrollLeft) by 30 px per frame for 2 s at each
 *   zoom (day, week, month); fps = frames / seconds, with the longest frame and frames over 25 ms.
 * - zoom: the zoom tabs clicked in turn every 10 frames for 3 s (day -> week -> month -> day ...), fps the
 *   same way; and per click, the time to the frame showing the board redrawn at the new zoom.
 * 60 fps counts as met at >= 57 measured (95 %; a smooth run reads 59-60, a dropped frame in three 45).
 *
 * - window read (issue 31): `/schedule/window` over the page's range on every line (all the bars in the
 *   window) and over 30 days x 20 lines, against the whole-board read in the same run (median of 5 each,
 *   alternating), with the bytes of each answer; target <= 150 ms for the full window.
 *
 * Usage: `npm run bench -- b5` (B5_BARS, B5_RUNS, B5_DRAGS; B5_SERVER_ONLY=1 for the reads alone;
 * B5_SCALE=1 for the board at a group's scale, 100,000 bars over two years read by viewport, against a
 * bare canvas: tests/bench/b5-scale.ts). Builds the client into dist-b5 when it is
 * missing (CLIENT_DIR, or B5_CLIENT_DIR to use another build). B5_DATABASE_URL (a PostgreSQL server, with
 * B5_SERVER_ONLY=1): the reads on PostgreSQL instead, the same data in a schema of the bench's own,
 * through the app in this process (`postgresReads`).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { autoSchedule } from '../../calendars/auto-schedule';
import { addDays } from '../../calendars/capacity';
import { scheduleProblem, SCHEDULE_GROUPS } from '../../fixtures/generators/schedule-problem';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Db } from '../../src/server/db/database';
import { layoutBoard, type BoardLayout } from '../../src/client/calendar/board-model';
import type { BoardData } from '../../src/model/schedule-board';
import { launchBrowser, startServer, type RunningServer } from '../e2e/support/harness';
import { prepareDatabase } from '../support/pglite-template';
import type { Bench } from './run';
import { storeSessionIn } from './b8-browser.util';

const BARS = Number(process.env.B5_BARS ?? 5000);
const BASE_BARS = Math.round(BARS / 10);
const LINES = 300;
const RUNS = Number(process.env.B5_RUNS ?? 5);
const DRAGS = Number(process.env.B5_DRAGS ?? 30);
export const CLIENT_DIR = process.env.B5_CLIENT_DIR ?? 'dist-b5';
export const ROUTE = '/scm/page/schedule-board';
export const USER = 'maker.planner';
export const VIEWPORT = { width: 1366, height: 820 };
const TARGET = { paintMs: 1000, dragMs: 50, fps: 57, windowMs: 150 };
/** B5_SERVER_ONLY=1: the server's reads only (whole board against the window read), no browser. */
const SERVER_ONLY = process.env.B5_SERVER_ONLY === '1';
/** B5_DATABASE_URL (with B5_SERVER_ONLY): the server's reads on PostgreSQL, in a database of the bench's own. */
const PG_URL = SERVER_ONLY ? (process.env.B5_DATABASE_URL ?? '') : '';
/** The board's canvas geometry (ScheduleBoard.tsx: LABELS, HEADER; board-model.ts: ROW_HEIGHT). */
const LABELS = 180;
const HEADER = 40;
const ZOOMS = ['day', 'week', 'month'] as const;
/**
 * B5_CONTAIN=1: runs with `contain: inline-size` injected on the board's scroller, the change proposed for
 * ScheduleBoard.tsx (docs/architecture-board.md "B5, measured"): without it the scroller takes the width of
 * its content and the canvas is the whole range wide. Off by default: the bench measures the board as built.
 */
const CONTAIN = process.env.B5_CONTAIN === '1';
export const PALETTE = ['#4f6bed', '#2e9e8f', '#c97b1a', '#8a5cc7', '#3a8fd1', '#b5486b', '#5b8c32', '#9a6b3f'];

const today = () => new Date().toISOString().slice(0, 10);
/** The page's range (ScheduleBoardPage: today - 7 .. today + 120). */
const pageRange = () => ({ from: addDays(today(), -7), to: addDays(today(), 120) });

const samOf = (category: string) => {
  for (const g of SCHEDULE_GROUPS) {
    const k = g.categories.indexOf(category);
    if (k >= 0) return g.sam[k];
  }
  return 20;
};

/** The maker's board replaced by 300 lines in 30 workshops and `bars` live bars placed by the auto-scheduler. */
export async function seedBoard(db: Db, bars: number): Promise<{ lines: number; bars: number; plans: number }> {
  const maker = Number((await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id);
  for (const t of ['scm_prodplan_bar', 'scm_prodplan', 'md_workline_sam'])
    await sql`delete from ${sql.table(t)} where client_id = ${maker}`.execute(db);
  // The master-data seeder (run again at each server start) keeps lines L01-L03: they become the
  // first three of the 300, the others go.
  const KEPT = ['L01', 'L02', 'L03'];
  const gone = sql`(select id from md_workline where client_id = ${maker} and code not in (${sql.join(KEPT)}))`;
  for (const t of ['md_workline_member', 'md_workline_capacity']) await sql`delete from ${sql.table(t)} where client_id = ${maker} and workline_id in ${gone}`.execute(db);
  await sql`delete from md_workline where client_id = ${maker} and code not in (${sql.join(KEPT)})`.execute(db);
  const plant = (await sql<{ id: number }>`select id from md_plant where client_id = ${maker} order by id limit 1`.execute(db)).rows[0]?.id ?? null;
  const { from, to } = pageRange();
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  // A tenth more plans than bars wanted: the scheduler places ~97 % of them; the first `bars` are kept.
  const problem = scheduleProblem({ plans: Math.ceil(bars * 1.1), lines: LINES, days, from, seed: 5005, load: 0.85, holidays: [] });
  const workshops = (
    await sql<{ id: number }>`insert into md_workshop (client_id, code, name, plant_id, process_type)
      select ${maker}, 'B5WS' || lpad(g::text, 2, '0'), '缝制' || g || '车间', ${plant}, 'sewing' from generate_series(1, ${LINES / 10}) g
      on conflict (client_id, code) do update set name = excluded.name returning id`.execute(db)
  ).rows.map((r) => Number(r.id));
  const lineRows = problem.lines.map((l, i) => ({
    code: i < KEPT.length ? KEPT[i] : `L${String(i + 1).padStart(3, '0')}`,
    name: `${Math.floor(i / 10) + 1}车间${(i % 10) + 1}线`,
    workshop_id: workshops[Math.floor(i / 10)],
    operators: l.operators,
    efficiency: Math.round(l.efficiency * 100),
    categories: l.categories,
  }));
  const lineIds = (
    await sql<{ id: number; code: string }>`insert into md_workline (client_id, code, name, workshop_id, plant_id, operators, work_minutes, efficiency, categories)
      select ${maker}, x.code, x.name, x.workshop_id, ${plant}, x.operators, 510, x.efficiency, x.categories
      from jsonb_to_recordset(${JSON.stringify(lineRows)}::jsonb) as x(code text, name text, workshop_id bigint, operators bigint, efficiency numeric, categories jsonb)
      on conflict (client_id, code) do update set name = excluded.name, workshop_id = excluded.workshop_id, plant_id = excluded.plant_id, operators = excluded.operators,
        work_minutes = excluded.work_minutes, efficiency = excluded.efficiency, categories = excluded.categories, learning_curve = null
      returning id, code`.execute(db)
  ).rows;
  const dbLine = new Map(lineIds.map((r) => [r.code, Number(r.id)]));
  const lineIdOf = new Map(lineRows.map((r, i) => [i + 1, dbLine.get(r.code)!]));
  const result = autoSchedule({ ...problem, plans: problem.plans.map((p) => ({ ...p, minutes_per_piece: samOf(p.category) })) });
  const kept = [...result.bars].sort((a, b) => a.plan_id - b.plan_id || a.start.localeCompare(b.start)).slice(0, bars);
  const planIds = new Set(kept.map((b) => b.plan_id));
  const t = today();
  const planRows = problem.plans
    .filter((p) => planIds.has(p.id))
    .map((p) => {
      const mine = kept.filter((b) => b.plan_id === p.id);
      const done = mine.reduce((a, b) => a + b.daily.reduce((s, q, i) => s + (addDays(b.start, i) < t ? q : 0), 0), 0);
      return { plan_no: `B5-${String(p.id).padStart(5, '0')}`, style_no: p.style_no, category: p.category, qty: p.qty, delivery_date: p.delivery_date, material_ready_date: p.material_ready, priority: p.priority, minutes_per_piece: samOf(p.category), done_qty: done };
    });
  const plans = (
    await sql<{ id: number; plan_no: string }>`insert into scm_prodplan (client_id, plan_no, style_no, category, qty, delivery_date, material_ready_date, priority, minutes_per_piece, status, done_qty)
      select ${maker}, x.plan_no, x.style_no, x.category, x.qty, x.delivery_date, x.material_ready_date, x.priority, x.minutes_per_piece, 'scheduled', x.done_qty
      from jsonb_to_recordset(${JSON.stringify(planRows)}::jsonb) as x(plan_no text, style_no text, category text, qty bigint, delivery_date date, material_ready_date date, priority bigint, minutes_per_piece numeric, done_qty bigint)
      returning id, plan_no`.execute(db)
  ).rows;
  const planIdOf = new Map(plans.map((r) => [Number(r.plan_no.slice(3)), Number(r.id)]));
  const barRows = kept.map((b, i) => ({
    plan_id: planIdOf.get(b.plan_id),
    line_id: lineIdOf.get(b.line_id),
    start_date: b.start,
    end_date: b.end,
    qty: b.qty,
    minutes: b.qty * samOf(problem.plans[b.plan_id - 1].category),
    locked: i % 9 === 8,
    daily: b.daily,
  }));
  await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked, daily)
    select ${maker}, x.plan_id, null, x.line_id, x.start_date, x.end_date, x.qty, x.minutes, x.locked, x.daily
    from jsonb_to_recordset(${JSON.stringify(barRows)}::jsonb) as x(plan_id bigint, line_id bigint, start_date date, end_date date, qty bigint, minutes numeric, locked boolean, daily jsonb)`.execute(db);
  await sql`analyze`.execute(db);
  return { lines: lineIds.length, bars: barRows.length, plans: plans.length };
}

export async function withDatabase<T>(dir: string, fn: (db: Db, config: ReturnType<typeof loadConfig>, database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>): Promise<T> {
  const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'silent' });
  const database = await openDatabase(config);
  try {
    return await fn(database.db, config, database);
  } finally {
    // The server opens this directory next; PGlite allows one process at a time.
    await database.close();
  }
}

/**
 * B5_DATABASE_URL: the server's reads on PostgreSQL. The server refuses a role that could bypass
 * row-level security, so the app runs in this process (as the API tests and B8 do: a schema of its own
 * on that server, migrated and seeded, dropped after), the B5 data is seeded into it, and the reads
 * are timed through the app's own request handling (`inject`: routing, sign-in checks, the read and
 * its JSON, no socket).
 */
async function postgresReads(): Promise<{ lines: { label: string; value: string }[]; passed: boolean; target: string }> {
  const saved = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = PG_URL;
  const started = performance.now();
  const { createTestApp, signIn: signInApp } = await import('../support/test-app');
  const t = await createTestApp();
  process.env.TEST_DATABASE_URL = saved;
  try {
    const seeded = await seedBoard(t.app.db, BARS);
    const token = await signInApp(t.app, USER);
    const read: Reader = async <T,>(url: string) => {
      const a = performance.now();
      const res = await t.app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, ''), headers: { authorization: `Bearer ${token}` } });
      const text = res.body;
      const body = JSON.parse(text) as { code: number; data: T };
      const ms = performance.now() - a;
      if (body.code !== 200) throw new Error(`read of ${url} failed: ${text.slice(0, 300)}`);
      return { data: body.data, ms, bytes: Buffer.byteLength(text) };
    };
    const { from, to } = pageRange();
    const board = (await read<BoardData>(`/api/scmapi/schedule/board?from=${from}&to=${to}`)).data;
    const windows = windowLines(await windowReads('', read, board.lines.map((l) => l.id), 5));
    const data = { label: 'data', value: `${seeded.lines} lines, ${seeded.bars.toLocaleString('en')} bars; PostgreSQL (B5_DATABASE_URL), the app in this process (inject); prepared in ${((performance.now() - started) / 1000).toFixed(1)} s` };
    return { lines: [data, ...windows], passed: windows[windows.length - 1]!.value.endsWith('PASS'), target: `window read <= ${TARGET.windowMs} ms` };
  } finally {
    await t.close();
  }
}

/** The large board's directory, then its copy keeping every tenth bar (the baseline). */
export async function prepareDirs(big: string, small: string): Promise<{ big: number; small: number; lines: number; seconds: number }> {
  const started = performance.now();
  for (const d of [big, small]) rmSync(d, { recursive: true, force: true });
  mkdirSync(big, { recursive: true });
  const seeded = await withDatabase(big, async (db, config, database) => {
    await prepareDatabase(database, config);
    return seedBoard(db, BARS);
  });
  cpSync(big, small, { recursive: true });
  const smallBars = await withDatabase(small, async (db) => {
    await sql`delete from scm_prodplan_bar b using (select id, row_number() over (order by id) as rn from scm_prodplan_bar) s
      where s.id = b.id and s.rn % 10 <> 0`.execute(db);
    return (await sql<{ n: number }>`select count(*)::int as n from scm_prodplan_bar`.execute(db)).rows[0].n;
  });
  return { big: seeded.bars, small: smallBars, lines: seeded.lines, seconds: (performance.now() - started) / 1000 };
}

type Session = { access_token: string; expire: number; refresh_token: string; refresh_expire: number; username: string };

async function signIn(url: string, username: string): Promise<Session> {
  const res = await fetch(`${url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  const body = (await res.json()) as { code: number; data: Session };
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

async function boardOf(url: string, s: Session): Promise<{ data: BoardData; ms: number }> {
  const { from, to } = pageRange();
  const t0 = performance.now();
  const res = await fetch(`${url}/api/scmapi/schedule/board?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${s.access_token}` } });
  const body = (await res.json()) as { code: number; data: BoardData };
  const ms = performance.now() - t0;
  if (body.code !== 200) throw new Error(`board read failed: ${JSON.stringify(body).slice(0, 300)}`);
  return { data: body.data, ms };
}

/** One read of a URL: its time (request to parsed JSON), the bytes of the answer and its data. */
async function timedRead<T>(url: string, s: Session): Promise<{ data: T; ms: number; bytes: number }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${s.access_token}` } });
  const text = await res.text();
  const body = JSON.parse(text) as { code: number; data: T };
  const ms = performance.now() - t0;
  if (body.code !== 200) throw new Error(`read of ${url} failed: ${text.slice(0, 300)}`);
  return { data: body.data, ms, bytes: Buffer.byteLength(text) };
}

type ReadFigure = { ms: number; bytes: number; bars: number };

/**
 * The window read (issue 31) against the whole-board read, alternating, on the large board: the page's
 * range on every line (every bar in the window) and a viewport's window (the first 20 lines, 30 days).
 * Median of `runs` each, after one untimed read of each.
 */
type Reader = <T>(url: string) => Promise<{ data: T; ms: number; bytes: number }>;
async function windowReads(url: string, read: Reader, lineIds: number[], runs: number): Promise<{ whole: ReadFigure; window: ReadFigure; viewport: ReadFigure }> {
  const { from, to } = pageRange();
  const urls = {
    whole: `${url}/api/scmapi/schedule/board?from=${from}&to=${to}`,
    window: `${url}/api/scmapi/schedule/window?from=${from}&to=${to}&lines=${lineIds.join(',')}`,
    viewport: `${url}/api/scmapi/schedule/window?from=${from}&to=${addDays(from, 29)}&lines=${lineIds.slice(0, 20).join(',')}`,
  };
  const keys = ['whole', 'window', 'viewport'] as const;
  const times = { whole: [] as number[], window: [] as number[], viewport: [] as number[] };
  const last = {} as Record<(typeof keys)[number], ReadFigure>;
  for (let i = 0; i <= runs; i++) {
    for (const k of keys) {
      const r = await read<{ bars?: unknown[]; cols?: { id: number[] } }>(urls[k]);
      if (i > 0) times[k].push(r.ms);
      last[k] = { ms: 0, bytes: r.bytes, bars: r.data.bars?.length ?? r.data.cols?.id.length ?? 0 };
    }
  }
  for (const k of keys) last[k].ms = median(times[k]);
  return last;
}

/** The window read's lines of the report, with its target (<= 150 ms at 10,000 bars in the window). */
function windowLines(w: Awaited<ReturnType<typeof windowReads>>): { label: string; value: string }[] {
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const fig = (f: ReadFigure) => `${ms(f.ms)}, ${kb(f.bytes)}, ${f.bars.toLocaleString('en')} bars`;
  return [
    { label: 'whole-board read /schedule/board (baseline, median)', value: fig(w.whole) },
    { label: 'window read /schedule/window, page range x every line (median)', value: `${fig(w.window)}; ${ratio(w.window.ms, w.whole.ms)} the time, ${ratio(w.window.bytes, w.whole.bytes)} the bytes` },
    { label: 'window read, 30 days x 20 lines (median)', value: `${fig(w.viewport)}; ${ratio(w.viewport.ms, w.whole.ms)} the time` },
    { label: 'window target', value: `${ms(w.window.ms)} for ${w.window.bars.toLocaleString('en')} bars <= ${TARGET.windowMs} ms: ${w.window.ms <= TARGET.windowMs ? 'PASS' : 'FAIL'}` },
  ];
}

/** Installed before the page's scripts: observes the board canvas's 2D context (see the file's comment). */
export function probe(palette: string[]) {
  type Probe = { firstBar: number; firstBarFrame: number; ghost: number; ghostFrame: number; draws: number; lastClear: number; moveTs: number; longTasks: number[] };
  const w = window as unknown as { __b5: Probe };
  w.__b5 = { firstBar: 0, firstBarFrame: 0, ghost: 0, ghostFrame: 0, draws: 0, lastClear: 0, moveTs: 0, longTasks: [] };
  const colours = new Set(palette);
  const proto = CanvasRenderingContext2D.prototype;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, ...rest: unknown[]) {
    const ctx = (getContext as (...a: unknown[]) => unknown).call(this, type, ...rest) as (CanvasRenderingContext2D & { __b5?: boolean }) | null;
    if (type === '2d' && ctx && this.dataset.testid === 'board-canvas' && !ctx.__b5) {
      ctx.__b5 = true;
      ctx.setLineDash = function (segments: number[]) {
        if (segments.length) w.__b5.ghost = performance.now();
        return proto.setLineDash.call(this, segments);
      };
      ctx.clearRect = function (...a: [number, number, number, number]) {
        w.__b5.draws++;
        w.__b5.lastClear = performance.now();
        return proto.clearRect.apply(this, a);
      };
      ctx.fillRect = function (...a: [number, number, number, number]) {
        if (colours.has(String(this.fillStyle))) {
          w.__b5.firstBar = performance.now();
          delete (this as { fillRect?: unknown }).fillRect;
          requestAnimationFrame(() => (w.__b5.firstBarFrame = performance.now()));
        }
        return proto.fillRect.apply(this, a);
      };
    }
    return ctx;
  } as typeof HTMLCanvasElement.prototype.getContext;
  window.addEventListener('pointermove', (e) => (w.__b5.moveTs = e.timeStamp), { capture: true });
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => w.__b5.longTasks.push(e.duration))).observe({ type: 'longtask', buffered: true });
  } catch {
    /* no long-task timing */
  }
}

async function openBoard(browser: Browser, url: string, s: Session): Promise<{ page: Page; close: () => Promise<void>; firstPaint: number; commands: () => number }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  // tsx keeps function names with a `__name` helper that page-side functions then call.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await storeSessionIn(context, s);
  await context.addInitScript(probe, PALETTE);
  if (CONTAIN)
    await context.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        const style = document.createElement('style');
        style.textContent = '[data-testid=calendar-production-board] { contain: inline-size; }';
        document.head.append(style);
      }),
    );
  const page = await context.newPage();
  let commands = 0;
  page.on('request', (r) => {
    if (r.url().includes('/schedule/command')) commands++;
  });
  await page.goto(`${url}${ROUTE}`, { waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as unknown as { __b5: { firstBarFrame: number } }).__b5.firstBarFrame || null, undefined, { polling: 50, timeout: 60_000 });
  const firstPaint = (await handle.jsonValue()) as number;
  return { page, close: () => context.close(), firstPaint, commands: () => commands };
}

export const frames = (page: Page, n: number) => page.evaluate((k) => new Promise<void>((ok) => { let i = 0; const f = () => (++i >= k ? ok() : requestAnimationFrame(f)); requestAnimationFrame(f); }), n);

/** Points for the drags: unlocked bars fully in the first view, each moved 2-5 lines down and 1-3 days on. */
export function dragPlan(layout: BoardLayout, canvas: { x: number; y: number; w: number; h: number }, n: number) {
  const lineRows = layout.rows.filter((r) => r.kind === 'line');
  const inView = (x: number, y: number) => x > canvas.x + LABELS + 4 && x < canvas.x + canvas.w - 8 && y > canvas.y + HEADER + 4 && y < canvas.y + canvas.h - 8;
  const out: { from: { x: number; y: number }; to: { x: number; y: number }; barId: number; line: string }[] = [];
  // Bars in view, each used again with another target when there are fewer than n.
  for (let pass = 0; pass < 8 && out.length < n; pass++) {
    for (const { bar, rect } of layout.bars) {
      if (out.length >= n) break;
      if (bar.locked || rect.w < 30) continue;
      const from = { x: canvas.x + LABELS + rect.x + 10, y: canvas.y + HEADER + rect.y + rect.h / 2 };
      const row = layout.lineRow.get(bar.line_id);
      if (!row || !inView(from.x, from.y) || !inView(canvas.x + LABELS + rect.x + rect.w, from.y)) continue;
      const target = lineRows[Math.min(lineRows.length - 1, row.index + 2 + ((out.length + pass) % 4))];
      if (target.kind !== 'line') continue;
      const to = { x: from.x + (1 + (pass % 3)) * layout.dayWidth, y: canvas.y + HEADER + target.y + 10 };
      if (!inView(to.x, to.y)) continue;
      out.push({ from, to, barId: bar.id, line: target.line.code });
    }
  }
  return out;
}

/** One drag: press, two frames, move to the target; ms from the pointermove to the frame showing the ghost. */
export async function dragOnce(page: Page, d: ReturnType<typeof dragPlan>[number]): Promise<{ ms: number; drawnMs: number }> {
  await page.mouse.move(d.from.x, d.from.y);
  await page.mouse.down();
  await frames(page, 2);
  // In the page, from before the move: the first animation frame after the ghost was drawn.
  await page.evaluate(() => {
    const p = (window as unknown as { __b5: { ghost: number; moveTs: number; ghostFrame: number } }).__b5;
    p.ghost = 0;
    p.moveTs = 0;
    p.ghostFrame = 0;
    const watch = () => {
      if (p.ghost && p.moveTs) p.ghostFrame = performance.now();
      else requestAnimationFrame(watch);
    };
    requestAnimationFrame(watch);
  });
  await page.mouse.move(d.to.x, d.to.y);
  const r = (await (
    await page.waitForFunction(
      () => {
        const p = (window as unknown as { __b5: { ghost: number; moveTs: number; ghostFrame: number } }).__b5;
        return p.ghostFrame ? { move: p.moveTs, ghost: p.ghost, frame: p.ghostFrame } : null;
      },
      undefined,
      { polling: 20, timeout: 5000 },
    ).catch(async (e: unknown) => {
      const state = await page.evaluate(() => JSON.stringify({ ...(window as unknown as { __b5: object }).__b5, longTasks: undefined, info: document.querySelector('[data-testid=drag-info]')?.textContent ?? null }));
      await page.screenshot({ path: resolve('.tmp/b5-drag-failed.png') });
      throw new Error(`drag of bar ${d.barId} from ${JSON.stringify(d.from)} to ${JSON.stringify(d.to)}: no ghost drawn (${state}): ${String(e)}`);
    })
  ).jsonValue()) as { move: number; ghost: number; frame: number };
  const info = (await page.locator('[data-testid=drag-info]').textContent()) ?? '';
  if (!info.includes(d.line)) throw new Error(`drag of bar ${d.barId}: the preview names "${info}", not line ${d.line}`);
  // Back to the bar's own place before release: no move, no command.
  await page.mouse.move(d.from.x, d.from.y);
  await page.mouse.up();
  await frames(page, 2);
  return { ms: r.frame - r.move, drawnMs: r.ghost - r.move };
}

/**
 * A motion's frames: fps, the longest frame, frames over 25 ms, long tasks' ms, and of the slow frames
 * those in which a reply of the server landed (`slowWithReply`: a window read, the late reasons, any
 * /api/ reply whose responseEnd falls in the frame) and the replies that landed during the motion.
 */
type FpsFigure = { fps: number; longest: number; slow: number; longTaskMs: number; slowWithReply: number; replies: number };

/** In the page: scroll (vertical, then horizontal) at each zoom, then click zoom tabs; frames per second. */
export async function motion(page: Page): Promise<{ scroll: Record<string, FpsFigure>; zoom: FpsFigure; zoomSwitchMs: number[]; scrolled: Record<string, string>; canvasWidths: Record<string, number> }> {
  return page.evaluate(async (zooms) => {
    const p = (window as unknown as { __b5: { lastClear: number; longTasks: number[] } }).__b5;
    const el = document.querySelector<HTMLElement>('[data-testid=calendar-production-board]')!;
    const tabs = () => [...document.querySelectorAll<HTMLElement>('[data-testid=schedule-board] [role=tab]')];
    const raf = () => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now())));
    const settle = async () => { for (let i = 0; i < 20; i++) await raf(); };
    // Room for every reply of the motion (the browser keeps 250 by default, the first reads fill it).
    performance.clearResourceTimings();
    performance.setResourceTimingBufferSize(10_000);
    /** Runs `step(frame)` each frame for `ms`; frame intervals measured with performance.now() in rAF. */
    type Figure = { fps: number; longest: number; slow: number; longTaskMs: number; slowWithReply: number; replies: number };
    const loop = async (ms: number, step: (i: number) => void): Promise<Figure> => {
      const tasks = p.longTasks.length;
      const t0 = await raf();
      let last = t0;
      let n = 0;
      let longest = 0;
      const slowFrames: Array<[number, number]> = [];
      for (;;) {
        step(n);
        const t = await raf();
        n++;
        longest = Math.max(longest, t - last);
        if (t - last > 25) slowFrames.push([last, t]);
        last = t;
        if (t - t0 >= ms) break;
      }
      await raf();
      const replies = performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming)).filter((e) => e.name.includes('/api/') && e.responseEnd >= t0 && e.responseEnd <= last).map((e) => e.responseEnd);
      const slowWithReply = slowFrames.filter(([a, b]) => replies.some((r) => r >= a - 16 && r <= b)).length;
      return { fps: (n * 1000) / (last - t0), longest, slow: slowFrames.length, longTaskMs: p.longTasks.slice(tasks).reduce((a, b) => a + b, 0), slowWithReply, replies: replies.length };
    };
    const scroll: Record<string, Figure> = {};
    const scrolled: Record<string, string> = {};
    const canvasWidths: Record<string, number> = {};
    for (const [i, z] of zooms.entries()) {
      tabs()[i].click();
      await settle();
      el.scrollTop = 0;
      el.scrollLeft = 0;
      await settle();
      let dir = 1;
      const v = await loop(2000, () => {
        const max = el.scrollHeight - el.clientHeight;
        if (el.scrollTop + 30 * dir > max || el.scrollTop + 30 * dir < 0) dir = -dir;
        el.scrollTop += 30 * dir;
      });
      dir = 1;
      // What a horizontal wheel over the board scrolls: the board's scroller, or the page when the
      // scroller is as wide as its content.
      const hx = el.scrollWidth > el.clientWidth + 1 ? el : (document.scrollingElement as HTMLElement);
      const h = await loop(2000, () => {
        const max = hx.scrollWidth - hx.clientWidth;
        if (hx.scrollLeft + 30 * dir > max || hx.scrollLeft + 30 * dir < 0) dir = -dir;
        hx.scrollLeft += 30 * dir;
      });
      hx.scrollLeft = 0;
      scrolled[z] = hx === el ? 'board' : 'page';
      canvasWidths[z] = document.querySelector<HTMLCanvasElement>('[data-testid=board-canvas]')!.width;
      scroll[`${z} vertical`] = v;
      scroll[`${z} horizontal`] = h;
    }
    el.scrollTop = 0;
    el.scrollLeft = 0;
    tabs()[0].click();
    await settle();
    let k = 0;
    const zoom = await loop(3000, (i) => {
      if (i % 10 === 0) tabs()[++k % zooms.length].click();
    });
    // Each switch alone: click, then the first frame after a board draw that began after the click.
    const zoomSwitchMs: number[] = [];
    tabs()[0].click(); // from day, so each click below changes the zoom (a click on the shown zoom draws nothing)
    for (let i = 1; i <= 9; i++) {
      await settle();
      const t0 = performance.now();
      tabs()[i % zooms.length].click();
      for (;;) {
        const t = await raf();
        if (p.lastClear > t0) { zoomSwitchMs.push(t - t0); break; }
        if (t - t0 > 5000) { zoomSwitchMs.push(Number.NaN); break; }
      }
    }
    tabs()[0].click();
    await settle();
    return { scroll, zoom, zoomSwitchMs, scrolled, canvasWidths };
  }, [...ZOOMS]);
}

export const median = (xs: number[]) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;

export const bench: Bench = {
  id: 'B5',
  title: process.env.B5_SCALE === '1'
    ? `scheduling board at scale, ${BARS.toLocaleString('en')} bars on ${LINES} lines over two years, read by viewport, in Chromium (baseline: a bare canvas drawing the same bars from a static file)`
    : `scheduling board, ${BARS.toLocaleString('en')} bars on ${LINES} lines, in Chromium (baseline: same lines, ${BASE_BARS} bars)`,
  run: async () => {
    // B5_SCALE=1: the board at a group's scale, read by viewport, against a bare canvas (b5-scale.ts).
    if (process.env.B5_SCALE === '1') {
      if (!existsSync(resolve(CLIENT_DIR, 'index.html'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `../../${CLIENT_DIR}`], { stdio: 'inherit' });
      return (await import('./b5-scale')).scaleRun();
    }
    if (!SERVER_ONLY && !existsSync(resolve(CLIENT_DIR, 'index.html'))) execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', `../../${CLIENT_DIR}`], { stdio: 'inherit' });
    const bigDir = resolve(`.tmp/bench-b5-${process.pid}-big`);
    const smallDir = resolve(`.tmp/bench-b5-${process.pid}-small`);
    if (PG_URL) return postgresReads();
    const prepared = await prepareDirs(bigDir, smallDir);
    const servers: RunningServer[] = [];
    let browser: Browser | null = null;
    try {
      servers.push(await startServer({ LOG_LEVEL: 'warn', CLIENT_DIR }, { dataDir: bigDir }));
      servers.push(await startServer({ LOG_LEVEL: 'warn', CLIENT_DIR }, { dataDir: smallDir }));
      const [big, small] = servers;
      browser = await launchBrowser();
      const sessions = { big: await signIn(big.url, USER), small: await signIn(small.url, USER) };
      const reads = { big: [] as number[], small: [] as number[] };
      let boards = { big: (await boardOf(big.url, sessions.big)).data, small: (await boardOf(small.url, sessions.small)).data };
      for (let i = 0; i < 3; i++) {
        const b = await boardOf(big.url, sessions.big);
        const s = await boardOf(small.url, sessions.small);
        reads.big.push(b.ms);
        reads.small.push(s.ms);
        boards = { big: b.data, small: s.data };
      }
      if (boards.big.bars.length !== prepared.big || boards.big.lines.length !== LINES) throw new Error(`the board reads ${boards.big.bars.length} bars on ${boards.big.lines.length} lines`);
      const windows = windowLines(await windowReads(big.url, (u) => timedRead(u, sessions.big), boards.big.lines.map((l) => l.id), 5));
      if (SERVER_ONLY) return { lines: [{ label: 'database', value: 'PGlite on disk, a server process over HTTP' }, ...windows], passed: windows[windows.length - 1]!.value.endsWith('PASS'), target: `window read <= ${TARGET.windowMs} ms` };

      // First paint: one untimed visit each (the server's first queries), then RUNS alternating.
      for (const k of ['big', 'small'] as const) await (await openBoard(browser, servers[k === 'big' ? 0 : 1].url, sessions[k])).close();
      const paint = { big: [] as number[], small: [] as number[] };
      for (let i = 0; i < RUNS; i++) {
        for (const k of ['big', 'small'] as const) {
          const b = await openBoard(browser, servers[k === 'big' ? 0 : 1].url, sessions[k]);
          paint[k].push(b.firstPaint);
          await b.close();
        }
      }

      // Drags and motion on one open board each.
      const drag = { big: [] as number[], small: [] as number[], bigDrawn: [] as number[], smallDrawn: [] as number[] };
      const moves: Record<'big' | 'small', Awaited<ReturnType<typeof motion>>> = {} as never;
      let commands = 0;
      for (const k of ['big', 'small'] as const) {
        const b = await openBoard(browser, servers[k === 'big' ? 0 : 1].url, sessions[k]);
        try {
          await b.page.waitForTimeout(1000);
          const box = (await b.page.locator('[data-testid=board-canvas]').boundingBox())!;
          // The part of the canvas inside the window (without the fix it is wider than the window).
          const seen = { x: box.x, y: box.y, w: Math.min(box.width, VIEWPORT.width - box.x), h: Math.min(box.height, VIEWPORT.height - box.y) };
          const plan = dragPlan(layoutBoard(boards[k], 'day'), seen, DRAGS);
          if (!plan.length) throw new Error(`no draggable bar in view on the ${k} board`);
          // The baseline has few bars in view: its drags repeat in turn.
          for (let i = 0; plan.length < DRAGS; i++) plan.push(plan[i]);
          await dragOnce(b.page, plan[0]); // untimed: first pointer path, first preview
          for (const d of plan) {
            const r = await dragOnce(b.page, d);
            drag[k].push(r.ms);
            drag[k === 'big' ? 'bigDrawn' : 'smallDrawn'].push(r.drawnMs);
          }
          moves[k] = await motion(b.page);
          commands += b.commands();
        } finally {
          await b.close();
        }
      }
      if (commands) throw new Error(`${commands} board command(s) were sent by the drags; they must return to their place`);

      const m = {
        paintBig: median(paint.big), paintSmall: median(paint.small),
        dragBig: median(drag.big), dragSmall: median(drag.small),
        readBig: median(reads.big), readSmall: median(reads.small),
      };
      const worstScroll = (k: 'big' | 'small') => Math.min(...Object.values(moves[k].scroll).map((f) => f.fps));
      const fpsLine = (f: FpsFigure) => `${f.fps.toFixed(1)} fps, longest frame ${ms(f.longest)}, ${f.slow} frames > 25 ms (${f.slowWithReply} with a server reply landing in it; ${f.replies} replies), long tasks ${ms(f.longTaskMs)}`;
      const lines = [
        { label: 'data', value: `${prepared.lines} lines in 30 workshops; ${prepared.big.toLocaleString('en')} bars vs baseline ${prepared.small} bars (every 10th); prepared in ${prepared.seconds.toFixed(1)} s, PGlite on disk` },
        { label: 'browser', value: `Chromium headless, software raster, ${VIEWPORT.width}x${VIEWPORT.height}; client ${CLIENT_DIR}; user ${USER}` },
        { label: 'canvas width (px) at day / week / month', value: `${ZOOMS.map((z) => moves.big.canvasWidths[z]).join(' / ')}${CONTAIN ? ' (B5_CONTAIN: scroller contain: inline-size injected)' : ''}; horizontal scroll moves the ${ZOOMS.map((z) => `${z}: ${moves.big.scrolled[z]}`).join(', ')}` },
        { label: 'board read from Node (median of 3)', value: `${ms(m.readBig)} vs ${ms(m.readSmall)} (${ratio(m.readBig, m.readSmall)})` },
        ...windows,
        { label: `first paint of bars (median of ${RUNS})`, value: `${ms(m.paintBig)} vs ${ms(m.paintSmall)} (${ratio(m.paintBig, m.paintSmall)})` },
        { label: 'first paint, all runs', value: `${paint.big.map(Math.round).join(', ')} | ${paint.small.map(Math.round).join(', ')}` },
        { label: `drag to target shown (median of ${drag.big.length})`, value: `${ms(m.dragBig)} vs ${ms(m.dragSmall)} (${ratio(m.dragBig, m.dragSmall)}); max ${ms(Math.max(...drag.big))} vs ${ms(Math.max(...drag.small))}` },
        { label: 'drag to ghost drawn (median)', value: `${ms(median(drag.bigDrawn))} vs ${ms(median(drag.smallDrawn))}` },
        ...Object.keys(moves.big.scroll).map((z) => ({ label: `scroll ${z}`, value: `${fpsLine(moves.big.scroll[z])} | baseline ${moves.small.scroll[z].fps.toFixed(1)} fps` })),
        { label: 'zoom switching (3 s, every 10 frames)', value: `${fpsLine(moves.big.zoom)} | baseline ${fpsLine(moves.small.zoom)}` },
        { label: 'one zoom switch to redrawn frame (median of 9)', value: `${ms(median(moves.big.zoomSwitchMs))} vs ${ms(median(moves.small.zoomSwitchMs))} (${ratio(median(moves.big.zoomSwitchMs), median(moves.small.zoomSwitchMs))}); max ${ms(Math.max(...moves.big.zoomSwitchMs))}` },
        { label: 'worst scroll fps / zoom fps', value: `${worstScroll('big').toFixed(1)} / ${moves.big.zoom.fps.toFixed(1)} (baseline ${worstScroll('small').toFixed(1)} / ${moves.small.zoom.fps.toFixed(1)})` },
      ];
      const verdict = [
        `first paint ${ms(m.paintBig)} <= ${TARGET.paintMs} ms: ${m.paintBig <= TARGET.paintMs ? 'PASS' : 'FAIL'}`,
        `drag ${ms(m.dragBig)} <= ${TARGET.dragMs} ms: ${m.dragBig <= TARGET.dragMs ? 'PASS' : 'FAIL'}`,
        `scroll ${worstScroll('big').toFixed(1)} fps >= ${TARGET.fps}: ${worstScroll('big') >= TARGET.fps ? 'PASS' : 'FAIL'}`,
        `zoom ${moves.big.zoom.fps.toFixed(1)} fps >= ${TARGET.fps}: ${moves.big.zoom.fps >= TARGET.fps ? 'PASS' : 'FAIL'}`,
      ];
      lines.push({ label: 'targets', value: verdict.join('; ') });
      return {
        lines,
        passed: verdict.every((v) => v.endsWith('PASS')),
        target: `first paint <= ${TARGET.paintMs} ms (median of ${RUNS}); drag target shown <= ${TARGET.dragMs} ms (median of ${DRAGS}); scroll at every zoom and zoom switching >= ${TARGET.fps} fps (60 fps)`,
      };
    } finally {
      await browser?.close();
      for (const s of servers) await s.stop();
      rmSync(bigDir, { recursive: true, force: true });
      rmSync(smallDir, { recursive: true, force: true });
    }
  },
};
