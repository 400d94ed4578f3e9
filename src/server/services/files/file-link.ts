import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to one stored file (issue 28). An <img>, <audio> or a download link cannot send the
 * bearer header, and the user's access token must never stand in an address (it would reach
 * history, proxies and the Referer of whatever the file links to). The server, having checked the
 * caller may open the file, hands out `…/files/{key}?u={user}&exp={unix seconds}&sig={mac}`: valid
 * for that one file and user, for LINK_TTL_S seconds, and nothing else. Pure.
 */

/** How long a link opens its file. The browser asks for a fresh one before this runs out. */
export const LINK_TTL_S = 15 * 60;

const mac = (secret: string, key: string, userId: number, exp: number): string =>
  createHmac('sha256', `file-link:${secret}`).update(`${key}\n${userId}\n${exp}`).digest('base64url');

export type FileLink = { url: string; exp: number };

/** The signed address of one file for one user, valid until `now + LINK_TTL_S`. */
export function signFileLink(secret: string, path: string, key: string, userId: number, nowS: number): FileLink {
  // Links made in the same minute are the same address, so the browser's cache serves repeats.
  const exp = Math.floor(nowS / 60) * 60 + LINK_TTL_S;
  return { url: `${path}?u=${userId}&exp=${exp}&sig=${mac(secret, key, userId, exp)}`, exp };
}

/** The user a link was made for, when its signature is right for this file and it has not expired. */
export function verifyFileLink(secret: string, key: string, query: { u?: unknown; exp?: unknown; sig?: unknown }, nowS: number): number | null {
  const userId = Number(query.u);
  const exp = Number(query.exp);
  const sig = typeof query.sig === 'string' ? query.sig : '';
  if (!Number.isSafeInteger(userId) || userId <= 0 || !Number.isSafeInteger(exp) || exp < nowS || exp > nowS + LINK_TTL_S + 60) return null;
  const want = Buffer.from(mac(secret, key, userId, exp));
  const got = Buffer.from(sig);
  return got.length === want.length && timingSafeEqual(got, want) ? userId : null;
}
