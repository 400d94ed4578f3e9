import type { Frame, Locator, Page } from 'playwright-core';

/** Steps many e2e files share: signing a demo user in and reading a toast. */

/** A condition `until` checks in the page: a function of the argument, or an expression's text. */
type PageCondition<Arg> = string | ((arg: Arg) => unknown);

/**
 * Waits until `condition` holds in the page (a truthy answer), checking it every 100 ms unless
 * `options.polling` says otherwise. Playwright's own `waitForFunction` checks on every animation
 * frame by default, which keeps the page's renderer and Chromium's GPU process drawing frames for
 * as long as the wait lasts: an idle page waited on for 10 s cost 0.85 CPU-s that way against 0.08
 * at 100 ms (docs/architecture.md "Tests and CI"), and the e2e files wait this way about 175 times.
 */
export async function until<Arg>(page: Page | Frame, condition: PageCondition<Arg>, arg?: Arg, options: { timeout?: number; polling?: number } = {}): Promise<void> {
  const handle = await page.waitForFunction(condition as Parameters<Page['waitForFunction']>[0], arg, { polling: 100, ...options });
  await handle.dispose();
}

/**
 * Signs a demo user in (password Demo1234) and opens `path` signed in. The sign-in itself is the
 * server's login call, and its tokens are stored under the keys the browser keeps them in (spec 9:
 * token, tokenexpire, refreshtoken, refreshexpire, username), as the login page stores them; the
 * page then loads once, as a signed-in user's reload does. The login page's own form is tested by
 * the files that sign in through it (shell sign-in and navigation, forgot password and sign-up,
 * admin sign-up approval). Loading the app once instead of twice (the login page, then the path)
 * is about 1.5 CPU-seconds less per sign-in, of which the e2e files make about ninety.
 */
export async function signIn(page: Page, baseUrl: string, path: string, username: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/access/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'Demo1234' }) });
  const reply = (await res.json()) as { code: number; message: string; data: { access_token: string; expire: number; refresh_token: string; refresh_expire: number } };
  if (reply.code !== 200) throw new Error(`sign-in of ${username}: ${reply.code} ${reply.message}`);
  const now = Math.floor(Date.now() / 1000);
  const stored: Record<string, string> = {
    token: reply.data.access_token,
    tokenexpire: String(now + reply.data.expire),
    refreshtoken: reply.data.refresh_token,
    refreshexpire: String(now + reply.data.refresh_expire),
    username,
  };
  // Same origin as the app, without loading it: the server's health reply.
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate((entries) => {
    for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
  }, stored);
  await page.goto(`${baseUrl}${path === '/login' ? '/' : path}`);
}

/** Signs a demo user in and waits for the shell (its notification bell). */
export async function signInToShell(page: Page, baseUrl: string, username: string): Promise<void> {
  await signIn(page, baseUrl, '/', username);
  await page.waitForSelector('[data-testid=unread-bell]');
}

/** Waits for a toast with the text, then closes the open toasts. */
export async function toast(page: Page, intent: 'error' | 'warning' | 'success', text: string): Promise<void> {
  await page.waitForSelector(`[data-testid=toast-${intent}]:has-text("${text}")`, { timeout: 20000 });
  for (const b of await page.$$('[data-testid=toast-close]')) await b.click().catch(() => undefined);
}

/** The unread count the notification bell shows (0 when it shows none). */
export async function unreadCount(page: Page): Promise<number> {
  return Number((await page.textContent('[data-testid=unread-count]').catch(() => '0')) || '0');
}

/** Selects the first row of a list and runs a state action, typing its parameter when it has one. */
export async function act(page: Page, action: string, param?: string): Promise<void> {
  // Only the first row selected (after an action the row acted on stays selected).
  for (const box of await page.locator('.ag-row:not([row-index="0"]) .ag-selection-checkbox input:checked').all()) await box.uncheck();
  await page.locator('.ag-row[row-index="0"] .ag-selection-checkbox input').check();
  await page.click(`[data-testid=action-${action}]`);
  if (param !== undefined) await page.fill('[role=dialog] input', param);
  await page.click('[data-testid=transition-ok]');
}

/**
 * Waits until the list's row count ("共 N 条" / "N rows") reads exactly `n`. A text match on the
 * digits alone also takes a count that merely holds them (13 for 3, 10 for 0): a test then went on
 * while the list still showed every row before its quick search applied.
 */
export async function rowTotalIs(page: Page, n: number, timeout = 15000): Promise<void> {
  await until(
    page,
    (want) => {
      const digits = (document.querySelector('[data-testid=row-total]')?.textContent ?? '').match(/\d[\d,]*/);
      return digits !== null && Number(digits[0].replace(/,/g, '')) === want;
    },
    n,
    { timeout },
  );
}

/** Waits until the first row of a list shows the status. */
export async function statusIs(page: Page, text: string): Promise<void> {
  await until(page, (t) => document.querySelector('.ag-row[row-index="0"] .ag-cell[col-id="status"]')?.textContent?.includes(t), text, { timeout: 15000 });
}

/**
 * A call of the API as the signed-in user of `page` (its stored token), from the page itself (same
 * origin, as the app calls it); answers the envelope's data, or fails with the call's code and message.
 */
export async function pageApi<T = Record<string, unknown>>(page: Page, path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(async ([p, b]) => {
    const r = await fetch(`/api${p}`, {
      method: b === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' },
      body: b === undefined ? undefined : JSON.stringify(b),
    });
    return (await r.json()) as { code: number; message: string; data: unknown };
  }, [path, body] as const);
  if (reply.code !== 200) throw new Error(`${path}: ${reply.code} ${reply.message}`);
  return reply.data as T;
}

/**
 * The figure alert list's row of an alert by name (the engine's list at /rpt/page/alerts): the row
 * elements of its index (AG Grid draws pinned columns as another row element of the same index), so
 * `.locator('[col-id=<field>]')` finds each cell.
 */
export async function alertRow(page: Page, name: string, timeout = 20_000) {
  const row = page.locator('.ag-row[row-index]', { hasText: name }).first();
  await row.waitFor({ timeout });
  return page.locator(`.ag-row[row-index="${await row.getAttribute('row-index')}"]`);
}

/** A field of the alert drawer's engine form. */
export const alertField = (key: string, selector: string) => `[data-testid=alert-drawer] [data-testid=entity-form] [data-field=${key}] ${selector}`;

/**
 * Waits until the signed-in user's alert (by id or by name) was last measured at `value` (the alert
 * list's `last_value`): a write's alert has been evaluated, whether it told anyone or not.
 */
export async function alertMeasured(page: Page, alert: { id: number } | { name: string }, value: number): Promise<void> {
  await until(page,
    async ([a, v]) => {
      const r = await fetch('/api/rptapi/alerts', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
      const rows = ((await r.json()) as { data: { rows: Array<{ id: number; name: string; last_value: number }> } }).data.rows;
      return rows.find((x) => ('id' in a ? x.id === a.id : x.name === a.name))?.last_value === v;
    },
    [alert, value] as const,
    { timeout: 60_000, polling: 1000 },
  );
}

/**
 * Opens a cell's inline editor with a single click (a grid with `singleClickEdit`) and answers the
 * editor's input. A grid still applying an earlier change (new column labels after a language
 * switch, a filter's rows) can redraw the cell after the click and close the editor it opened; on a
 * loaded machine that was seen in CI (the fixing grid, 2026-12-06). So the click is made again, up to
 * three times, until the editor stays.
 */
export async function openCellEditor(page: Page, grid: string, cell: string): Promise<Locator> {
  const editor = page.locator(`${grid} .ag-cell-inline-editing input`);
  for (let attempt = 1; ; attempt++) {
    await page.click(cell);
    try {
      await editor.waitFor({ timeout: attempt < 3 ? 8_000 : 20_000 });
      return editor;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
  }
}
