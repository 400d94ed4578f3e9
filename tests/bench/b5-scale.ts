/**
 * Bench B5 at a group's scale (issue 31, `B5_SCALE=1 npm run bench -- b5`): the board of B5_BARS bars
 * (default 100,000) over 300 lines and two years (731 days from a week back, the page's range), read by
 * viewport, against a baseline in the same run: a bare canvas (tests/bench/b5-bare-canvas.html) drawing
 * the same bars from a static file (laid out in Node by the board's own layoutBoard), served from
 * memory on the same origin. Each figure alternates or runs the same steps on both:
 * - first usable: navigation start to the frame showing the first bar (fresh context, median of B5_RUNS);
 * - scroll and zoom fps: B5's `motion` (scroll vertical and horizontal at each zoom, zoom tabs every 10 frames);
 * - drag live preview: B5's `dragOnce` (pointermove to the frame showing the ghost at the target; median of B5_DRAGS);
 * - cascade: a bar dropped one day later onto the next bar of its line; the product asks (overload) and
 *   the planner takes "move and push the following plans" (the server moves every bar behind it on the
 *   line); from the click to the first frame drawn after the command's reply. The baseline shifts the
 *   bar and those behind it in memory on the drop and redraws (median of 3);
 * - JS heap after the motion, garbage collected (CDP Runtime.getHeapUsage).
 * Targets: first usable <= 1.5 s, scroll and zoom >= 58 fps, drag preview <= 16 ms, cascade <= 100 ms at
 * 10,000 bars and <= 800 ms at 100,000, undo and redo (each cascade taken back by the toolbar's undo, then
 * put again by its redo, click to the redrawn frame) <= 100 ms, heap <= 150 MB.
 *
 * Options: B5_BASE_CLIENT_DIR, another build of the client (the one before a change, say) measured beside
 * B5_CLIENT_DIR in the same run: a second server on a copy of the data serves it, first usable alternates
 * among the three, and it runs the same motion, drags and cascades. B5_TRACE=1: a Chromium trace of the
 * month zoom's sideways scroll (120 frames, 2 s at 60 fps) on each side, the renderer main thread's busy time, its CPU time
 * and its busiest events by CPU self time in the report, its tasks over 8 and 16 ms on a core with their
 * causes, the trace kept in .tmp/b5-trace-<side>.json (B5_TRACE=2: with the DOM's invalidations and the V8 sampler).
 * B5_BASE_SERVER: that build's server too (a bundle from scripts/build-server.mjs run in its tree), so the
 * other side is the other build whole. B5_CASCADES: cascades per side (3). B5_SEED_CACHE: see `seedScale`.
 * B5_PG_URL: the servers on PostgreSQL instead of PGlite (see `PG`); B5_KEEP_PG=1 keeps their databases after the run.
 *
 * Data (tests/support/board-scale-seed.ts): 300 lines in 30 workshops, on every line bars back to back
 * (1-3 days each) from the range's first day, B5_BARS in all, one plan per bar, each about 80 % of its
 * line's daily capacity; every ninth locked; some late. Inserted in SQL, not auto-scheduled.
 */
import { cpSync, existsSync, readFileSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { addDays } from '../../calendars/capacity';
import { decodeBoardWindow, type BoardWindow } from '../../src/model/board-window';
import type { BoardData } from '../../src/model/schedule-board';
import { layoutBoard, type BoardLayout } from '../../src/client/calendar/board-model';
import { launchBrowser, startServer, type RunningServer } from '../e2e/support/harness';
import { prepareDatabase } from '../support/pglite-template';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/database';
import { createTemplateDatabase, databaseUrlFor, dropDatabase, E2E_ROLE, onPostgres } from '../e2e/support/postgres';
import { seedBoardAtScale } from '../support/board-scale-seed';
import { CLIENT_DIR, dragOnce, dragPlan, frames, median, motion, PALETTE, probe, ROUTE, USER, VIEWPORT, withDatabase } from './b5-board';
import { signIn, storeSessionIn, type Session } from './b8-browser.util';

const BARS = Number(process.env.B5_BARS ?? 100_000);
const RUNS = Number(process.env.B5_RUNS ?? 3);
const DRAGS = Number(process.env.B5_DRAGS ?? 20);
const DAYS = 731;
const LINES = 300;
const TARGET = { usableMs: 1500, fps: 58, dragMs: 16, cascadeMs: BARS <= 10_000 ? 100 : 800, undoMs: 100, heapMb: 150 };
const BARE = '/b5-bare/';
/** Another build of the client measured beside CLIENT_DIR (see the file's comment). */
const BASE_CLIENT_DIR = process.env.B5_BASE_CLIENT_DIR ?? '';
const TRACE = process.env.B5_TRACE === '1' || process.env.B5_TRACE === '2';
/** The other build's server: a bundle of its sources (scripts/build-server.mjs run in that build's tree); this tree's server when not given. */
const BASE_SERVER = process.env.B5_BASE_SERVER ?? '';
const CASCADES = Number(process.env.B5_CASCADES ?? 3);
/**
 * B5_PG_URL (a PostgreSQL server's maintenance URL, e.g. postgres://postgres@127.0.0.1:5432/test): the
 * servers run on PostgreSQL, as a factory group's installation would, instead of the embedded PGlite:
 * a database of the bench's own owned by a plain login role (the server refuses a superuser), migrated,
 * seeded with the same bars, and a copy of it for the other build's server; both dropped after.
 */
const PG = process.env.B5_PG_URL ?? '';
const pgName = (dir: string) => `b5_${process.pid}${dir.endsWith('-base') ? '_base' : ''}`;
const LABELS = 180;
const HEADER = 40;

const today = () => new Date().toISOString().slice(0, 10);
const range = () => ({ from: addDays(today(), -7), to: addDays(today(), DAYS - 8) });

/**
 * The board at scale, in SQL (tests/support/board-scale-seed.ts). With B5_SEED_CACHE (a directory), the
 * seeded data is kept there and copied for the next runs of the same day and size (a run's cascades
 * write only to its copy).
 */
async function seedScale(dir: string): Promise<{ bars: number; seconds: number }> {
  const t0 = performance.now();
  rmSync(dir, { recursive: true, force: true });
  const cache = process.env.B5_SEED_CACHE && !PG ? resolve(process.env.B5_SEED_CACHE) : '';
  const mark = `${range().from} ${BARS} `;
  const kept = cache && existsSync(`${cache}.seeded`) ? readFileSync(`${cache}.seeded`, 'utf8') : '';
  if (kept.startsWith(mark)) {
    cpSync(cache, dir, { recursive: true });
    return { bars: Number(kept.slice(mark.length)), seconds: (performance.now() - t0) / 1000 };
  }
  const seeded = await seedInto(dir);
  if (cache) {
    rmSync(cache, { recursive: true, force: true });
    cpSync(dir, cache, { recursive: true });
    writeFileSync(`${cache}.seeded`, `${mark}${seeded.bars}`);
  }
  return { bars: seeded.bars, seconds: (performance.now() - t0) / 1000 };
}

async function seedInto(dir: string) {
  mkdirSync(dir, { recursive: true });
  if (PG) {
    // Migrated and seeded as the server's role (it owns what it makes); the bars as the maintenance
    // role, which row-level security does not hold (the seed writes one company's rows outside a session).
    const open = async (url: string) => {
      const config = loadConfig({ ...process.env, DATA_DIR: dir, DATABASE_URL: url, REDIS_URL: '', LOG_LEVEL: 'silent' });
      return { config, database: await openDatabase(config) };
    };
    const app = await open(await createTemplateDatabase(PG, pgName(dir)));
    try {
      await prepareDatabase(app.database, app.config);
    } finally {
      await app.database.close();
    }
    const owner = await open(databaseUrlFor(PG, pgName(dir)));
    try {
      return await seedBoardAtScale(owner.database.db, { lines: LINES, bars: BARS, days: DAYS, from: range().from });
    } finally {
      await owner.database.close();
    }
  }
  return withDatabase(dir, async (db, config, database) => {
    await prepareDatabase(database, config);
    return seedBoardAtScale(db, { lines: LINES, bars: BARS, days: DAYS, from: range().from });
  });
}

async function readJson<T>(url: string, s: Session): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${s.access_token}` } });
  const body = (await res.json()) as { code: number; data: T };
  if (body.code !== 200) throw new Error(`${url}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** The whole board, read in windows of 30 lines (for the baseline's file and the drags' plan). */
async function wholeBoard(url: string, s: Session): Promise<BoardData> {
  const { from, to } = range();
  const frame = await readJson<BoardWindow>(`${url}/api/scmapi/schedule/window?from=${from}&to=${to}&frame=1`, s);
  const bars = [];
  for (let i = 0; i < frame.lines.length; i += 30) {
    const ids = frame.lines.slice(i, i + 30).map((l) => l.id).join(',');
    bars.push(...decodeBoardWindow(await readJson<BoardWindow>(`${url}/api/scmapi/schedule/window?from=${from}&to=${to}&lines=${ids}`, s)));
  }
  return { from, to, scenario_id: null, days: frame.days, lines: frame.lines, bars };
}

/** The baseline's static file: the bars as the board lays them out at day zoom, as columns. */
function bareFile(data: BoardData, layout: BoardLayout): string {
  const rowOf = new Map<number, number>();
  const rows = layout.rows.map((r, i) => {
    if (r.kind === 'line') rowOf.set(r.line.id, i);
    return { y: r.y, h: r.height, line: r.kind === 'line', label: r.kind === 'line' ? `${r.line.code} ${r.line.name}` : r.workshop };
  });
  const categories: string[] = [];
  const labels: string[] = [];
  const idx = (list: string[], map: Map<string, number>, v: string) => { let k = map.get(v); if (k === undefined) { k = list.length; list.push(v); map.set(v, k); } return k; };
  const cm = new Map<string, number>();
  const lm = new Map<string, number>();
  const from = data.days[0].date;
  const dayOf = (d: string) => Math.round((Date.parse(d) - Date.parse(from)) / 86_400_000);
  const bars = layout.bars.map(({ bar, rect }) => ({ s: dayOf(bar.start), e: dayOf(bar.end), y: rect.y, line: rowOf.get(bar.line_id)!, cat: idx(categories, cm, bar.category), label: idx(labels, lm, `${bar.plan_no} · ${bar.style_no}`) }));
  bars.sort((a, b) => a.line - b.line || a.s - b.s);
  const col = <K extends keyof (typeof bars)[number]>(k: K) => bars.map((b) => b[k]);
  return JSON.stringify({ days: data.days.length, dates: data.days.map((d) => d.date), height: layout.height, rows, categories, labels, s: col('s'), e: col('e'), y: col('y'), line: col('line'), cat: col('cat'), label: col('label') });
}

type Opened = { page: Page; context: BrowserContext; firstUsable: number; waited: string };

/**
 * The product board's geometry at scroll 0 as the page itself gives it (its bar list and line figures):
 * rows and bars in view with their content positions. Its sub-rows are counted over the bars it has read,
 * which the whole schedule's layout in Node cannot know.
 */
async function domLayout(page: Page): Promise<BoardLayout> {
  const rows = await page.$$eval('[data-testid=board-lines] li', (els) => els.map((e) => ({ id: Number(e.getAttribute('data-line-id')), code: e.getAttribute('data-testid')!.slice('line-load-'.length), y: Number(e.getAttribute('data-y')), h: Number(e.getAttribute('data-h')) })));
  const bars = await page.$$eval('[data-testid=board-bar]', (els) => els.map((e) => ({ id: Number(e.getAttribute('data-bar-id')), line: Number(e.getAttribute('data-line-id')), start: e.getAttribute('data-start')!, end: e.getAttribute('data-end')!, locked: e.getAttribute('data-locked') === 'true', x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')), w: Number(e.getAttribute('data-w')), h: Number(e.getAttribute('data-h')) })));
  const lineRows = rows.sort((a, b) => a.y - b.y).map((r, index) => ({ kind: 'line' as const, line: { id: r.id, code: r.code }, y: r.y - HEADER, height: r.h, index, lanes: 1 }));
  const layout = {
    zoom: 'day', dayWidth: 48, rows: lineRows, lineRow: new Map(lineRows.map((r) => [r.line.id, r])), dayIndex: new Map(), width: 0, height: 0,
    bars: bars.map((b) => ({ bar: { id: b.id, line_id: b.line, start: b.start, end: b.end, locked: b.locked }, rect: { x: b.x - LABELS, y: b.y - HEADER, w: b.w, h: b.h } })),
  };
  return layout as unknown as BoardLayout;
}

/** Opens the product's board or the bare canvas in a fresh context; first usable = the frame showing the first bar. */
async function open(browser: Browser, url: string, s: Session, bare: { html: string; json: string } | null): Promise<Opened> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await storeSessionIn(context, s);
  await context.addInitScript(probe, PALETTE);
  if (bare) {
    await context.route(`**${BARE}index.html`, (r) => r.fulfill({ contentType: 'text/html', body: bare.html }));
    await context.route(`**${BARE}bars.json`, (r) => r.fulfill({ contentType: 'application/json', body: bare.json }));
  }
  const page = await context.newPage();
  await page.goto(`${url}${bare ? `${BARE}index.html` : ROUTE}`, { waitUntil: 'commit' });
  const h = await page.waitForFunction(() => (window as unknown as { __b5: { firstBarFrame: number } }).__b5.firstBarFrame || null, undefined, { polling: 20, timeout: 120_000 });
  return { page, context, firstUsable: (await h.jsonValue()) as number, waited: await waitedFor(page) };
}

/**
 * What the first bar waited for, in ms from the navigation's start: the document, the last script
 * loaded before the first bar, the board's frame read and its last window read before the first bar
 * (request sent - reply in), the first bar drawn.
 */
async function waitedFor(page: Page): Promise<string> {
  return page.evaluate(() => {
    const p = (window as unknown as { __b5: { firstBar: number } }).__b5;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const before = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((e) => e.responseEnd <= p.firstBar);
    const last = (list: PerformanceResourceTiming[]) => list.sort((a, b) => b.responseEnd - a.responseEnd)[0];
    const span = (e: PerformanceResourceTiming | undefined) => (e ? `${Math.round(e.startTime)}-${Math.round(e.responseEnd)}` : '-');
    const script = last(before.filter((e) => e.initiatorType === 'script' || /\.js(\?|$)/.test(e.name)));
    const frame = before.find((e) => e.name.includes('/schedule/window') && e.name.includes('frame=1'));
    const windows = before.filter((e) => e.name.includes('/schedule/window') && !e.name.includes('frame=1'));
    return `document ${Math.round(nav?.responseEnd ?? 0)}, scripts till ${Math.round(script?.responseEnd ?? 0)}, frame ${span(frame)}, ${windows.length} windows till ${span(last(windows))}, first bar drawn ${Math.round(p.firstBar)}`;
  });
}

/** JS heap in use after a garbage collection (MB). */
async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  await cdp.detach();
  return usedSize / 1024 / 1024;
}

/** A drag onto the next bar of the same line, one day later: the product asks, the push is taken; ms to the redrawn frame. */
/**
 * One cascade: click to redrawn frame (`ms`); for the board (NaN for the bare canvas) the click to the
 * command's request sent (`sent`) and the request from sent to its reply in (`request`).
 */
export async function cascadeOnce(page: Page, whole: BoardLayout, bare: boolean, nth: number): Promise<{ ms: number; sent: number; request: number }> {
  await page.evaluate(() => { const el = document.querySelector<HTMLElement>('[data-testid=calendar-production-board]')!; el.scrollTop = 0; el.scrollLeft = 0; });
  await frames(page, 3);
  if (!bare) await page.waitForTimeout(1000); // the bar list follows the view when the browser is idle
  const layout = bare ? whole : await domLayout(page);
  const box = (await page.locator('[data-testid=board-canvas]').boundingBox())!;
  // An unlocked bar of the nth line in view with a next bar on its line, both in view (lines 0, 3, 6, 9, then 1, 4, ...: each once).
  const rows = layout.rows.filter((r) => r.kind === 'line');
  const row = rows[(nth % 4) * 3 + Math.floor(nth / 4)];
  const mine = layout.bars.filter((b) => b.bar.line_id === (row.kind === 'line' ? row.line.id : -1)).sort((a, b) => a.rect.x - b.rect.x);
  // The next bar starting on a weekday (Monday to Friday): the day both would share has capacity, so the drop overloads it.
  const weekday = (d: string) => { const w = new Date(`${d}T00:00:00Z`).getUTCDay(); return w >= 1 && w <= 5; };
  const k = mine.findIndex((b, i) => !b.bar.locked && i + 1 < mine.length && weekday(mine[i + 1].bar.start) && b.rect.x > 2 * layout.dayWidth && b.rect.x + b.rect.w + 3 * layout.dayWidth < box.width - LABELS);
  if (k < 0) throw new Error('no bar to cascade in view');
  const { rect } = mine[k];
  const at = { x: box.x + LABELS + rect.x + 10, y: box.y + HEADER + rect.y + rect.h / 2 };
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  await page.mouse.move(at.x + 6, at.y, { steps: 2 });
  await page.mouse.move(at.x + layout.dayWidth, at.y, { steps: 4 });
  await frames(page, 2);
  if (bare) {
    await page.evaluate(() => { (window as unknown as { __b5cascade?: number }).__b5cascade = 0; });
    await page.mouse.up();
    return { ms: (await (await page.waitForFunction(() => (window as unknown as { __b5cascade?: number }).__b5cascade || null, undefined, { polling: 10, timeout: 10_000 })).jsonValue()) as number, sent: Number.NaN, request: Number.NaN };
  }
  await page.mouse.up();
  await page.locator('[data-testid=board-overload-push]').waitFor({ timeout: 10_000 });
  await frames(page, 2);
  const took = await commandTimed(page, '[data-testid=board-overload-push]');
  await page.locator('[data-testid=board-overload-dialog]').waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
  return took;
}

/**
 * Clicks a control that sends one board command (the overload dialog's push, undo, redo) and times it:
 * click to the first frame drawn after the command's reply (`ms`), click to the request sent (`sent`),
 * and the request from sent to reply in (`request`). NaN when nothing came back within a minute.
 */
async function commandTimed(page: Page, selector: string): Promise<{ ms: number; sent: number; request: number }> {
  return page.evaluate(async (sel) => {
    const p = (window as unknown as { __b5: { lastClear: number } }).__b5;
    const raf = () => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now())));
    performance.clearResourceTimings();
    const t0 = performance.now();
    document.querySelector<HTMLElement>(sel)!.click();
    for (;;) {
      const t = await raf();
      const sent = performance.getEntriesByType('resource').find((e) => e.name.includes('/schedule/command') && e.startTime >= t0) as PerformanceResourceTiming | undefined;
      if (sent && p.lastClear > sent.responseEnd) return { ms: t - t0, sent: sent.startTime - t0, request: sent.responseEnd - sent.startTime };
      if (t - t0 > 60_000) return { ms: Number.NaN, sent: Number.NaN, request: Number.NaN };
    }
  }, selector);
}

/** The last cascade taken back (the toolbar's undo: one step, the `place` command) and put again (redo); each click to its redrawn frame. */
async function undoRedoOnce(page: Page): Promise<{ undo: number; redo: number; undoRequest: number; redoRequest: number }> {
  await page.locator('[data-testid=board-undo]:not([disabled])').waitFor({ timeout: 10_000 });
  await frames(page, 2);
  const undo = await commandTimed(page, '[data-testid=board-undo]');
  await page.locator('[data-testid=board-redo]:not([disabled])').waitFor({ timeout: 10_000 });
  await frames(page, 2);
  const redo = await commandTimed(page, '[data-testid=board-redo]');
  return { undo: undo.ms, redo: redo.ms, undoRequest: undo.request, redoRequest: redo.request };
}

type Side = { usable: number[]; waited?: string; drag: number[]; cascade: number[]; undo: number[]; redo: number[]; undoRequest: number[]; redoRequest: number[]; sent: number[]; request: number[]; heap: number; motion: Awaited<ReturnType<typeof motion>> | null; trace?: string };
const newSide = (): Side => ({ usable: [], drag: [], cascade: [], undo: [], redo: [], undoRequest: [], redoRequest: [], sent: [], request: [], heap: 0, motion: null });

/**
 * The trace's categories: the main thread's tasks and the compositor's steps (commit, layers), and the
 * script stack of a style or layout forced by script (`...timeline.stack`). B5_TRACE=2 adds the DOM's
 * invalidations and the V8 sampler (heavier: its tasks are longer than with B5_TRACE=1).
 */
const TRACE_CATEGORIES = [
  'devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'cc', 'blink', 'v8.execute', 'disabled-by-default-devtools.timeline.stack',
  ...(process.env.B5_TRACE === '2' ? ['disabled-by-default-devtools.timeline.invalidationTracking', 'disabled-by-default-v8.cpu_profiler'] : []),
];

/**
 * Frames of the traced scroll: what 2 s give at 60 fps. A fixed count, not a fixed time, so that every
 * side scrolls as far and reads as many windows however loaded the machine is (its tasks are then
 * counted over the same work).
 */
const TRACE_FRAMES = 120;

/** A Chromium trace of the month zoom's sideways scroll (30 px a frame for `TRACE_FRAMES` frames, as `motion`); the renderer main thread's busy and CPU time and its busiest events (`mainThreadSummary`). */
async function traceMonthScroll(browser: Browser, page: Page, name: string): Promise<string> {
  await page.evaluate(async () => {
    const raf = () => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now())));
    document.querySelectorAll<HTMLElement>('[data-testid=schedule-board] [role=tab]')[2].click();
    for (let i = 0; i < 20; i++) await raf();
    const el = document.querySelector<HTMLElement>('[data-testid=calendar-production-board]')!;
    el.scrollTop = 0;
    el.scrollLeft = 0;
    for (let i = 0; i < 20; i++) await raf();
  });
  await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  const ms = await page.evaluate(async (frames) => {
    const raf = () => new Promise<number>((ok) => requestAnimationFrame(() => ok(performance.now())));
    const el = document.querySelector<HTMLElement>('[data-testid=calendar-production-board]')!;
    const t0 = await raf();
    let dir = 1;
    let t = t0;
    for (let n = 0; n < frames; n++) {
      if (el.scrollLeft + 30 * dir > el.scrollWidth - el.clientWidth || el.scrollLeft + 30 * dir < 0) dir = -dir;
      el.scrollLeft += 30 * dir;
      t = await raf();
    }
    return t - t0;
  }, TRACE_FRAMES);
  const trace = await browser.stopTracing();
  const file = resolve(`.tmp/b5-trace-${name}.json`);
  writeFileSync(file, trace);
  return `${TRACE_FRAMES} frames in ${Math.round(ms)} ms with the tracer on (${(TRACE_FRAMES / (ms / 1000)).toFixed(1)} fps); ${mainThreadSummary(JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] })} (${file})`;
}

type Frame = { functionName?: string; url?: string; lineNumber?: number };
type TraceEvent = {
  name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number;
  args?: { name?: string; data?: { type?: string; functionName?: string; url?: string; lineNumber?: number; stackTrace?: Frame[] }; beginData?: { stackTrace?: Frame[] } };
};
type Node = { e: TraceEvent; cpu: number; self: number; children: Node[] };

const frameText = (f: Frame | undefined) => (f ? `${f.functionName || '(anonymous)'} ${(f.url ?? '').split('/').pop()}:${f.lineNumber ?? ''}` : '');

/**
 * A task's cause in a few words: its event and what it ran (the DOM event's type, the script's function,
 * a timer or a frame callback), its heaviest events by CPU self time, and, when script forced a style or
 * layout, the script's frame that did (the trace's `...timeline.stack` category).
 */
function taskCause(task: Node): string {
  const all: Node[] = [];
  const walk = (n: Node) => { all.push(n); n.children.forEach(walk); };
  walk(task);
  const what = all.map((n) => n.e).find((e) => e.name === 'EventDispatch' || e.name === 'FunctionCall' || e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'FireIdleCallback' || e.name === 'ProxyMain::BeginMainFrame' || e.name === 'HitTest');
  const label = what ? `${what.name}${what.args?.data?.type ? `(${what.args.data.type})` : ''}${what.name === 'FunctionCall' ? `(${frameText(what.args?.data)})` : ''}` : task.e.name;
  const bySelf = new Map<string, number>();
  for (const n of all) bySelf.set(n.e.name, (bySelf.get(n.e.name) ?? 0) + n.self);
  const heavy = [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([n, us]) => `${n} ${(us / 1000).toFixed(1)}`).join(', ');
  const forced = all.map((n) => n.e).find((e) => (e.name === 'Layout' || e.name === 'UpdateLayoutTree') && (e.args?.beginData?.stackTrace?.length ?? 0) > 0);
  const by = forced ? `; ${forced.name} forced by ${forced.args!.beginData!.stackTrace!.slice(0, 3).map(frameText).join(' < ')}` : '';
  return `${(task.cpu / 1000).toFixed(1)} ms ${label} [${heavy}]${by}`;
}

/**
 * The busiest renderer main thread of a trace: its busy time (wall), the CPU time it got in it (the
 * events' thread time: on a loaded machine the thread waits for a core inside its tasks), its events by
 * CPU self time (each event's thread time less its children's), and its tasks over 8 and 16 ms on a
 * core with their causes (`taskCause`).
 */
export function mainThreadSummary(trace: { traceEvents: TraceEvent[] }): string {
  const mains = trace.traceEvents.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`);
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of trace.traceEvents) {
    const k = `${e.pid}:${e.tid}`;
    if (e.ph !== 'X' || e.dur === undefined || !mains.includes(k)) continue;
    const list = byThread.get(k);
    if (list) list.push(e);
    else byThread.set(k, [e]);
  }
  const events = [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
  events.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const self = new Map<string, number>();
  const stack: { end: number; node: Node }[] = [];
  let busy = 0;
  let cpu = 0;
  // Each task's CPU time: a task longer than a frame's budget on a core is the page's own work, not the machine's.
  const tasks: Node[] = [];
  for (const e of events) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1]?.node;
    const t = e.tdur ?? 0;
    const node: Node = { e, cpu: t, self: t, children: [] };
    if (parent) {
      self.set(parent.e.name, (self.get(parent.e.name) ?? 0) - t);
      parent.self -= t;
      parent.children.push(node);
    } else {
      busy += e.dur!;
      cpu += t;
      tasks.push(node);
    }
    self.set(e.name, (self.get(e.name) ?? 0) + t);
    stack.push({ end: e.ts + e.dur!, node });
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([n, us]) => `${n} ${Math.round(us / 1000)}`).join(', ');
  const long = tasks.filter((x) => x.cpu > 8000).sort((a, b) => b.cpu - a.cpu);
  const longest = `tasks on a core over 8 ms: ${long.length}, over 16 ms: ${long.filter((x) => x.cpu > 16000).length}; those over 8 ms: ${long.map(taskCause).join(' | ') || 'none'}`;
  return `main thread busy ${Math.round(busy / 1000)} ms, of which on a core ${Math.round(cpu / 1000)} ms; ${longest}; CPU self ms: ${top}`;
}

async function measureSide(browser: Browser, url: string, s: Session, layout: BoardLayout, bare: { html: string; json: string } | null, side: Side, name: string): Promise<void> {
  const b = await open(browser, url, s, bare);
  try {
    await b.page.waitForTimeout(1500);
    const box = (await b.page.locator('[data-testid=board-canvas]').boundingBox())!;
    // The upper half of the board, far from its edge zones (useEdgeAutoScroll: 40 px), where a held bar scrolls the board.
    const seen = { x: box.x, y: box.y, w: Math.min(box.width, VIEWPORT.width - box.x) - 50, h: Math.min(box.height, VIEWPORT.height - box.y) / 2 };
    const plan = dragPlan(bare ? layout : await domLayout(b.page), seen, DRAGS);
    if (!plan.length) throw new Error(`no draggable bar in view (${bare ? 'bare canvas' : 'board'})`);
    for (let i = 0; plan.length < DRAGS; i++) plan.push(plan[i]);
    await dragOnce(b.page, plan[0]);
    for (const d of plan) side.drag.push((await dragOnce(b.page, d)).ms);
    side.motion = await motion(b.page);
    side.heap = await heapMb(b.page);
    for (let i = 0; i < CASCADES; i++) {
      const c = await cascadeOnce(b.page, layout, !!bare, i);
      side.cascade.push(c.ms);
      side.sent.push(c.sent);
      side.request.push(c.request);
      if (!bare) {
        const u = await undoRedoOnce(b.page);
        side.undo.push(u.undo);
        side.redo.push(u.redo);
        side.undoRequest.push(u.undoRequest);
        side.redoRequest.push(u.redoRequest);
      }
    }
    if (TRACE) side.trace = await traceMonthScroll(browser, b.page, name);
  } finally {
    await b.context.close();
  }
}

const ms = (n: number) => `${Math.round(n)} ms`;

/** Runs `start` with the e2e harness's server bundle set to `bundle` (none: as it was). */
async function withServerBundle<T>(bundle: string, start: () => Promise<T>): Promise<T> {
  if (!bundle) return start();
  const was = process.env.E2E_SERVER_BUNDLE;
  process.env.E2E_SERVER_BUNDLE = resolve(bundle);
  try {
    return await start();
  } finally {
    if (was === undefined) delete process.env.E2E_SERVER_BUNDLE;
    else process.env.E2E_SERVER_BUNDLE = was;
  }
}

export async function scaleRun(): Promise<{ lines: { label: string; value: string }[]; passed: boolean; target: string }> {
  const dir = resolve(`.tmp/bench-b5-scale-${process.pid}`);
  const seeded = await seedScale(dir);
  // The other build's server reads a copy of the data (PGlite opens a directory in one process only; a cascade writes).
  const baseDir = `${dir}-base`;
  if (BASE_CLIENT_DIR) cpSync(dir, baseDir, { recursive: true });
  if (BASE_CLIENT_DIR && PG) await onPostgres(PG, `create database ${pgName(baseDir)} template ${pgName(dir)} owner ${E2E_ROLE}`);
  /** The server's database: its directory's copy of PGlite, or its database on PostgreSQL. */
  const on = (d: string): Record<string, string> => (PG ? { DATABASE_URL: databaseUrlFor(PG, pgName(d), E2E_ROLE) } : {});
  let server: RunningServer | null = null;
  let baseServer: RunningServer | null = null;
  let browser: Browser | null = null;
  try {
    server = await startServer({ LOG_LEVEL: 'warn', CLIENT_DIR, ...on(dir) }, { dataDir: dir });
    const s = await signIn(server.url, USER);
    baseServer = BASE_CLIENT_DIR ? await withServerBundle(BASE_SERVER, () => startServer({ LOG_LEVEL: 'warn', CLIENT_DIR: BASE_CLIENT_DIR, ...on(baseDir) }, { dataDir: baseDir })) : null;
    const before = baseServer ? { url: baseServer.url, s: await signIn(baseServer.url, USER), side: newSide() } : null;
    const t0 = performance.now();
    const data = await wholeBoard(server.url, s);
    const layout = layoutBoard(data, 'day');
    const bare = { html: readFileSync(resolve('tests/bench/b5-bare-canvas.html'), 'utf8'), json: bareFile(data, layout) };
    const fileMs = performance.now() - t0;
    browser = await launchBrowser();
    const board = newSide();
    const base = newSide();
    // First usable: one untimed visit each, then RUNS alternating (this build, the other build, the bare canvas).
    const sides = [
      { url: server.url, s, bare: null, side: board },
      ...(before ? [{ url: before.url, s: before.s, bare: null, side: before.side }] : []),
      { url: server.url, s, bare, side: base },
    ];
    for (const x of sides) await (await open(browser, x.url, x.s, x.bare)).context.close();
    for (let i = 0; i < RUNS; i++) {
      for (const x of sides) {
        const o = await open(browser, x.url, x.s, x.bare);
        x.side.usable.push(o.firstUsable);
        x.side.waited = o.waited;
        await o.context.close();
      }
    }
    await measureSide(browser, server.url, s, layout, null, board, 'board');
    if (before) await measureSide(browser, before.url, before.s, layout, null, before.side, 'base-client');
    await measureSide(browser, server.url, s, layoutBoard(data, 'day'), bare, base, 'bare');
    return report(seeded, data, bare.json.length, fileMs, board, base, before?.side ?? null);
  } finally {
    await browser?.close();
    await server?.stop();
    await baseServer?.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(baseDir, { recursive: true, force: true });
    // B5_KEEP_PG=1 keeps the run's databases for reading its queries' plans afterwards (their names printed).
    if (PG && process.env.B5_KEEP_PG === '1') console.log(`B5: kept ${[dir, ...(BASE_CLIENT_DIR ? [baseDir] : [])].map(pgName).join(', ')}`);
    else if (PG) for (const d of [baseDir, dir]) await dropDatabase(PG, pgName(d));
  }
}

function report(seeded: { bars: number; seconds: number }, data: BoardData, fileBytes: number, fileMs: number, board: Side, base: Side, before: Side | null) {
  /** The other build's figure, when there is one (B5_BASE_CLIENT_DIR). */
  const vs = (f: (x: Side) => string) => (before ? ` vs base client ${f(before)}` : '');
  const scrollFig = (x: Side, z: string) => `${x.motion!.scroll[z].fps.toFixed(1)} fps (longest frame ${ms(x.motion!.scroll[z].longest)}; ${x.motion!.scroll[z].slow} frames > 25 ms)`;
  const worst = (m: Side['motion']) => Math.min(...Object.values(m!.scroll).map((f) => f.fps));
  const fig = {
    usable: median(board.usable), usableBase: median(base.usable), drag: median(board.drag), dragBase: median(base.drag),
    cascade: median(board.cascade), cascadeBase: median(base.cascade), scroll: worst(board.motion), scrollBase: worst(base.motion),
    zoom: board.motion!.zoom.fps, zoomBase: base.motion!.zoom.fps, undo: median(board.undo), redo: median(board.redo),
  };
  const lines = [
    { label: 'data', value: `${data.lines.length} lines, ${seeded.bars.toLocaleString('en')} bars over ${data.days.length} days (seeded in ${seeded.seconds.toFixed(1)} s, ${PG ? 'PostgreSQL' : 'PGlite on disk'}); baseline: a bare canvas, the same bars from a static file of ${(fileBytes / 1024 / 1024).toFixed(1)} MB (read and laid out in ${(fileMs / 1000).toFixed(1)} s)` },
    { label: 'browser', value: `Chromium headless, ${VIEWPORT.width}x${VIEWPORT.height}; client ${CLIENT_DIR}${before ? `, base client ${BASE_CLIENT_DIR}${BASE_SERVER ? ` on the server ${BASE_SERVER}` : ''}` : ''}` },
    { label: 'first usable, what it waited for (last run, ms)', value: `${board.waited}${vs((x) => x.waited ?? '')}` },
    { label: `first usable (median of ${RUNS})`, value: `${ms(fig.usable)}${vs((x) => ms(median(x.usable)))} vs bare canvas ${ms(fig.usableBase)}; all: ${board.usable.map(Math.round).join(', ')} |${vs((x) => x.usable.map(Math.round).join(', '))} | ${base.usable.map(Math.round).join(', ')}` },
    ...Object.keys(board.motion!.scroll).map((z) => ({ label: `scroll ${z}`, value: `${board.motion!.scroll[z].fps.toFixed(1)} fps (longest frame ${ms(board.motion!.scroll[z].longest)}; ${board.motion!.scroll[z].slow} frames > 25 ms, ${board.motion!.scroll[z].slowWithReply} with a server reply landing in it, ${board.motion!.scroll[z].replies} replies)${vs((x) => scrollFig(x, z))} vs bare ${base.motion!.scroll[z].fps.toFixed(1)} fps` })),
    { label: 'zoom switching (3 s, every 10 frames)', value: `${fig.zoom.toFixed(1)} fps${vs((x) => `${x.motion!.zoom.fps.toFixed(1)} fps`)} vs bare ${fig.zoomBase.toFixed(1)} fps; one switch ${ms(median(board.motion!.zoomSwitchMs))}${vs((x) => ms(median(x.motion!.zoomSwitchMs)))} vs ${ms(median(base.motion!.zoomSwitchMs))}` },
    { label: `drag preview (median of ${board.drag.length})`, value: `${ms(fig.drag)}${vs((x) => ms(median(x.drag)))} vs bare ${ms(fig.dragBase)}; max ${ms(Math.max(...board.drag))} vs ${ms(Math.max(...base.drag))}` },
    { label: `cascade committed and redrawn (median of ${CASCADES})`, value: `${ms(fig.cascade)}${vs((x) => ms(median(x.cascade)))} vs bare ${ms(fig.cascadeBase)}; all: ${board.cascade.map(Math.round).join(', ')}${vs((x) => x.cascade.map(Math.round).join(', '))}` },
    { label: 'cascade: click to request sent, the request (sent to reply in), medians', value: `${ms(median(board.sent))}, ${ms(median(board.request))}${vs((x) => `${ms(median(x.sent))}, ${ms(median(x.request))}`)}; requests: ${board.request.map(Math.round).join(', ')}${vs((x) => x.request.map(Math.round).join(', '))}` },
    { label: `undo of the cascade, then redo (medians of ${board.undo.length}; toolbar click to the redrawn frame)`, value: `${ms(fig.undo)}, ${ms(fig.redo)}${vs((x) => `${ms(median(x.undo))}, ${ms(median(x.redo))}`)}; all: ${board.undo.map(Math.round).join(', ')} | ${board.redo.map(Math.round).join(', ')}; their requests (sent to reply in), medians ${ms(median(board.undoRequest))}, ${ms(median(board.redoRequest))}` },
    { label: 'JS heap after motion (GC)', value: `${board.heap.toFixed(1)} MB${vs((x) => `${x.heap.toFixed(1)} MB`)} vs bare ${base.heap.toFixed(1)} MB` },
    ...(TRACE ? [board, ...(before ? [before] : []), base].map((x, i) => ({ label: `trace, month horizontal (${i === 0 ? 'this build' : x === base ? 'bare canvas' : 'base client'})`, value: x.trace ?? '' })) : []),
  ];
  const verdict = [
    [`first usable ${ms(fig.usable)} <= ${TARGET.usableMs} ms`, fig.usable <= TARGET.usableMs],
    [`scroll ${fig.scroll.toFixed(1)} fps >= ${TARGET.fps}`, fig.scroll >= TARGET.fps],
    [`zoom ${fig.zoom.toFixed(1)} fps >= ${TARGET.fps}`, fig.zoom >= TARGET.fps],
    [`drag preview ${ms(fig.drag)} <= ${TARGET.dragMs} ms`, fig.drag <= TARGET.dragMs],
    [`cascade ${ms(fig.cascade)} <= ${TARGET.cascadeMs} ms`, fig.cascade <= TARGET.cascadeMs],
    [`undo ${ms(fig.undo)} <= ${TARGET.undoMs} ms`, fig.undo <= TARGET.undoMs],
    [`redo ${ms(fig.redo)} <= ${TARGET.undoMs} ms`, fig.redo <= TARGET.undoMs],
    [`heap ${board.heap.toFixed(1)} MB <= ${TARGET.heapMb} MB`, board.heap <= TARGET.heapMb],
  ] as const;
  lines.push({ label: 'targets', value: verdict.map(([t, ok]) => `${t}: ${ok ? 'PASS' : 'FAIL'}`).join('; ') });
  return { lines, passed: verdict.every(([, ok]) => ok), target: `first usable <= ${TARGET.usableMs} ms, scroll and zoom >= ${TARGET.fps} fps, drag preview <= ${TARGET.dragMs} ms, cascade <= ${TARGET.cascadeMs} ms, undo and redo <= ${TARGET.undoMs} ms, heap <= ${TARGET.heapMb} MB` };
}
