import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { findApp } from '../thirdparty/thirdparty.service';
import { endpointAllowed, isProviderKind, PROVIDERS } from '../thirdparty/provider';
import { redactError, transportFor } from '../../kernel/outbox/outbox.service';
import { PassRunner } from '../../kernel/outbox/pass-runner';

/**
 * Delivers the outbox rows notices queue (issue 15: a person's e-mail and workplace-chat channels).
 * A notice writes its rows inside the action's transaction, so they exist only if the action
 * commits; every app process runs one sender that claims a batch with `for update skip locked`
 * (two processes never send one row twice; a row left `sending` by a process that died is taken
 * again after two minutes) and marks each row sent or failed with a reason that names no secret.
 * E-mail rows wait while no SMTP_URL is set (the outbox page shows them); workplace-chat rows go
 * through the company's WeCom or DingTalk application (thirdparty_apps) to the member's binding.
 */
export type SenderRow = {
  id: number; client_id: number; channel: 'email' | 'workchat'; to_address: string; subject: string; body: string;
  link: string | null; provider: string | null;
};

const BATCH = 20;
const senders = new Set<OutboxSender>();

/** Wakes this process's senders (a notice was just queued). */
export function wakeOutboxSenders(): void {
  for (const s of senders) s.wake();
}

export class OutboxSender extends PassRunner<SenderRow> {
  constructor(private readonly opts: { db: Db; config: Pick<AppConfig, 'smtpUrl' | 'publicUrl' | 'thirdpartyAllowedHosts'>; pollMs: number; log: (msg: string, extra?: object) => void }) {
    super({ name: 'outbox sender', pollMs: opts.pollMs, log: opts.log });
  }

  override start(): void {
    senders.add(this);
    super.start();
  }

  override async stop(): Promise<void> {
    senders.delete(this);
    await super.stop();
  }

  protected async claim(): Promise<SenderRow[]> {
    const channels = this.opts.config.smtpUrl ? ['email', 'workchat'] : ['workchat'];
    const r = await sql<SenderRow>`update outbox set status = 'sending', attempts = attempts + 1, claimed_at = now()
      where id in (
        select id from outbox where origin = 'notice' and channel = any(${channels}::text[])
          and (status = 'queued' or (status = 'sending' and claimed_at < now() - interval '2 minutes'))
        order by id limit ${BATCH} for update skip locked)
      returning id, client_id, channel, to_address, subject, body, link, provider`.execute(this.opts.db);
    return r.rows.sort((a, b) => a.id - b.id);
  }

  private text(row: SenderRow): string {
    const link = row.link ? `\n${this.opts.config.publicUrl.replace(/\/$/, '')}${row.link}` : '';
    return `${row.body}${link}`;
  }

  protected async deliver(row: SenderRow): Promise<void> {
    const db = this.opts.db;
    try {
      if (row.channel === 'email') {
        await transportFor(this.opts.config.smtpUrl!).sendMail({ to: row.to_address, subject: row.subject, text: this.text(row) });
      } else {
        if (!row.provider || !isProviderKind(row.provider)) throw new Error('no workplace-chat provider');
        const app = await findApp(db, row.provider, { id: row.client_id });
        if (app.apiBase && !endpointAllowed(row.provider, app.apiBase, this.opts.config.thirdpartyAllowedHosts)) throw new Error('vendor host not allowed');
        await PROVIDERS[row.provider].sendText(app, row.to_address, `${row.subject}\n${this.text(row)}`);
      }
      await sql`update outbox set status = 'sent', sent_at = now(), error = null where id = ${row.id}`.execute(db);
    } catch (error) {
      await sql`update outbox set status = 'failed', error = ${redactError(error)} where id = ${row.id}`.execute(db).catch(() => undefined);
    }
  }
}

/**
 * Starts this app's outbox sender when the app is ready and stops it when the app closes.
 * OUTBOX_POLL_MS (default 3000) is how often it looks for rows another process queued.
 */
export function installOutboxSender(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): OutboxSender {
  const sender = new OutboxSender({
    db: app.db,
    config: app.config,
    pollMs: Number(env.OUTBOX_POLL_MS) > 0 ? Number(env.OUTBOX_POLL_MS) : 3000,
    log: (msg, extra) => app.log.warn(extra ?? {}, msg),
  });
  app.decorate('outboxSender', sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  return sender;
}

declare module 'fastify' {
  interface FastifyInstance {
    outboxSender: OutboxSender;
  }
}
