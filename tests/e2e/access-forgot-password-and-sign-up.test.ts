import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { serverAndBrowserForFile, snap } from './support/harness';
import { codesOnOutboxPage, fillAccountStep, sendSignupCodes, signInThroughForm } from './support/signup-steps';

/**
 * The account screens end to end: the forgot-password path through the link the outbox page shows
 * (the demo has no mail server, the outbox is how its users read mails), and the sign-up wizard
 * joining a company with an invite code and an e-mail verification code read from the outbox.
 * Build the client first (`npx vite build`): the server serves dist/client.
 */
const run = serverAndBrowserForFile();
/** The outbox list's rows and an address cell of one. */
const OUTBOX_ROWS = '[data-testid=list-outbox] .ag-row';
const OUTBOX_ROW_CELL = `${OUTBOX_ROWS} [col-id=to_address]`;

async function signOut(page: Page): Promise<void> {
  await page.click('[data-testid=user-menu]');
  await page.click('[data-testid=sign-out]');
  await page.waitForSelector('[data-testid=login-form]');
}

/**
 * The outbox rows to an address, read from the outbox page (the engine's list of the `outbox` view
 * entity) as the signed-in administrator sees it: the address, message and link cells of each row,
 * the link as a path of this site.
 */
async function outboxRowsTo(page: Page, address: string): Promise<{ body: string; link: string | null }[]> {
  await page.goto(`${run.server.url}/page/outbox`);
  await page.waitForSelector(OUTBOX_ROW_CELL);
  return page.$$eval(
    OUTBOX_ROWS,
    (rows, to) =>
      rows
        .filter((r) => r.querySelector('[col-id=to_address]')?.textContent === to)
        .map((r) => {
          const link = r.querySelector('[col-id=link]')?.textContent || null;
          const url = link ? new URL(link, window.location.origin) : null;
          return { body: r.querySelector('[col-id=body]')?.textContent ?? '', link: url ? url.pathname + url.search : null };
        }),
    address,
  );
}

describe('forgot password through the outbox link', () => {
  it('requests a link for brand.buyer, reads it on the outbox page, sets a new password and signs in with it', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${run.server.url}/login`);
    await page.click('[data-testid=forgot-link]');
    await page.waitForSelector('[data-testid=reset-request-form]');
    expect(new URL(page.url()).pathname).toBe('/forgotpwd/fillemail');
    await snap(page, 'access-01-fill-email');
    // Spec 5: the e-mail is checked before anything is sent.
    await page.fill('input[type=email]', 'not-an-email');
    await page.click('[data-testid=reset-request-form] button[type=submit]');
    await page.waitForSelector('text=不是有效的邮箱地址');
    await page.fill('input[type=email]', 'brand.buyer@demo.local');
    await page.click('[data-testid=reset-request-form] button[type=submit]');
    await page.waitForSelector('[data-testid=reset-mail-sent]');
    expect(await page.textContent('[data-testid=reset-mail-sent]')).toContain('brand.buyer@demo.local');
    await snap(page, 'access-02-mail-sent');

    // The brand's administrator reads the company's outbox (spec: mail goes to an outbox a page shows).
    await signInThroughForm(page, run.server.url, 'brand', 'Demo1234');
    const rows = await outboxRowsTo(page, 'brand.buyer@demo.local');
    await snap(page, 'access-03-outbox');
    const link = rows.find((r) => r.link?.includes('/forgotpwd/newpwd?token='))?.link;
    expect(link).toBeTruthy();
    await signOut(page);

    // The link opens the new-password page; the spec 5 rules are checked in the browser first.
    await page.goto(`${run.server.url}${link}`);
    await page.waitForSelector('[data-testid=new-password-form]');
    await snap(page, 'access-04-new-password');
    const inputs = await page.$$('[data-testid=new-password-form] input[type=password]');
    await inputs[0].fill('Buyer2026x');
    await inputs[1].fill('Buyer2026y');
    await page.click('[data-testid=new-password-form] button[type=submit]');
    await page.waitForSelector('text=两次输入的密码不一致');
    await inputs[1].fill('Buyer2026x');
    await page.click('[data-testid=new-password-form] button[type=submit]');
    await page.waitForSelector('[data-testid=password-reset-done]');
    await snap(page, 'access-05-password-reset');

    // The old password no longer works; the new one does.
    await page.goto(`${run.server.url}/login`);
    await page.waitForSelector('[data-testid=login-form]');
    expect(await page.inputValue('input[name=username]')).toBe('brand.buyer');
    await page.fill('input[name=password]', 'Demo1234');
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=login-error]');
    await signInThroughForm(page, run.server.url, 'brand.buyer', 'Buyer2026x');
    expect(await page.textContent('[data-testid=home-company]')).toBe('悦衣品牌');

    // The used link cannot be used twice.
    await signOut(page);
    await page.goto(`${run.server.url}${link}`);
    await page.waitForSelector('[data-testid=link-invalid]');
    await snap(page, 'access-06-link-used');

    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the expired-link page offering to resend', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    await page.goto(`${run.server.url}/forgotpwd/deadline`);
    await page.waitForSelector('[data-testid=link-expired]');
    expect(await page.textContent('[data-testid=link-expired]')).toContain('请重新发送');
    expect(await page.$('[data-testid=reset-request-form]')).not.toBeNull();
    await snap(page, 'access-07-deadline');
    await page.close();
  });
});

/** Calls the API as a signed-in user from the test (administrator set-up steps). */
async function apiAs(username: string): Promise<<T>(path: string, body?: unknown) => Promise<T>> {
  const login = (await (await fetch(`${run.server.url}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) })).json()) as { data: { access_token: string } };
  const token = login.data.access_token;
  return async <T,>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${run.server.url}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; data: T };
    if (envelope.code !== 200) throw new Error(`${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
}

describe('first sign-in with a temporary password', () => {
  it('asks for a new password before entering the workspace (spec 2 "first-login or new password")', async () => {
    // The maker's administrator resets the planner's password; the mail holds a temporary one.
    const admin = await apiAs('maker');
    const users = await admin<{ rows: { id: number; username: string }[] }>('/adminapi/users?q=maker.planner');
    const planner = users.rows.find((u) => u.username === 'maker.planner');
    expect(planner).toBeTruthy();
    await admin('/adminapi/users/reset-password', { id: planner?.id });
    const outbox = await admin<{ rows: { to_address: string; body: string }[] }>('/utilsapi/outbox');
    const mail = outbox.rows.find((r) => r.to_address === 'maker.planner@demo.local')?.body ?? '';
    const temporary = /([A-Za-z0-9]{10})，请登录后/.exec(mail)?.[1] ?? /password is ([A-Za-z0-9]{10})/.exec(mail)?.[1];
    expect(temporary).toBeTruthy();

    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    await page.goto(`${run.server.url}/login`);
    await page.waitForSelector('[data-testid=login-form]');
    await page.fill('input[name=username]', 'maker.planner');
    await page.fill('input[name=password]', temporary as string);
    await page.click('[data-testid=login-submit]');
    await page.waitForSelector('[data-testid=first-login]');
    // Only the new password and its repeat: no old password on the first sign-in.
    expect(await page.$$('[data-testid=first-login] input[type=password]')).toHaveLength(2);
    await snap(page, 'access-08-first-login');
    const inputs = await page.$$('[data-testid=first-login] input[type=password]');
    await inputs[0].fill('Planner2026');
    await inputs[1].fill('Planner2026');
    await page.click('[data-testid=first-login] button[type=submit]');
    await page.waitForSelector('[data-testid=workspace-home]');
    await page.waitForTimeout(300);
    expect(await page.$('[role=alertdialog]')).toBeNull();
    // A reload finds no pending password change any more.
    await page.reload();
    await page.waitForSelector('[data-testid=workspace-home]');
    expect(await page.$('[role=alertdialog]')).toBeNull();
    await page.close();
  });
});

describe('sign-up wizard', () => {
  it('joins the maker with its invite code, verifying the e-mail with the code from the outbox', async () => {
    const page = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const admin = await run.browser.newPage({ viewport: { width: 1366, height: 820 } });
    const email = `new.sewer.${Date.now()}@demo.local`;

    await page.goto(`${run.server.url}/signup`);
    await page.waitForSelector('[data-testid=signup-step-kind]');
    await snap(page, 'signup-01-kind');
    await page.click('[data-testid=signup-kind-join]');
    await page.fill('[data-testid=signup-step-kind] input', 'WRONG-CODE');
    await page.click('[data-testid=signup-next]');
    await page.waitForSelector('text=邀请码无效');
    await page.fill('[data-testid=signup-step-kind] input', 'MAKER01-JOIN');
    await page.click('[data-testid=signup-next]');
    await page.waitForSelector('[data-testid=signup-step-verify]');

    const mobile = `139${String(Date.now()).slice(-8)}`;
    await sendSignupCodes(page, email, mobile);
    // The resend button counts down (60 s between codes).
    expect(await page.textContent('[data-testid=send-code]')).toMatch(/\d+ 秒后可重发/);
    await snap(page, 'signup-02-verify');

    // The codes are an e-mail and an SMS without a company yet: the super administrator's outbox shows them.
    await signInThroughForm(admin, run.server.url, 'admin', 'Demo1234');
    const [code, smsCode] = await codesOnOutboxPage(admin, run.server.url, [email, mobile]);
    await admin.close();

    await page.fill('[data-testid=email-code]', code);
    await page.fill('[data-testid=mobile-code]', smsCode);
    await page.click('[data-testid=signup-next]');
    const username = `sewer${Date.now().toString(36)}`;
    await fillAccountStep(page, username, '赵缝纫', 'Sewer2026');
    await snap(page, 'signup-03-profile');
    await page.click('[data-testid=signup-submit]');
    await page.waitForSelector('[data-testid=signup-finished]');
    expect(await page.textContent('[data-testid=signup-finished]')).toContain('华纺制衣');
    expect(await page.textContent('[data-testid=signup-countdown]')).toMatch(/\d+ 秒后自动跳转/);
    await snap(page, 'signup-04-finished');

    // The new member signs in to the maker's workspace.
    await signInThroughForm(page, run.server.url, username, 'Sewer2026');
    expect(await page.textContent('[data-testid=home-company]')).toBe('华纺制衣');
    await page.close();
  });
});
