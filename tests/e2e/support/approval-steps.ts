import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './harness';
import { toast } from './steps';

/** Steps the approval and dynamic-form e2e tests share (issue 14): sign in, read a toast, approve from 我的审批. */

export { signIn, toast } from './steps';

/**
 * Approves a document from the caller's to-do list with a comment: its diagram shows, the approve
 * button carries the node's launch text, and the row leaves the list. `history` is a text the
 * document's history must hold first.
 */
export async function approveFromTodo(page: Page, doc: string, buttonText: string, comment: string, shot: string, history?: string): Promise<void> {
  await page.waitForSelector('[data-testid=wf-todo]');
  const row = page.locator(`[data-testid=wf-todo-row][data-doc="${doc}"]`);
  await row.waitFor({ timeout: 15000 });
  await row.click();
  await page.waitForSelector('[data-testid=wf-diagram] canvas');
  await page.waitForSelector(`[data-testid=wf-action-approve]:has-text("${buttonText}")`);
  if (history) expect(await page.textContent('[data-testid=wf-history]')).toContain(history);
  await snap(page, shot);
  await page.click('[data-testid=wf-action-approve]');
  await page.fill('[data-testid=wf-comment]', comment);
  await page.click('[data-testid=wf-confirm]');
  await toast(page, 'success', '已处理');
  await row.waitFor({ state: 'detached', timeout: 15000 });
}
