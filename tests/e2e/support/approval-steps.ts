import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './harness';
import { toast } from './steps';

/** Steps the approval and dynamic-form e2e tests share (issue 14): sign in, read a toast, approve from 我的审批. */

export { signIn, toast } from './steps';

/** A task's row in 我的审批 (the engine's grid of the view entity `wftask`): its document-number cell. */
export function todoRow(page: Page, doc: string) {
  return page.locator('[data-testid=wf-todo] .ag-cell[col-id="doc_no"]').filter({ hasText: new RegExp(`^\\s*${doc}\\s*$`) });
}

/** Opens a task of 我的审批 in its drawer (a double click on its row), where its flow and decisions are. */
export async function openTask(page: Page, doc: string): Promise<void> {
  const row = todoRow(page, doc);
  await row.waitFor({ timeout: 15000 });
  await row.dblclick();
  await page.waitForSelector('[data-testid=wf-panel]');
}

/**
 * Approves a document from the caller's to-do list with a comment: its diagram shows, the approve
 * button carries the node's launch text, and the row leaves the list (the drawer closes). `history` is a text the
 * document's history must hold first.
 */
export async function approveFromTodo(page: Page, doc: string, buttonText: string, comment: string, shot: string, history?: string): Promise<void> {
  await page.waitForSelector('[data-testid=wf-todo]');
  const row = todoRow(page, doc);
  await openTask(page, doc);
  await page.waitForSelector('[data-testid=wf-diagram] canvas');
  await page.waitForSelector(`[data-testid=wf-action-approve]:has-text("${buttonText}")`);
  if (history) expect(await page.textContent('[data-testid=wf-history]')).toContain(history);
  await snap(page, shot);
  await page.click('[data-testid=wf-action-approve]');
  await page.fill('[data-testid=param-comment]', comment);
  await page.click('[data-testid=transition-ok]');
  await toast(page, 'success', '已处理');
  await row.waitFor({ state: 'detached', timeout: 15000 });
}
