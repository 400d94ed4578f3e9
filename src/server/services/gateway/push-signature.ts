import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

/**
 * The pure parts of the out-api push (issue 35; docs/architecture-gateway.md): the signature a
 * receiver verifies, the sealing of each endpoint's signing secret at rest, the rule an endpoint's
 * address must meet, and the retry schedule.
 */

/** The header carrying `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'x-garment-signature';
/** How far a receiver should accept a signature's timestamp from its own clock (documented for receivers). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The hex HMAC-SHA256 of `"<timestamp>.<body>"` with the endpoint's secret. */
export function signBody(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The signature header's value for a body sent now. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${signBody(secret, timestamp, body)}`;
}

/**
 * What a receiver does (and what the tests do as the receiver): parse the header, refuse a
 * timestamp outside the tolerance (a replayed capture), compare the HMAC in constant time.
 */
export function verifySignature(secret: string, header: string | undefined, body: string, nowSeconds: number, toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((p) => { const i = p.indexOf('='); return [p.slice(0, i).trim(), p.slice(i + 1).trim()] as const; }));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isSafeInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = Buffer.from(signBody(secret, t, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

/** A new signing secret (shown once to the administrator who creates or rotates the endpoint). */
export function newPushSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/** The AES-256-GCM key the secrets are sealed with, derived from the server's JWT secret (HKDF). */
function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'garment-push', 'push-endpoint-secret', 32));
}

/**
 * Seals an endpoint's signing secret for the database: the server must read it again to sign (an
 * HMAC needs the secret itself, a hash would not do), so it is encrypted, never kept in clear.
 * `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function sealSecret(serverSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', sealingKey(serverSecret), iv);
  const data = Buffer.concat([c.update(secret, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

/** Opens a sealed secret; null when it was sealed under another server secret (rotate the endpoint's secret). */
export function openSecret(serverSecret: string, sealed: string): string | null {
  const [v, iv, tag, data] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !data) return null;
  try {
    const d = createDecipheriv('aes-256-gcm', sealingKey(serverSecret), Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(data, 'base64url')), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** SHA-256 (hex) of a random token: API keys and temporary tokens are kept only as this. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A host as the allow-list keeps it: lower case, `host` or `host:port`, no scheme, path or user. */
export function normaliseHost(raw: string): string | null {
  const v = raw.trim().toLowerCase();
  if (!v || v.length > 253) return null;
  let u: URL;
  try {
    u = new URL(`https://${v}`);
  } catch {
    return null;
  }
  if (u.username || u.password || u.pathname !== '/' || u.search || u.hash || `${u.host}` !== v) return null;
  return u.host;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether an address literal is loopback, private, link-local or otherwise not a public host. */
export function isInternalAddress(address: string): boolean {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(a);
  if (kind === 4) {
    const [p, q] = a.split('.').map(Number);
    return p === 0 || p === 10 || p === 127 || (p === 100 && q >= 64 && q <= 127) || (p === 169 && q === 254) || (p === 172 && q >= 16 && q <= 31) || (p === 192 && q === 168) || p >= 224;
  }
  if (kind === 6) {
    if (a === '::' || a === '::1') return true;
    if (a.startsWith('::ffff:')) return isInternalAddress(a.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(a);
  }
  return false;
}

export const isLoopbackAddress = (address: string): boolean => {
  const a = address.replace(/^\[|\]$/g, '').toLowerCase();
  return a === '::1' || a === 'localhost' || (isIP(a) === 4 && a.startsWith('127.')) || a === '::ffff:127.0.0.1';
};

export type UrlProblem = 'badUrl' | 'notHttps' | 'hostNotAllowed' | 'internalAddress';

/**
 * The rule an endpoint's address meets (checked when it is saved and again before every delivery):
 * https, no user or password in it, its host (`host` or `host:port`) on the company's allow-list,
 * and not an internal address literal. Plain http is accepted only to a loopback host and only
 * where the operator allows it (`PUSH_ALLOW_LOOPBACK=1`: tests and development), so a receiver on
 * the same machine can be tried without a certificate. Null when the address is fine.
 */
export function pushUrlProblem(url: string, allowedHosts: readonly string[], allowLoopback: boolean): UrlProblem | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'badUrl';
  }
  if (u.username || u.password || !['http:', 'https:'].includes(u.protocol) || url.length > 1000) return 'badUrl';
  const loopback = LOOPBACK_NAMES.has(u.hostname) || isLoopbackAddress(u.hostname);
  if (loopback) return allowLoopback ? null : 'internalAddress';
  if (u.protocol !== 'https:') return 'notHttps';
  if (!allowedHosts.includes(u.host) && !allowedHosts.includes(u.hostname)) return 'hostNotAllowed';
  if (isInternalAddress(u.hostname)) return 'internalAddress';
  return null;
}

/** Delivery attempts before a push is marked failed (the first one included). */
export const MAX_PUSH_ATTEMPTS = 6;

/**
 * The wait before attempt `attempt + 1` after `attempt` failed: `base x 2^(attempt-1)`, with a
 * tenth of jitter either way so that many pushes failing together do not come back together.
 * With the default base of 30 s: 30 s, 1 min, 2 min, 4 min, 8 min, then failed (about 15 minutes).
 */
export function backoffMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const plain = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(plain * (0.9 + 0.2 * random()));
}
