import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap, clickAction } from './support/harness';
import { until } from './support/steps';

/**
 * The registry engine in a real browser against the real server: a vendor created in the form
 * drawer (spec 5 messages for bad input in zh and en, then saved), found by a column filter,
 * edited, its history shown, frozen by its state machine; and a master-detail workline saved with
 * member and capacity lines, then printed as a document.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, path: string, username = 'maker'): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

/** The message under a form field (Fluent Field's validation message). */
async function fieldMessage(page: Page, field: string): Promise<string> {
  const el = await page.$(`[data-field="${field}"] [id$="__validationMessage"], [data-field="${field}"] .fui-Field__validationMessage`);
  return el ? ((await el.textContent()) ?? '').trim() : '';
}

/**
 * Waits for a toast of this intent holding `text` (older toasts may still be showing). 30 s: with two
 * files' servers and browsers on two cores a save's toast once took over 10 s to show.
 */
async function toastText(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<string> {
  const toast = await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 30_000 });
  return ((await toast.textContent()) ?? '').trim();
}

async function closeToasts(page: Page): Promise<void> {
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
  await page.waitForTimeout(300);
}

async function pickOption(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

/** Waits until a cell editor of this column has the keyboard (a person sees the caret before typing). */
async function editorIn(page: Page, column: string): Promise<void> {
  await until(page, (c) => document.activeElement?.tagName === 'INPUT' && document.activeElement.closest('.ag-cell')?.getAttribute('col-id') === c, column);
}

/**
 * Types into the focused cell editor of a column and waits until the editor holds the text: under load
 * a key can reach the editor before it takes input, and a save would then go without the value.
 * The text is typed again (selected and replaced) when the editor does not hold it.
 */
async function typeInEditor(page: Page, column: string, text: string): Promise<void> {
  await editorIn(page, column);
  await page.keyboard.type(text);
  const holds = () => until(page, (t) => (document.activeElement as HTMLInputElement | null)?.value === t, text, { timeout: 3_000 });
  try {
    await holds();
  } catch {
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(text);
    await holds();
  }
}

/** Waits until a child grid's cell shows a text once its editor has closed. */
async function cellShows(page: Page, grid: string, row: number, column: string, text: string): Promise<void> {
  await until(page, ([g, r, c, t]) => {
    const cell = document.querySelector(`[data-testid=${g}] .ag-row[row-index="${r}"] .ag-cell[col-id="${c}"]`);
    return !!cell && !cell.classList.contains('ag-cell-inline-editing') && (cell.textContent ?? '').includes(t);
  }, [grid, String(row), column, text] as const);
}

async function rowTotal(page: Page): Promise<string> {
  return ((await page.textContent('[data-testid=row-total]')) ?? '').trim();
}

describe('master data through the registry engine', () => {
  it('creates a vendor in the drawer with zh and en messages, finds it by filter, edits it, shows its history and freezes it', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await signIn(page, '/md/index/vendor');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    expect(await page.title()).toContain('供应商');
    await page.waitForSelector('[data-testid=row-total]');
    const before = await rowTotal(page);
    await snap(page, 'engine-01-vendor-list');

    // Spec 8: a row action without a selection.
    await page.click('[data-testid=action-edit]');
    expect(await toastText(page, 'warning', '请先选择数据行再操作')).toContain('请先选择数据行再操作');
    await closeToasts(page);

    // Bad input, in Chinese (the default): spec 5 toast, the field messages, submission blocked.
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    // Spec 7 default token: valid_from defaults to today.
    const today = await page.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await page.inputValue('#f-vendor-valid_from')).toBe(today);
    await page.fill('#f-vendor-contact_mobile', '12345');
    await page.fill('#f-vendor-email', 'not-an-email');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'error', '请先更正表单的错误内容，再尝试提交！')).toContain('请先更正表单的错误内容，再尝试提交！');
    expect(await fieldMessage(page, 'name')).toBe('必填项');
    expect(await fieldMessage(page, 'vendor_type')).toBe('必填项');
    expect(await fieldMessage(page, 'contact_mobile')).toBe('不是有效的手机号码');
    expect(await fieldMessage(page, 'email')).toBe('不是有效的邮箱地址');
    await snap(page, 'engine-02-vendor-errors-zh');
    await closeToasts(page);
    // Closing a form with typed values asks first; "取消" keeps the drawer and what was typed.
    await page.click('[data-testid=form-drawer] button[aria-label="关闭"]');
    const ask = page.locator('[role=alertdialog]');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('有未保存的修改，确定关闭吗？');
    await snap(page, 'engine-02b-discard-changes');
    await ask.locator('button:has-text("取消")').click();
    await ask.waitFor({ state: 'detached' });
    expect(await page.inputValue('#f-vendor-email')).toBe('not-an-email');
    await page.click('[data-testid=form-cancel]');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });

    // The same in English.
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await page.waitForSelector('[data-testid=action-create]:has-text("New")');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-vendor-contact_mobile', '12345');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'error', 'Please correct the errors in the form before submitting!')).toContain('Please correct the errors in the form before submitting!');
    expect(await fieldMessage(page, 'name')).toBe('Required');
    expect(await fieldMessage(page, 'contact_mobile')).toBe('Not a valid mobile number');
    await snap(page, 'engine-03-vendor-errors-en');
    await closeToasts(page);
    await page.click('[data-testid=form-drawer] button[aria-label="Close"]');
    expect(await page.locator('[role=alertdialog]').textContent()).toContain('You have unsaved changes. Close and discard them?');
    await page.click('[data-testid=confirm-ok]');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-zh-CN]');
    await page.waitForSelector('[data-testid=action-create]:has-text("新建")');

    // A valid vendor; the server's document check speaks first (spec 5 branch code numeric).
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-vendor-name', '  锦程面料测试有限公司  ');
    await pickOption(page, 'f-vendor-vendor_type', '面料供应商');
    await pickOption(page, 'f-vendor-grade', 'A级');
    await page.fill('#f-vendor-contact_person', '陈经理');
    await page.fill('#f-vendor-contact_mobile', '13812345678');
    await page.fill('#f-vendor-email', 'Chen@JinCheng.CN');
    await page.fill('#f-vendor-bank_branch_code', 'AB-12');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'error', '请先更正表单的错误内容，再尝试提交！')).toContain('请先更正表单的错误内容，再尝试提交！');
    expect(await fieldMessage(page, 'bank_branch_code')).toBe('国内银行联行号必须为数字');
    await closeToasts(page);
    await page.fill('#f-vendor-bank_branch_code', '102100099996');
    await page.fill('#f-vendor-remark', '# 备注\n**重点**供应商 <script>x</script>');
    await snap(page, 'engine-04-vendor-filled');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');
    await page.waitForSelector('[data-testid=form-drawer]', { state: 'detached', timeout: 10000 }).catch(() => undefined);
    await until(page, (b) => document.querySelector('[data-testid=row-total]')?.textContent?.trim() !== b, before);

    // Find it by a column filter (floating filter of the name column).
    await page.fill('.ag-floating-filter[col-id="name"] input', '锦程');
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));
    const row = await page.waitForSelector('.ag-row[row-index="0"] .ag-cell[col-id="name"]');
    expect((await row.textContent())?.trim()).toBe('锦程面料测试有限公司');
    const code = ((await page.textContent('.ag-row[row-index="0"] .ag-cell[col-id="code"]')) ?? '').trim();
    expect(code).toMatch(/^V\d{4}\d{4}$/);
    expect(((await page.textContent('.ag-row[row-index="0"] .ag-cell[col-id="vendor_type"]')) ?? '').trim()).toBe('面料供应商');
    await snap(page, 'engine-05-vendor-filtered');

    // Quick search narrows the same way.
    await page.fill('[data-testid=quick-search]', code);
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));

    // Edit it: double-click opens the drawer with the stored values.
    await page.dblclick('.ag-row[row-index="0"] .ag-cell[col-id="name"]');
    await page.waitForSelector('#f-vendor-owner');
    expect(await page.inputValue('#f-vendor-email')).toBe('chen@jincheng.cn');
    await page.fill('#f-vendor-owner', '王采购');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="owner"]')?.textContent?.includes('王采购'));

    // Its history: who, when, field, old, new.
    await page.click('.ag-row[row-index="0"] .ag-selection-checkbox input');
    await clickAction(page, 'history');
    await page.waitForSelector('[data-testid=history-table]');
    const history = (await page.textContent('[data-testid=history-table]')) ?? '';
    expect(history).toContain('负责人');
    expect(history).toContain('王采购');
    expect(history).toContain('maker');
    expect(history).toContain('新建');
    expect(history).toContain('修改');
    await page.waitForTimeout(600); // the drawer's slide-in animation
    await snap(page, 'engine-06-vendor-history');
    await page.click('[data-testid=form-drawer] button[aria-label="关闭"]');

    // Freeze it (state machine with a confirmation), then the frozen tab counts it.
    await page.click('[data-testid=action-freeze]');
    await page.click('[data-testid=transition-ok]');
    expect(await toastText(page, 'success', '操作成功')).toContain('操作成功');
    await until(page, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes('冻结'));
    await page.fill('[data-testid=quick-search]', '');
    await page.fill('.ag-floating-filter[col-id="name"] input', '');
    await page.click('[data-testid=tab-frozen]');
    await until(page, () => document.querySelector('[data-testid=tab-frozen]')?.textContent?.match(/冻结\s*1/));
    await snap(page, 'engine-07-vendor-frozen-tab');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('saves a master-detail workline with member and capacity lines and prints it', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/md/masterdetail/workline');
    await page.waitForSelector('[data-testid=grid-workline] .ag-header-cell');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    // A code of its own per attempt: a retry must not collide with what a failed attempt saved.
    const code = `l-e2e-${Date.now().toString(36).slice(-5)}`;
    await page.fill('#f-workline-code', code);
    await page.fill('#f-workline-name', '缝制一线');
    await page.fill('#f-workline-operators', '30');
    // Calculation item: operators x minutes x efficiency / 100 (480 and 85 are the defaults).
    await until(page, () => (document.querySelector('#f-workline-daily_minutes') as HTMLInputElement | null)?.value === '12240');

    // A member line typed with the keyboard.
    await page.click('[data-testid=child-add-members]');
    await typeInEditor(page, 'member_name', '张三');
    await page.keyboard.press('Tab');
    await typeInEditor(page, 'employee_no', 'E001');
    await page.keyboard.press('Enter');
    await cellShows(page, 'child-members', 0, 'employee_no', 'E001');
    await cellShows(page, 'child-members', 0, 'member_name', '张三');
    // A capacity line with a bad value first: the row error blocks the save.
    await page.click('[data-testid=child-add-capacities]');
    await page.waitForSelector('[data-testid=child-capacities] .ag-row[row-index="0"] input');
    // Leave the date empty: a click on the month cell edits that one instead.
    await page.click('[data-testid=child-capacities] .ag-row[row-index="0"] .ag-cell[col-id="cap_month"]');
    await typeInEditor(page, 'cap_month', '2026-01');
    await page.keyboard.press('Tab');
    await typeInEditor(page, 'capacity_pcs', '-5');
    await page.keyboard.press('Enter');
    await cellShows(page, 'child-capacities', 0, 'capacity_pcs', '-5');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'error', '请先更正表单的错误内容，再尝试提交！')).toContain('请先更正表单的错误内容，再尝试提交！');
    expect(await page.textContent('[data-testid=child-capacities]')).toContain('第1行');
    await snap(page, 'engine-08-workline-line-error');
    await closeToasts(page);
    await page.click('[data-testid=child-capacities] .ag-row[row-index="0"] .ag-cell[col-id="capacity_pcs"]');
    await page.keyboard.press('Backspace');
    await typeInEditor(page, 'capacity_pcs', '800');
    await page.keyboard.press('Enter');
    await cellShows(page, 'child-capacities', 0, 'capacity_pcs', '800');
    await snap(page, 'engine-09-workline-filled');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');

    // The saved document: the code was upper-cased, both lines stored.
    await page.waitForSelector('.ag-row[row-index="0"] .ag-cell[col-id="code"]');
    await page.fill('[data-testid=quick-search]', code.toUpperCase());
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));
    await page.click('.ag-row[row-index="0"] .ag-selection-checkbox input');
    await clickAction(page, 'document');
    await page.waitForSelector('[data-testid=document-workline]');
    const doc = (await page.textContent('[data-testid=document-workline]')) ?? '';
    expect(doc).toContain(code.toUpperCase());
    expect(doc).toContain('张三');
    expect(doc).toContain('E001');
    expect(doc).toContain('2026-01');
    expect(doc).toContain('800');
    await snap(page, 'engine-10-workline-document');

    // Read-only view of the same record.
    const id = new URL(page.url()).searchParams.get('id');
    expect(id).toMatch(/^\d+$/);
    await page.goto(`${run.server.url}/page/view/workline?id=${id}`);
    try {
      await page.waitForSelector('[data-testid=view-workline] [data-testid=entity-form]', { timeout: 60000 });
    } catch (e) {
      await snap(page, 'engine-11-workline-view-failed');
      throw e;
    }
    expect(await page.isDisabled('#f-workline-name')).toBe(true);
    expect(await page.inputValue('#f-workline-name')).toBe('缝制一线');
    await snap(page, 'engine-11-workline-view');
    expect(errors).toEqual([]);
    await page.close();
  });

  it("sets what only these forms set: a vendor's platform code and an allocation version's per-vendor settings", async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/md/index/vendor', 'brand');
    await page.waitForSelector('[data-testid=grid-vendor] .ag-header-cell');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    // The platform section: the code of the vendor's own company, to which its orders are routed.
    expect(await page.textContent('[data-testid=entity-form]')).toContain('平台协同');
    await page.fill('#f-vendor-name', '平台协同测试工厂');
    await pickOption(page, 'f-vendor-vendor_type', '面料供应商');
    await page.fill('#f-vendor-platform_client_code', 'maker01');
    await snap(page, 'engine-13-vendor-platform-code');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');
    await page.waitForSelector('[data-testid=form-drawer]', { state: 'detached', timeout: 10000 }).catch(() => undefined);
    await page.fill('[data-testid=quick-search]', '平台协同测试工厂');
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));
    await page.dblclick('.ag-row[row-index="0"] .ag-cell[col-id="name"]');
    await page.waitForSelector('#f-vendor-platform_client_code');
    expect(await page.inputValue('#f-vendor-platform_client_code')).toBe('MAKER01');
    await page.click('[data-testid=form-cancel]');

    // An allocation version's vendor settings: a row per vendor, a bad cell marked, then saved and read back.
    await page.goto(`${run.server.url}/scm/index/allocationversion`);
    await page.waitForSelector('[data-testid=grid-allocationversion] .ag-header-cell');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-allocationversion-version_code', 'E2E-VS');
    await page.fill('#f-allocationversion-month_from', '2026-01');
    await page.fill('#f-allocationversion-month_to', '2026-03');
    await page.click('[data-testid=keyed-vendor_settings] button:has-text("添加一行")');
    await page.click('[data-testid=keyed-row] [role=combobox]');
    const vendor = ((await page.locator('[role=option]').first().textContent()) ?? '').trim();
    await page.locator('[role=option]').first().click();
    await page.fill('[data-testid=keyed-row] input[aria-label="KPI"]', 'abc');
    await page.waitForSelector('[data-testid=keyed-row] input[aria-label="KPI"][aria-invalid=true]');
    await page.fill('[data-testid=keyed-row] input[aria-label="KPI"]', '88');
    // A share above 1: the entity's own check, with the message the entity declares, blocks the save.
    await page.fill('[data-testid=keyed-row] input[aria-label="份额上限"]', '1.5');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'error', '请先更正表单的错误内容，再尝试提交！')).toContain('请先更正表单的错误内容，再尝试提交！');
    expect(await fieldMessage(page, 'vendor_settings')).toBe('份额上限和份额目标须在 0 到 1 之间（如 0.3 即 30%）');
    await closeToasts(page);
    await page.fill('[data-testid=keyed-row] input[aria-label="份额上限"]', '0.3');
    await snap(page, 'engine-14-version-vendor-settings');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');
    await page.waitForSelector('[data-testid=form-drawer]', { state: 'detached', timeout: 10000 }).catch(() => undefined);
    await page.fill('[data-testid=quick-search]', 'E2E-VS');
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));
    await page.dblclick('.ag-row[row-index="0"] .ag-cell[col-id="version_code"]');
    await page.waitForSelector('[data-testid=keyed-row]');
    expect(await page.inputValue('[data-testid=keyed-row] input[aria-label="KPI"]')).toBe('88');
    expect(await page.inputValue('[data-testid=keyed-row] input[aria-label="份额上限"]')).toBe('0.3');
    await until(page, (v) => (document.querySelector('[data-testid=keyed-row] [role=combobox]') as HTMLElement | null)?.textContent?.includes(v.split(' · ')[0]), vendor);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('gives a position a holder picked from the own company\'s people', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, '/md/index/position');
    await page.waitForSelector('[data-testid=grid-position] .ag-header-cell');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.fill('#f-position-code', 'P-E2E-01');
    await page.fill('#f-position-name', '计划员岗');
    await page.click('#f-position-user_id');
    const options = page.locator('[role=option]');
    await options.first().waitFor();
    const texts = await options.allTextContents();
    // maker's company has maker and maker.planner (account and name); nobody of another company.
    expect(texts.sort()).toEqual(['maker.planner王计划', 'maker工厂管理员']);
    await snap(page, 'engine-12-position-user-picker');
    await page.click('[role=option]:has-text("maker.planner")');
    await page.click('[data-testid=form-save]');
    expect(await toastText(page, 'success', '保存成功')).toContain('保存成功');
    await page.fill('[data-testid=quick-search]', 'P-E2E-01');
    await until(page, () => document.querySelector('[data-testid=row-total]')?.textContent?.includes('共 1 条'));
    expect(await page.textContent('.ag-row[row-index="0"] .ag-cell[col-id="user_id"]')).not.toBe('');
    await page.close();
  });
});
