import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * A month's statement matched and confirmed by both companies (issue 18), in two browser contexts:
 * the maker (Chinese) makes its statement of this month with its fabric supplier, sends it from the
 * list ("对账并发送": the server gathers both companies' records and matches them) and opens it in
 * the list's drawer (issue 30: the statement is the engine's drawer of its declaration): the
 * differing lines are red, the notice counts them. The supplier (English) opens its copy, explains a
 * difference with an adjustment line (the line turns explained, amber), and confirms accepting the
 * rest. The maker's confirmation is refused while differences are unexplained, then accepted with
 * "接受差异": the statement is confirmed by both and locked on both sides (no more match / adjust
 * buttons), prints as the engine's document with both seal lines, and its workbook downloads. Build
 * the client first (`npx vite build`).
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
  await until(page, ([n, c]) => {
    return !document.querySelector('.ag-row[row-index="1"]') && document.querySelector(`.ag-row[row-index="0"] .ag-cell[col-id="${c}"]`)?.textContent?.includes(n);
  }, [no, col] as const, { timeout: 15000 });
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
    if (await page.waitForSelector('.ag-row[row-index="0"].ag-row-selected', { timeout: 2000 }).then(() => true, () => false)) return;
  }
  throw new Error(`row ${no} did not stay selected`);
}

/** Opens the list, finds the statement by its number (the list's quick search) and opens it in the drawer. */
async function openStatement(page: Page, no: string, col: 'stmt_no' | 'partner_no'): Promise<void> {
  await page.goto(`${run.server.url}/fin/index/finstatement`);
  await page.waitForSelector('[data-testid=grid-finstatement] .ag-header-cell');
  // Under load the toolbar can take the click before it has the grid's new selection (seen on three
  // runs of two files at a time, never alone): selected again and clicked again, three times at most.
  for (let attempt = 0; ; attempt++) {
    await selectOnly(page, no, col);
    await page.click('[data-testid=action-edit]');
    const opened = await page.waitForSelector('[data-testid=statement-drawer] [data-testid=child-lines]', { timeout: 10_000 }).then(() => true, () => false);
    if (opened) return;
    if (attempt === 2) throw new Error(`statement ${no} did not open`);
  }
}

/** The statement's drawer opened by its deep link (a notice's link), read afresh. */
async function reopen(page: Page, id: number): Promise<void> {
  await page.goto(`${run.server.url}/fin/index/finstatement?open=${id}`);
  await page.waitForSelector('[data-testid=statement-drawer] [data-testid=child-lines] .ag-row');
}

/** The drawer's lines (or invoices and payments) as AG Grid rows. */
const rows = (page: Page, child: 'lines' | 'settlements', more = '') => page.locator(`[data-testid=child-${child}] .ag-row${more}`);
/** A field of the statement's form (read-only once sent). */
const field = (page: Page, key: string) => page.inputValue(`#f-finstatement-${key}`);
const amountOf = async (page: Page, key: string) => Number((await field(page, key)).replace(/,/g, ''));

/** A screenshot at 1366 x 768 and at 1920 x 1080; the page is left at 1440 x 900. */
async function snapBoth(page: Page, name: string): Promise<void> {
  for (const [w, h] of [[1366, 768], [1920, 1080]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await snap(page, `${name}-${w}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
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
    await until(maker, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes('对账中'), undefined, { timeout: 15000 });
    await selectOnly(maker, draft.stmt_no, 'stmt_no');
    await maker.click('[data-testid=action-edit]');
    await maker.waitForSelector('[data-testid=statement-drawer] [data-testid=child-lines] .ag-row');
    expect(await status(maker)).toBe('对账中');
    const openRows = await rows(maker, 'lines', '.engine-row-danger').count();
    expect(openRows).toBeGreaterThan(0);
    const sent = await call<Record<string, unknown>>(makerToken, `/api/finapi/finstatement/view?id=${draft.id}`);
    expect(Number(sent.open_diffs)).toBeGreaterThanOrEqual(openRows);
    expect(await maker.textContent('[data-testid=statement-notice]')).toContain(`还有 ${Number(sent.open_diffs)} 行差异未说明`);
    expect(await maker.isVisible('[data-testid=statement-save]')).toBe(false);
    await snapBoth(maker, 'finance-01-statement-zh');
    // The lines, scrolled into view in the drawer: open differences red.
    await maker.locator('[data-testid=child-lines]').scrollIntoViewIfNeeded();
    await snapBoth(maker, 'finance-01b-lines-zh');

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
    expect(await field(supplier, 'partner_no')).toBe(draft.stmt_no);
    expect(await status(supplier)).toBe('Matching');
    const seq = (await rows(supplier, 'lines', '.engine-row-danger').first().locator('.ag-cell[col-id=seq]').textContent())!.trim();
    await supplier.click('[data-testid=statement-adjust]');
    await supplier.waitForSelector('[data-testid=transition-dialog-adjust]');
    await supplier.fill('input[data-testid=param-amount]', '0');
    await supplier.fill('input[data-testid=param-reason]', 'Shipped on the 26th, still in transit: next month');
    await supplier.fill('input[data-testid=param-line_seq]', seq);
    await supplier.click('[data-testid=transition-ok]');
    await toast(supplier, 'success', 'Done');
    await supplier.waitForSelector('[data-testid=child-lines] .ag-row.engine-row-info');
    const explained = rows(supplier, 'lines').filter({ has: supplier.locator(`.ag-cell[col-id=seq]:text-is("${seq}")`) });
    expect(await explained.getAttribute('class')).toContain('engine-row-warning');
    expect(await explained.textContent()).toContain('still in transit');
    await supplier.click('[data-testid=accept-differences]');
    await supplier.click('[data-testid=confirm-statement]');
    await toast(supplier, 'success', 'Done');
    await until(supplier, () => document.querySelector('[data-testid=statement-status]')?.textContent === 'Confirmed by seller', undefined, { timeout: 15000 });
    expect(await supplier.isChecked('#f-finstatement-seller_accepted_diff')).toBe(true);
    await snap(supplier, 'finance-02-statement-en-confirmed-by-seller');

    // The maker sees the supplier's confirmation and the adjustment; confirming without accepting is refused.
    await reopen(maker, draft.id);
    expect(await status(maker)).toBe('供应方已确认');
    expect(await field(maker, 'seller_confirmed_at')).not.toBe('');
    expect(await maker.isChecked('#f-finstatement-seller_accepted_diff')).toBe(true);
    expect(await rows(maker, 'lines', '.engine-row-info').count()).toBe(1);
    await maker.click('[data-testid=confirm-statement]');
    await toast(maker, 'error', '行差异未说明');
    expect(await status(maker)).toBe('供应方已确认');
    await maker.click('[data-testid=accept-differences]');
    await maker.click('[data-testid=confirm-statement]');
    await toast(maker, 'success', '操作成功');
    await until(maker, () => document.querySelector('[data-testid=statement-status]')?.textContent === '双方已确认', undefined, { timeout: 15000 });
    expect(await maker.textContent('[data-testid=statement-notice]')).toContain('双方已确认，对账单已锁定');
    expect(await maker.locator('[data-testid=statement-rematch], [data-testid=statement-adjust], [data-testid=confirm-statement]').count()).toBe(0);
    await snapBoth(maker, 'finance-03-statement-zh-locked');
    await maker.locator('[data-testid=child-lines] .engine-row-info').scrollIntoViewIfNeeded();
    await snapBoth(maker, 'finance-03b-lines-zh-locked');

    // Locked on the supplier's side too; the workbook downloads.
    await reopen(supplier, Number(copy[0].id));
    expect(await status(supplier)).toBe('Confirmed by both');
    expect(await supplier.textContent('[data-testid=statement-notice]')).toContain('locked');
    expect(await supplier.locator('[data-testid=statement-adjust]').count()).toBe(0);
    await snap(supplier, 'finance-04-statement-en-locked');
    const [download] = await Promise.all([maker.waitForEvent('download'), maker.click('[data-testid=statement-excel]')]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    // The printed document: the engine's document of the statement, without the shell or its buttons, with the two seal lines.
    await maker.click('[data-testid=statement-print]');
    await maker.waitForSelector('[data-testid=document-finstatement] [data-testid=document-signatures]');
    await maker.emulateMedia({ media: 'print' });
    expect(await maker.isVisible('[data-testid=document-print]')).toBe(false);
    expect(await maker.textContent('[data-testid=document-signatures]')).toContain('供应方（盖章）');
    expect(await maker.textContent('[data-testid=document-finstatement]')).toContain(draft.stmt_no);
    await snapBoth(maker, 'finance-05-statement-zh-print');
    await maker.emulateMedia({ media: 'screen' });
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
    await brand.waitForSelector('[data-testid=child-lines] .ag-row');
    expect(await status(brand)).toBe('Confirmed by both');
    expect(await brand.inputValue('[data-testid=statement-rates]')).toContain('USD 7.1');
    expect(await brand.textContent('[data-testid=child-lines]')).toContain('Ticket deduction');
    expect(await amountOf(brand, 'settle_total')).toBe(Number(mine.settle_total));
    await snap(brand, 'finance-06-brand-usd-statement-en');

    // Issue 35: settled after both confirmed. The maker invoiced the whole amount, the brand paid 60 %;
    // the brand records the rest as a payment, and both companies see the statement paid in full.
    const settle = Number(mine.settle_total);
    expect(await amountOf(brand, 'invoiced_total')).toBe(settle);
    const outstanding = Number(mine.outstanding_total);
    expect(outstanding).toBeGreaterThan(0);
    expect(await amountOf(brand, 'outstanding_total')).toBe(outstanding);
    const kindCells = (kind: string) => rows(brand, 'settlements').filter({ has: brand.locator(`.ag-cell[col-id=kind]:text-is("${kind}")`) });
    expect(await kindCells('Invoice').count()).toBe(1);
    expect(await brand.locator('[data-testid=statement-invoice]').count()).toBe(0);
    await brand.click('[data-testid=statement-pay]');
    await brand.waitForSelector('[data-testid=transition-dialog-pay]');
    expect(await brand.inputValue('input[data-testid=param-amount]')).toBe(outstanding.toFixed(2));
    await brand.fill('input[data-testid=param-amount]', String(outstanding + 1));
    await brand.fill('input[data-testid=param-doc_no]', 'TT-E2E-0002');
    await brand.fill('input[data-testid=param-note]', 'Balance by wire');
    await brand.click('[data-testid=transition-ok]');
    // Refused above what is left, the message under the amount; the dialog stays open.
    await brand.waitForSelector('[data-testid=transition-dialog-pay] :text("at most")');
    await brand.fill('input[data-testid=param-amount]', outstanding.toFixed(2));
    await snap(brand, 'finance-07-record-payment-en');
    await brand.click('[data-testid=transition-ok]');
    await toast(brand, 'success', 'Done');
    await until(brand, () => document.querySelector('[data-testid=statement-notice]')?.textContent?.includes('paid in full'), undefined, { timeout: 15000 });
    expect(await amountOf(brand, 'outstanding_total')).toBe(0);
    expect(await amountOf(brand, 'paid_total')).toBe(settle);
    expect(await kindCells('Payment').count()).toBe(2);
    expect(await brand.locator('[data-testid=statement-pay]').count()).toBe(0);
    await snap(brand, 'finance-08-paid-in-full-en');
    // Persisted: the statement read again shows the same balance.
    await reopen(brand, Number(mine.id));
    expect(await brand.textContent('[data-testid=statement-notice]')).toContain('paid in full');
    expect(await brand.textContent('[data-testid=child-settlements]')).toContain('TT-E2E-0002');
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
    await makerPage.waitForSelector('[data-testid=child-lines] .ag-row');
    await snapBoth(makerPage, 'finance-09-paid-in-full-zh');
    await makerCtx.close();
  });
});
