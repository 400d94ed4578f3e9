import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultRange } from '../../../reports/tower-range';
import { askTower, askTowerEarly, towerAddress, towerNow, towerQuery } from '../pages/visual/tower-early';
import { REFRESH_MARGIN_SECONDS } from '../session/guard';
import { EARLY_PROFILE_URL, loadProfile } from '../session/session-flow';
import { access } from '../session/access-state';
import { dropEarly, earlySettled, peekEarlyNow, takeEarlyNow, type EarlyCall } from './early-calls';
import { EARLY_TILES_URL } from '../pages/visual/tiles/tile-layout';

import { withPreloads } from '../../../scripts/vite-early-calls.mjs';

const SOURCE = readFileSync(resolve(__dirname, '../early/early-calls.js'), 'utf8');
const PRELOADS = { '*': ['/assets/ShellLayout-a.js', '/assets/ui-b.js'], '/visual/control-tower': ['/assets/ControlTower-c.js', '/assets/charts-d.js'] };
const SCRIPT = withPreloads(SOURCE, PRELOADS);

type Asked = { url: string; headers: Record<string, string> };
type Marks = { __profileEarly?: EarlyCall<unknown>; __towerEarly?: EarlyCall<unknown>; __tilesEarly?: EarlyCall<unknown> };

/** The document's script run as a browser runs it: a page at `address`, a store, and a fetch that notes what it was asked. */
function runDocumentScript(address: string, store: Record<string, string>, now: Date, answer: unknown = { code: 200, data: { widgets: {} } }, script = SCRIPT) {
  const asked: Asked[] = [];
  const preloaded: Array<{ rel: string; href: string; crossOrigin: string | null; early: boolean }> = [];
  const u = new URL(address, 'http://app.test');
  const window: Marks = {};
  const context = {
    window,
    document: {
      createElement: () => ({ rel: '', href: '', crossOrigin: null, early: false, setAttribute(this: { early: boolean }, name: string) { if (name === 'data-early') this.early = true; } }),
      head: { appendChild: (l: { rel: string; href: string; crossOrigin: string | null; early: boolean }) => preloaded.push(l) },
    },
    location: { pathname: u.pathname, search: u.search },
    localStorage: { getItem: (k: string) => store[k] ?? null },
    URLSearchParams,
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      asked.push({ url, headers: init.headers });
      return Promise.resolve({ ok: true, json: () => Promise.resolve(answer) });
    },
    Date: class extends Date {
      constructor(...args: ConstructorParameters<typeof Date> | []) {
        super(...((args.length ? args : [now.getTime()]) as [number]));
      }
      static override now = () => now.getTime();
    },
  };
  runInNewContext(script, context);
  return { asked, window, preloaded: preloaded.map((l) => `${l.rel} ${l.href} ${String(l.crossOrigin)}${l.early ? ' early' : ''}`) };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const signedIn = (now: Date, extra: Record<string, string> = {}) => ({ token: 'tok', tokenexpire: String(seconds(now) + 3600), ...extra });

describe("a signed-in page's first calls from the document (early/early-calls.js)", () => {
  const days = [new Date('2026-12-05T10:00:00Z'), new Date('2027-01-31T23:00:00Z'), new Date('2027-03-01T00:30:00Z'), new Date('2028-02-29T12:00:00Z')];
  const cases: Array<[string, boolean, string]> = [
    ['/visual/control-tower', false, ''],
    ['/visual/control-tower?source=raw', true, ''],
    ['/visual/control-tower?org=12', false, '12'],
    ['/visual/control-tower?org=12&source=raw', true, '12'],
    ['/visual/control-tower?source=raw&org=7&other=1', true, '7'],
  ];

  it("on the tower: the profile, the tiles and the tower's address the app would ask for that day, organisation and source, with the token and the language", () => {
    for (const now of days) {
      for (const [address, raw, org] of cases) {
        const { asked, window } = runDocumentScript(address, signedIn(now, { language: 'en-US' }), now);
        const tower = towerAddress(towerQuery(defaultRange(now.toISOString().slice(0, 10)), raw, org));
        expect(asked.map((a) => a.url), `${address} on ${now.toISOString()}`).toEqual([EARLY_PROFILE_URL, tower, EARLY_TILES_URL]);
        for (const a of asked) expect(a.headers).toEqual({ 'x-lang': 'en-US', authorization: 'Bearer tok' });
        expect(window.__towerEarly).toMatchObject({ url: tower, lang: 'en-US', by: 'document' });
        expect(window.__profileEarly).toMatchObject({ url: EARLY_PROFILE_URL, lang: 'en-US', by: 'document' });
        expect(window.__tilesEarly).toMatchObject({ url: EARLY_TILES_URL, lang: 'en-US', by: 'document' });
      }
    }
  });

  it("asks the tiles with the tower only when the browser keeps no frames of them (a first visit)", () => {
    const now = days[0];
    const kept = runDocumentScript('/visual/control-tower', signedIn(now, { username: 'maker', 'tower-tiles:maker': '[]' }), now);
    expect(kept.asked.map((a) => a.url)).toEqual([EARLY_PROFILE_URL, towerAddress(towerQuery(defaultRange(now.toISOString().slice(0, 10)), false, ''))]);
    expect(kept.window.__tilesEarly).toBeUndefined();
    const another = runDocumentScript('/visual/control-tower', signedIn(now, { username: 'maker', 'tower-tiles:brand': '[]' }), now);
    expect(another.asked.map((a) => a.url)).toContain(EARLY_TILES_URL);
  });

  it('elsewhere the profile only, in Chinese when no language is kept; a good reply gives its data, a refusal null', async () => {
    const now = days[0];
    const good = runDocumentScript('/page/subindex/customerorder', signedIn(now), now, { code: 200, data: { userinfo: { id: 1 } } });
    expect(good.asked.map((a) => [a.url, a.headers['x-lang']])).toEqual([[EARLY_PROFILE_URL, 'zh-CN']]);
    expect(good.window.__towerEarly).toBeUndefined();
    expect(good.window.__tilesEarly).toBeUndefined();
    expect(await good.window.__profileEarly!.reply).toEqual({ userinfo: { id: 1 } });
    const refused = runDocumentScript('/workspace/home', signedIn(now), now, { code: 401, data: null });
    expect(await refused.window.__profileEarly!.reply).toBeNull();
  });

  it("preloads every signed-in page's chunks, and the tower's on its address; nothing signed out", () => {
    const now = days[0];
    const pre = (l: string) => `modulepreload ${l}  early`;
    expect(runDocumentScript('/visual/control-tower', signedIn(now), now).preloaded).toEqual([...PRELOADS['*'], ...PRELOADS['/visual/control-tower']].map(pre));
    expect(runDocumentScript('/page/subindex/customerorder', signedIn(now), now).preloaded).toEqual(PRELOADS['*'].map(pre));
    expect(runDocumentScript('/visual/control-tower', {}, now).preloaded).toEqual([]);
    expect(runDocumentScript('/login', signedIn(now), now).preloaded).toEqual([]);
    // The source itself (the dev server's) runs with an empty map, and the build refuses a script with nowhere to write it.
    expect(runDocumentScript('/visual/control-tower', signedIn(now), now, undefined, SOURCE).preloaded).toEqual([]);
    expect(() => withPreloads('(function () {})();', PRELOADS)).toThrow(/PRELOAD/);
  });

  it('asks nothing signed out, on the sign-in pages, or with a token the app refreshes first', () => {
    const now = days[0];
    expect(runDocumentScript('/visual/control-tower', {}, now).asked).toEqual([]);
    expect(runDocumentScript('/login?redirect=%2Fvisual%2Fcontrol-tower', signedIn(now), now).asked).toEqual([]);
    const closeToItsEnd = { token: 'tok', tokenexpire: String(seconds(now) + REFRESH_MARGIN_SECONDS) };
    expect(runDocumentScript('/visual/control-tower', closeToItsEnd, now).asked).toEqual([]);
    const justLongEnough = { token: 'tok', tokenexpire: String(seconds(now) + REFRESH_MARGIN_SECONDS + 2) };
    expect(runDocumentScript('/workspace/home', justLongEnough, now).asked.map((a) => a.url)).toEqual([EARLY_PROFILE_URL]);
  });
});

describe("the app's side of the early calls", () => {
  const w = globalThis as unknown as Marks;
  const store: Record<string, string> = {};
  let fetched: string[] = [];
  const answer = (data: unknown) => vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve({ code: 200, data }) });
  });
  const stub = (pathname: string) => {
    fetched = [];
    for (const k of Object.keys(store)) delete store[k];
    store.language = 'zh-CN';
    vi.stubGlobal('localStorage', { getItem: (k: string) => store[k] ?? null, setItem: (k: string, v: string) => (store[k] = v), removeItem: (k: string) => delete store[k] });
    vi.stubGlobal('window', globalThis);
    vi.stubGlobal('location', { origin: 'http://app.test', pathname, search: '' });
  };
  afterEach(() => {
    delete w.__towerEarly;
    delete w.__profileEarly;
    delete w.__tilesEarly;
    vi.unstubAllGlobals();
  });

  it("takes the document's tower reply once for the same address and language, and asks afresh otherwise", async () => {
    stub('/visual/control-tower');
    answer({ widgets: { fresh: true } });
    const q = towerQuery(defaultRange(new Date().toISOString().slice(0, 10)), false, '');
    const early = (lang: string, reply: unknown): EarlyCall<unknown> => ({ url: towerAddress(q), lang, reply: Promise.resolve(reply), by: 'document' });
    w.__towerEarly = early('zh-CN', { widgets: { early: true } });
    // The app's own early asker stands aside when the document asked.
    askTowerEarly();
    expect(fetched).toEqual([]);
    expect(await askTower(q)).toEqual({ widgets: { early: true } });
    // Taken once: the next ask goes to the server.
    expect(await askTower(q)).toEqual({ widgets: { fresh: true } });
    expect(fetched).toHaveLength(1);
    // Another language or query than the document's, or a reply that failed: asked afresh.
    w.__towerEarly = early('en-US', { widgets: { early: true } });
    expect(await askTower(q)).toEqual({ widgets: { fresh: true } });
    w.__towerEarly = early('zh-CN', { widgets: { early: true } });
    expect(await askTower({ ...q, source: 'raw' })).toEqual({ widgets: { fresh: true } });
    w.__towerEarly = early('zh-CN', null);
    expect(await askTower(q)).toEqual({ widgets: { fresh: true } });
    expect(fetched).toHaveLength(4);
  });

  it("gives a reply that is already in to a page's first frame, once, and leaves one still under way or failed to the asynchronous take", async () => {
    stub('/visual/control-tower');
    const now = new Date();
    const { window: doc } = runDocumentScript('/visual/control-tower', signedIn(now), now, { code: 200, data: { tiles: [1] } });
    w.__tilesEarly = doc.__tilesEarly;
    // Under way: nothing to draw yet, and the mark stays.
    expect(takeEarlyNow('__tilesEarly', EARLY_TILES_URL)).toBeNull();
    await w.__tilesEarly!.reply;
    expect(w.__tilesEarly).toMatchObject({ done: true, data: { tiles: [1] } });
    expect(takeEarlyNow('__tilesEarly', '/api/elsewhere')).toBeNull();
    expect(takeEarlyNow('__tilesEarly', EARLY_TILES_URL)).toEqual({ tiles: [1] });
    expect(takeEarlyNow('__tilesEarly', EARLY_TILES_URL)).toBeNull();
    w.__tilesEarly = { url: EARLY_TILES_URL, lang: 'en-US', reply: Promise.resolve({ tiles: [2] }), by: 'document', done: true, data: { tiles: [2] } };
    expect(takeEarlyNow('__tilesEarly', EARLY_TILES_URL)).toBeNull();
    w.__tilesEarly = { url: EARLY_TILES_URL, lang: 'zh-CN', reply: Promise.resolve(null), by: 'document', done: true, data: null };
    expect(takeEarlyNow('__tilesEarly', EARLY_TILES_URL)).toBeNull();
    expect(w.__tilesEarly.url).toBe(EARLY_TILES_URL);
  });

  it("lets a render read the tower's reply that is in as often as React renders, until the mounted tower takes it; then it is asked afresh", async () => {
    stub('/visual/control-tower');
    answer({ widgets: { fresh: true } });
    const q = towerQuery(defaultRange(new Date().toISOString().slice(0, 10)), false, '');
    w.__towerEarly = { url: towerAddress(q), lang: 'zh-CN', reply: Promise.resolve({ widgets: { early: true } }), by: 'document', done: true, data: { widgets: { early: true } } };
    // A render thrown away and started over reads the same reply.
    expect(towerNow(q)).toEqual({ widgets: { early: true } });
    expect(towerNow(q)).toEqual({ widgets: { early: true } });
    expect(peekEarlyNow('__towerEarly', '/api/elsewhere')).toBeNull();
    // Taken at mount: no render and no later load gets it again.
    dropEarly('__towerEarly');
    expect(towerNow(q)).toBeNull();
    expect(await askTower(q)).toEqual({ widgets: { fresh: true } });
    expect(fetched).toHaveLength(1);
  });

  it("lets a page wait for the document's reply before it mounts, no longer than the bound, and not at all when there is none", async () => {
    stub('/visual/control-tower');
    let answerTiles: (v: unknown) => void = () => undefined;
    const reply = new Promise((r) => (answerTiles = r));
    w.__tilesEarly = { url: EARLY_TILES_URL, lang: 'zh-CN', reply, by: 'document', done: false, data: null };
    const settled = vi.fn();
    void earlySettled('__tilesEarly', performance.now() + 60_000).then(settled);
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).not.toHaveBeenCalled();
    answerTiles({ tiles: [] });
    await vi.waitFor(() => expect(settled).toHaveBeenCalled());
    // A reply that does not come: the bound (from the navigation's start) lets the page mount.
    w.__tilesEarly = { url: EARLY_TILES_URL, lang: 'zh-CN', reply: new Promise(() => undefined), by: 'document', done: false, data: null };
    const started = performance.now();
    await earlySettled('__tilesEarly', started + 50);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    // Asked by the app, or not asked: nothing to wait for.
    w.__tilesEarly = { url: EARLY_TILES_URL, lang: 'zh-CN', reply: new Promise(() => undefined), by: 'app' };
    await earlySettled('__tilesEarly', started + 60_000);
    delete w.__tilesEarly;
    await earlySettled('__tilesEarly', started + 60_000);
  });

  it("loads the profile from the document's reply once, and asks itself when there is none or it failed", async () => {
    stub('/workspace/home');
    const userinfo = (id: number) => ({ userinfo: { id, username: `u${id}`, fullname: `U${id}`, menus: [], roles: [] } });
    answer(userinfo(2));
    w.__profileEarly = { url: EARLY_PROFILE_URL, lang: 'zh-CN', reply: Promise.resolve(userinfo(1)), by: 'document' };
    expect(await loadProfile()).toBe(true);
    expect(access.id).toBe(1);
    expect(fetched).toEqual([]);
    expect(await loadProfile()).toBe(true);
    expect(access.id).toBe(2);
    expect(fetched.map((u) => u.split('?')[0])).toEqual([EARLY_PROFILE_URL]);
    w.__profileEarly = { url: EARLY_PROFILE_URL, lang: 'zh-CN', reply: Promise.resolve(null), by: 'document' };
    expect(await loadProfile()).toBe(true);
    expect(fetched).toHaveLength(2);
  });
});
