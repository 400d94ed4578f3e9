import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LateBarReasons, LateReasonsReply } from '../../src/model/late-reasons';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * A late bar names what made it late (issue 31), in Chromium: the maker's planner opens the board, a
 * late bar's tooltip lists its reasons, a click shows them under the board with a link each. The
 * material reason opens the purchase order's drawer, the T&A node opens the order's node timeline,
 * the lock selects the locking bar and brings it into view, the capacity opens the line's settings.
 * Chinese at 1366 x 768 and English at 1920 x 1080, screenshots `late-reasons-*.png`.
 */
const run = serverAndBrowserForFile();
const BOARD = '/scm/page/schedule-board';

async function signedIn(browser: Browser, size: { width: number; height: number }, lang: 'zh' | 'en'): Promise<{ page: Page; errors: string[] }> {
  const ctx = await browser.newContext({ viewport: size });
  if (lang === 'en') await ctx.addInitScript(() => localStorage.setItem('language', 'en'));
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${run.server.url}/login`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', 'maker.planner');
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  return { page, errors };
}

async function lateReasons(page: Page): Promise<LateReasonsReply> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`${run.server.url}/api/scmapi/schedule/late-reasons`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).data as LateReasonsReply;
}

async function openBoard(page: Page): Promise<void> {
  await page.goto(`${run.server.url}${BOARD}`);
  await page.waitForSelector('[data-testid=board-canvas]');
  await page.waitForSelector('[data-testid=board-bar]', { state: 'attached' });
}

/** Scrolls the board to the bar's line and first day (day zoom, 48 px a day) until it is listed in view; its centre on the page. */
async function findBar(page: Page, bar: { bar_id: number; line_id: number; start: string }, from: string): Promise<{ x: number; y: number }> {
  const scroller = page.locator('[data-testid=calendar-production-board]');
  const canvas = (await page.locator('[data-testid=board-canvas]').boundingBox())!;
  const days = Math.round((Date.parse(bar.start) - Date.parse(from)) / 86_400_000);
  const el = page.locator(`[data-testid=board-bar][data-bar-id="${bar.bar_id}"]`);
  // The board reads the windows around the view as it scrolls, and a line grows when a window with
  // overlapping bars arrives: scroll to the line again until the bar is read and listed in view.
  for (let i = 0; i < 40 && !(await el.count()); i++) {
    const lineY = Number(await page.getAttribute(`[data-testid=board-lines] li[data-line-id="${bar.line_id}"]`, 'data-y'));
    await scroller.evaluate((s, p) => s.scrollTo({ left: Math.max(0, p.days * 48 - 200), top: Math.max(0, s.scrollTop + p.lineY - 220) }), { days, lineY });
    await page.waitForTimeout(250);
  }
  await el.waitFor({ state: 'attached' });
  const [x, y, w, h] = await Promise.all(['data-x', 'data-y', 'data-w', 'data-h'].map(async (a) => Number(await el.getAttribute(a))));
  const left = Math.max(x, 200);
  const right = Math.min(x + w, canvas.width - 10);
  return { x: canvas.x + (left + right) / 2, y: canvas.y + y + Math.min(h, 20) / 2 };
}

/**
 * Points at a bar until `shown` holds: a window read while the pointer moves there can grow a line
 * above it and move the bar away, as it would under a planner's pointer, who points again.
 */
async function pointAt(page: Page, bar: LateBarReasons, from: string, shown: (page: Page, timeout: number) => Promise<unknown>, click: boolean): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const at = await findBar(page, bar, from);
    await page.mouse.move(at.x, at.y);
    if (click) {
      await page.mouse.down();
      await page.mouse.up();
    }
    try {
      await shown(page, attempt < 3 ? 5_000 : 20_000);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}

async function select(page: Page, bar: LateBarReasons, from: string): Promise<void> {
  await pointAt(page, bar, from, (p, timeout) => p.waitForSelector(`[data-testid=late-reasons][data-bar-id="${bar.bar_id}"] [data-testid=late-reason]`, { timeout }), true);
}

describe('a late bar names its reason', () => {
  for (const [lang, size] of [['zh', { width: 1366, height: 768 }], ['en', { width: 1920, height: 1080 }]] as const) {
    it(`shows the reasons of a late bar and opens what made it late (${lang}, ${size.width})`, async () => {
      const { page, errors } = await signedIn(run.browser, size, lang);
      await openBoard(page);
      const { bars: late, from } = await lateReasons(page);
      const withKind = (k: string) => late.find((b) => b.reasons[0].kind === k) ?? late.find((b) => b.reasons.some((r) => r.kind === k))!;
      const material = late.find((b) => b.reasons.some((r) => r.kind === 'material' && r.source === 'purchase'))!;
      expect(material).toBeTruthy();
      const po = material.reasons.find((r) => r.kind === 'material' && r.source === 'purchase') as Extract<LateBarReasons['reasons'][number], { kind: 'material' }>;

      // The tooltip names the reasons.
      const tip = page.locator('[data-testid=bar-tip-reasons]');
      await pointAt(page, material, from, (p, timeout) => until(p, (no) => document.querySelector('[data-testid=bar-tip-reasons]')?.textContent?.includes(no), po.po_no!, { timeout }), false);
      expect(await tip.textContent()).toContain(po.po_no!);
      await snap(page, `late-reasons-tooltip-${lang}-${size.width}`);

      // Clicked: the reasons under the board, the decisive first, each with its link.
      await page.mouse.down();
      await page.mouse.up();
      const panel = page.locator(`[data-testid=late-reasons][data-bar-id="${material.bar_id}"]`);
      await panel.locator('[data-testid=late-reason]').first().waitFor();
      expect(await panel.locator('[data-testid=late-reason]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind')))).toEqual(material.reasons.map((r) => r.kind));
      expect(await panel.textContent()).toContain(lang === 'en' ? `Plan ${material.plan_no} is ${material.late_days} day(s) later` : `计划 ${material.plan_no} 晚于交期 ${material.late_days} 天`);
      await snap(page, `late-reasons-panel-${lang}-${size.width}`);

      // Material: the purchase order's drawer.
      await panel.locator('[data-testid=late-reason-open-material]').click();
      await page.waitForURL((u) => u.pathname.endsWith('/purorder') && u.searchParams.get('open') === String(po.purchase_id));
      await until(page, (no) => [...document.querySelectorAll('input')].some((i) => (i as HTMLInputElement).value === no), po.po_no);
      await snap(page, `late-reasons-purchase-order-${lang}-${size.width}`);

      // T&A node: the order's node timeline.
      const node = withKind('node');
      const nr = node.reasons.find((r) => r.kind === 'node') as Extract<LateBarReasons['reasons'][number], { kind: 'node' }>;
      await openBoard(page);
      await select(page, node, from);
      await page.locator(`[data-testid=late-reasons] [data-testid=late-reason-open-node]`).click();
      await page.waitForURL((u) => u.pathname === '/scm/page/node-tracking' && u.searchParams.get('order') === String(nr.order_id));
      await page.locator(`[data-testid=timeline-row-${nr.node_code}]`).waitFor();
      await snap(page, `late-reasons-node-timeline-${lang}-${size.width}`);

      // Lock: the locking bar selected and in view (the toolbar offers to unlock it).
      const lock = withKind('lock');
      const lr = lock.reasons.find((r) => r.kind === 'lock') as Extract<LateBarReasons['reasons'][number], { kind: 'lock' }>;
      await openBoard(page);
      await select(page, lock, from);
      await page.locator('[data-testid=late-reasons] [data-testid=late-reason-open-lock]').click();
      await until(page, (id) => {
        const el = document.querySelector(`[data-testid=board-bar][data-bar-id="${id}"]`);
        return !!el && Number(el.getAttribute('data-x')) >= 0 && Number(el.getAttribute('data-y')) > 0;
      }, lr.bar_id);
      expect(await page.getByRole('button', { name: lang === 'en' ? 'Unlock' : '解锁' }).isEnabled()).toBe(true);
      await snap(page, `late-reasons-lock-${lang}-${size.width}`);

      // Capacity: the line's settings.
      const cap = withKind('capacity');
      const cr = cap.reasons.find((r) => r.kind === 'capacity') as Extract<LateBarReasons['reasons'][number], { kind: 'capacity' }>;
      await openBoard(page);
      await select(page, cap, from);
      await page.locator('[data-testid=late-reasons] [data-testid=late-reason-open-capacity]').click();
      await page.waitForURL((u) => u.pathname.endsWith('/workline') && u.searchParams.get('open') === String(cr.line_id));
      await until(page, (code) => [...document.querySelectorAll('input')].some((i) => (i as HTMLInputElement).value === code), cr.line_code);
      await snap(page, `late-reasons-line-${lang}-${size.width}`);
      expect(errors).toEqual([]);
      await page.context().close();
    }, 240_000);
  }
});
