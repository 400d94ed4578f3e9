import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn as signInAt, toast, until } from './support/steps';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Issue 35's field types on real pages: the brand's administrator sets the roles that also receive
 * an event's notices by moving them across a transfer in 通知设置 (stored as a list, shown again on
 * reopening); in 供应商评估 the maker's evaluation in progress records its auditor (a colleague
 * suggested as one types) and the device's position where it is done on site.
 * Build the client first (`npx vite build --outDir ../../dist-<name>`, CLIENT_DIR=dist-<name>).
 */
const run = serverAndBrowserForFile();
const signIn = (page: Page, path: string, username: string) => signInAt(page, run.server.url, path, username);
const inField = (key: string, selector: string) => `[data-testid=entity-form] [data-field=${key}] ${selector}`;
const POSITION = { latitude: 22.543096, longitude: 114.057865 };

async function snapAtWidths(page: Page, name: string): Promise<void> {
  for (const [width, height] of [[1366, 768], [1920, 1080]] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await snap(page, `${name}-${width}`);
  }
}

/** Selects the list row holding a text and opens it in the drawer. */
async function openRow(page: Page, text: string): Promise<void> {
  await page.locator('.ag-row', { hasText: text }).first().waitFor({ timeout: 15000 });
  await page.locator('.ag-row', { hasText: text }).first().locator('.ag-selection-checkbox input').check();
  await page.click('[data-testid=action-edit]');
  await page.waitForSelector('[data-testid=entity-form]');
}

describe('real pages use the transfer, the autocomplete and the runtime location', () => {
  it('notification settings choose recipient roles in a transfer', async () => {
    const errors: string[] = [];
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/admin/index/notifysetting', 'brand');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await page.click('#f-notifysetting-event');
    await page.locator('[role=option]').first().click();
    const event = await page.textContent('#f-notifysetting-event');
    await page.locator(inField('channels', 'input[type=checkbox]')).first().check();
    // The company's roles, by name, are what the transfer offers.
    const available = inField('recipient_roles', '[data-testid=transfer-available]');
    await page.locator(available).getByText('计划员', { exact: true }).waitFor({ timeout: 15000 });
    await page.locator(available).locator('.fui-Checkbox', { hasText: '计划员' }).locator('input').check();
    await page.click(inField('recipient_roles', 'button[aria-label="→"]'));
    await page.waitForSelector(inField('recipient_roles', '[data-testid=transfer-chosen] :text("计划员")'));
    await snapAtWidths(page, 'real-pages-01-notify-roles-transfer');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click('[data-testid=form-save]');
    await toast(page, 'success', '保存成功');
    await openRow(page, (event ?? '').trim());
    await page.waitForSelector(inField('recipient_roles', '[data-testid=transfer-chosen] :text("计划员")'));
    expect(await page.textContent(inField('recipient_roles', '[data-testid=transfer-chosen]'))).not.toContain('企业管理员');
    expect(errors).toEqual([]);
  });

  it('a supplier evaluation records its auditor with colleagues suggested and the position where it is done', async () => {
    const errors: string[] = [];
    const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 }, geolocation: POSITION, permissions: ['geolocation'] });
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/srm/masterdetail/srcvendoreval', 'brand');
    await openRow(page, '2026 Q4');
    await page.click('#f-srcvendoreval-auditor');
    await page.locator('#f-srcvendoreval-auditor').pressSequentially('采购');
    // The colleagues whose name or account holds what was typed (李采购, the brand's buyer).
    const suggestion = page.locator('[role=listbox] [role=option]', { hasText: '采购' }).first();
    await suggestion.waitFor({ timeout: 15000 });
    const name = (await suggestion.textContent())?.trim() ?? '';
    await suggestion.click();
    expect(await page.inputValue('#f-srcvendoreval-auditor')).toBe(name);
    await page.click(inField('site_location', 'button:has-text("获取当前位置")'));
    await until(page, () => (document.querySelector('#f-srcvendoreval-site_location') as HTMLInputElement | null)?.value === '22.543096,114.057865', undefined, { timeout: 10000 });
    await snapAtWidths(page, 'real-pages-02-evaluation-auditor-and-location');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.click('[data-testid=form-save]');
    await toast(page, 'success', '保存成功');
    await page.locator('.ag-row', { hasText: '22.543096,114.057865' }).first().waitFor({ timeout: 15000 });
    expect(await page.locator('.ag-row', { hasText: '22.543096,114.057865' }).first().textContent()).toContain(name);
    expect(errors).toEqual([]);
  });
});
