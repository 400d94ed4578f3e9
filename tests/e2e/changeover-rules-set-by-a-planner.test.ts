import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';

/**
 * Changeover rules (issue 31) on their page in the production-planning menu: a planner adds the
 * company's family changeover in the drawer, is told in Chinese (and in English) that only a family rule
 * names two families, and sees the rule in the list the auto-scheduler reads.
 * Build the client first (`npx vite build`): the server serves it.
 */
const run = serverAndBrowserForFile();

async function signIn(page: Page, path: string): Promise<void> {
  await page.goto(`${run.server.url}${path}`);
  await page.waitForSelector('[data-testid=login-form]');
  await page.fill('input[name=username]', 'maker.planner');
  await page.fill('input[name=password]', 'Demo1234');
  await page.click('[data-testid=login-submit]');
}

async function pickOption(page: Page, fieldId: string, text: string): Promise<void> {
  await page.click(`#${fieldId}`);
  await page.click(`[role=option]:has-text("${text}")`);
}

const toast = (page: Page, intent: 'success', text: string) => page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 30_000 });

describe('changeover rules', () => {
  it('a planner sets the family changeover; a colour rule naming a family is refused in zh and en', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, '/scm/index/changeoverrule');
    await page.waitForSelector('[data-testid=grid-changeoverrule] .ag-header-cell');
    expect(await page.title()).toContain('换线规则');

    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await pickOption(page, 'f-changeoverrule-change', '同面料换颜色');
    await pickOption(page, 'f-changeoverrule-from_family', '牛仔');
    await page.fill('#f-changeoverrule-minutes', '30');
    await page.click('[data-testid=form-save]');
    // The server's check: its message under the field (and the form's toast).
    await page.getByText('只有“换品类”规则可以指定原品类和新品类').first().waitFor({ timeout: 30_000 });
    await snap(page, 'changeover-01-refused-zh-1366');

    await page.click('[data-testid=form-cancel]');
    await page.click('[data-testid=confirm-ok]').catch(() => undefined);
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached' });
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await pickOption(page, 'f-changeoverrule-change', '换品类');
    await page.fill('#f-changeoverrule-minutes', '300');
    await page.fill('#f-changeoverrule-remark', '换品类需重新调机、换针和试做');
    await page.click('[data-testid=form-save]');
    await toast(page, 'success', '保存成功');
    await page.waitForSelector('[data-testid=entity-form]', { state: 'detached', timeout: 10_000 }).catch(() => undefined);
    await page.waitForSelector('[data-testid=grid-changeoverrule] .ag-cell[col-id=minutes]:has-text("300")');
    expect(await page.textContent('[data-testid=grid-changeoverrule]')).toContain('换品类');
    await snap(page, 'changeover-02-list-zh-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.waitForTimeout(300);
    await snap(page, 'changeover-03-list-zh-1920');

    await page.click('[data-testid=language-switch]');
    await page.click('[data-testid=language-en]');
    await page.waitForSelector('[data-testid=action-create]:has-text("New")');
    expect(await page.textContent('[data-testid=grid-changeoverrule]')).toContain('Another style family');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    await pickOption(page, 'f-changeoverrule-change', 'Same fabric, another colour');
    await pickOption(page, 'f-changeoverrule-to_family', 'Denim');
    await page.fill('#f-changeoverrule-minutes', '30');
    await page.click('[data-testid=form-save]');
    await page.getByText('Only a family rule names the families, and then both of them').first().waitFor({ timeout: 30_000 });
    await snap(page, 'changeover-04-refused-en-1920');
    await page.setViewportSize({ width: 1366, height: 768 });
    await snap(page, 'changeover-05-refused-en-1366');
    expect(errors).toEqual([]);
  });
});
