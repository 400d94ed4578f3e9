import type { Page } from 'playwright-core';

/** Steps many e2e files share: signing a demo user in and reading a toast. */

/** Signs a demo user in on the login page the path redirects to (password Demo1234). */
export async function signIn(page: Page, baseUrl: string, path: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', username);
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

/** Signs a demo user in from the login page and waits for the shell (its notification bell). */
export async function signInToShell(page: Page, baseUrl: string, username: string): Promise<void> {
  await signIn(page, baseUrl, '/login', username);
  await page.waitForSelector('[data-testid=unread-bell]');
}

/** Waits for a toast with the text, then closes the open toasts. */
export async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 10000 });
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

/** The unread count the notification bell shows (0 when it shows none). */
export async function unreadCount(page: Page): Promise<number> {
  return Number((await page.textContent('[data-testid=unread-count]').catch(() => '0')) || '0');
}

/** Selects the first row of a list and runs a state action, typing its parameter when it has one. */
export async function act(page: Page, action: string, param?: string): Promise<void> {
  // Only the first row selected (after an action the row acted on stays selected).
  for (const box of await page.locator('.ag-row:not([row-index="0"]) .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await page.click(`[data-testid=action-${action}]`);
  if (param !== undefined) await page.fill('[role=dialog] input', param);
  await page.click('[data-testid=transition-ok]');
}

/** Waits until the first row of a list shows the status. */
export async function statusIs(page: Page, text: string): Promise<void> {
  await page.waitForFunction((t) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes(t), text, { timeout: 15000 });
}
