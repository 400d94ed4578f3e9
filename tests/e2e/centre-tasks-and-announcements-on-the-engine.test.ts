import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signIn, until } from './support/steps';

/**
 * The notification centre's tasks and the administrators' announcements are the engine's lists
 * (issue 30), inside the centre's tabs: a user adds a task in the drawer, completes it from the
 * toolbar (it leaves the in-progress tab for the completed one); an administrator drafts an
 * announcement, publishes it, and a colleague reads it above, unread until opened. Screens at 1366
 * and 1920. Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

describe("the centre's tasks and announcements on the engine", () => {
  for (const width of [1366, 1920]) {
    it(`a task is added and completed, an announcement drafted, published and read (${width})`, async () => {
      const page = await run.browser.newPage({ viewport: { width, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await signIn(page, run.server.url, '/collab/center?tab=tasks', 'brand');
      await page.waitForSelector('[data-testid=grid-task]');
      const subject = `确认面料色卡 ${width}-${Date.now() % 100000}`;
      await page.click('[data-testid=action-create]');
      await page.waitForSelector('[data-testid=entity-form]');
      await page.fill('#f-task-subject', subject);
      await page.fill('#f-task-remark', '周五前回复品牌');
      await page.click('[data-testid=form-save]');
      const cell = page.locator(`[data-testid=grid-task] .ag-cell[col-id="subject"]:has-text("${subject}")`);
      await cell.waitFor();
      await page.keyboard.press('Escape');
      await snap(page, `centre-01-tasks-${width}`);
      const index = await cell.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'));
      await page.locator(`[data-testid=grid-task] .ag-row[row-index="${index}"] .ag-selection-checkbox input`).first().check();
      await page.click('[data-testid=action-complete]');
      await cell.waitFor({ state: 'detached' });
      await page.click('[data-testid=tab-30]');
      await cell.waitFor();
      expect(await page.textContent(`[data-testid=grid-task] .ag-row[row-index="${await cell.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'))}"] [col-id=status]`)).toBe('已完成');

      await page.click('[data-testid=tab-announcements]');
      await page.waitForSelector('[data-testid=grid-announcement]');
      const title = `年末盘点安排 ${width}-${Date.now() % 100000}`;
      await page.click('[data-testid=action-create]');
      await page.waitForSelector('[data-testid=entity-form]');
      await page.fill('#f-announcement-title', title);
      await page.fill('#f-announcement-detail', '本月 28 日全员盘点，请各部门提前准备。');
      await page.fill('#f-announcement-department', '行政部');
      await snap(page, `centre-02-announcement-drawer-${width}`);
      await page.click('[data-testid=form-save]');
      const row = page.locator(`[data-testid=grid-announcement] .ag-cell[col-id="title"]:has-text("${title}")`);
      await row.waitFor();
      await page.keyboard.press('Escape');
      const at = await row.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'));
      await page.locator(`[data-testid=grid-announcement] .ag-row[row-index="${at}"] .ag-selection-checkbox input`).first().check();
      await page.click('[data-testid=action-publish]');
      await until(page, (q) => [...document.querySelectorAll('[data-testid=grid-announcement] .ag-row [col-id=status]')].some((c) => c.closest('.ag-row')?.textContent?.includes(q) && c.textContent === '已发布'), title);
      await snap(page, `centre-03-announcements-${width}`);

      // A colleague reads it in the engine's list of what they read, unread until marked read.
      const buyer = await run.browser.newPage({ viewport: { width, height: 900 } });
      await signIn(buyer, run.server.url, '/collab/center?tab=announcements', 'brand.buyer');
      const item = buyer.locator(`[data-testid=grid-announcementfeed] .ag-cell[col-id="title"]:has-text("${title}")`);
      await item.waitFor();
      const feedRow = await item.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'));
      expect(await buyer.textContent(`[data-testid=grid-announcementfeed] .ag-row[row-index="${feedRow}"] [col-id=status]`)).toBe('未读');
      expect(await buyer.locator('[data-testid=grid-announcement]').count()).toBe(0);
      await buyer.locator(`[data-testid=grid-announcementfeed] .ag-row[row-index="${feedRow}"] .ag-selection-checkbox input`).first().check();
      await buyer.click('[data-testid=action-read]');
      // Read, it leaves the unread tab; under 已读 it is there.
      await item.waitFor({ state: 'detached' });
      await buyer.click('[data-testid=tab-read]');
      await item.waitFor();
      await snap(buyer, `centre-04-reader-${width}`);
      expect(errors).toEqual([]);
      await page.close();
      await buyer.close();
    });
  }
});
