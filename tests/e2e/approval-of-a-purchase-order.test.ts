import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { approveFromTodo, openTask, signIn as signInAt, toast } from './support/approval-steps';
import { serverAndBrowserForFile, snap } from './support/harness';
import { until } from './support/steps';

/**
 * Approval of a purchase order in the browser (issue 14), on the demo brand's PO_APPROVAL flow: the
 * buyer submits a draft order from its drawer; the purchasing manager (`brand`, the buyer's reporting
 * manager) finds it in "My approvals", sees the flow diagram and approves it onward; finance
 * (`brand.finance`) approves it; the order shows as approved and the buyer sends it to the supplier.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR=dist-<name>).
 */
const run = serverAndBrowserForFile();
const signIn = (page: Page, path: string, username: string) => signInAt(page, run.server.url, path, username);

async function selectFirst(page: Page): Promise<void> {
  for (const box of await page.locator('.ag-row:not([row-index="0"]) .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
}

describe('approval of a purchase order', () => {
  it('the buyer submits, the manager and finance approve from their to-do lists, the order is approved and sent', async () => {
    const errors: string[] = [];
    const buyer = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    buyer.on('pageerror', (e) => errors.push(e.message));
    await signIn(buyer, '/srm/masterdetail/purorder', 'brand.buyer');
    await buyer.waitForSelector('[data-testid=grid-purorder] .ag-header-cell');
    // A draft order of the buyer, raised through the API as the form would save it.
    const poNo = await buyer.evaluate(async () => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      const vendor = (await (await fetch('/api/mdapi/vendor/page?f.code.eq=VD001', { headers: h })).json()).data.rows[0];
      const material = (await (await fetch('/api/mdapi/material/page?f.code.eq=MD0001', { headers: h })).json()).data.rows[0];
      const saved = await (await fetch('/api/srmapi/purorder/save', { method: 'POST', headers: h, body: JSON.stringify({ order_kind: 'material', vendor_id: vendor.id, currency: 'CNY', remark: '浏览器审批', lines: [{ material_id: material.id, unit: 'KG', qty: 200, unit_price: 38.5, seq: 1 }] }) })).json();
      return saved.data.po_no as string;
    });
    await buyer.reload();
    await until(buyer, (no) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="po_no"]')?.textContent?.includes(no), poNo, { timeout: 15000 });

    // The buyer submits it from the order's drawer; the drawer then shows the flow.
    await selectFirst(buyer);
    await buyer.click('[data-testid=action-edit]');
    await buyer.waitForSelector('[data-testid=entity-form]');
    await buyer.click('[data-testid=wf-action-submit]');
    await buyer.fill('[data-testid=param-comment]', '请审批本月面料采购');
    await buyer.click('[data-testid=transition-ok]');
    await toast(buyer, 'success', '已处理');
    await buyer.waitForSelector('[data-testid=wf-status]:has-text("审批中")');
    await buyer.waitForSelector('[data-testid=wf-diagram] canvas');
    await snap(buyer, 'approval-01-submitted-in-drawer');
    // While in the flow the order is shown read-only (the writer refuses a save too, tested by the API).
    expect(await buyer.locator('[data-testid=form-save]').count()).toBe(0);
    expect(await buyer.isDisabled('[data-testid=entity-form] [data-field=remark] textarea')).toBe(true);
    await buyer.click('[data-testid=form-cancel]');

    // The purchasing manager approves it onward to finance.
    const manager = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    manager.on('pageerror', (e) => errors.push(e.message));
    await signIn(manager, '/approvals/todo', 'brand');
    // The task in the engine's drawer at the two ordinary widths: figures, lines, diagram and decisions.
    await openTask(manager, poNo);
    await manager.waitForSelector('[data-testid=wf-summary-line]');
    for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
      await manager.setViewportSize({ width, height });
      await manager.waitForSelector('[data-testid=wf-diagram] canvas');
      await snap(manager, `approval-02-manager-task-${width}`);
    }
    await manager.click('[data-testid=form-cancel]');
    await manager.setViewportSize({ width: 1440, height: 900 });
    await approveFromTodo(manager, poNo, '提交财务审核', '同意采购', 'approval-02-manager-todo', '提交审批');

    // Finance approves; the flow ends approved.
    const finance = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    finance.on('pageerror', (e) => errors.push(e.message));
    await signIn(finance, '/approvals/todo', 'brand.finance');
    await approveFromTodo(finance, poNo, '同意', '预算内', 'approval-03-finance-todo', '提交审批');
    await finance.click('[data-testid=wf-todo] [data-testid=tab-30]');
    await openTask(finance, poNo);
    await finance.waitForSelector('[data-testid=wf-status]:has-text("已通过")');
    const history = (await finance.textContent('[data-testid=wf-history]')) ?? '';
    for (const words of ['李采购', '请审批本月面料采购', '品牌管理员', '同意采购', '张会计', '预算内', '流程结束']) expect(history).toContain(words);
    await snap(finance, 'approval-04-finance-done');
    // 我的审批 at the two ordinary widths: the decided task open in the engine's drawer over the list.
    for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
      await finance.setViewportSize({ width, height });
      await finance.waitForSelector('[data-testid=wf-diagram] canvas');
      await snap(finance, `approval-04-finance-done-${width}`);
    }

    // The order moves on: approved, the buyer sends it to the supplier.
    await buyer.reload();
    await until(buyer, (no) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="po_no"]')?.textContent?.includes(no), poNo, { timeout: 15000 });
    await selectFirst(buyer);
    await buyer.click('[data-testid=action-send]');
    await buyer.click('[data-testid=transition-ok]');
    await until(buyer, () => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes('待供应商确认'), undefined, { timeout: 15000 });
    await snap(buyer, 'approval-05-sent');
    expect(errors).toEqual([]);
  });
});
