import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveFromTodo, openTask, signIn as signInAt, toast } from './support/approval-steps';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Issue 14 in the browser: the brand's administrator defines ALLOC_PUBLISH in the process definition
 * page (two nodes: an and-sign node approved by finance and the buyer, then the initiator's
 * confirmation), submits a draft allocation version from its drawer (which then shows it read-only),
 * finance and the buyer approve from their to-do lists (each also finds the approval among its
 * tasks), the initiator confirms, and the version publishes.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR=dist-<name>).
 */
const run = serverAndBrowserForFile();
const signIn = (page: Page, path: string, username: string) => signInAt(page, run.server.url, path, username);

const cell = (row: number, col: string) => `[data-testid=child-nodes] .ag-row[row-index="${row}"] .ag-cell[col-id="${col}"]`;

/** Types a value into a cell of the nodes grid. */
async function typeCell(page: Page, row: number, col: string, text: string): Promise<void> {
  await page.dblclick(cell(row, col));
  await until(page, (c) => document.activeElement?.tagName === 'INPUT' && document.activeElement.closest('.ag-cell')?.getAttribute('col-id') === c, col);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Picks a dictionary value in a cell of the nodes grid. */
async function pickCell(page: Page, row: number, col: string, text: string): Promise<void> {
  await page.dblclick(cell(row, col));
  await page.waitForSelector(`${cell(row, col)} .ag-picker-field-wrapper`);
  const item = page.getByRole('option', { name: text, exact: true });
  // The select editor may open its list by itself; otherwise its field opens it.
  if (!(await item.isVisible())) await page.click(`${cell(row, col)} .ag-picker-field-wrapper`);
  await item.click();
  await page.keyboard.press('Enter');
}

/** The caller's open to-do tasks (notify-msg my-task-list) naming the document. */
const todoSubjects = (page: Page, doc: string) =>
  page.evaluate(async (d) => {
    const r = await fetch('/api/notifyapi/notify-msg/my-task-list?status=10', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await r.json()).data.rows as Array<{ subject: string }>).map((x) => x.subject).filter((s) => s.includes(d));
  }, doc);

describe('approval of an allocation version', () => {
  it('a two-node flow with an and-sign node is defined in the page, two approvers and the initiator approve, the version publishes', async () => {
    const errors: string[] = [];
    const admin = await run.browser.newPage({ viewport: { width: 1600, height: 1000 } });
    admin.on('pageerror', (e) => errors.push(e.message));
    await signIn(admin, '/admin/masterdetail/processdef', 'brand');
    await admin.waitForSelector('[data-testid=list-processdef]');

    // The process definition: header, then two nodes typed into the nodes grid.
    await admin.click('[data-testid=action-create]');
    await admin.waitForSelector('[data-testid=entity-form]');
    await admin.fill('#f-processdef-code', 'alloc_publish');
    await admin.fill('#f-processdef-name', '分配版本发布审批');
    await admin.fill('#f-processdef-entity_name', 'allocationversion');
    await admin.check('#f-processdef-required');
    await admin.click('[data-testid=child-add-nodes]');
    await typeCell(admin, 0, 'seq', '1');
    await typeCell(admin, 0, 'name', '财务与采购会签');
    await typeCell(admin, 0, 'status_code', 'SIGN');
    await pickCell(admin, 0, 'access_type', '固定岗位');
    await typeCell(admin, 0, 'position_codes', 'POS-FIN,POS-BUYER');
    await pickCell(admin, 0, 'sign_type', '会签（所有人）');
    await typeCell(admin, 0, 'launch_action', 'TO_CONFIRM');
    await typeCell(admin, 0, 'launch_text', '会签通过');
    await admin.click('[data-testid=child-add-nodes]');
    await typeCell(admin, 1, 'seq', '2');
    await typeCell(admin, 1, 'name', '发起人确认发布');
    await typeCell(admin, 1, 'status_code', 'CONFIRM');
    await pickCell(admin, 1, 'access_type', '发起人');
    // The last node defines the end (spec 5); saving without it is refused by the server.
    await admin.click('[data-testid=form-save]');
    await toast(admin, 'error', '最后一个节点必须定义结束');
    await admin.click(`${cell(1, 'is_end')} input`);
    await snap(admin, 'alloc-approval-01-process-definition');
    await admin.click('[data-testid=form-save]');
    await toast(admin, 'success', '保存成功');
    await admin.waitForSelector('[data-testid=entity-form]', { state: 'detached' });

    // A draft version, submitted from its drawer.
    const version = await admin.evaluate(async () => {
      const r = await fetch('/api/scmapi/allocationversion/page?tab=draft&size=1', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()).data.rows[0].version_code as string;
    });
    await admin.goto(`${run.server.url}/scm/index/allocationversion`);
    const versionRow = admin.locator('.ag-row', { hasText: version }).first();
    await versionRow.waitFor({ timeout: 15000 });
    await versionRow.locator('.ag-selection-checkbox input').check();
    await admin.click('[data-testid=action-edit]');
    await admin.waitForSelector('[data-testid=entity-form]');
    await admin.click('[data-testid=wf-action-submit]');
    await admin.fill('[data-testid=param-comment]', '请会签本月分配版本');
    await admin.click('[data-testid=transition-ok]');
    await toast(admin, 'success', '已处理');
    await admin.waitForSelector('[data-testid=wf-status]:has-text("审批中")');
    // In the flow the version is read-only: no save, the fields disabled.
    await admin.waitForSelector('[data-testid=form-save]', { state: 'detached' });
    expect(await admin.isDisabled('#f-allocationversion-name')).toBe(true);
    await snap(admin, 'alloc-approval-02-submitted-read-only');
    await admin.click('[data-testid=form-cancel]');

    // Finance and the buyer approve from their to-do lists (and each has the approval among its tasks).
    for (const [user, shot] of [['brand.finance', 'alloc-approval-03-finance-todo'], ['brand.buyer', 'alloc-approval-04-buyer-todo']] as const) {
      const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, '/approvals/todo', user);
      await page.waitForSelector('[data-testid=wf-todo]');
      expect(await todoSubjects(page, version)).toEqual([`审批：${version}（分配版本发布审批 · 财务与采购会签）`]);
      await approveFromTodo(page, version, '会签通过', `${user} 同意`, shot);
      expect(await todoSubjects(page, version)).toEqual([]);
      await page.close();
    }

    // The initiator confirms at the second node; the flow ends approved.
    await admin.goto(`${run.server.url}/approvals/todo`);
    await approveFromTodo(admin, version, '同意', '确认发布', 'alloc-approval-05-initiator-confirms');
    await admin.click('[data-testid=wf-todo] [data-testid=tab-30]');
    await openTask(admin, version);
    await admin.waitForSelector('[data-testid=wf-status]:has-text("已通过")');
    const history = (await admin.textContent('[data-testid=wf-history]')) ?? '';
    for (const words of ['请会签本月分配版本', 'brand.finance 同意', 'brand.buyer 同意', '确认发布', '流程结束']) expect(history).toContain(words);
    await snap(admin, 'alloc-approval-06-history');

    // The version publishes.
    await admin.goto(`${run.server.url}/scm/index/allocationversion`);
    const again = admin.locator('.ag-row', { hasText: version }).first();
    await again.waitFor({ timeout: 15000 });
    await again.locator('.ag-selection-checkbox input').check();
    await admin.click('[data-testid=action-publish]');
    await admin.click('[data-testid=transition-ok]');
    await until(admin, (v) => [...document.querySelectorAll('.ag-row')].some((r) => r.textContent?.includes(v) && r.textContent.includes('已发布')), version, { timeout: 15000 });
    await snap(admin, 'alloc-approval-07-published');
    expect(errors).toEqual([]);
  });
});
