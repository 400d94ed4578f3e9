import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays } from '../../calendars/capacity';
import { decodeBoardWindow, type BoardWindow } from '../../src/model/board-window';
import type { BoardBar } from '../../src/model/schedule-board';
import type { Db } from '../../src/server/db/database';
import { seedBoardAtScale } from '../support/board-scale-seed';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * The board read by viewport (issue 31), in Chromium: a maker's schedule of 100,000 bars on 300 lines over
 * two years (inserted by SQL beforehand). The board first reads its frame and the windows around the
 * first view, never the whole schedule; scrolled two years on and down to the last lines, it reads
 * the windows there (requests of one block of lines over a few weeks) and draws their bars, the same
 * bars the server has there. A bar dropped one day later onto the next bar of its line asks (overload),
 * "move and push" moves it and the bars behind it, Ctrl+Z puts them back. Screenshots after scrolling
 * at 1366 and 1920, in Chinese and English.
 */
const BARS = 100_000;
const LINES = 300;
const DAYS = 731;
const BOARD = '/scm/page/schedule-board';
const LABELS = 180;
/** The day the test scrolls to, near the end of the bars (each line's ~333 bars of 1-3 days reach about day 650-680). */
const FAR_DAY = DAYS - 95;
/** The line (in code order) with the one overlap: above the far view's first line, within the windows read around it. */
const OVERLAP_LINE = LINES - 14;
const HEADER = 40;
const DAY = 48;
let server: RunningServer;
let browser: Browser;
const today = new Date().toISOString().slice(0, 10);
const from = addDays(today, -7);

beforeAll(async () => {
  // On the run's PostgreSQL clone when there is one, else on the embedded copy (harness `prepare`).
  const prepare = async (db: Db) => {
    const seeded = await seedBoardAtScale(db, { lines: LINES, bars: BARS, days: DAYS, from });
    expect(seeded.bars).toBe(BARS);
    // One overlap far from the first view (a second bar on the first day of a bar near the far view's
    // top): the frame counts that line's two sub-rows before its window is read.
    await sql`insert into scm_prodplan_bar (client_id, plan_id, scenario_id, line_id, start_date, end_date, qty, minutes, locked, daily)
      select t.client_id, t.plan_id, null, t.line_id, t.start_date, t.start_date, t.qty, t.minutes, false, null from scm_prodplan_bar t
      where t.line_id = (select id from md_workline where client_id = t.client_id order by code offset ${OVERLAP_LINE} limit 1)
        and t.client_id = (select id from clients where code = 'MAKER01') and t.start_date >= ${from}::date + ${FAR_DAY + 3}::int
      order by t.start_date limit 1`.execute(db);
  };
  [server, browser] = await Promise.all([startServer({}, { prepare }), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Bar = { id: number; line: number; start: string; end: string; x: number; y: number; w: number; h: number; locked: boolean };
const bars = (page: Page): Promise<Bar[]> =>
  page.$$eval('[data-testid=board-bar]', (els) => els.map((e) => ({
    id: Number(e.getAttribute('data-bar-id')), line: Number(e.getAttribute('data-line-id')), start: e.getAttribute('data-start')!, end: e.getAttribute('data-end')!,
    x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')), w: Number(e.getAttribute('data-w')), h: Number(e.getAttribute('data-h')), locked: e.getAttribute('data-locked') === 'true',
  })));

/** The server's bars of some lines over some days (the window read, as the API gives them). */
async function serverBars(page: Page, lines: number[], a: string, b: string): Promise<BoardBar[]> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`${server.url}/api/scmapi/schedule/window?from=${a}&to=${b}&lines=${lines.join(',')}`, { headers: { authorization: `Bearer ${token}` }, timeout: 90_000 });
  return decodeBoardWindow((await res.json()).data as BoardWindow);
}

/** Scrolls the board so that day `day` (index from the range's first) is at its left and the row at `top` (px) at its top. */
async function scrollTo(page: Page, day: number, top: number): Promise<void> {
  await page.evaluate(({ x, y }) => {
    const el = document.querySelector<HTMLElement>('[data-testid=calendar-production-board]')!;
    el.scrollLeft = x;
    el.scrollTop = y;
  }, { x: day * DAY, y: top });
}

const barAt = (page: Page, id: number, start: string) =>
  until(page, ({ id, start }) => document.querySelector(`[data-testid=board-bar][data-bar-id="${id}"]`)?.getAttribute('data-start') === start, { id, start }, { timeout: 15_000 });

describe('scheduling board read by viewport', () => {
  it('reads windows, not the schedule: a far window appears after scrolling; a cascading drag and its undo', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const reads: URL[] = [];
    page.on('request', (r) => { if (r.url().includes('/scmapi/schedule/')) reads.push(new URL(r.url())); });
    await signIn(page, server.url, BOARD, 'maker.planner');
    await page.waitForSelector('[data-testid=board-canvas]');
    await page.waitForSelector('[data-testid=board-bar]', { state: 'attached', timeout: 30_000 });

    // The first reads: the frame, then windows of at most 30 lines over at most 4 x 28 days; no whole-board read.
    expect(reads.some((u) => u.pathname.endsWith('/schedule/board'))).toBe(false);
    const windows = () => reads.filter((u) => u.pathname.endsWith('/schedule/window') && u.searchParams.get('frame') !== '1');
    expect(reads.filter((u) => u.searchParams.get('frame') === '1')).toHaveLength(1);
    const first = windows();
    expect(first.length).toBeGreaterThan(0);
    for (const u of first) {
      expect(u.searchParams.get('lines')!.split(',').length).toBeLessThanOrEqual(30);
      expect(Date.parse(u.searchParams.get('to')!) - Date.parse(u.searchParams.get('from')!)).toBeLessThan(112 * 86_400_000);
    }
    const near = await bars(page);
    expect(near.every((b) => b.start <= addDays(from, 120))).toBe(true);

    // Two years on and down to the last lines: the windows there are read and their bars drawn.
    const rowsNow = () => page.$$eval('[data-testid=board-lines] li', (els) => els.map((e) => ({ id: Number(e.getAttribute('data-line-id')), y: Number(e.getAttribute('data-y')), lanes: Number(e.getAttribute('data-lanes')) })));
    const lineRows = await rowsNow();
    expect(lineRows).toHaveLength(LINES);
    // The frame counted the far overlap: its line is two sub-rows tall before any of its bars is read.
    expect(lineRows.map((r) => r.lanes).filter((n) => n > 1)).toEqual([2]);
    const asked = windows().length;
    // Near the end of the bars, so that the push below moves a few bars.
    const farDay = FAR_DAY;
    await scrollTo(page, farDay, lineRows[LINES - 12].y);
    await until(page, (d) => [...document.querySelectorAll('[data-testid=board-bar]')].some((e) => e.getAttribute('data-start')! >= d), addDays(from, farDay), { timeout: 20_000 });
    // The windows read there (the overlap's among them) left every row where it was: no row grew
    // (`data-y` is in the scrolled box, so rows are compared by their offsets from the first row).
    const offsets = (rows: typeof lineRows) => rows.map((r) => ({ ...r, y: r.y - rows[0].y }));
    const overlapLine = lineRows.find((r) => r.lanes === 2)!.id;
    await until(page, (id) => document.querySelectorAll(`[data-testid=board-bar][data-line-id="${id}"]`).length > 0, overlapLine, { timeout: 20_000 });
    expect(offsets(await rowsNow())).toEqual(offsets(lineRows));
    const later = windows().slice(asked);
    expect(later.length).toBeGreaterThan(0);
    expect(later.some((u) => u.searchParams.get('to')! >= addDays(from, farDay + 10))).toBe(true);
    const shown = (await bars(page)).filter((b) => b.start >= addDays(from, farDay) && b.end <= addDays(from, farDay + 20));
    expect(shown.length).toBeGreaterThan(10);
    // What is drawn there is the server's schedule there.
    const lines = [...new Set(shown.map((b) => b.line))];
    const truth = new Map((await serverBars(page, lines, addDays(from, farDay), addDays(from, farDay + 20))).map((b) => [b.id, b]));
    for (const b of shown) expect(truth.get(b.id), `bar ${b.id}`).toMatchObject({ line_id: b.line, start: b.start, end: b.end });
    await snap(page, 'schedule-board-viewport-01-far-1366-zh');

    // A cascade: a bar dropped one day later onto the next bar of its line, moved with the bars behind it.
    const box = (await (await page.$('[data-testid=board-canvas]'))!.boundingBox())!;
    const inView = (await bars(page)).filter((b) => b.x > LABELS + 60 && b.x + b.w < box.width - 120 && b.y > HEADER + 40 && b.y + b.h < box.height - 40);
    // The next bar starting on a weekday (Monday to Friday): the day both would share has capacity, so the drop overloads it;
    // and the bar's own new start a weekday too (a bar dropped on a rest day starts on the next working day);
    // the next bar not locked (a locked bar stays, and the dropped one goes after it).
    const weekday = (d: string) => { const w = new Date(`${d}T00:00:00Z`).getUTCDay(); return w >= 1 && w <= 5; };
    const pick = inView.filter((b) => !b.locked && weekday(addDays(b.start, 1))).sort((a, b) => b.start.localeCompare(a.start)).map((b) => ({ b, next: inView.find((n) => n.line === b.line && n.start === addDays(b.end, 1) && weekday(n.start) && !n.locked) })).find((p) => p.next);
    expect(pick, 'a bar with the next one of its line in view').toBeTruthy();
    const { b: moved, next } = pick! as { b: Bar; next: Bar };
    const lineBefore = (await serverBars(page, [moved.line], moved.start, addDays(from, DAYS - 1))).filter((x) => x.line_id === moved.line);
    await page.mouse.move(box.x + moved.x + 10, box.y + moved.y + 8);
    await page.mouse.down();
    await page.mouse.move(box.x + moved.x + 14, box.y + moved.y + 10, { steps: 2 });
    await page.mouse.move(box.x + moved.x + 10 + DAY, box.y + moved.y + 8, { steps: 6 });
    await until(page, (s) => document.querySelector('[data-testid=drag-info]')?.getAttribute('data-start') === s, addDays(moved.start, 1));
    await page.mouse.up();
    await page.locator('[data-testid=board-overload-dialog]').waitFor();
    await page.click('[data-testid=board-overload-push]');
    await page.locator('[data-testid=board-overload-dialog]').waitFor({ state: 'detached' });
    await barAt(page, moved.id, addDays(moved.start, 1));
    const lineAfter = (await serverBars(page, [moved.line], moved.start, addDays(from, DAYS - 1))).filter((x) => x.line_id === moved.line);
    const after = new Map(lineAfter.map((x) => [x.id, x]));
    expect(after.get(moved.id)!.start).toBe(addDays(moved.start, 1));
    expect(after.get(next.id)!.start > next.start).toBe(true);
    const sorted = [...lineAfter].sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i++) expect(sorted[i].start > sorted[i - 1].end, `${sorted[i - 1].plan_no} / ${sorted[i].plan_no}`).toBe(true);
    await barAt(page, next.id, after.get(next.id)!.start);

    // Ctrl+Z puts every bar the push moved back (on the board and on the server).
    await page.keyboard.press('Control+z');
    await barAt(page, moved.id, moved.start);
    await barAt(page, next.id, next.start);
    const pushed = lineBefore.filter((x) => after.get(x.id)!.start !== x.start);
    expect(pushed.length).toBeGreaterThanOrEqual(2);
    let back: BoardBar[] = [];
    for (let k = 0; k < 40; k++) {
      back = (await serverBars(page, [moved.line], moved.start, addDays(from, DAYS - 1))).filter((x) => x.line_id === moved.line);
      if (pushed.every((p) => back.find((x) => x.id === p.id)?.start === p.start)) break;
      await page.waitForTimeout(500);
    }
    for (const p of pushed) expect(back.find((x) => x.id === p.id), `bar ${p.id}`).toMatchObject({ start: p.start, end: p.end });
    expect(errors).toEqual([]);
    await context.close();
  }, 420_000);

  it('looks right after scrolling, at 1366 and 1920, in Chinese and English', async () => {
    for (const lang of ['zh', 'en'] as const) {
      for (const width of [1366, 1920]) {
        const context = await browser.newContext({ viewport: { width, height: width === 1366 ? 768 : 1080 } });
        if (lang === 'en') await context.addInitScript(() => localStorage.setItem('language', 'en'));
        const page = await context.newPage();
        await signIn(page, server.url, BOARD, 'maker.planner');
        await page.waitForSelector('[data-testid=board-bar]', { state: 'attached', timeout: 30_000 });
        const y = await page.$eval('[data-testid=board-lines] li:nth-child(31)', (e) => Number(e.getAttribute('data-y')));
        await scrollTo(page, 400, y);
        await until(page, (d) => [...document.querySelectorAll('[data-testid=board-bar]')].some((e) => e.getAttribute('data-start')! >= d), addDays(from, 400), { timeout: 20_000 });
        await page.waitForTimeout(300);
        await snap(page, `schedule-board-viewport-02-scrolled-${width}-${lang}`);
        await context.close();
      }
    }
  }, 180_000);
});
