/**
 * B8 in the browser (issue 13 on PGlite, issue 34 on PostgreSQL): the maker's manager signed in
 * through the spec 9 storage keys in a fresh Chromium context (1920 x 1080, empty cache), timed
 * from the navigation's start to the frame that shows every widget of the tower drawn (a chart below
 * the window, drawn when seen or idle, counts as drawn with its box kept; `everyChartDrawn` times
 * the last of them); and a
 * drill-down as a manager makes it, a click on the funnel's first step, timed from the click to the
 * frame that shows the list's first rows.
 */
import { resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const ROUTE = '/visual/control-tower';

export type Session = { access_token: string; expire: number; refresh_token: string; refresh_expire: number; username: string; menus?: Array<{ children: Array<{ CODE: string }> }> };

/** A signed-in session kept where the browser keeps it (spec 9's keys), for every page of `context`. */
export async function storeSessionIn(context: BrowserContext, s: Pick<Session, 'access_token' | 'expire' | 'refresh_token' | 'refresh_expire' | 'username'>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  const keys = { token: s.access_token, tokenexpire: String(now + s.expire), refreshtoken: s.refresh_token, refreshexpire: String(now + s.refresh_expire), username: s.username };
  await context.addInitScript((k: Record<string, string>) => {
    for (const [key, value] of Object.entries(k)) localStorage.setItem(key, value);
  }, keys);
}

/** Signs `username` in on the server at `url` (the demo password). */
export async function signIn(url: string, username: string): Promise<Session> {
  const res = await fetch(`${url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  const body = (await res.json()) as { code: number; data: Session };
  if (body.code !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  return body.data;
}

/**
 * What a visit measured: the first paint, the widgets drawn, `then`'s result on the drawn tower, and
 * the page's API calls of the visit, slowest first (path and ms from request to response end).
 */
export type Visit<T> = { ms: number; widgets: number; then: T | undefined; calls: Array<{ path: string; ms: number }> };

/**
 * One visit of the tower in a fresh context: ms from the navigation's start to the frame showing
 * every widget drawn; then `then` runs on that page; with `settle`, the context closes only once the
 * page's calls have all ended (a call still running on the server would slow the next visit).
 */
export async function visitTower<T = never>(browser: Browser, url: string, s: Session, raw: boolean, then?: (page: Page) => Promise<T>, settle = false): Promise<Visit<T>> {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const calls: Visit<T>['calls'] = [];
  context.on('requestfinished', (r) => {
    const u = new URL(r.url());
    if (u.pathname.startsWith('/api/')) calls.push({ path: u.pathname, ms: r.timing().responseEnd });
  });
  try {
    await storeSessionIn(context, s);
    // A frame loop in the page notes the first frame after the one in which every widget is drawn.
    // (A script text: tsx would wrap named functions with a helper the page does not have.)
    await context.addInitScript({
      content: `(() => {
        const tick = () => {
          const tower = document.querySelector('[data-testid=control-tower]');
          const widgets = tower ? Array.from(tower.querySelectorAll("[data-testid^=widget-][data-report]")) : [];
          // A widget is drawn when its spinner is gone and each chart box in it holds its canvas, or is
          // kept for later below the window (data-drawn="0"): a box whose chart is still being created counts as not drawn.
          const drawn = tower && tower.getAttribute('data-loaded') === '1' && widgets.length > 0 && widgets.every((x) => !x.querySelector('.fui-Spinner') && Array.from(x.querySelectorAll('[data-chart-kind]')).every((b) => b.getAttribute('data-drawn') === '0' || b.querySelector('canvas')));
          if (drawn) requestAnimationFrame(() => { window.__b8 = { ms: performance.now(), widgets: widgets.length }; });
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
        // Charts below the window are drawn when seen or idle (use-draw-when-seen.ts): when the last is.
        const all = () => {
          const tower = document.querySelector('[data-testid=control-tower]');
          // Every chart's box (a build before the lazy charts has the same box, data-chart-kind) holds its canvas.
          const boxes = tower && window.__b8 ? Array.from(tower.querySelectorAll('[data-chart-kind]')) : [];
          if (boxes.length && boxes.every((b) => b.querySelector('canvas'))) requestAnimationFrame(() => { window.__b8all = performance.now(); });
          else requestAnimationFrame(all);
        };
        requestAnimationFrame(all);
      })();`,
    });
    const page = await context.newPage();
    await page.goto(`${url}${ROUTE}${raw ? '?source=raw' : ''}`, { waitUntil: 'commit' });
    try {
      const handle = await page.waitForFunction(() => (window as unknown as { __b8?: { ms: number; widgets: number } }).__b8 ?? null, undefined, { polling: 100, timeout: 120_000 });
      const painted = (await handle.jsonValue()) as { ms: number; widgets: number };
      const after = then ? await then(page) : undefined;
      if (settle) await page.waitForLoadState('networkidle', { timeout: 300_000 }).catch(() => undefined);
      return { ...painted, then: after, calls: [...calls].sort((a, b) => b.ms - a.ms) };
    } catch (e) {
      // What the page shows when it never finished drawing.
      await page.screenshot({ path: resolve('screenshots/b8-timeout.png') }).catch(() => undefined);
      const state = await page.evaluate(() => ({
        url: location.href,
        loaded: document.querySelector('[data-testid=control-tower]')?.getAttribute('data-loaded') ?? null,
        widgets: [...document.querySelectorAll("[data-testid^=widget-][data-report]")].map((w) => `${w.getAttribute('data-testid')}:${w.querySelector('canvas') ? 'chart' : w.querySelector('.fui-Spinner') ? 'spinner' : 'text'}`),
      }));
      throw new Error(`the tower did not finish drawing: ${JSON.stringify(state)}; ${String(e)}`);
    }
  } finally {
    await context.close();
  }
}

/** Ms from the navigation's start to the frame in which every chart of the tower is drawn, below the window too. */
export async function everyChartDrawn(page: Page): Promise<number> {
  const handle = await page.waitForFunction(() => (window as unknown as { __b8all?: number }).__b8all ?? null, undefined, { polling: 100, timeout: 120_000 });
  return (await handle.jsonValue()) as number;
}

/** A drill-down from the drawn tower: its time from the click to the frame with the list's first rows, its address and rows shown. */
export type DrillVisit = { ms: number; url: string; rows: number };

/**
 * Clicks the funnel's first step (pending orders of the range, near the chart's top) and times, in
 * the page, from the pointer going down to the frame after the one showing the list's first rows.
 */
export async function drillFromFunnel(page: Page): Promise<DrillVisit> {
  await page.evaluate(`(() => {
    const d = (window.__drill = { clickAt: null, rowsAt: null });
    document.addEventListener('pointerdown', () => { d.clickAt = d.clickAt ?? performance.now(); }, true);
    const tick = () => {
      const shown = location.pathname.startsWith('/page/subindex/') && document.querySelector('.ag-row[row-index]');
      if (d.clickAt !== null && shown) requestAnimationFrame(() => { d.rowsAt = performance.now(); });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })();`);
  const box = await page.locator('[data-testid=chart-funnel]').boundingBox();
  if (!box) throw new Error('the tower has no funnel to drill from');
  await page.mouse.click(box.x + box.width / 2, box.y + 40);
  const handle = await page.waitForFunction(() => {
    const d = (window as unknown as { __drill?: { clickAt: number | null; rowsAt: number | null } }).__drill;
    return d && d.rowsAt !== null && d.clickAt !== null ? d.rowsAt - d.clickAt : null;
  }, undefined, { polling: 50, timeout: 60_000 });
  const ms = (await handle.jsonValue()) as number;
  const rows = await page.$$eval('.ag-row[row-index]', (els) => new Set(els.map((r) => r.getAttribute('row-index'))).size);
  return { ms, url: new URL(page.url()).pathname + new URL(page.url()).search, rows };
}
