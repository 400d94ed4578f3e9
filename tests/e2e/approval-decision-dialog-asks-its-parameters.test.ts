import { describe, expect, it } from 'vitest';
import { openTask, signIn, toast } from './support/approval-steps';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * A decision asks its declared parameters in the engine's transition dialog (issue 30,
 * approval-task.entity's `flowDecisions`): a rejection without a comment is refused in the flow's own
 * words before anything is sent; 加签 picks a colleague among the company's users found by what is
 * typed, and the flow's history then shows the added approver. On the demo brand's PO_APPROVAL flow,
 * whose first waiting orders sit with the purchasing manager (`brand`).
 */
const run = serverAndBrowserForFile();

describe('approval decision dialog', () => {
  it('refuses a rejection without a comment in its own words, and adds a colleague found by name', async () => {
    const errors: string[] = [];
    const manager = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    manager.on('pageerror', (e) => errors.push(e.message));
    await signIn(manager, run.server.url, '/approvals/todo', 'brand');
    const task = await manager.evaluate(async () => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const rows = (await (await fetch('/api/crossapi/ccommonapi/cpm-bus/my-tasks?status=10&page=1&size=20', { headers: h })).json()).data.rows as Array<{ doc_no: string; entity: string; record_id: number }>;
      return rows.find((r) => r.entity === 'purorder')!;
    });
    await openTask(manager, task.doc_no);

    // Reject with no comment: the dialog says why and sends nothing.
    await manager.click('[data-testid=wf-action-reject]');
    await manager.waitForSelector('[data-testid=transition-dialog-reject]');
    expect(await manager.textContent('[data-testid=transition-dialog-reject]')).toContain(task.doc_no);
    await manager.click('[data-testid=transition-ok]');
    await manager.waitForSelector('[data-testid=transition-dialog-reject] :text("驳回或退回需要填写意见")');
    await snap(manager, 'approval-decision-01-comment-required-1366');
    await manager.click('[data-testid=transition-dialog-reject] button:has-text("取消")');
    await manager.waitForSelector('[data-testid=transition-dialog-reject]', { state: 'detached' });

    // 加签: nobody picked is refused in its own words; typing a name offers the colleague.
    await manager.setViewportSize({ width: 1920, height: 1080 });
    await manager.click('[data-testid=wf-action-insert_user]');
    await manager.click('[data-testid=transition-ok]');
    await manager.waitForSelector('[data-testid=transition-dialog-insert_user] :text("请选择加签用户")');
    await manager.fill('[data-testid=param-user_id]', '张会计');
    const option = manager.locator('[role=option]:has-text("张会计（brand.finance）")');
    await option.waitFor({ timeout: 10000 });
    // Only the people the text finds are offered (the buyer was among the first rows before it was asked).
    await manager.locator('[role=option]:has-text("李采购")').waitFor({ state: 'detached', timeout: 10000 });
    await snap(manager, 'approval-decision-02-insert-user-found-1920');
    await option.click();
    await manager.fill('[data-testid=param-comment]', '请财务一并确认');
    await manager.click('[data-testid=transition-ok]');
    await toast(manager, 'success', '已处理');

    // The flow now names the added approver in its history (the server's record of the step).
    const history = await manager.evaluate(async (t) => {
      const h = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const flow = (await (await fetch(`/api/crossapi/ccommonapi/cpm-bus/cpm-view?entity=${t.entity}&id=${String(t.record_id)}`, { headers: h })).json()).data as { history: Array<{ action: string; comment: string | null }>; tasks: Array<{ user_name: string; status: number }> };
      return flow;
    }, task);
    expect(history.history.some((s) => s.action === 'insert_user' && s.comment === '请财务一并确认')).toBe(true);
    expect(history.tasks.some((x) => x.user_name === '张会计' && x.status === 10)).toBe(true);
    expect(errors).toEqual([]);
    await manager.close();
  });
});
