import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Issue 18 in Chromium: at the inspection station, with the keyboard alone, the maker's administrator
 * inspects an order in progress (final stage, lot 120, level II, AQL 2.5: the plan shows 20 pieces,
 * Ac 1 / Re 2), types a defect code and Enter, raises its count with +, submits with F9: the server
 * judges FAIL, shown large with the order it blocks and an exception ticket offered. Then finishing
 * that order in the customer order list is refused with the inspection's number; the brand sees the
 * failed result on its own order's page.
 */
const run = serverAndBrowserForFile();
type Row = Record<string, unknown>;

async function apiGet<T>(token: string, path: string): Promise<T> {
  const r = await fetch(`${run.server.url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await r.json()) as { data: T }).data;
}

describe('quality inspection at the station', () => {
  it('a final inspection fails at the station and the order cannot be finished', async () => {
    const login = await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'maker', password: 'Demo1234' }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const setup = await apiGet<{ orders: Row[]; recent: Row[] }>(token, '/scmapi/inspection/station-setup');
    const inspected = new Set((await apiGet<{ rows: Row[] }>(token, '/scmapi/inspection/page?size=200')).rows.map((r) => Number(r.order_id)));
    const order = setup.orders.find((o) => !inspected.has(Number(o.id)))!;
    expect(order).toBeTruthy();
    const orderNo = String(order.order_no);

    const page = await run.browser.newPage({ viewport: { width: 1440, height: 1000 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${run.server.url}/zp/quality/index/inspectstation`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=inspect-station]', { timeout: 30000 });
    await page.waitForSelector('[data-testid=inspect-recent]', { timeout: 20000 });

    await page.selectOption('[data-testid=inspect-stage]', 'final');
    // An order an inspection plan covers: level and AQL are the plan's, not the inspector's.
    const planned = (await apiGet<{ rows: Row[] }>(token, '/scmapi/inspectionplan/page?size=50')).rows.find((r) => r.code === 'QP-FIN-B')!;
    expect(planned).toBeTruthy();
    await page.selectOption('[data-testid=inspect-order]', String(planned.order_id));
    await page.waitForSelector('[data-testid=inspect-by-plan]:has-text("QP-FIN-B")');
    expect(await page.isDisabled('[data-testid=inspect-aql]')).toBe(true);
    await page.selectOption('[data-testid=inspect-order]', String(order.id));
    await page.waitForSelector('[data-testid=inspect-by-plan]', { state: 'detached' });
    await page.fill('[data-testid=inspect-lot]', '120');
    await page.selectOption('[data-testid=inspect-level]', 'II');
    await page.selectOption('[data-testid=inspect-aql]', '2.5');
    await until(page, () => document.querySelector('[data-testid=inspect-plan]')?.textContent?.includes('抽样 20 件 · 字码 F · Ac 1 / Re 2'), undefined, { timeout: 10000 });

    // Keyboard only: a code and Enter adds one, + adds another on the chosen line.
    await page.focus('[data-testid=inspect-code]');
    await page.keyboard.type('s02');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=inspect-line]');
    await page.keyboard.press('+');
    await until(page, () => document.querySelector('[data-testid=inspect-line-qty]')?.textContent === '2');
    // An unknown code is said, not added.
    await page.keyboard.type('ZZ9');
    await page.keyboard.press('Enter');
    await page.waitForSelector('text=疵点代码 ZZ9 不在疵点库中');
    await page.fill('[data-testid=inspect-code]', '');
    expect(await page.locator('[data-testid=inspect-line]').count()).toBe(1);
    await snap(page, 'qm-01-station-entering');

    await page.keyboard.press('F9');
    await page.waitForSelector('[data-testid=inspect-verdict][data-result=fail]', { timeout: 20000 });
    const verdict = await page.locator('[data-testid=inspect-verdict]').textContent();
    expect(verdict).toContain('不合格');
    expect(verdict).toContain(`订单 ${orderNo} 不能完成出货`);
    await page.waitForSelector('[data-testid=inspect-ticket]');
    await snap(page, 'qm-02-station-fail');
    const rows = (await apiGet<{ rows: Row[] }>(token, '/scmapi/inspection/page?size=200')).rows.filter((r) => Number(r.order_id) === Number(order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'submitted', result: 'fail', sample_size: 20, major_qty: 2 });
    const inspNo = String(rows[0].insp_no);

    // Finishing the order is refused, naming the failed inspection.
    await page.goto(`${run.server.url}/scm/index/customerorder`);
    await page.waitForSelector('[data-testid=grid-customerorder] .ag-row[row-index="0"]', { timeout: 30000 });
    await page.click('[data-testid=tab-in_progress]');
    await until(page, () => document.querySelector('[data-testid=tab-in_progress]')?.getAttribute('aria-selected') === 'true');
    await snap(page, 'qm-03-orders');
    await page.waitForSelector(`.ag-row:has-text("${orderNo}")`, { timeout: 20000 });
    await page.dblclick(`.ag-row:has-text("${orderNo}") >> nth=0`);
    await page.waitForSelector('[data-testid=order-drawer] [data-testid=order-action-finish]', { timeout: 20000 });
    await page.click('[data-testid=order-action-finish]');
    await page.click('[data-testid=confirm-ok]');
    const toast = await page.waitForSelector(`[data-testid=toast-error]:has-text("${inspNo}")`, { timeout: 20000 });
    await snap(page, 'qm-04-finish-refused');
    expect(await toast.textContent()).toContain(`订单 ${orderNo} 的出货检验 ${inspNo} 不合格，不能完成出货`);
    expect((await apiGet<Row>(token, `/scmapi/customerorder/view?id=${String(order.id)}`)).status).toBe('in_progress');

    // Back at the station: the failed record is among the latest inspections.
    await page.goto(`${run.server.url}/zp/quality/index/inspectstation`);
    await page.waitForSelector('[data-testid=inspect-recent]', { timeout: 20000 });
    await snap(page, 'qm-05-station-recent');

    // The brand reads the result of its own order.
    const brand = await (await run.browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    brand.on('pageerror', (e) => errors.push(e.message));
    await brand.goto(`${run.server.url}/scm/page/order-inspections`);
    await brand.waitForSelector('[data-testid=login-form]');
    await brand.fill('input[name=username]', 'brand');
    await brand.fill('input[name=password]', 'Demo1234');
    await brand.click('[data-testid=login-submit]');
    const row = await brand.waitForSelector(`[data-testid=brand-inspection-row]:has-text("${inspNo}")`, { timeout: 30000 });
    expect(await row.textContent()).toContain('不合格');
    expect(await row.textContent()).toContain(orderNo);
    await snap(brand, 'qm-06-brand-results');
    await brand.context().close();
    expect(errors).toEqual([]);
  });
});
