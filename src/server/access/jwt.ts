import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Claims of an access token: user, session (for revocation), tenant, expiry in epoch seconds, and a
 * random `jti` so that two tokens issued in the same second (refresh, switch) still differ.
 */
export type AccessClaims = { sub: number; sid: string; cid: number | null; iat: number; exp: number; jti?: string };

const b64 = (input: Buffer | string) => Buffer.from(input).toString('base64url');
const HEADER = b64(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));

export function signAccessToken(claims: AccessClaims, secret: string): string {
  const body = `${HEADER}.${b64(JSON.stringify(claims))}`;
  const sig = createHmac('sha256', secret).update(body).digest('base64url');
  return `${body}.${sig}`;
}

/** Verifies signature and expiry; any malformed token yields null, never an exception. */
export function verifyAccessToken(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): AccessClaims | null {
  if (typeof token !== 'string' || token.length > 4096) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  let given: Buffer;
  try {
    given = Buffer.from(parts[2], 'base64url');
  } catch {
    return null;
  }
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!claims || typeof claims !== 'object') return null;
  const c = claims as Record<string, unknown>;
  if (typeof c.sub !== 'number' || typeof c.sid !== 'string' || typeof c.exp !== 'number' || typeof c.iat !== 'number') return null;
  if (c.exp <= nowSeconds) return null;
  return { sub: c.sub, sid: c.sid, cid: typeof c.cid === 'number' ? c.cid : null, iat: c.iat, exp: c.exp };
}
