import type { Page } from 'playwright-core';

/**
 * In the mapping step: the supplier's drop-down (`testid`, a column's or an order key's) set to
 * "不导入" names the supplier code as missing and holds the check; chosen again, nothing is missing.
 */
export async function supplierIgnoredThenChosen(page: Page, testid: string): Promise<boolean> {
  await page.click(`[data-testid=${testid}]`);
  await page.getByRole('option', { name: '不导入' }).click();
  await page.waitForSelector('[data-testid=mapping-missing]:has-text("供应商编码")');
  const held = await page.locator('[data-testid=mapping-confirm]').isDisabled();
  await page.click(`[data-testid=${testid}]`);
  await page.getByRole('option', { name: '*供应商编码' }).click();
  await page.waitForSelector('[data-testid=mapping-missing]', { state: 'detached' });
  return held;
}

/** Confirms the mapping, waits for a check without errors, commits, and returns the result's text. */
export async function confirmCheckAndCommit(page: Page): Promise<string> {
  await page.click('[data-testid=mapping-confirm]');
  await page.waitForSelector('[data-testid=import-preview]', { timeout: 60000 });
  await page.waitForSelector('[data-testid=import-counts]:has-text("错误 0")');
  await page.click('[data-testid=import-commit]');
  await page.waitForSelector('[data-testid=import-done]', { timeout: 60000 });
  return (await page.textContent('[data-testid=import-done]')) ?? '';
}
