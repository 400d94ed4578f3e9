import { sql } from 'kysely';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../calendars/capacity';
import type { Db } from '../../src/server/db/database';
import { materialGates } from '../../src/server/services/planning/planning.schedule-inputs';
import { launchBrowser, snap, startServer, type RunningServer } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * A move that would start a plan before its material is in (issue 31), in Chromium: the maker's
 * planner drops a bar two days later while its fabric's purchase order (written beforehand by SQL:
 * confirmed, due twelve days after the bar's start, not received) still holds it. The board asks: the
 * day dropped on, the day the material is in, the purchase order that holds it with a link. Cancel
 * changes nothing; "start when ready" asks about the overload the move makes from that day (the days
 * after the bar's end are full on its line) and, moved anyway, puts the bar on the purchase order's day, Ctrl+Z puts it back;
 * "keep" puts it on the planner's day, and its redo is not asked again. In Chinese at 1366 x 768 with
 * a drop of the pointer, in English at 1920 x 1080 from the keyboard, where the link opens the purchase
 * order. Screenshots `board-material-*.png`.
 */
const BOARD = '/scm/page/schedule-board';
const DAY = 48;
const LABELS = 180;
const PO_NO = 'PO-E2E-GATE';
let server: RunningServer;
let browser: Browser;
const today = new Date().toISOString().slice(0, 10);
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
/** The bar the planner moves (alone on its plan, unlocked, ahead of today), its plan's purchase order and due day. */
let target: { id: number; line_id: number; start: string; end: string };
let poId = 0;
let eta = '';

beforeAll(async () => {
  const prepare = async (db: Db) => {
    const maker = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id;
    const candidates = (await sql<{ id: number; plan_id: number; line_id: number; start_date: Date; end_date: Date; style_no: string; category: string }>`
      select t.id, t.plan_id, t.line_id, t.start_date, t.end_date, p.style_no, p.category from scm_prodplan_bar t join scm_prodplan p on p.id = t.plan_id and p.client_id = t.client_id
      where t.client_id = ${maker} and t.scenario_id is null and t.locked is not true and t.start_date between ${addDays(today, 3)}::date and ${addDays(today, 20)}::date
        and (select count(*) from scm_prodplan_bar x where x.plan_id = t.plan_id and x.scenario_id is null) = 1
      order by t.start_date, t.id`.execute(db)).rows;
    // One whose plan no open purchase order holds yet (its own material date is set aside below).
    const gates = await materialGates(db, maker, candidates.map((b) => b.plan_id));
    const bar = candidates.find((b) => gates.get(b.plan_id)?.held_by.source !== 'purchase')!;
    expect(bar, 'a bar of its own ahead, not held by a purchase order').toBeTruthy();
    target = { id: bar.id, line_id: bar.line_id, start: day(bar.start_date), end: day(bar.end_date) };
    eta = addDays(target.start, 12);
    await sql`update scm_prodplan set material_ready_date = null where id = ${bar.plan_id}`.execute(db);
    const mat = (await sql<{ id: number }>`insert into md_material (client_id, code, name) values (${maker}, 'E2E-GATE-FAB', '汕头针织布') returning id`.execute(db)).rows[0];
    let style = (await sql<{ id: number }>`select id from dev_style where client_id = ${maker} and code = ${bar.style_no}`.execute(db)).rows[0];
    if (!style) style = (await sql<{ id: number }>`insert into dev_style (client_id, code, name, category) values (${maker}, ${bar.style_no}, ${bar.style_no}, ${bar.category}) returning id`.execute(db)).rows[0];
    await sql`insert into dev_style_bom (client_id, style_id, material_id, consumption) values (${maker}, ${style.id}, ${mat.id}, 1.2)`.execute(db);
    const vendor = (await sql<{ id: number }>`select id from md_vendor where client_id = ${maker} order by id limit 1`.execute(db)).rows[0];
    poId = (await sql<{ id: number }>`insert into pur_order (client_id, po_no, order_kind, status, delivery_date, vendor_id) values (${maker}, ${PO_NO}, 'material', 'confirmed', ${eta}, ${vendor?.id ?? null}) returning id`.execute(db)).rows[0].id;
    await sql`insert into pur_order_line (client_id, order_id, material_id, qty, received_qty, unit, seq) values (${maker}, ${poId}, ${mat.id}, 800, 0, 'KG', 1)`.execute(db);
    // The twelve days after the bar's end are full on its line (another plan's bar of 100,000 pieces):
    // started on the material's day, the bar runs into them, and "start when ready" asks about that as
    // a drop there would.
    const other = (await sql<{ id: number }>`select id from scm_prodplan where client_id = ${maker} and id <> ${bar.plan_id} order by id limit 1`.execute(db)).rows[0];
    await sql`insert into scm_prodplan_bar (client_id, plan_id, line_id, start_date, end_date, qty, minutes, locked) values (${maker}, ${other.id}, ${bar.line_id}, ${addDays(target.end, 1)}, ${addDays(target.end, 12)}, 100000, 1000000, true)`.execute(db);
  };
  [server, browser] = await Promise.all([startServer({}, { prepare }), launchBrowser()]);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function open(size: { width: number; height: number }, lang: 'zh' | 'en'): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: size });
  if (lang === 'en') await ctx.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await signIn(page, server.url, BOARD, 'maker.planner');
  await page.waitForSelector('[data-testid=board-canvas]');
  await page.waitForSelector('[data-testid=board-bar]', { state: 'attached', timeout: 30_000 });
  return { page, errors };
}

/** The server's bar. */
async function serverBar(page: Page): Promise<{ start: string; line_id: number; version: number }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`${server.url}/api/scmapi/schedule/board?from=${addDays(today, -7)}&to=${addDays(today, 60)}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()).data.bars as { id: number; start: string; line_id: number; version: number }[]).find((b) => b.id === target.id)!;
}

/** The bar's attributes in the board's list of bars in view, read at once (the list is drawn again when the view rests, so an item found may be gone a moment later); null when it is not listed. */
async function listedBar(page: Page): Promise<{ x: number; y: number; w: number; h: number; start: string } | null> {
  return page.evaluate((id) => {
    const e = document.querySelector(`[data-testid=board-bar][data-bar-id="${id}"]`);
    if (!e) return null;
    const n = (a: string) => Number(e.getAttribute(a));
    return { x: n('data-x'), y: n('data-y'), w: n('data-w'), h: n('data-h'), start: e.getAttribute('data-start') ?? '' };
  }, target.id);
}

/** Scrolls the bar's line and first day (or `at`, the day it is awaited on) into view (day zoom) until it is listed there; its rectangle relative to the canvas. */
async function findBar(page: Page, at?: string): Promise<{ x: number; y: number; w: number; h: number; start: string }> {
  const scroller = page.locator('[data-testid=calendar-production-board]');
  const from = addDays(today, -7);
  for (let i = 0; i < 60; i++) {
    const seen = await listedBar(page);
    if (seen && (!at || seen.start === at) && seen.x >= 240 && seen.y > 60 && seen.y < 400) return seen;
    const days = Math.round((Date.parse(at ?? seen?.start ?? target.start) - Date.parse(from)) / 86_400_000);
    const lineY = await page.evaluate((line) => Number(document.querySelector(`[data-testid=board-lines] li[data-line-id="${line}"]`)?.getAttribute('data-y') ?? 160), target.line_id);
    await scroller.evaluate((s, p) => s.scrollTo({ left: Math.max(0, p.days * 48 - 240), top: Math.max(0, s.scrollTop + p.lineY - 160) }), { days, lineY });
    await page.waitForTimeout(250);
  }
  // Not where it was wanted after 60 scrolls: where it is listed, as the drag will find it.
  for (let i = 0; i < 100; i++) {
    const seen = await listedBar(page);
    if (seen) return seen;
    await page.waitForTimeout(100);
  }
  throw new Error(`bar ${target.id} is not listed in view`);
}

/** The bar is drawn from `start` (scrolled into view there). */
async function barAt(page: Page, start: string): Promise<void> {
  await findBar(page, start);
  await until(page, ({ id, start }) => document.querySelector(`[data-testid=board-bar][data-bar-id="${id}"]`)?.getAttribute('data-start') === start, { id: target.id, start }, { timeout: 15_000 });
}

/** Drags the bar `days` days along its line with the pointer and drops it; answers "move anyway" if the drop would overload the line. */
async function dropBy(page: Page, days: number): Promise<string> {
  const box = (await page.locator('[data-testid=board-canvas]').boundingBox())!;
  const b = await findBar(page);
  const to = addDays(b.start, days);
  const x = box.x + Math.max(b.x, LABELS + 4) + 12;
  const y = box.y + b.y + Math.min(b.h, 20) / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 4, y + 2, { steps: 2 });
  await page.mouse.move(x + days * DAY, y, { steps: 8 });
  await until(page, (start) => document.querySelector('[data-testid=drag-info]')?.getAttribute('data-start') === start, to);
  await page.mouse.up();
  await answerOverload(page);
  return to;
}

/** An overload question before the material one (the demo's lines are full): moved anyway. */
async function answerOverload(page: Page): Promise<void> {
  const asked = await Promise.race([
    page.waitForSelector('[data-testid=board-overload-dialog]', { timeout: 15_000 }).then(() => 'overload' as const),
    page.waitForSelector('[data-testid=board-material-dialog]', { timeout: 15_000 }).then(() => 'material' as const),
  ]).catch(() => null);
  if (asked === 'overload') await page.click('[data-testid=board-overload-anyway]');
}

describe('scheduling board: a move before the material is in', () => {
  it('asks with the purchase order that holds it; cancel, the ready day with undo, and the planner\'s day are kept (zh, 1366)', async () => {
    const { page, errors } = await open({ width: 1366, height: 768 }, 'zh');
    const version = (await serverBar(page)).version;
    const dialog = page.locator('[data-testid=board-material-dialog]');

    // Dropped two days later: still ten days before the fabric is due. Asked.
    const to = await dropBy(page, 2);
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-gate')).toBe(eta);
    expect(await dialog.getAttribute('data-start')).toBe(to);
    expect(await dialog.getAttribute('data-po')).toBe(PO_NO);
    const text = (await dialog.textContent())!;
    expect(text).toContain('物料未齐套');
    expect(text).toContain(`将于 ${to} 开工，但物料 ${eta} 才齐套，提前了 10 天`);
    expect(text).toContain(`卡在采购单 ${PO_NO}（汕头针织布）`);
    expect(await page.locator('[data-testid=board-material-gate]').textContent()).toBe(`齐套日 ${eta} 开工`);
    expect(await page.locator('[data-testid=board-material-keep]').textContent()).toBe(`仍按 ${to} 开工`);
    await page.waitForTimeout(400); // the dialog's fade-in
    await snap(page, 'board-material-01-asked-1366-zh');

    // Cancel: nothing changes, on the board or on the server.
    await page.click('[data-testid=board-material-cancel]');
    await dialog.waitFor({ state: 'detached' });
    await barAt(page, target.start);
    expect(await serverBar(page)).toMatchObject({ start: target.start, version });

    // Start when ready: that day overloads the line, and the board asks as a drop there does; moved
    // anyway, the bar goes to the purchase order's day; Ctrl+Z puts it back.
    await dropBy(page, 2);
    await dialog.waitFor();
    await page.click('[data-testid=board-material-gate]');
    const overload = page.locator('[data-testid=board-overload-dialog]');
    await overload.waitFor();
    // The full days the bar now runs into are among them (the demo's lines may be full elsewhere too), none before the material's day.
    const asked = (await overload.getAttribute('data-days'))!.split(',');
    expect(asked.some((d) => d > target.end && d <= addDays(target.end, 12)), asked.join(',')).toBe(true);
    expect(asked.every((d) => d >= eta), asked.join(',')).toBe(true);
    expect(await serverBar(page)).toMatchObject({ start: target.start, version });
    await page.waitForTimeout(400);
    await snap(page, 'board-material-02a-ready-day-overloads-1366-zh');
    await page.click('[data-testid=board-overload-anyway]');
    await barAt(page, eta);
    expect((await serverBar(page)).start).toBe(eta);
    await snap(page, 'board-material-02-at-ready-day-1366-zh');
    await page.keyboard.press('Control+z');
    await barAt(page, target.start);
    expect((await serverBar(page)).start).toBe(target.start);

    // Keep the planner's day: kept; undone and redone without being asked again.
    const kept = await dropBy(page, 2);
    await dialog.waitFor();
    await page.click('[data-testid=board-material-keep]');
    await barAt(page, kept);
    expect((await serverBar(page)).start).toBe(kept);
    await page.keyboard.press('Control+z');
    await barAt(page, target.start);
    await page.keyboard.press('Control+y');
    await barAt(page, kept);
    expect(await dialog.count()).toBe(0);
    expect((await serverBar(page)).start).toBe(kept);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('asks in English from the keyboard, and the link opens the purchase order (en, 1920)', async () => {
    const { page, errors } = await open({ width: 1920, height: 1080 }, 'en');
    const was = (await serverBar(page)).start;
    const b = await findBar(page);
    const box = (await page.locator('[data-testid=board-canvas]').boundingBox())!;
    // Selected with a click, moved a day earlier with the arrow key, committed with Enter.
    await page.mouse.click(box.x + Math.max(b.x, LABELS + 4) + 12, box.y + b.y + Math.min(b.h, 20) / 2);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await answerOverload(page);
    const to = addDays(was, -1);
    const dialog = page.locator('[data-testid=board-material-dialog]');
    await dialog.waitFor();
    expect(await dialog.getAttribute('data-start')).toBe(to);
    const text = (await dialog.textContent())!;
    expect(text).toContain('Material not ready');
    expect(text).toContain(`would start on ${to}, but its material is ready only on ${eta}`);
    expect(text).toContain(`Held by purchase order ${PO_NO} (汕头针织布): due ${eta}`);
    expect(await page.locator('[data-testid=board-material-keep]').textContent()).toBe(`Keep ${to}`);
    expect(await page.locator('[data-testid=board-material-gate]').textContent()).toBe(`Start when ready, ${eta}`);
    await page.waitForTimeout(400);
    await snap(page, 'board-material-03-asked-1920-en');

    // The purchase order that holds the plan opens in its drawer; the bar did not move.
    await page.click('[data-testid=board-material-open]');
    await page.waitForURL((u) => u.pathname.endsWith('/purorder') && u.searchParams.get('open') === String(poId));
    await until(page, (no) => [...document.querySelectorAll('input')].some((i) => (i as HTMLInputElement).value === no), PO_NO);
    await snap(page, 'board-material-04-purchase-order-1920-en');
    expect((await serverBar(page)).start).toBe(was);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 240_000);
});
