import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowserForFile, snap } from './support/harness';
import { alertField, alertMeasured, alertRow, pageApi, signInToShell, unreadCount, until } from './support/steps';

/**
 * Issue 34's "done when" to the letter, in Chromium: the maker's manager builds a tile in the
 * designer over production output (pieces scanned out of one style, reports/production-output) and
 * sets an alert on it from the tile's bell on the tower; the planner, in a browser of her own, scans
 * a bundle in and out on the scan station (the keyboard-wedge flow): the manager's tower tile moves
 * and her bell rings without a reload, once (a second bundle out keeps it across: measured, not
 * told again); the manager opens the drill-down from the bell: the scan records with exactly the
 * tile's filters, whose pieces add up to the tile's figure. Then the same in the English interface
 * at 1920. Screenshots `scan-alert-*` (zh at 1366, en at 1920).
 */
const run = serverAndBrowserForFile();
// A retry of the first test names its tile and alert afresh: the failed attempt's may be saved.
let TILE = 'E2E 本款出站件数';
let ALERT = 'E2E 扫描出站预警';
let attempt = 0;
type Row = Record<string, unknown>;
const api = pageApi;

async function pick(page: Page, testId: string, option: string) {
  await page.click(`[data-testid=${testId}]`);
  await page.click(`[role=option]:has-text("${option}")`);
}
const alertNotices = async (page: Page): Promise<number> =>
  (await api<{ rows: Array<{ kind: string; title: string }> }>(page, '/notifyapi/notify-msg/index?page=1&size=100')).rows.filter((n) => n.kind === 'alert.fired' && n.title.includes(ALERT)).length;

/** The drill-down grid's rows (each once, whatever its pinned copies) and the sum of their pieces. */
const gridPieces = (page: Page) =>
  page.evaluate(() => {
    const byRow = new Map<string, number>();
    for (const cell of document.querySelectorAll('.ag-row[row-index] [col-id="qty"]')) byRow.set(cell.closest('.ag-row')!.getAttribute('row-index')!, Number((cell.textContent ?? '').replace(/[^\d.-]/g, '')));
    return { rows: byRow.size, pieces: [...byRow.values()].reduce((a, b) => a + b, 0) };
  });

/**
 * A scheduled plan of a style nothing was scanned out of yet, its work orders made and released and
 * its bundles cut (the planner's API: the screens for these steps are the work order e2e's).
 */
async function planToScan(page: Page): Promise<{ style: string; process: string; bundles: Array<{ bundle_no: string; qty: number }> }> {
  const scanned = (await api<{ rows: Row[] }>(page, '/rptapi/report/production-output/run?group=style')).rows.map((r) => String(r.style ?? ''));
  const plans = (await api<{ rows: Row[] }>(page, '/scmapi/prodplan/page?size=200')).rows;
  const withWo = new Set((await api<{ rows: Row[] }>(page, '/scmapi/workorder/page?size=500')).rows.map((r) => Number(r.plan_id)));
  const plan = plans.find((p) => p.status === 'scheduled' && !withWo.has(Number(p.id)) && p.style_no && Number(p.qty) >= 40 && !scanned.some((s) => s.toUpperCase().includes(String(p.style_no).toUpperCase())))!;
  expect(plan, 'a scheduled plan of a style with no scans out').toBeTruthy();
  await api(page, '/scmapi/prodplan/action/work_orders', { id: plan.id });
  const wos = (await api<{ rows: Row[] }>(page, `/scmapi/workorder/page?size=50&f.plan_id.eq=${String(plan.id)}&sort=sequence`)).rows;
  await api(page, '/scmapi/workorder/action/release', { ids: wos.map((w) => w.id) });
  await api(page, '/scmapi/workorder/action/bundles', { id: wos[0].id, bundle_size: 20 });
  // The plan's bundles through the generic list (issue 30: the ticket sheet's own read went; the tickets are the bundle page's labels).
  const bundles = (await api<{ rows: Array<{ bundle_no: string; qty: number; style_no: string | null }> }>(page, `/scmapi/wo_bundle/page?size=500&f.plan_id.eq=${String(plan.id)}`)).rows;
  expect(bundles.length).toBeGreaterThanOrEqual(2);
  expect(bundles.slice(0, 2).every((b) => b.style_no === plan.style_no)).toBe(true);
  return { style: String(plan.style_no), process: String(wos[0].process_id__label), bundles };
}

/** One bundle scanned in (F2) and out (F3) of a process on the scan station, as the scanner types. */
async function scanInAndOut(page: Page, process: string, code: string): Promise<void> {
  const box = page.locator('[data-testid=scan-barcode]');
  await page.selectOption('[data-testid=scan-process]', { label: (await page.locator('[data-testid=scan-process] option', { hasText: process }).first().textContent()) ?? process });
  for (const key of ['F2', 'F3'] as const) {
    await page.keyboard.press(key);
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await until(page, (c) => document.querySelector('[data-testid=scan-result]')?.textContent?.includes(c) && (document.querySelector('[data-testid=scan-barcode]') as HTMLInputElement | null)?.value === '', code, { timeout: 20_000 });
    expect(await page.getAttribute('[data-testid=scan-result]', 'data-result')).toBe('ok');
  }
}

describe("a planner's scan fires a designed tile's alert to the manager's bell", () => {
  let tileId = 0;
  let figure = 0;
  let filters: Record<string, string> = {};

  it('the manager builds the tile and sets the alert; the planner scans; the bell rings once; the drill-down adds up to the tile', async () => {
    attempt += 1;
    if (attempt > 1) [TILE, ALERT] = [`E2E 本款出站件数 ${attempt}`, `E2E 扫描出站预警 ${attempt}`];
    const managerCtx = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const plannerCtx = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const manager = await managerCtx.newPage();
    const planner = await plannerCtx.newPage();
    const errors: string[] = [];
    manager.on('pageerror', (e) => errors.push(e.message));
    planner.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(manager, run.server.url, 'maker');
    await signInToShell(planner, run.server.url, 'maker.planner');
    const { style, process, bundles } = await planToScan(planner);

    // The designer: pieces scanned out (sum) of the style, as a number.
    await manager.goto(`${run.server.url}/rpt/page/tiles`);
    await manager.waitForSelector('[data-testid=tiles-page] [data-testid=action-create]:not([disabled])', { timeout: 30_000 });
    await manager.click('[data-testid=tiles-page] [data-testid=action-create]');
    await manager.waitForSelector('[data-testid=tile-drawer] [data-testid=tile-measure]:not([disabled])', { timeout: 30_000 });
    await manager.fill('[data-testid=tile-drawer] [data-testid=entity-form] [data-field=name] input', TILE);
    await pick(manager, 'tile-report', '生产产出（扫描出站）');
    await pick(manager, 'tile-measure', '出站件数');
    await pick(manager, 'tile-chart', '数字与趋势');
    await manager.fill('[data-testid=tile-drawer] [data-testid=filter-style_no] input', style);
    await manager.waitForSelector('[data-testid=tile-preview][data-loading="0"] [data-testid=tile-preview-view-number][data-value="0"]', { timeout: 30_000 });
    await snap(manager, 'scan-alert-01-designer-zh-1366');
    await manager.click('[data-testid=tile-save]');
    await manager.waitForSelector('[data-testid=tile-drawer]', { state: 'detached', timeout: 20_000 });
    const tile = (await api<{ rows: Array<{ id: number; name: string; filters: Record<string, string> }> }>(manager, '/rptapi/tiles')).rows.find((x) => x.name === TILE)!;
    tileId = tile.id;
    expect(tile.filters).toEqual({ 'f.style_no.like': style });

    // The tile's bell on the tower: an alert above 0 pieces, for herself.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector(`[data-testid=tile-${tileId}-alert]`, { timeout: 30_000 });
    await manager.click(`[data-testid=tile-${tileId}-alert]`);
    await manager.waitForURL(/\/rpt\/page\/alerts/);
    await manager.waitForSelector('[data-testid=alert-drawer] [data-testid=alert-tile-figure]', { timeout: 20_000 });
    expect(await manager.textContent('[data-testid=alert-tile]')).toContain(TILE);
    await manager.fill(alertField('name', 'input'), ALERT);
    await manager.fill('[data-testid=alert-threshold]', '0');
    // The figure now first: its bar comes in above the recipients and moves them down. Under load it
    // came between the click's aim and the click, which then missed the picker: the input was focused
    // by the fill but its list stayed closed (its options in the page, never shown).
    await manager.waitForSelector('[data-testid=alert-preview]:has-text("当前值：0")', { timeout: 20_000 });
    await manager.click(alertField('recipient_users', 'input'));
    await manager.waitForSelector(`${alertField('recipient_users', 'input')}[aria-expanded=true]`, { timeout: 10_000 });
    await manager.fill(alertField('recipient_users', 'input'), '工厂');
    await manager.locator('[role=menuitemcheckbox]', { hasText: '工厂管理员' }).click();
    await manager.keyboard.press('Escape');
    await snap(manager, 'scan-alert-02-alert-drawer-zh-1366');
    await manager.click('[data-testid=alert-save]');
    await manager.waitForSelector('[data-testid=alert-drawer]', { state: 'detached' });
    expect(await (await alertRow(manager, ALERT)).locator('[col-id=alert_state]').textContent()).toContain('未触发');

    // The manager watches the tower; the planner scans the first bundle in and out of the first process.
    await manager.goto(`${run.server.url}/visual/control-tower`);
    await manager.waitForSelector(`[data-testid=tile-${tileId}][data-value="0"]`, { timeout: 30_000 });
    await planner.goto(`${run.server.url}/zp/prodmgm/index/vfscanvalidate`);
    await planner.waitForSelector('[data-testid=scan-barcode]');
    const bellBefore = await unreadCount(manager);
    const t0 = Date.now();
    await scanInAndOut(planner, process, bundles[0].bundle_no);
    await snap(planner, 'scan-alert-03-scan-station-zh-1366');
    await until(manager, (n) => Number(document.querySelector('[data-testid=unread-count]')?.textContent ?? '0') > n, bellBefore, { timeout: 60_000 });
    const rang = Date.now() - t0;
    expect(rang).toBeLessThan(60_000);
    console.log(`scan alert: the planner's scan out to the manager's bell in ${rang} ms`);
    // The alert's toast has come in over the tower with the bell (waited for first: it fades after a
    // while, and under load the tile's move below can take longer than the toast stays).
    await until(manager, () => [...document.querySelectorAll('[data-testid^=toast-]')].some((x) => x.textContent?.includes('预警') && getComputedStyle(x.closest('.fui-Toast, [data-testid^=toast-]')!).opacity === '1'), undefined, { timeout: 10_000 });
    // The tower's tile moved without a reload (the dataset's socket message).
    await manager.waitForSelector(`[data-testid=tile-${tileId}][data-value="${bundles[0].qty}"]`, { timeout: 20_000 });
    expect(await alertNotices(manager)).toBe(1);
    await snap(manager, 'scan-alert-04-tower-fired-zh-1366');

    // A second bundle out keeps it above the line: measured, not told again.
    await scanInAndOut(planner, process, bundles[1].bundle_no);
    figure = bundles[0].qty + bundles[1].qty;
    await alertMeasured(manager, { name: ALERT }, figure);
    await manager.waitForSelector(`[data-testid=tile-${tileId}][data-value="${figure}"]`, { timeout: 20_000 });
    expect(await alertNotices(manager)).toBe(1);

    // From the bell to the tile's drill-down: the scans out of the style, adding up to the tile.
    await manager.click('[data-testid=unread-bell]');
    const notice = manager.locator('[data-testid=notice-item]', { hasText: `预警：${ALERT}` });
    await notice.first().waitFor();
    expect(await notice.count()).toBe(1);
    expect(await notice.textContent()).toContain(`${TILE}为 ${bundles[0].qty}，高于 0。`);
    await until(manager, () => getComputedStyle(document.querySelector('[data-testid=notice-list]')!.closest('.fui-PopoverSurface')!).opacity === '1');
    await snap(manager, 'scan-alert-05-bell-zh-1366');
    await notice.click();
    await manager.waitForURL(/\/page\/subindex\/woscan\?/);
    filters = Object.fromEntries([...new URL(manager.url()).searchParams.entries()].filter(([k]) => k.startsWith('f.')));
    expect(filters).toEqual({ 'f.style_no.like': style, 'f.direction.eq': 'out' });
    await until(manager, () => new Set([...document.querySelectorAll('.ag-row[row-index]')].map((r) => r.getAttribute('row-index'))).size === 2, undefined, { timeout: 15_000 });
    expect(await gridPieces(manager)).toEqual({ rows: 2, pieces: figure });
    // The toasts closed: the list's row count and toolbar in the picture.
    for (const b of await manager.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
    await until(manager, () => !document.querySelector('[data-testid^=toast-]:not([data-testid=toast-close])'), undefined, { timeout: 10_000 }).catch(() => undefined);
    await snap(manager, 'scan-alert-06-drill-down-zh-1366');
    expect(errors, errors.join('\n')).toEqual([]);
    await managerCtx.close();
    await plannerCtx.close();
  });

  it('in English at 1920: the tower tile, the alert crossed in the list, the bell and the drill-down', async () => {
    const context = await run.browser.newContext({ viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'maker');
    await page.goto(`${run.server.url}/visual/control-tower`);
    await page.waitForSelector(`[data-testid=tile-${tileId}][data-value="${figure}"]`, { timeout: 30_000 });
    await page.locator(`[data-testid=tile-${tileId}]`).scrollIntoViewIfNeeded();
    await snap(page, 'scan-alert-07-tower-en-1920');
    await page.goto(`${run.server.url}/rpt/page/alerts`);
    // The entity's state label (rptalert states), as the list shows it.
    expect(await (await alertRow(page, ALERT)).locator('[col-id=alert_state]').textContent()).toContain('Crossed');
    await snap(page, 'scan-alert-08-alerts-en-1920');
    await page.click('[data-testid=unread-bell]');
    const notice = page.locator('[data-testid=notice-item]', { hasText: ALERT });
    await notice.first().waitFor();
    await until(page, () => getComputedStyle(document.querySelector('[data-testid=notice-list]')!.closest('.fui-PopoverSurface')!).opacity === '1');
    await snap(page, 'scan-alert-09-bell-en-1920');
    await notice.first().click();
    await page.waitForURL(/\/page\/subindex\/woscan\?/);
    await until(page, () => new Set([...document.querySelectorAll('.ag-row[row-index]')].map((r) => r.getAttribute('row-index'))).size === 2, undefined, { timeout: 15_000 });
    expect(await gridPieces(page)).toEqual({ rows: 2, pieces: figure });
    await snap(page, 'scan-alert-10-drill-down-en-1920');
    expect(errors, errors.join('\n')).toEqual([]);
    await context.close();
  });
});
