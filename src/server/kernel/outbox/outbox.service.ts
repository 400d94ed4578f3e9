import nodemailer, { type Transporter } from 'nodemailer';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { redactUrlCredentials, smsProviderFor } from './sms.provider';

/**
 * The mail and SMS outbox (ARCHITECTURE "Runtime pieces": an outbox table plus a page that shows
 * it; SMTP via nodemailer when SMTP_URL is set). Every message is first a row; delivery, when a
 * transport exists, updates the row to `sent` or `failed` with the error. Without a transport the
 * row stays `queued` and the outbox page is where an operator reads it.
 */
export type OutboxMessage = {
  clientId: number | null;
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
  link?: string;
};

export type OutboxStatus = 'queued' | 'sent' | 'failed';

const transports = new Map<string, Transporter>();
const pending = new Set<Promise<void>>();

export function transportFor(smtpUrl: string): Transporter {
  let t = transports.get(smtpUrl);
  if (!t) {
    t = nodemailer.createTransport(smtpUrl, { from: fromAddress(smtpUrl) });
    transports.set(smtpUrl, t);
  }
  return t;
}

/** The sender: `?from=` on the SMTP URL, else no-reply at the SMTP host. */
function fromAddress(smtpUrl: string): string {
  try {
    const u = new URL(smtpUrl);
    return u.searchParams.get('from') ?? `no-reply@${u.hostname}`;
  } catch {
    return 'no-reply@localhost';
  }
}

/** Only the host of an SMTP URL: error text kept in the outbox must never carry its password. */
export function redactError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return redactUrlCredentials(text.replace(/smtps?:\/\/[^@\s]*@/gi, 'smtp://[redacted]@')).slice(0, 500);
}

async function deliver(db: Db, send: () => Promise<unknown>, id: number): Promise<void> {
  try {
    await send();
    await sql`update outbox set status = 'sent', sent_at = now(), error = null where id = ${id}`.execute(db);
  } catch (error) {
    await sql`update outbox set status = 'failed', error = ${redactError(error)} where id = ${id}`.execute(db).catch(() => undefined);
  }
}

/**
 * Writes a message to the outbox and, for e-mail with SMTP configured or SMS with a provider
 * (SMS_URL, sms.provider.ts), starts its delivery in the background: the caller's reply never waits
 * on a mail server or an SMS gateway (and its timing never tells whether an address has an
 * account). Without a transport the row stays queued: the outbox is the default sender. Returns
 * the outbox row id.
 */
export async function queueMessage(db: Db, config: Pick<AppConfig, 'smtpUrl'> & Partial<Pick<AppConfig, 'smsUrl'>>, m: OutboxMessage): Promise<number> {
  const r = await sql<{ id: number }>`insert into outbox (client_id, channel, to_address, subject, body, link, status)
    values (${m.clientId}, ${m.channel}, ${m.to}, ${m.subject}, ${m.body}, ${m.link ?? null}, 'queued') returning id`.execute(db);
  const id = r.rows[0].id;
  const smtpUrl = config.smtpUrl;
  const sms = m.channel === 'sms' ? smsProviderFor(config.smsUrl) : null;
  const send = m.channel === 'email' && smtpUrl ? () => transportFor(smtpUrl).sendMail({ to: m.to, subject: m.subject, text: m.body }) : sms ? () => sms.send(m.to, m.body) : null;
  if (send) {
    const p = deliver(db, send, id).finally(() => pending.delete(p));
    pending.add(p);
  }
  return id;
}

/** Waits for deliveries under way (app shutdown, tests). */
export async function flushOutbox(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

/** Closes the SMTP connections (app shutdown). */
export async function closeOutbox(): Promise<void> {
  await flushOutbox();
  for (const t of transports.values()) t.close();
  transports.clear();
}
