import Fastify from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustProxyOf } from '../config';
import { clientAddress, forwardedEntries, isTrustedProxy, parseProxyList, proxyTrust } from './client-address';

/** Issue 28 item 5: X-Forwarded-For is believed only from TRUST_PROXY's proxies, and only as far as they wrote it. */
const proxies = parseProxyList(['127.0.0.2', '10.9.0.0/16', '2001:db8:1::/48']);

describe('which peers are trusted proxies', () => {
  it('matches addresses and CIDR ranges, IPv4 and IPv6', () => {
    for (const a of ['127.0.0.2', '10.9.0.1', '10.9.255.254', '2001:db8:1::1', '2001:db8:1:ffff::9', '2001:0db8:0001:0000:0000:0000:0000:0001'])
      expect(isTrustedProxy(a, proxies), a).toBe(true);
    for (const a of ['127.147.52.45', '127.0.0.1', '127.0.0.3', '10.10.0.1', '198.51.100.24', '2001:db8:2::1', '::1', '::', 'localhost', '', 'not an address', undefined])
      expect(isTrustedProxy(a, proxies), String(a)).toBe(false);
  });

  it('takes an IPv4-mapped IPv6 peer for the IPv4 address it carries, both ways', () => {
    expect(isTrustedProxy('::ffff:127.0.0.2', proxies)).toBe(true);
    expect(isTrustedProxy('::ffff:7f00:2', proxies)).toBe(true);
    expect(isTrustedProxy('::FFFF:10.9.3.4', proxies)).toBe(true);
    expect(isTrustedProxy('::ffff:127.147.52.45', proxies)).toBe(false);
    const mapped = parseProxyList(['::ffff:127.0.0.2', '::ffff:192.0.2.0/120']);
    expect(isTrustedProxy('127.0.0.2', mapped)).toBe(true);
    expect(isTrustedProxy('192.0.2.77', mapped)).toBe(true);
    expect(isTrustedProxy('192.0.3.1', mapped)).toBe(false);
    // A plain IPv6 address is not an IPv4 one that happens to share its last bits.
    expect(isTrustedProxy('::7f00:2', proxies)).toBe(false);
  });

  it('knows netmasks, zones and the usual range names', () => {
    expect(isTrustedProxy('10.1.2.3', parseProxyList(['10.0.0.0/255.0.0.0']))).toBe(true);
    expect(isTrustedProxy('fe80::1%eth0', parseProxyList(['fe80::1']))).toBe(true);
    const named = parseProxyList(['loopback', 'uniquelocal']);
    for (const a of ['127.9.9.9', '::1', '172.20.0.1', '192.168.1.1', 'fd00::1']) expect(isTrustedProxy(a, named), a).toBe(true);
    expect(isTrustedProxy('172.32.0.1', named)).toBe(false);
  });

  it('refuses what is no address or range, and a range of every address', () => {
    for (const bad of ['127.0.0', 'example.org', '10.0.0.0/33', '::/129', '10.0.0.0/0', '::/0', '0.0.0.0/0', '::ffff:0:0/96', '10.0.0.0/255.0.255.0', '10.0.0.0/x', 'fe80::1%eth0', ''])
      expect(() => parseProxyList([bad]), bad).toThrow();
    expect(() => trustProxyOf('127.0.0.2, nonsense')).toThrow(/TRUST_PROXY/);
    expect(trustProxyOf(' 127.0.0.2 , 10.9.0.0/16 ')).toEqual(['127.0.0.2', '10.9.0.0/16']);
  });
});

describe('the client address', () => {
  it('is the peer when the peer is not a trusted proxy, whatever the header says', () => {
    expect(clientAddress('127.147.52.45', '198.51.100.24', proxies)).toBe('127.147.52.45');
    expect(clientAddress('127.147.52.45', '198.51.100.24, 127.0.0.2', proxies)).toBe('127.147.52.45');
    expect(clientAddress('::ffff:127.147.52.45', '198.51.100.24', proxies)).toBe('::ffff:127.147.52.45');
  });

  it('is the forwarded address when the peer is a trusted proxy', () => {
    expect(clientAddress('127.0.0.2', '198.51.100.24', proxies)).toBe('198.51.100.24');
    expect(clientAddress('::ffff:127.0.0.2', '198.51.100.24', proxies)).toBe('198.51.100.24');
    expect(clientAddress('127.0.0.2', undefined, proxies)).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.2', '', proxies)).toBe('127.0.0.2');
  });

  it('is the first untrusted address from the right: a spoofed leftmost entry is not believed', () => {
    // The client wrote 203.0.113.9; the outer proxy 10.9.1.1 appended 198.51.100.24, the inner (peer) appended 10.9.1.1.
    expect(clientAddress('127.0.0.2', '203.0.113.9, 198.51.100.24, 10.9.1.1', proxies)).toBe('198.51.100.24');
    expect(clientAddress('127.0.0.2', '203.0.113.9,198.51.100.24', proxies)).toBe('198.51.100.24');
    // Every hop trusted: the leftmost.
    expect(clientAddress('127.0.0.2', '10.9.0.5, 10.9.1.1', proxies)).toBe('10.9.0.5');
  });

  it('reads the header as Fastify does: commas, spaces and tabs, empty entries skipped', () => {
    expect(forwardedEntries(' 1.1.1.1 ,\t2.2.2.2 ,, 3.3.3.3')).toEqual(['1.1.1.1', '2.2.2.2', '3.3.3.3']);
    expect(forwardedEntries(['1.1.1.1'])).toEqual([]);
    expect(forwardedEntries(' ')).toEqual([]);
  });

  // Addresses from a small world, so that chains mix trusted and untrusted hops often.
  const v4 = fc.oneof(
    fc.constantFrom('127.0.0.2', '127.0.0.1', '127.147.52.45', '10.9.0.1', '10.9.200.3', '198.51.100.24', '203.0.113.9'),
    fc.tuple(fc.constantFrom(10, 127, 198), fc.nat(255), fc.nat(255), fc.nat(255)).map((p) => p.join('.')),
  );
  const v6 = fc.constantFrom('::1', '2001:db8:1::7', '2001:db8:2::7', '::ffff:127.0.0.2', '::ffff:10.9.8.7', '::ffff:198.51.100.24', 'fe80::1');
  const address = fc.oneof(v4, v6);
  const junk = fc.constantFrom('unknown', '', ' ', 'x y', '1.2.3', '[::1]');
  const entry = fc.oneof({ weight: 5, arbitrary: address }, { weight: 1, arbitrary: junk });
  const header = fc.oneof(
    fc.constant(undefined),
    fc.array(entry, { maxLength: 6 }).chain((entries) => fc.constantFrom(', ', ',', ' , ', ',\t').map((sep) => entries.join(sep))),
  );

  it('property: an untrusted peer is the client, whatever it sends', () => {
    fc.assert(
      fc.property(address, header, (peer, xff) => {
        fc.pre(!isTrustedProxy(peer, proxies));
        expect(clientAddress(peer, xff, proxies)).toBe(peer);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: behind trusted proxies, the result is the first untrusted entry from the right, or the leftmost', () => {
    fc.assert(
      fc.property(fc.constantFrom('127.0.0.2', '::ffff:127.0.0.2', '10.9.4.4'), fc.array(address, { maxLength: 6 }), (peer, entries) => {
        const got = clientAddress(peer, entries.join(', '), proxies);
        const untrusted = [...entries].reverse().find((a) => !isTrustedProxy(a, proxies));
        expect(got).toBe(untrusted ?? entries[0] ?? peer);
        // What a client adds to the left of the first untrusted entry never changes the result.
        if (untrusted !== undefined) expect(clientAddress(peer, ['203.0.113.66', ...entries].join(', '), proxies)).toBe(got);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: an address is in a CIDR range exactly when its leading bits are the range’s', () => {
    const bitsOf = (parts: number[], width: number) => parts.map((p) => p.toString(2).padStart(width, '0')).join('');
    fc.assert(
      fc.property(fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }), fc.array(fc.nat(255), { minLength: 4, maxLength: 4 }), fc.integer({ min: 1, max: 32 }), (a, r, prefix) => {
        const range = parseProxyList([`${r.join('.')}/${prefix}`]);
        const expected = bitsOf(a, 8).slice(0, prefix) === bitsOf(r, 8).slice(0, prefix);
        expect(isTrustedProxy(a.join('.'), range)).toBe(expected);
        expect(isTrustedProxy(`::ffff:${a.join('.')}`, range)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), fc.array(fc.nat(0xffff), { minLength: 8, maxLength: 8 }), fc.integer({ min: 1, max: 128 }), (a, r, prefix) => {
        fc.pre(!(r.slice(0, 5).every((w) => w === 0) && r[5] === 0xffff) && !(a.slice(0, 5).every((w) => w === 0) && a[5] === 0xffff));
        const hex = (w: number[]) => w.map((x) => x.toString(16)).join(':');
        const range = parseProxyList([`${hex(r)}/${prefix}`]);
        const expected = bitsOf(a, 16).slice(0, prefix) === bitsOf(r, 16).slice(0, prefix);
        expect(isTrustedProxy(hex(a), range)).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  describe('Fastify’s req.ip follows it (the walk wired as trustProxy)', () => {
    const app = Fastify({ trustProxy: proxyTrust(proxies) });
    app.get('/ip', async (req) => ({ ip: req.ip ?? null }));
    beforeAll(() => app.ready());
    afterAll(() => app.close());

    it('property: for any peer and header, req.ip is clientAddress', async () => {
      await fc.assert(
        fc.asyncProperty(address, header, async (peer, xff) => {
          const res = await app.inject({ method: 'GET', url: '/ip', remoteAddress: peer, headers: xff === undefined ? {} : { 'x-forwarded-for': xff } });
          expect((res.json() as { ip: string | null }).ip).toBe(clientAddress(peer, xff, proxies) ?? null);
        }),
        { numRuns: 300 },
      );
    });
  });
});
