import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * Plan against actual on the scheduling board (issue 31), in Chromium at 1366 and 1920 px, zh and en.
 * The maker's planner switches the toolbar's 计划/实际 on: the demo's plans under way (scanned day by
 * day by the seed) get their made pieces and forecast ends. A bar forecast to end later than planned
 * has a red diamond on its forecast end's day on the canvas and, selected, its figures in red under the
 * toolbar. A bundle of that plan is then scanned in and out of cutting and sewing (the scan page's
 * route); after a refresh the bar's and its line's actual pieces have grown by the bundle's pieces.
 * Switched off, the figures go away.
 */
const run = serverAndBrowserForFile();
const BOARD = '/scm/page/schedule-board';
const LABELS = 180;
const DAY = 48;

async function signedIn(browser: Browser, username: string, width = 1366, height = 768): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height } });
  const page = await ctx.newPage();
  await signIn(page, run.server.url, '/', username);
  return page;
}

type Tracked = { id: number; plan: number; line: number; actual: number; planned: number; planEnd: string; forecastEnd: string; slip: number };
const tracked = (page: Page): Promise<Tracked[]> =>
  page.$$eval('[data-testid=board-actual-bar]', (els) => els.map((e) => ({
    id: Number(e.getAttribute('data-bar-id')), plan: Number(e.getAttribute('data-plan-id')), line: Number(e.getAttribute('data-line-id')), actual: Number(e.getAttribute('data-actual')),
    planned: Number(e.getAttribute('data-planned-to-date')), planEnd: e.getAttribute('data-plan-end')!, forecastEnd: e.getAttribute('data-forecast-end')!, slip: Number(e.getAttribute('data-slip')),
  })));
const barBox = (page: Page, id: number) => page.$eval(`[data-testid=board-bar][data-bar-id="${id}"]`, (e) => ({
  x: Number(e.getAttribute('data-x')), y: Number(e.getAttribute('data-y')), w: Number(e.getAttribute('data-w')), h: Number(e.getAttribute('data-h')), start: e.getAttribute('data-start')!,
}));
const lineActual = (page: Page, id: number) => page.$eval(`[data-testid=board-actual-lines] li[data-line-id="${id}"]`, (e) => Number(e.getAttribute('data-actual')));
const days = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** The canvas pixel (CSS px relative to the canvas) as [r, g, b]. */
const pixel = (page: Page, x: number, y: number) => page.$eval('[data-testid=board-canvas]', (c, [px, py]) => {
  const dpr = window.devicePixelRatio || 1;
  return Array.from((c as HTMLCanvasElement).getContext('2d')!.getImageData(Math.round(px * dpr), Math.round(py * dpr), 1, 1).data.slice(0, 3));
}, [x, y] as const);

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<{ status: number; data: T }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = method === 'GET'
    ? await page.request.get(`${run.server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
    : await page.request.post(`${run.server.url}${path}`, { headers: { authorization: `Bearer ${token}` }, data: body });
  return { status: res.status(), data: (await res.json()).data as T };
}

/** Scans a bundle of the plan (its last, never scanned by the seed) in and out of cutting and sewing; returns its pieces. */
async function scanBundle(page: Page, planId: number): Promise<number> {
  // The plan's bundles through the generic list (issue 30: the ticket sheet's own read went).
  const sheet = await api<{ rows: { bundle_no: string; qty: number }[] }>(page, 'GET', `/api/scmapi/wo_bundle/page?size=500&f.plan_id.eq=${planId}`);
  const bundle = sheet.data.rows[sheet.data.rows.length - 1];
  const setup = await api<{ processes: { id: number; name: string }[] }>(page, 'GET', '/api/scmapi/workorder/scan-setup');
  for (const name of ['裁剪', '缝制']) {
    const candidates = setup.data.processes.filter((p) => p.name === name);
    let done = false;
    for (const p of candidates) {
      const first = await api(page, 'POST', '/api/scmapi/workorder/scan', { barcode: bundle.bundle_no, process_id: p.id, direction: 'in' });
      if (first.status !== 200) continue;
      expect((await api(page, 'POST', '/api/scmapi/workorder/scan', { barcode: bundle.bundle_no, process_id: p.id, direction: 'out' })).status).toBe(200);
      done = true;
      break;
    }
    expect(done, `scanned through ${name}`).toBe(true);
  }
  return bundle.qty;
}

async function openActual(page: Page): Promise<void> {
  await page.goto(`${run.server.url}${BOARD}`);
  await page.waitForSelector('[data-testid=board-canvas]');
  await page.waitForSelector('[data-testid=board-bar]', { state: 'attached' });
  await page.click('[data-testid=board-actual-toggle]');
  await page.waitForSelector('[data-testid=board-actual-bar]', { state: 'attached' });
}

describe('scheduling board: plan against actual', () => {
  it('shows the running plans’ made pieces and forecast ends; a late forecast in red; scans add to the bar and the line', async () => {
    const page = await signedIn(run.browser, 'maker.planner');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openActual(page);
    expect(await page.getAttribute('[data-testid=board-actual-toggle]', 'aria-pressed')).toBe('true');
    const list = await tracked(page);
    expect(list.length).toBeGreaterThan(0);
    // A bar behind its plan, forecast to end later than planned, in view on the canvas, its forecast end
    // within reach of one horizontal scroll.
    const canvas = (await (await page.$('[data-testid=board-canvas]'))!.boundingBox())!;
    let late: Tracked | undefined;
    let box: Awaited<ReturnType<typeof barBox>> | undefined;
    for (const b of list.filter((x) => x.slip > 0 && x.actual > 0).sort((p, q) => p.slip - q.slip)) {
      const r = await barBox(page, b.id).catch(() => undefined);
      if (r && r.y > 60 && r.y + r.h < canvas.height - 10 && (b.slip + 2) * DAY < canvas.width - LABELS - 160) { late = b; box = r; break; }
    }
    expect(late, JSON.stringify(list.slice(0, 5))).toBeTruthy();
    expect(late!.forecastEnd > late!.planEnd).toBe(true);
    // Scroll so that the bar's end sits near the labels and its forecast end is in view.
    const dx = Math.max(0, box!.x + box!.w - (LABELS + 120));
    if (dx > 0) {
      await page.$eval('[data-testid=calendar-production-board]', (e, d) => e.scrollBy({ left: d }), dx);
      await until(page, ([id, x]) => {
        const e = document.querySelector(`[data-testid=board-bar][data-bar-id="${id}"]`);
        return !!e && Number(e.getAttribute('data-x')) < x - 10;
      }, [late!.id, box!.x] as const);
    }
    const moved = await barBox(page, late!.id);
    const mx = moved.x + (days(moved.start, late!.forecastEnd) + 0.5) * DAY;
    const [r, g, b] = await pixel(page, mx, moved.y + moved.h - 5);
    expect(r, `diamond at ${mx}`).toBeGreaterThan(150);
    expect(g).toBeLessThan(90);
    expect(b).toBeLessThan(90);
    // Selected: its figures under the toolbar, the forecast in red with the days late.
    await page.mouse.click(canvas.x + Math.max(LABELS + 4, Math.min(moved.x + moved.w - 8, moved.x + 6)), canvas.y + moved.y + 6);
    await page.waitForSelector(`[data-testid=board-actual-selected][data-bar-id="${late!.id}"]`);
    const forecast = page.locator('[data-testid=board-actual-forecast]');
    expect(await forecast.textContent()).toContain(`预计完工 ${late!.forecastEnd}`);
    expect(await forecast.textContent()).toContain(`晚 ${late!.slip} 天`);
    expect(await forecast.evaluate((e) => getComputedStyle(e).color)).toBe('rgb(197, 15, 31)');
    expect(await page.textContent('[data-testid=board-actual-selected]')).toContain(`实际 ${late!.actual.toLocaleString()}`);
    await page.mouse.move(5, 5);
    await page.waitForTimeout(200);
    await snap(page, 'board-actual-01-late-forecast-1366-zh');

    // After a bundle is scanned through cutting and sewing, a refresh shows it made.
    const lineBefore = await lineActual(page, late!.line);
    const pieces = await scanBundle(page, late!.plan);
    await page.click('[aria-label="刷新"]');
    await until(page, ([id, n]) => Number(document.querySelector(`[data-testid=board-actual-bar][data-bar-id="${id}"]`)?.getAttribute('data-actual')) === n, [late!.id, late!.actual + pieces] as const, { timeout: 15_000 });
    expect(await lineActual(page, late!.line)).toBe(lineBefore + pieces);

    // Off: no figures.
    await page.click('[data-testid=board-actual-toggle]');
    expect(await page.$('[data-testid=board-actuals]')).toBeNull();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('looks right at 1920 px in zh and en', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const page = await signedIn(run.browser, 'maker.planner', 1920, 1080);
      if (lang === 'en') await page.evaluate(() => localStorage.setItem('language', 'en'));
      await openActual(page);
      await page.waitForSelector('[data-testid=board-actuals]');
      const legend = await page.textContent('[data-testid=board-actuals]');
      expect(legend).toContain(lang === 'en' ? 'Forecast end later than planned' : '预计完工晚于计划');
      await snap(page, `board-actual-02-overview-1920-${lang}`);
      await page.context().close();
    }
  });
});
