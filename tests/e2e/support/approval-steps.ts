import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { snap } from './harness';

/** Steps the approval and dynamic-form e2e tests share (issue 14): sign in, read a toast, approve from 我的审批. */

/** Signs a demo user in on the login page the path redirects to (password Demo1234). */
export async function signIn(page: Page, baseUrl: string, path: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

/** Waits for a toast with the text, then closes the open toasts. */
export async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 10000 });
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

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
