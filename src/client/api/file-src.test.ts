import { describe, expect, it } from 'vitest';
import { FileLinks, linkExpiry, needsLink, storedFileUrl } from './file-src';

const KEY = '0123456789abcdef0123456789abcdef';

describe('signed links of stored files', () => {
  it('only keyed stored-file addresses need a link; others are used as they are', () => {
    expect(needsLink(storedFileUrl(KEY))).toBe(true);
    expect(needsLink('/api/crossapi/ccommonapi/files/7')).toBe(false);
    expect(needsLink('https://cdn.example.com/a.png')).toBe(false);
    expect(needsLink('data:image/png;base64,AAAA')).toBe(false);
    expect(needsLink(null)).toBe(false);
    expect(linkExpiry(`${storedFileUrl(KEY)}?u=1&exp=1700000000&sig=x`)).toBe(1_700_000_000_000);
  });

  it('asks for the links of one moment in one call, keeps them until shortly before they expire, never puts a token in them', async () => {
    let now = 1_000_000_000_000;
    const calls: string[][] = [];
    const exp = Math.floor(now / 1000) + 900;
    const cache = new FileLinks(async (urls) => {
      calls.push(urls);
      return Object.fromEntries(urls.map((u) => [u, u.endsWith('f') ? `${u}?u=3&exp=${exp}&sig=abc` : null]));
    }, () => now);
    const a = storedFileUrl(KEY);
    const b = storedFileUrl(KEY.replace(/f$/, 'e'));
    const [la, lb, la2] = await Promise.all([cache.get(a), cache.get(b), cache.get(a)]);
    expect(calls).toEqual([[a, b]]);
    expect(la).toBe(`${a}?u=3&exp=${exp}&sig=abc`);
    expect(la2).toBe(la);
    expect(lb).toBeNull();
    expect(await cache.get(a)).toBe(la);
    expect(calls.length).toBe(1);
    // 14 minutes on, within a minute of expiry: asked again.
    now += 14 * 60_000 + 1;
    await cache.get(a);
    expect(calls.length).toBe(2);
  });

  it('a failed call answers null and is asked again later', async () => {
    let fail = true;
    const cache = new FileLinks(async (urls) => {
      if (fail) throw new Error('offline');
      return Object.fromEntries(urls.map((u) => [u, `${u}?u=1&exp=${Math.floor(Date.now() / 1000) + 900}&sig=s`]));
    });
    expect(await cache.get(storedFileUrl(KEY))).toBeNull();
    fail = false;
    expect(cache.peek(storedFileUrl(KEY))).toBeNull();
  });
});
