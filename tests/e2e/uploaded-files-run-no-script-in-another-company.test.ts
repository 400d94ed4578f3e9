import { describe, expect, it } from 'vitest';
import { solidPng } from '../support/png';
import { serverAndBrowserForFile, snap } from './support/harness';
import { signInToShell, until } from './support/steps';

/**
 * A supplier's uploads cannot run as script in a brand administrator's session (issue 28): the
 * supplier's salesman sends the brand's administrator a script, an HTML page that loads it and an
 * SVG with script, and a picture. Signed in as the administrator in Chromium, the picture shows in
 * the chat (through a signed link, no token in any address); the three others only download when
 * opened, and loading the script into the app's own page is refused, so nothing ran on our origin.
 */
const run = serverAndBrowserForFile();

type Login = { access_token: string; id: number };

async function api<T>(path: string, init: { token?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${run.server.url}/api${path}`, { method: init.json !== undefined || init.form ? 'POST' : 'GET', headers, body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined) });
  const body = (await res.json()) as { data: T; message: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.message}`);
  return body.data;
}

const PWN = "localStorage.setItem('pwned', String(localStorage.length)); document.title = 'PWNED';";

describe('uploaded files in another company\'s browser', () => {
  it('a script, a page and an SVG from a supplier run nothing for the brand\'s administrator; a picture shows', async () => {
    const sales = await api<Login>('/access/login', { json: { username: 'supplier.sales', password: 'Demo1234' } });
    const admin = await api<Login>('/access/login', { json: { username: 'brand', password: 'Demo1234' } });
    const conv = await api<{ id: number }>('/crossapi/chatapi/chat/open', { token: sales.access_token, json: { user_id: admin.id } });
    const upload = async (name: string, type: string, bytes: Uint8Array) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return api<{ id: number; key: string }>('/crossapi/chatapi/chat/upload', { token: sales.access_token, form });
    };
    const js = await upload('report.js', 'application/javascript', Buffer.from(PWN));
    const jsUrl = `/api/crossapi/ccommonapi/files/${js.key}`;
    const page = await upload('report.html', 'text/html', Buffer.from(`<!doctype html><html><head><title>report</title><script src="${jsUrl}"></script><script>${PWN}</script></head><body>report</body></html>`));
    const svg = await upload('logo.svg', 'image/svg+xml', Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" onload="${PWN.replace(/'/g, '&apos;')}"><script>${PWN}</script><rect width="20" height="20"/></svg>`));
    const picture = await upload('swatch.png', 'text/html', solidPng(40, 30));
    for (const f of [js, page, svg]) await api('/crossapi/chatapi/chat/send', { token: sales.access_token, json: { id: conv.id, kind: 'file', file_id: f.id } });
    await api('/crossapi/chatapi/chat/send', { token: sales.access_token, json: { id: conv.id, kind: 'image', file_id: picture.id } });

    const context = await run.browser.newContext({ viewport: { width: 1366, height: 820 }, acceptDownloads: true });
    const app = await context.newPage();
    const errors: string[] = [];
    app.on('pageerror', (e) => errors.push(e.message));
    await signInToShell(app, run.server.url, 'brand');
    await app.goto(`${run.server.url}/collab/chat`);
    await app.waitForSelector('[data-testid=chat-list]');
    await app.locator('[data-testid=chat-item]').first().click();
    await app.waitForSelector('[data-testid=chat-message][data-kind=image] img[data-testid=chat-image]');
    // The picture is drawn from a signed link: one file, one user, no access token in it.
    await until(app, () => {
      const el = document.querySelector<HTMLImageElement>('img[data-testid=chat-image]');
      return el && el.complete && el.naturalWidth > 0;
    });
    const drawn = await app.evaluate(() => {
      const el = document.querySelector<HTMLImageElement>('img[data-testid=chat-image]');
      return { w: el?.naturalWidth ?? 0, src: el?.getAttribute('src') ?? '' };
    });
    expect(drawn.w).toBe(40);
    expect(drawn.src).toMatch(/^\/api\/crossapi\/ccommonapi\/files\/[0-9a-f]{32}\?u=\d+&exp=\d+&sig=/);
    const token = await app.evaluate(() => Object.values(localStorage).find((v) => /^[\w-]+\.[\w-]+\.[\w-]+$/.test(v)) ?? '');
    expect(token).not.toBe('');
    expect(drawn.src).not.toContain(token);
    await until(app, () => document.querySelectorAll('[data-testid=chat-file][href]').length >= 3);
    const links = await app.locator('[data-testid=chat-file]').evaluateAll((as) => as.map((a) => ({ name: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })));
    await snap(app, 'files-01-brand-admin-chat-with-supplier-uploads');

    // Opened, each of the three downloads: none becomes a page of this site.
    for (const l of links.filter((x) => /report\.js|report\.html|logo\.svg/.test(x.name))) {
      const tab = await context.newPage();
      const [download] = await Promise.all([tab.waitForEvent('download', { timeout: 15_000 }), tab.goto(`${run.server.url}${l.href}`).catch(() => null)]);
      expect(download.suggestedFilename()).toBe(l.name.replace(/\s*\(.*$/, ''));
      await tab.close();
    }
    // Loaded as a script into the app's own page, the upload is refused (not a script type, not sniffed).
    const jsLink = links.find((l) => l.name.includes('report.js'))!.href;
    const loaded = await app.evaluate((src) => new Promise<string>((done) => {
      const s = document.createElement('script');
      s.src = src;
      s.onload = () => done('ran');
      s.onerror = () => done('refused');
      document.head.appendChild(s);
    }), jsLink);
    expect(loaded).toBe('refused');
    expect(await app.evaluate(() => localStorage.getItem('pwned'))).toBeNull();
    expect(await app.title()).not.toBe('PWNED');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
