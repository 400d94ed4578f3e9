import { sql } from 'kysely';
import type { Language } from '../../model/i18n';
import { translate } from '../../model/i18n';
import type { AppConfig } from '../config';
import type { Db } from '../db/database';
import { AppError, validationError } from '../http/errors';
import { queueMessage } from '../kernel/outbox/outbox.service';
import { clock, createdAndExpiry, isoIn, isoNow } from './clock';
import type { LoginLimiter } from './login-limiter.service';
import { codeDigest, sameDigest, sixDigitCode } from './tokens.util';

/**
 * E-mail and SMS verification codes (spec 5 "Other rules", spec 9: valid 10 minutes). A code is six
 * digits, stored as an HMAC, sent through the outbox; a new one for the same target and purpose
 * waits 60 seconds after the previous one, at most 10 are sent per hour, and each code allows 5
 * wrong tries. Only the newest code of a target and purpose counts.
 */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_RESEND_SECONDS = 60;
export const CODE_MAX_PER_HOUR = 10;
export const CODE_MAX_ATTEMPTS = 5;

export const CODE_CHANNELS = ['email', 'sms'] as const;
export const CODE_PURPOSES = ['signup', 'bind', 'reset'] as const;
export type CodeChannel = (typeof CODE_CHANNELS)[number];
export type CodePurpose = (typeof CODE_PURPOSES)[number];

const scopeOf = (channel: string, target: string, purpose: string) => `${channel}:${target.toLowerCase()}:${purpose}`;

/** The shared counters of code sends: one per number or address, one per client address. */
const sendKeys = (config: AppConfig, channel: CodeChannel, target: string, ip: string) => [
  { key: `code:${channel}:${target}`, limit: config.codeLimit.perTarget },
  { key: `code-ip:${ip}`, limit: config.codeLimit.perAddress },
];

/**
 * Creates and sends a code; 429 when asked again too soon. The per-target waits (60 s between
 * codes, 10 an hour) are told first, with their own messages; then the send is counted per number
 * or address and per client address on the sign-in limiter (atomic, shared through Redis when
 * REDIS_URL is set), so a burst of parallel requests, from one process or many, cannot pass
 * `config.codeLimit` however the reads above interleave. The code is kept only as an HMAC: its
 * clear text lives in the outbox row (the SMS or mail itself) and nowhere else, never in a log.
 */
export async function sendCode(db: Db, config: AppConfig, limiter: LoginLimiter, language: Language, r: { channel: CodeChannel; target: string; purpose: CodePurpose; ip: string }): Promise<{ expire: number; resend_after: number }> {
  const target = r.channel === 'email' ? r.target.toLowerCase() : r.target;
  const recent = await sql<{ created_at: string; n: number }>`
    select max(created_at) as created_at, count(*)::int as n from verification_codes
    where channel = ${r.channel} and target = ${target} and created_at > ${isoIn(-3600)}`.execute(db);
  const last = recent.rows[0]?.created_at;
  if (last) {
    const wait = Math.ceil((new Date(last).getTime() + CODE_RESEND_SECONDS * 1000 - clock.now()) / 1000);
    if (wait > 0) throw new AppError('access.codeResendWait', { params: { seconds: wait }, extra: { retry_after: wait } });
  }
  if ((recent.rows[0]?.n ?? 0) >= CODE_MAX_PER_HOUR) throw new AppError('access.codeHourlyLimit');
  const keys = sendKeys(config, r.channel, target, r.ip);
  const state = await limiter.attempt(keys);
  if (state.locked) {
    throw new AppError('access.codeSendLimit', { params: { minutes: Math.max(1, Math.ceil(state.retryAfterSeconds / 60)) }, extra: { retry_after: state.retryAfterSeconds } });
  }
  try {
    const code = sixDigitCode();
    const at = createdAndExpiry(CODE_TTL_SECONDS);
    await sql`insert into verification_codes (channel, target, purpose, code_hash, expires_at, created_at)
      values (${r.channel}, ${target}, ${r.purpose}, ${codeDigest(config.jwtSecret, code, scopeOf(r.channel, target, r.purpose))}, ${at.expires}, ${at.created})`.execute(db);
    const body = translate(language, r.channel === 'email' ? 'mail.code.body' : 'sms.code.body', { code, minutes: CODE_TTL_SECONDS / 60 });
    await queueMessage(db, config, { clientId: null, channel: r.channel, to: target, subject: translate(language, 'mail.code.subject'), body });
  } catch (e) {
    await limiter.refund(keys.map((k) => k.key));
    throw e;
  }
  return { expire: CODE_TTL_SECONDS, resend_after: CODE_RESEND_SECONDS };
}

/**
 * Checks a code without using it up (so a form with other errors can be corrected and sent again).
 * A wrong code counts one attempt. Returns the code's row id for `consumeCode`. Errors are field
 * errors on `field`.
 */
export async function checkCode(db: Db, config: AppConfig, r: { channel: CodeChannel; target: string; purpose: CodePurpose; code: string | undefined; field: string }): Promise<number> {
  if (!r.code) throw validationError({ [r.field]: { key: 'rule.required' } });
  const target = r.channel === 'email' ? r.target.toLowerCase() : r.target;
  const rows = await sql<{ id: number; code_hash: string; attempts: number; expires_at: string; used_at: string | null }>`
    select id, code_hash, attempts, expires_at, used_at from verification_codes
    where channel = ${r.channel} and target = ${target} and purpose = ${r.purpose}
    order by created_at desc, id desc limit 1`.execute(db);
  const row = rows.rows[0];
  if (!row || row.used_at) throw validationError({ [r.field]: { key: 'access.codeInvalid' } });
  if (new Date(row.expires_at).getTime() <= clock.now()) throw validationError({ [r.field]: { key: 'access.codeExpired' } });
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw validationError({ [r.field]: { key: 'access.codeTooManyAttempts' } });
  const given = codeDigest(config.jwtSecret, r.code, scopeOf(r.channel, target, r.purpose));
  if (!/^\d{6}$/.test(r.code) || !sameDigest(given, row.code_hash)) {
    await sql`update verification_codes set attempts = attempts + 1 where id = ${row.id}`.execute(db);
    throw validationError({ [r.field]: { key: row.attempts + 1 >= CODE_MAX_ATTEMPTS ? 'access.codeTooManyAttempts' : 'access.codeInvalid' } });
  }
  return row.id;
}

/** Marks a checked code used, inside the caller's transaction; false when someone used it first. */
export async function consumeCode(tx: Db, id: number): Promise<boolean> {
  const r = await sql`update verification_codes set used_at = ${isoNow()} where id = ${id} and used_at is null`.execute(tx);
  return Number(r.numAffectedRows ?? 0) === 1;
}
