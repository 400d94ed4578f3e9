import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn } from './support/steps';

/**
 * A month's statement matched and confirmed by both companies (issue 18), in two browser contexts:
 * the maker (Chinese) makes its statement of this month with its fabric supplier, sends it from the
 * list ("对账并发送": the server gathers both companies' records and matches them) and opens it: the
 * differing lines are red, the totals show the difference. The supplier (English) opens its copy,
 * explains a difference with an adjustment line (the line turns explained), and confirms accepting
 * the rest. The maker's confirmation is refused while differences are unexplained, then accepted with
 * "接受差异": the statement is confirmed by both and locked on both sides (no more match / adjust
 * buttons), prints without the shell and with both seal lines, and its workbook downloads. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 15000 });
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

async function tokenOf(username: string): Promise<string> {
  const r = await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  return ((await r.json()) as { data: { access_token: string } }).data.access_token;
}

async function call<T>(token: string, path: string, body?: unknown): Promise<T> {
  const r = await fetch(`${run.server.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const j = (await r.json()) as { code: number; data: T; message: string };
  if (j.code !== 200) throw new Error(`${path}: ${j.message}`);
  return j.data;
}

/**
 * Selects the only row the quick search leaves (the newest statement is also the first row before the
 * search answers, so wait for the search's one row) and checks it until the grid keeps the selection.
 */
async function selectOnly(page: Page, no: string, col: 'stmt_no' | 'partner_no'): Promise<void> {
  await page.fill('[data-testid=quick-search]', no);
  await page.waitForFunction(([n, c]) => {
    return !document.querySelector('.ag-row[row-index="1"]') && document.querySelector(`.ag-row[row-index="0"] .ag-cell[col-id="${c}"]`)?.textContent?.includes(n);
  }, [no, col] as const, { timeout: 15000 });
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    if (await page.waitForSelector('.ag-row[row-index="0"].ag-row-selected', { timeout: 2000 }).then(() => true, () => false)) return;
  }
  throw new Error(`row ${no} did not stay selected`);
}

/** Opens the list, finds the statement by its number (the list's quick search) and opens its page. */
async function openStatement(page: Page, no: string, col: 'stmt_no' | 'partner_no'): Promise<void> {
  await page.goto(`${run.server.url}/fin/index/finstatement`);
  await page.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
  // Under load the toolbar can take the click before it has the grid's new selection (seen on three
  // runs of two files at a time, never alone): selected again and clicked again, three times at most.
  for (let attempt = 0; ; attempt++) {
    await selectOnly(page, no, col);
    await page.click('[data-testid=action-open-statement]');
    const opened = await page.waitForSelector('[data-testid=statement-page]', { timeout: 10_000 }).then(() => true, () => false);
    if (opened) return;
    if (attempt === 2) throw new Error(`statement ${no} did not open`);
  }
}

const status = (page: Page) => page.textContent('[data-testid=statement-status]');

describe('a month statement between the maker and its supplier', () => {
  it('is matched, explained, and confirmed by both companies in their own sessions', async () => {
    const makerToken = await tokenOf('maker');
    type Rows = { rows: Array<Record<string, unknown>> };
    const vendor = (await call<Rows>(makerToken, '/api/mdapi/vendor/page?f.code.eq=VD001&size=5')).rows[0];
    const today = new Date();
    const from = `${today.toISOString().slice(0, 7)}-01`;
    const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
    // The statement's header as the form writes it; everything after is done on the screens.
    const draft = await call<{ id: number; stmt_no: string }>(makerToken, '/api/finapi/finstatement/save', { side: 'buyer', vendor_id: vendor.id, period_from: from, period_to: to, currency: 'CNY', remark: '本月对账（端到端）' });
    // The demo's open statement of this month with the same supplier would overlap (issue 35: refused): it is cancelled first.
    for (const s of (await call<Rows>(makerToken, '/api/finapi/finstatement/page?f.status.eq=matching&size=20')).rows.filter((r) => r.side === 'buyer'))
      await call(makerToken, '/api/finapi/finstatement/action/cancel', { ids: [s.id] });

    const makerCtx = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await makerCtx.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
    const maker = await makerCtx.newPage();
    const errors: string[] = [];
    maker.on('pageerror', (e) => errors.push(e.message));
    await signIn(maker, run.server.url, '/fin/index/finstatement', 'maker');
    await maker.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
    await selectOnly(maker, draft.stmt_no, 'stmt_no');
    expect((await maker.textContent('.ag-row[row-index="0"] .ag-cell[col-id="status"]'))?.trim()).toBe('草稿');
    await maker.click('[data-testid=action-send]');
    await maker.click('[data-testid=transition-ok]');
    await toast(maker, 'success', '操作成功');
    await maker.waitForFunction(() => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes('对账中'), undefined, { timeout: 15000 });
    await selectOnly(maker, draft.stmt_no, 'stmt_no');
    await maker.click('[data-testid=action-open-statement]');
    await maker.waitForSelector('[data-testid=statement-lines]');
    expect(await status(maker)).toBe('对账中');
    const openRows = await maker.locator('[data-testid=statement-line][data-explained=no][data-match=seller_only], [data-testid=statement-line][data-explained=no][data-match=qty_diff], [data-testid=statement-line][data-explained=no][data-match=buyer_only], [data-testid=statement-line][data-explained=no][data-match=amount_diff]').count();
    expect(openRows).toBeGreaterThan(0);
    expect(await maker.textContent('[data-testid=statement-open-hint]')).toContain(`还有 ${openRows} 行差异未说明`);
    await snap(maker, 'finance-01-statement-zh');

    // The supplier, in English, opens its copy and explains the first open difference.
    const supplierCtx = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await supplierCtx.addInitScript(() => localStorage.setItem('language', 'en'));
    const supplier = await supplierCtx.newPage();
    supplier.on('pageerror', (e) => errors.push(e.message));
    await signIn(supplier, run.server.url, '/fin/index/finstatement', 'supplier');
    await supplier.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
    // Its own copy carries its own number; the maker's is its "other company's no.".
    const copy = (await call<Rows>(await tokenOf('supplier'), `/api/finapi/finstatement/page?f.partner_no.eq=${draft.stmt_no}&size=5`)).rows;
    expect(copy.length).toBe(1);
    await openStatement(supplier, String(copy[0].stmt_no), 'stmt_no');
    expect(await supplier.textContent('[data-testid=statement-page]')).toContain(draft.stmt_no);
    expect(await status(supplier)).toBe('Matching');
    const first = supplier.locator('[data-testid=statement-line][data-explained=no]:not([data-match=matched]):not([data-match=adjustment])').first();
    const seq = (await first.locator('td').first().textContent())!.trim();
    await supplier.click('[data-testid=statement-adjust]');
    await supplier.waitForSelector('[data-testid=adjust-dialog]');
    await supplier.fill('[data-testid=adjust-amount] input, input[data-testid=adjust-amount]', '0');
    await supplier.fill('[data-testid=adjust-reason] input, input[data-testid=adjust-reason]', 'Shipped on the 26th, still in transit: next month');
    await supplier.fill('[data-testid=adjust-line] input, input[data-testid=adjust-line]', seq);
    await supplier.click('[data-testid=adjust-ok]');
    await toast(supplier, 'success', 'Done');
    await supplier.waitForSelector(`[data-testid=statement-line][data-match=adjustment]`);
    const explained = supplier.locator('[data-testid=statement-line]').filter({ has: supplier.locator(`td:first-child:text-is("${seq}")`) });
    expect(await explained.getAttribute('data-explained')).toBe('yes');
    expect(await explained.textContent()).toContain('still in transit');
    await supplier.click('[data-testid=accept-differences]');
    await supplier.click('[data-testid=confirm-statement]');
    await toast(supplier, 'success', 'Done');
    await supplier.waitForFunction(() => document.querySelector('[data-testid=statement-status]')?.textContent === 'Confirmed by seller', undefined, { timeout: 15000 });
    expect(await supplier.textContent('[data-testid=confirmed-seller]')).toContain('differences accepted');
    await snap(supplier, 'finance-02-statement-en-confirmed-by-seller');

    // The maker sees the supplier's confirmation and the adjustment; confirming without accepting is refused.
    await maker.reload();
    await maker.waitForSelector('[data-testid=statement-lines]');
    expect(await status(maker)).toBe('供应方已确认');
    expect(await maker.textContent('[data-testid=confirmed-seller]')).toContain('接受差异');
    expect(await maker.locator('[data-testid=statement-line][data-match=adjustment]').count()).toBe(1);
    await maker.click('[data-testid=confirm-statement]');
    await toast(maker, 'error', '行差异未说明');
    expect(await status(maker)).toBe('供应方已确认');
    await maker.click('[data-testid=accept-differences]');
    await maker.click('[data-testid=confirm-statement]');
    await toast(maker, 'success', '已完成');
    await maker.waitForSelector('[data-testid=statement-locked]');
    expect(await status(maker)).toBe('双方已确认');
    expect(await maker.locator('[data-testid=statement-rematch], [data-testid=statement-adjust], [data-testid=confirm-statement]').count()).toBe(0);
    await snap(maker, 'finance-03-statement-zh-locked');

    // Locked on the supplier's side too; the workbook downloads.
    await supplier.reload();
    await supplier.waitForSelector('[data-testid=statement-locked]');
    expect(await status(supplier)).toBe('Confirmed by both');
    expect(await supplier.locator('[data-testid=statement-adjust]').count()).toBe(0);
    await snap(supplier, 'finance-04-statement-en-locked');
    // The printed document: the statement without the shell or its buttons, with the two seal lines.
    await maker.emulateMedia({ media: 'print' });
    expect(await maker.isVisible('[data-testid=statement-excel]')).toBe(false);
    expect(await maker.isVisible('.fin-print-only')).toBe(true);
    expect(await maker.textContent('.fin-print-only')).toContain('供应方（盖章）');
    await snap(maker, 'finance-05-statement-zh-print');
    await maker.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([maker.waitForEvent('download'), maker.click('[data-testid=statement-excel]')]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    expect(errors).toEqual([]);
    await makerCtx.close();
    await supplierCtx.close();
  });

  it("shows the brand's demo statement with its maker in US dollars, converted at the period's rate", async () => {
    const brandToken = await tokenOf('brand');
    type Rows = { rows: Array<Record<string, unknown>> };
    const [mine] = (await call<Rows>(brandToken, '/api/finapi/finstatement/page?f.status.eq=locked&size=5')).rows;
    expect(mine).toMatchObject({ currency: 'USD', side: 'buyer' });
    const ctx = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await ctx.addInitScript(() => localStorage.setItem('language', 'en'));
    const brand = await ctx.newPage();
    await signIn(brand, run.server.url, '/fin/index/finstatement', 'brand');
    await brand.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
    await openStatement(brand, String(mine.stmt_no), 'stmt_no');
    await brand.waitForSelector('[data-testid=statement-lines]');
    expect(await status(brand)).toBe('Confirmed by both');
    const text = (await brand.textContent('[data-testid=statement-page]')) ?? '';
    expect(text).toContain('USD 7.1');
    expect(text).toContain('Ticket deduction');
    expect(await brand.textContent('[data-testid=total-settle]')).toContain(Number(mine.settle_total).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
    await snap(brand, 'finance-06-brand-usd-statement-en');

    // Issue 35: settled after both confirmed. The maker invoiced the whole amount, the brand paid 60 %;
    // the brand records the rest as a payment, and both companies see the statement paid in full.
    const money = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const settle = Number(mine.settle_total);
    expect(await brand.textContent('[data-testid=settle-total-invoiced]')).toContain(money(settle));
    const outstanding = Number(mine.outstanding_total);
    expect(outstanding).toBeGreaterThan(0);
    expect(await brand.textContent('[data-testid=settle-total-outstanding]')).toContain(money(outstanding));
    expect(await brand.locator('[data-testid=settle-row-invoice]').count()).toBe(1);
    expect(await brand.locator('[data-testid=statement-invoice]').count()).toBe(0);
    await brand.click('[data-testid=statement-pay]');
    await brand.waitForSelector('[data-testid=settle-dialog]');
    expect(await brand.inputValue('[data-testid=settle-amount]')).toBe(outstanding.toFixed(2));
    await brand.fill('[data-testid=settle-amount]', String(outstanding + 1));
    await brand.waitForSelector('[data-testid=settle-dialog] :text("At most")');
    expect(await brand.isDisabled('[data-testid=settle-ok]')).toBe(true);
    await brand.fill('[data-testid=settle-amount]', outstanding.toFixed(2));
    await brand.fill('[data-testid=settle-no]', 'TT-E2E-0002');
    await brand.fill('[data-testid=settle-note]', 'Balance by wire');
    await snap(brand, 'finance-07-record-payment-en');
    await brand.click('[data-testid=settle-ok]');
    await brand.waitForSelector('[data-testid=settle-paid-in-full]');
    expect(await brand.textContent('[data-testid=settle-total-outstanding]')).toContain('0.00');
    expect(await brand.textContent('[data-testid=settle-total-paid]')).toContain(money(settle));
    expect(await brand.locator('[data-testid=settle-row-payment]').count()).toBe(2);
    expect(await brand.locator('[data-testid=statement-pay]').count()).toBe(0);
    await snap(brand, 'finance-08-paid-in-full-en');
    // Persisted: the page read again shows the same balance.
    await brand.reload();
    await brand.waitForSelector('[data-testid=settle-paid-in-full]');
    expect(await brand.textContent('[data-testid=settle-records]')).toContain('TT-E2E-0002');
    await ctx.close();

    // The maker (Chinese) opens its copy of the same statement.
    const makerCtx = await run.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await makerCtx.addInitScript(() => localStorage.setItem('language', 'zh-CN'));
    const makerPage = await makerCtx.newPage();
    await signIn(makerPage, run.server.url, '/fin/index/finstatement', 'maker');
    await makerPage.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
    await openStatement(makerPage, String(mine.stmt_no), 'partner_no');
    // The search by the partner's number does not pin the maker's copy down to the locked one (see the
    // earlier note on this step), so only its lines are awaited here; both copies' balance is the API test's.
    await makerPage.waitForSelector('[data-testid=statement-lines]');
    await snap(makerPage, 'finance-09-paid-in-full-zh');
    await makerCtx.close();
  });
});
