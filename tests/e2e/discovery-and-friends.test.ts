import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell } from './support/steps';

/**
 * Discovery and friends (issue 15): a visitor without sign-in sees the companies and the project
 * opportunities (no contacts, no friend tabs); signed in, the planner finds a user by exact username
 * and asks; the other accepts in their own browser; the friend opens a chat from the friends list.
 */
const run = serverAndBrowserForFile();

describe('discovery and friends', () => {
  it('public lists for a visitor; a friend request asked, accepted in the other browser, and a chat opened', async () => {
    const visitor = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    visitor.on('pageerror', (e) => errors.push(e.message));
    await visitor.goto(`${run.server.url}/discovery/index`);
    await visitor.waitForSelector('[data-testid=disc-company]');
    expect(await visitor.locator('[data-testid=disc-company]').count()).toBeGreaterThanOrEqual(3);
    expect(await visitor.locator('[data-testid=disc-tab-friends]').count()).toBe(0);
    expect(await visitor.locator('[data-testid=disc-company-add]').count()).toBe(0);
    expect(await visitor.locator('[data-testid=disc-sign-in]').count()).toBe(1);
    await snap(visitor, 'discovery-01-visitor-companies');
    await visitor.goto(`${run.server.url}/newdiscovery/index`);
    await visitor.waitForSelector('[data-testid=disc-projects]');
    expect(await visitor.locator('[aria-selected=true][data-testid=disc-tab-projects]').count()).toBe(1);
    await snap(visitor, 'discovery-02-visitor-projects');

    const planner = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const sales = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    for (const p of [planner, sales]) p.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(planner, run.server.url, 'maker.planner');
    await signInToShell(sales, run.server.url, 'supplier.sales');

    await planner.goto(`${run.server.url}/discovery/index?tab=add`);
    await planner.waitForSelector('[data-testid=disc-signed-in]');
    await planner.fill('[data-testid=disc-find-input]', 'supplier.sales');
    await planner.click('[data-testid=disc-find]');
    await planner.waitForSelector('[data-testid=disc-found]');
    await planner.click('[data-testid=disc-ask]');
    await planner.waitForSelector('[data-testid=disc-found] >> text=已发送申请');
    await snap(planner, 'discovery-03-request-sent');

    // The requests are the engine's list (the view `friendrequest`), opening on 待我回复; 同意 is its declared transition.
    await sales.goto(`${run.server.url}/discovery/index?tab=requests`);
    const request = sales.locator('[data-testid=grid-friendrequests] .ag-row', { hasText: '华纺制衣' }).first();
    await request.waitFor();
    expect(await request.locator('[col-id=status]').textContent()).toBe('待我回复');
    await snap(sales, 'discovery-04-request-in');
    await request.locator('.ag-selection-checkbox input').first().check();
    await sales.click('[data-testid=action-accept]');
    await sales.waitForSelector('[data-testid=grid-friendrequests] .ag-row:has-text("华纺制衣")', { state: 'detached' });
    await sales.click('[data-testid=disc-tab-friends]');
    const friend = sales.locator('[data-testid=grid-friends] .ag-row', { hasText: '华纺制衣' }).first();
    await friend.waitFor();
    await friend.locator('.ag-selection-checkbox input').first().check();
    await sales.click('[data-testid=disc-friend-chat]');
    await sales.waitForSelector('[data-testid=chat-conversation]');
    expect(sales.url()).toMatch(/\/collab\/chat\?c=\d+/);
    await snap(sales, 'discovery-05-chat-with-friend');
    expect(errors).toEqual([]);
  }, 180_000);
});
