import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { openTask, todoRow } from './support/approval-steps';
import { rowTotalIs, signIn, signInToShell, toast } from './support/steps';

/**
 * The spec rows the audit found missing (docs/spec-audit.md, issue 35), in Chromium: a refused
 * publication names itself ("发布失败："), a record's drawer copies a link to the record's read-only
 * page, an address without a record number is an illegal request and has no link to copy, every
 * screen's help button shows its help or says it has none, signing out checks the token first, and
 * a shop-floor page is opened on another device through a one-use link (spec 7 /sf/send-temp-token),
 * and an approver's return goes to the bus's rollback-node while a drawer's buttons come from
 * cpm-node-actions.
 * Build the client first (`npx vite build`).
 */
const run = serverAndBrowserForFile();

async function toastText(page: Page, intent: 'error' | 'warning' | 'success'): Promise<string> {
  const toast = page.locator(`[data-testid=toast-${intent}]`).last();
  await toast.waitFor({ timeout: 10000 });
  return (await toast.textContent()) ?? '';
}

async function closeToasts(page: Page): Promise<void> {
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
  await page.locator('[data-testid^=toast-]').first().waitFor({ state: 'detached', timeout: 10000 }).catch(() => undefined);
}

describe('failure texts, copied links and page help (spec 8)', () => {
  it('a public announcement without a contact is refused with "发布失败：" naming the fields', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, run.server.url, '/collab/center?tab=announcements', 'brand');
    // The administrators' list of announcements is the engine's (grids/collab/announcement.grid.ts).
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    const title = `面料到货通知 ${Date.now() % 100000}`;
    await page.fill('#f-announcement-title', title);
    await page.fill('#f-announcement-detail', '本周五到货，请各车间准备收货。');
    await page.check('#f-announcement-is_public');
    await page.click('[data-testid=form-save]');
    const cell = page.locator(`[data-testid=grid-announcement] .ag-cell[col-id="title"]:has-text("${title}")`);
    await cell.waitFor();
    await page.keyboard.press('Escape');
    await closeToasts(page);
    const index = await cell.evaluate((el) => el.closest('.ag-row')!.getAttribute('row-index'));
    await page.locator(`[data-testid=grid-announcement] .ag-row[row-index="${index}"] .ag-selection-checkbox input`).first().check();
    await page.click('[data-testid=action-publish]');
    const text = await toastText(page, 'error');
    expect(text).toContain('发布失败：');
    expect(text).not.toContain('保存失败');
    expect(text).not.toContain('提交信息有误');
    await page.waitForTimeout(400); // the toast's entrance, for the screenshot
    await snap(page, 'failure-texts-01-publish-refused-1366');
    await page.close();
  });

  it('a note\'s drawer copies a link that opens the note read-only for its owner and for nobody else', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 }, permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, run.server.url, '/collab/index/note', 'brand.buyer');
    await page.waitForSelector('[data-testid=grid-note]');
    await page.click('[data-testid=action-create]');
    await page.waitForSelector('[data-testid=entity-form]');
    const title = `确认色卡 ${Date.now() % 100000}`;
    await page.fill('#f-note-title', title);
    await page.fill('#f-note-content', '黑色与藏青的色差，周五前回复。');
    await page.click('[data-testid=form-save]');
    const cell = page.locator(`[data-testid=grid-note] .ag-cell[col-id="title"]:has-text("${title}")`);
    await cell.waitFor();
    await page.keyboard.press('Escape');
    await closeToasts(page);
    await cell.dblclick();
    await page.click('[data-testid=drawer-copy-link]');
    await page.waitForSelector('[data-testid=toast-success]:has-text("链接已复制")');
    await snap(page, 'copy-link-01-drawer-1366');
    // What was copied is the note's read-only page (read back from the clipboard).
    const id = await page.evaluate(async (t) => {
      const res = await fetch(`/api/notifyapi/note/page?q=${encodeURIComponent(t)}`, { headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` } });
      return ((await res.json()) as { data: { rows: Array<{ id: number }> } }).data.rows[0]?.id;
    }, title);
    const link = await page.evaluate(async () => navigator.clipboard.readText());
    expect(link).toBe(`${run.server.url}/page/view/note?id=${String(id)}`);
    await closeToasts(page);

    await page.goto(link);
    await page.waitForSelector('[data-testid=view-note]');
    await page.waitForSelector(`text=${title}`);
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'copy-link-02-view-1920');

    // A colleague (the company's administrator) opening the same link finds nothing: notes are personal.
    const admin = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(admin, run.server.url, new URL(link).pathname + new URL(link).search, 'brand');
    expect(await admin.locator('[data-testid=record-missing]').textContent()).toBe('未找到');
    await admin.close();

    // An address without a record number is an illegal request, and there is no link to copy.
    await page.goto(`${run.server.url}/page/view/note?id=abc`);
    expect(await page.locator('[data-testid=record-missing]').textContent()).toBe('非法请求');
    await page.click('[data-testid=copy-link]');
    expect(await toastText(page, 'warning')).toContain('没有可复制的链接');

    // An export of nothing is a failed download, with the server's reason.
    await page.goto(`${run.server.url}/collab/index/note`);
    await page.fill('[data-testid=quick-search]', 'NO-SUCH-NOTE-XYZ');
    await rowTotalIs(page, 0);
    await page.click('[data-testid=action-export]');
    await page.click('[data-testid=export-zh]');
    await page.waitForSelector('[data-testid=toast-error]:has-text("下载失败：没有可导出的数据")', { timeout: 10000 });
    await page.close();
  });

  it('the help button shows the notes page\'s help, and says so where a page has none', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await signIn(page, run.server.url, '/collab/index/note', 'brand.buyer');
    await page.waitForSelector('[data-testid=grid-note]');
    await page.click('[data-testid=page-help]');
    const doc = page.locator('[data-testid=page-help-doc]');
    await doc.waitFor();
    expect(await doc.textContent()).toContain('同事、公司管理员和其他公司都看不到');
    expect(await doc.locator('li').count()).toBe(3);
    await page.waitForTimeout(400); // the dialog's entrance, for the screenshot
    await snap(page, 'page-help-01-notes-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'page-help-02-notes-1920');
    await page.keyboard.press('Escape');
    await doc.waitFor({ state: 'detached' });

    await page.goto(`${run.server.url}/workspace/home`);
    await page.waitForSelector('[data-testid=unread-bell]');
    await page.click('[data-testid=page-help]');
    expect(await toastText(page, 'warning')).toContain('当前页面没有帮助文档');
    await page.close();
  });

  it('an administrator reads the API keys page\'s help in English', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await page.goto(`${run.server.url}/api/health`);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await signIn(page, run.server.url, '/admin/page/apikeys', 'maker');
    await page.click('[data-testid=page-help]');
    const doc = page.locator('[data-testid=page-help-doc]');
    await doc.waitFor();
    expect(await doc.textContent()).toContain('The key is shown once');
    await page.waitForTimeout(400); // the dialog's entrance, for the screenshot
    await snap(page, 'page-help-03-apikeys-en-1366');
    await page.close();
  });

  it('signing out checks the token (user-state, token in the query) before ending the session', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const calls: string[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname === '/api/access/user-state' || u.pathname === '/api/access/logout') calls.push(`${u.pathname}${u.searchParams.has('token') ? '?token' : ''}`);
    });
    await signIn(page, run.server.url, '/workspace/home', 'brand.buyer');
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=sign-out]');
    await page.waitForURL(/\/login/);
    expect(calls).toEqual(['/api/access/user-state?token', '/api/access/logout']);
    await page.close();
  });

  it('a shop-floor page is opened on another device through a link that works once', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(page, run.server.url, 'maker');
    // The supply platform has no shop-floor UI to open elsewhere.
    await page.click('[data-testid=user-menu]');
    await page.waitForSelector('[data-testid=sign-out]');
    expect(await page.locator('[data-testid=menu-device-link]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.click('[data-testid=platform-switch]');
    await page.click('[role=menuitemradio]:has-text("智造中心")');
    await page.waitForSelector('[data-testid=platform-switch]:has-text("智造中心")');
    await page.goto(`${run.server.url}/zp/prodmgm/index/vfscanvalidate`);
    await page.waitForSelector('[data-testid=scan-page]');
    await page.click('[data-testid=user-menu]');
    await page.click('[data-testid=menu-device-link]');
    const input = page.locator('[data-testid=device-link]');
    await input.waitFor();
    const link = await input.inputValue();
    expect(link).toMatch(/^http:\/\/[^/]+\/login\/third\/temptoken\?temp_token=tt_[\w-]+&to=%2Fzp%2Fprodmgm%2Findex%2Fvfscanvalidate$/);
    expect(await page.textContent('[data-testid=device-link-left]')).toMatch(/链接 \d+ 秒内有效，只能使用一次/);
    await snap(page, 'device-link-01-dialog-1366');
    await page.setViewportSize({ width: 1920, height: 1080 });
    await snap(page, 'device-link-02-dialog-1920');

    // The tablet (a browser of its own) opens the link: signed in as the maker, on the scan page.
    const tablet = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await tablet.goto(link);
    await tablet.waitForSelector('[data-testid=scan-page]', { timeout: 20000 });
    expect(await tablet.evaluate(() => localStorage.getItem('username'))).toBe('maker');
    expect(await tablet.evaluate(() => new URL(window.location.href).pathname)).toBe('/zp/prodmgm/index/vfscanvalidate');
    await snap(tablet, 'device-link-03-tablet-signed-in-1366');
    await tablet.close();

    // The same link a second time signs nobody in.
    const again = await run.browser.newPage({ viewport: { width: 1366, height: 768 } });
    await again.goto(link);
    expect(await again.locator('[data-testid=temp-token-error]').textContent()).toContain('临时令牌无效或已过期');
    expect(await again.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await again.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finance returns a purchase order to the previous approver through rollback-node; the drawer\'s buttons come from cpm-node-actions', async () => {
    const finance = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const bus: string[] = [];
    finance.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.includes('/cpm-bus/')) bus.push(`${r.method()} ${u.pathname.replace('/api/crossapi/ccommonapi/cpm-bus/', '')}`);
    });
    await signIn(finance, run.server.url, '/approvals/todo', 'brand.finance');
    await finance.waitForSelector('[data-testid=wf-todo]');
    // An order the buyer submitted and the manager approved onward, through the bus as the screens call it.
    const poNo = await finance.evaluate(async (base) => {
      const login = async (username: string) => (await (await fetch(`${base}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) })).json()).data.access_token as string;
      const call = async (token: string, path: string, body?: unknown) =>
        (await (await fetch(`${base}/api${path}`, { method: body ? 'POST' : 'GET', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined })).json()).data;
      const buyer = await login('brand.buyer');
      const vendor = (await call(buyer, '/mdapi/vendor/page?f.code.eq=VD001')).rows[0];
      const material = (await call(buyer, '/mdapi/material/page?f.code.eq=MD0001')).rows[0];
      const po = await call(buyer, '/srmapi/purorder/save', { order_kind: 'material', vendor_id: vendor.id, currency: 'CNY', remark: '退回测试', lines: [{ material_id: material.id, unit: 'KG', qty: 20, unit_price: 9, seq: 1 }] });
      await call(buyer, '/crossapi/ccommonapi/cpm-bus/push', { entity: 'purorder', id: po.id, action: 'submit', comment: '请审批' });
      const manager = await login('brand');
      const flow = await call(manager, `/crossapi/ccommonapi/cpm-bus/cpm-view?entity=purorder&id=${String(po.id)}`);
      await call(manager, '/crossapi/ccommonapi/cpm-bus/push', { task_id: flow.task_id, action: 'approve', comment: '同意' });
      return po.po_no as string;
    }, run.server.url);
    await finance.reload();
    // Only the screen's own calls from here on (the set-up above went through the bus too).
    bus.length = 0;
    const row = todoRow(finance, poNo);
    await openTask(finance, poNo);
    await finance.click('[data-testid=wf-action-return_approver]');
    await finance.fill('[data-testid=param-comment]', '请主管再确认数量');
    await finance.click('[data-testid=transition-ok]');
    await toast(finance, 'success', '已处理');
    await row.waitFor({ state: 'detached', timeout: 15000 });
    expect(bus).toContain('POST rollback-node');
    expect(bus).not.toContain('POST push');

    // The manager has the order back; in the order's drawer its buttons are read from cpm-node-actions.
    const manager = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
    const drawerReads: string[] = [];
    manager.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.endsWith('/cpm-node-actions') || u.pathname.endsWith('/cpm-view')) drawerReads.push(u.pathname.split('/').pop() ?? '');
    });
    await signIn(manager, run.server.url, '/srm/masterdetail/purorder', 'brand');
    const cell = manager.locator(`[data-testid=grid-purorder] .ag-cell[col-id="po_no"]:has-text("${poNo}")`);
    await cell.waitFor({ timeout: 15000 });
    await cell.dblclick();
    await manager.waitForSelector('[data-testid=wf-action-approve]');
    expect(drawerReads).toContain('cpm-node-actions');
    await snap(manager, 'approval-return-01-manager-drawer-1440');
    await manager.close();
    await finance.close();
  });
});
