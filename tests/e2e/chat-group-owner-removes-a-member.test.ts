import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell, toast, until } from './support/steps';

/**
 * A group's member panel (issue 35): the group's owner removes a member after confirming (a
 * cancelled confirmation keeps them); the member list, the member count and the removed user's own
 * conversations follow; another member sees the panel without any remove button.
 */
const run = serverAndBrowserForFile();
const CHAT = '/api/crossapi/chatapi/chat';
const GROUP = '面料协同群（移除成员）';

async function tokenOf(username: string): Promise<string> {
  const res = await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

async function api<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${run.server.url}${CHAT}${path}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const reply = (await res.json()) as { code: number; message: string; data: T };
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.message}`);
  return reply.data;
}

async function openMembers(page: Page): Promise<void> {
  await page.goto(`${run.server.url}/collab/chat`);
  await page.click(`[data-testid=chat-item][data-name="${GROUP}"]`);
  await page.waitForSelector('[data-testid=chat-conversation]');
  await page.click('[data-testid=chat-members]');
  await page.waitForSelector('[data-testid=chat-member-panel] [data-testid=chat-member]');
}

describe('chat group members', () => {
  it('the owner removes a member from the member panel after confirming; other members cannot', async () => {
    const brand = await tokenOf('brand');
    const contacts = (await api<{ rows: Array<{ id: number; username: string; fullname: string }> }>(brand, 'GET', '/contacts')).rows;
    const buyer = contacts.find((c) => c.username === 'brand.buyer')!;
    const maker = contacts.find((c) => c.username === 'maker')!;
    const group = await api<{ id: number }>(brand, 'POST', '/group-save', { name: GROUP, member_ids: [buyer.id, maker.id] });

    const context = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const owner = await context.newPage();
    const errors: string[] = [];
    owner.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(owner, run.server.url, 'brand');
    await openMembers(owner);
    const members = owner.locator('[data-testid=chat-member-panel] [data-testid=chat-member]');
    expect(await members.count()).toBe(3);
    // The owner is listed first and marked; a remove button beside each other member, none beside the owner.
    expect(await members.first().textContent()).toContain('群主');
    expect(await owner.locator('[data-testid^=chat-member-remove-]').count()).toBe(2);
    await snap(owner, 'chat-members-01-owner-1366');

    // Cancelled: the maker stays.
    await owner.click(`[data-testid=chat-member-remove-${maker.id}]`);
    await owner.waitForSelector(`[role=alertdialog]:has-text("${maker.fullname}")`);
    expect(await owner.locator('[role=alertdialog]').textContent()).toContain(GROUP);
    await owner.locator('[role=alertdialog]').getByRole('button', { name: '取消' }).click();
    await owner.waitForSelector('[role=alertdialog]', { state: 'detached' });
    expect(await members.count()).toBe(3);

    // Confirmed: removed, told, listed no more, counted no more.
    await owner.click(`[data-testid=chat-member-remove-${maker.id}]`);
    await owner.click('[data-testid=confirm-ok]');
    await toast(owner, 'success', `已将“${maker.fullname}”移出群聊`);
    // The panel reads the members again: two are left, the maker is not among them.
    await until(owner, () => document.querySelectorAll('[data-testid=chat-member-panel] [data-testid=chat-member]').length === 2);
    expect(await owner.locator(`[data-testid=chat-member-panel] [data-testid=chat-member][data-user="${maker.id}"]`).count()).toBe(0);
    await owner.click('[data-testid=chat-member-panel] button[aria-label="关闭"]');
    await owner.waitForSelector('[data-testid=chat-member-panel]', { state: 'detached' });
    await owner.waitForSelector('[data-testid=chat-conversation]:has-text("2 人")');
    await owner.setViewportSize({ width: 1920, height: 1080 });
    await owner.click('[data-testid=chat-members]');
    await owner.waitForSelector('[data-testid=chat-member-panel] [data-testid=chat-member]');
    await snap(owner, 'chat-members-02-removed-1920');

    // The removed maker's conversations no longer hold the group.
    const makerRows = (await api<{ rows: Array<{ id: number }> }>(await tokenOf('maker'), 'GET', '/conversations')).rows;
    expect(makerRows.map((r) => r.id)).not.toContain(group.id);

    // A member who is not the owner sees the members and the owner, and no remove button.
    const otherContext = await run.browser.newContext({ viewport: { width: 1366, height: 768 } });
    const other = await otherContext.newPage();
    other.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(other, run.server.url, 'brand.buyer');
    await openMembers(other);
    expect(await other.locator('[data-testid=chat-member-panel] [data-testid=chat-member]').count()).toBe(2);
    expect(await other.locator('[data-testid^=chat-member-remove-]').count()).toBe(0);
    await snap(other, 'chat-members-03-member-view');
    expect(errors).toEqual([]);
    await otherContext.close();
    await context.close();
  }, 120_000);
});
