import type { Page } from 'playwright-core';

/**
 * Copies the allocation workbench's shown version under `code` and waits until the grid shows the
 * copy's own lines. The picker names the copy as soon as it is made, while the grid still shows the
 * version copied from until the copy's lines are loaded (the grid is then drawn anew): a click or a
 * key before that lands in a grid about to be replaced, and its focus and range are lost with it.
 */
export async function copyWorkbenchVersion(page: Page, code: string): Promise<string> {
  // The version's declared transition `copy`: the engine's dialog asks for the new code (and name).
  await page.click('[data-testid=version-copy]');
  await page.fill('[data-testid=param-version_code]', code);
  await page.click('[data-testid=transition-ok]');
  await page.waitForSelector(`[data-testid=version-picker] option:checked:has-text("${code}")`, { state: 'attached', timeout: 20000 });
  // The dialog gone (its focus handed back), then the copy's lines in the grid.
  await page.waitForSelector('[data-testid=param-version_code]', { state: 'detached' });
  const id = await page.$eval('[data-testid=version-picker]', (el) => (el as HTMLSelectElement).value);
  // Drawn from the copy's own data and no read under way (aria-busy): an edit made during a read would be drawn over by it.
  await page.waitForSelector(`[data-testid=workbench-grid][data-version="${id}"]:not([aria-busy="true"]) .ag-row`, { timeout: 20000 });
  return id;
}
