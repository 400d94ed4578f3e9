import { isIP } from 'node:net';

/**
 * The client's address behind proxies (issue 20, issue 28). `X-Forwarded-For` is a list anyone can
 * write; each proxy appends the address it was connected from. So it is read only when the socket's
 * peer is one of the proxies named in TRUST_PROXY, and then from the right, past the named proxies
 * only: the first address from the right that is not a named proxy is the client (what a client
 * wrote to the left of it is not believed); when every address is a named proxy, the leftmost is.
 *
 * `clientAddress` is the rule as one pure function. The server hands Fastify `proxyTrust(...)` as its
 * `trustProxy`, and Fastify walks the same list the same way (the peer, then the header's entries
 * from the right, stopping at the first address not trusted), so `req.ip` (sign-in lockout,
 * sessions, audit, limits, the log) follows it; a test compares the two on random chains.
 */

/** One trusted range: the address's bytes (4 or 16), and how many leading bits must match. */
export type ProxyRange = { readonly family: 4 | 6; readonly bytes: readonly number[]; readonly prefix: number };

/** Names for well-known ranges, as the usual proxy settings know them. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

type Address = { family: 4 | 6; bytes: number[] };

function ipv4Bytes(text: string): number[] {
  return text.split('.').map(Number);
}

/** An address's bytes; an IPv4-mapped IPv6 address (::ffff:127.0.0.2, ::ffff:7f00:2) as the IPv4 address it carries. */
function parseAddress(text: string): Address | null {
  if (typeof text !== 'string') return null;
  const kind = isIP(text);
  if (kind === 4) return { family: 4, bytes: ipv4Bytes(text) };
  if (kind !== 6) return null;
  // A zone (fe80::1%eth0) names the interface, not the address: compared without it.
  let rest = text.split('%')[0];
  let tail: number[] = [];
  const lastColon = rest.lastIndexOf(':');
  if (rest.slice(lastColon + 1).includes('.')) {
    tail = ipv4Bytes(rest.slice(lastColon + 1));
    rest = `${rest.slice(0, lastColon + 1)}0:0`;
  }
  const [head, back] = rest.includes('::') ? rest.split('::') : [rest, null];
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = back === null ? [] : groups(back);
  const words = back === null ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = words.flatMap((w) => [w >> 8, w & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  return mapped ? { family: 4, bytes: bytes.slice(12) } : { family: 6, bytes };
}

/** The prefix length of a contiguous IPv4 netmask (255.255.0.0 -> 16), or null. */
function maskPrefix(mask: string): number | null {
  if (isIP(mask) !== 4) return null;
  const bits = ipv4Bytes(mask).map((b) => b.toString(2).padStart(8, '0')).join('');
  return /^1*0*$/.test(bits) ? bits.indexOf('0') === -1 ? 32 : bits.indexOf('0') : null;
}

function parseRange(entry: string): ProxyRange {
  const slash = entry.indexOf('/');
  const host = slash === -1 ? entry : entry.slice(0, slash);
  const kind = isIP(host);
  const address = host.includes('%') ? null : parseAddress(host);
  if (!address) throw new Error(`not an IP address or CIDR range: "${entry}"`);
  const max = kind === 6 ? 128 : 32;
  const bits = entry.slice(slash + 1);
  const given = slash === -1 ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : kind === 4 ? maskPrefix(bits) : null;
  // Written in IPv6 over the mapped IPv4 space (::ffff:127.0.0.2, ::ffff:127.0.0.0/104): that IPv4 range.
  const prefix = given === null ? null : address.family === 4 && kind === 6 ? given - 96 : given;
  if (prefix === null || given! > max || prefix < 1) throw new Error(`not a CIDR range one may trust: "${entry}"`);
  return { family: address.family, bytes: address.bytes, prefix };
}

/**
 * The ranges of TRUST_PROXY's entries: addresses (IPv4, IPv6, IPv4-mapped), CIDR ranges (or IPv4
 * with a netmask), and the names loopback, linklocal, uniquelocal. Throws on anything else, and on a
 * range of every address (/0): trusting whoever connects is what let any client name its address.
 */
export function parseProxyList(entries: readonly string[]): ProxyRange[] {
  return entries.flatMap((raw) => {
    const entry = raw.trim();
    return (NAMED_RANGES[entry.toLowerCase()] ?? [entry]).map(parseRange);
  });
}

function inRange(a: Address, r: ProxyRange): boolean {
  if (a.family !== r.family) return false;
  let bits = r.prefix;
  for (let i = 0; bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((a.bytes[i] & mask) !== (r.bytes[i] & mask)) return false;
  }
  return true;
}

/** Whether an address is one of the trusted proxies (anything that is not an address is not). */
export function isTrustedProxy(address: string | undefined, proxies: readonly ProxyRange[]): boolean {
  const a = address === undefined ? null : parseAddress(address);
  return a !== null && proxies.some((r) => inRange(a, r));
}

/**
 * The entries of an `X-Forwarded-For` header, left to right, as Fastify reads them: split at commas,
 * spaces and tabs around each removed, empty ones skipped. A header that is not one string (never
 * so from Node, which joins repeated ones) is not read.
 */
export function forwardedEntries(header: string | string[] | undefined): string[] {
  if (typeof header !== 'string' || !header) return [];
  if (!header.includes(',')) {
    const one = header.trim();
    return one ? [one] : [];
  }
  return header.split(',').map((s) => s.replace(/^[ \t]+|[ \t]+$/g, '')).filter(Boolean);
}

/**
 * The client's address: the socket's peer, unless the peer is a trusted proxy; then, walking the
 * header from the right, the first address that is not a trusted proxy, or the leftmost when all are.
 */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, proxies: readonly ProxyRange[]): string | undefined {
  const chain = [peer, ...forwardedEntries(forwardedFor).reverse()];
  for (let i = 0; i < chain.length - 1; i++) if (!isTrustedProxy(chain[i], proxies)) return chain[i];
  return chain[chain.length - 1];
}

/** Fastify's `trustProxy` for these proxies: whether one hop of the walk above is trusted. */
export function proxyTrust(proxies: readonly ProxyRange[]): (address: string, hop: number) => boolean {
  return (address) => isTrustedProxy(address, proxies);
}
