import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token (refresh tokens, reset links): 32 bytes, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database keeps of an opaque token: its SHA-256, so a leaked table signs nobody in. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * A six-digit code's stored form. Six digits are few, so a plain hash could be reversed by trying
 * all of them; an HMAC under the server secret cannot be without the secret.
 */
export function codeDigest(secret: string, code: string, scope: string): string {
  return createHmac('sha256', secret).update(`${scope}\u0000${code}`).digest('hex');
}

export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A uniformly drawn six-digit code (spec 9: verification codes). */
export function sixDigitCode(): string {
  // 4 random bytes reduced modulo 10^6: the bias (2^32 mod 10^6 / 2^32) is below 0.03 %.
  return String(randomBytes(4).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}
