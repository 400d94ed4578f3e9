import type { Page } from 'playwright-core';

/**
 * The side menu opens one group at a time (src/client/shell/side-nav.logic.ts): an entry of another
 * group is not on the page until its group is opened. These open an entry as a person does.
 */

const inNav = (testId: string) => `[data-testid=side-nav] [data-testid="${testId}"]`;

/** Opens `group` in the side menu unless it is open already (its header says aria-expanded). */
export async function openMenuGroup(page: Page, group: string): Promise<void> {
  const header = page.locator(inNav(`menu-group-${group}`)).first();
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
}

/**
 * Shows the side menu's entry `code` (its group opened; `group` when the caller knows it, else each
 * closed group in turn until the entry shows) and answers its link.
 */
export async function showMenuEntry(page: Page, code: string, group?: string) {
  const entry = page.locator(inNav(`menu-${code}`)).first();
  if (group) await openMenuGroup(page, group);
  if (await entry.count()) return entry;
  await page.waitForSelector('[data-testid=side-nav] [data-testid^=menu-group-]');
  const groups = await page.locator('[data-testid=side-nav] [data-testid^=menu-group-]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('menu-group-'.length)));
  for (const g of groups) {
    await openMenuGroup(page, g);
    // Opening a group renders its entries in the click's own commit (they grow in while it opens).
    if (await entry.count()) return entry;
  }
  throw new Error(`no side menu group holds the entry ${code}`);
}

/** Clicks the side menu's entry `code`, its group opened first. Example: `await clickMenuEntry(page, 'md.vendor')`. */
export async function clickMenuEntry(page: Page, code: string, group?: string): Promise<void> {
  await (await showMenuEntry(page, code, group)).click({ timeout: 10_000 });
}
