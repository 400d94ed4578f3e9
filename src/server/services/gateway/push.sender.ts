import { lookup } from 'node:dns/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { redactError } from '../../kernel/outbox/outbox.service';
import { PassRunner } from '../../kernel/outbox/pass-runner';
import { withTenant } from '../../kernel/rls';
import { onPushQueued } from './push.service';
import { backoffMs, isInternalAddress, isLoopbackAddress, MAX_PUSH_ATTEMPTS, openSecret, pushUrlProblem, SIGNATURE_HEADER, signatureHeader } from './push-signature';

/**
 * Delivers the pushes the writer queued in the outbox (`origin = 'push'`, issue 35). Every app
 * process runs one sender; it claims due rows with `for update skip locked` (two processes never
 * send one row at once; a row left `sending` by a process that died is taken again after two
 * minutes), signs each body with its endpoint's secret and POSTs it. A 2xx is `sent`; anything else
 * (an HTTP error, a redirect, a timeout, a refused address) is tried again after an exponential
 * backoff (push-signature.ts `backoffMs`) until MAX_PUSH_ATTEMPTS, then `failed`, with the last
 * HTTP status and error kept for the delivery log.
 */
type ClaimedRow = { id: number; client_id: number; endpoint_id: number | null; body: string; subject: string; event_id: string | null; attempts: number };

const BATCH = 20;
const TIMEOUT_MS = 10_000;

export class PushSender extends PassRunner<ClaimedRow> {
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly opts: { db: Db; config: Pick<AppConfig, 'jwtSecret' | 'push'>; pollMs: number; log: (msg: string, extra?: object) => void }) {
    super({ name: 'push sender', pollMs: opts.pollMs, log: opts.log, parallel: true });
  }

  override start(): void {
    this.unsubscribe = onPushQueued(() => this.wake());
    super.start();
  }

  override async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await super.stop();
  }

  protected async claim(): Promise<ClaimedRow[]> {
    const r = await sql<ClaimedRow>`update outbox set status = 'sending', attempts = attempts + 1, claimed_at = now()
      where id in (
        select id from outbox where origin = 'push'
          and ((status = 'queued' and next_attempt_at <= now()) or (status = 'sending' and claimed_at < now() - interval '2 minutes'))
        order by next_attempt_at, id limit ${BATCH} for update skip locked)
      returning id, client_id, endpoint_id, body, subject, event_id, attempts`.execute(this.opts.db);
    return r.rows;
  }

  /** The endpoint's current address and secret, read in its company's scope (row-level security). */
  private async endpointOf(row: ClaimedRow): Promise<{ url: string; secret: string | null; hosts: string[] } | null> {
    if (row.endpoint_id === null) return null;
    return withTenant(this.opts.db, row.client_id, async (tx) => {
      const ep = (await sql<{ url: string; secret_sealed: string }>`select url, secret_sealed from push_endpoint where id = ${row.endpoint_id} and client_id = ${row.client_id}`.execute(tx)).rows[0];
      if (!ep) return null;
      const hosts = (await sql<{ host: string }>`select host from push_allowed_host where client_id = ${row.client_id}`.execute(tx)).rows.map((h) => h.host);
      return { url: ep.url, secret: openSecret(this.opts.config.jwtSecret, ep.secret_sealed), hosts };
    });
  }

  protected async deliver(row: ClaimedRow): Promise<void> {
    const db = this.opts.db;
    let status: number | null = null;
    let url: string | null = null;
    try {
      const ep = await this.endpointOf(row);
      if (!ep) return await this.finish(row, { permanent: 'endpoint removed', status: null, url: null });
      url = ep.url;
      if (!ep.secret) return await this.finish(row, { permanent: 'signing secret unreadable: rotate the secret', status: null, url });
      // The rule is checked again at sending time: the allow-list may have changed since.
      const problem = pushUrlProblem(ep.url, ep.hosts, this.opts.config.push.allowLoopback);
      if (problem) return await this.finish(row, { permanent: `address refused (${problem})`, status: null, url });
      await this.refuseInternalResolution(new URL(ep.url).hostname);
      const timestamp = Math.floor(Date.now() / 1000);
      const res = await fetch(ep.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'garment-platform-push/1',
          'x-garment-event': row.subject,
          'x-garment-event-id': row.event_id ?? '',
          'x-garment-delivery': String(row.id),
          [SIGNATURE_HEADER]: signatureHeader(ep.secret, timestamp, row.body),
        },
        body: row.body,
      });
      status = res.status;
      await res.arrayBuffer().catch(() => undefined);
      if (res.status >= 200 && res.status < 300) {
        await sql`update outbox set status = 'sent', sent_at = now(), error = null, response_status = ${status}, to_address = ${url}, next_attempt_at = null where id = ${row.id}`.execute(db);
        return;
      }
      throw new Error(res.status >= 300 && res.status < 400 ? `HTTP ${res.status} (redirects are not followed)` : `HTTP ${res.status}`);
    } catch (error) {
      await this.finish(row, { retry: redactError(error instanceof Error && error.name === 'TimeoutError' ? new Error('timed out') : error), status, url });
    }
  }

  /** A host name that resolves to an internal address is refused unless loopback is allowed and it is loopback. */
  private async refuseInternalResolution(hostname: string): Promise<void> {
    const addresses = await lookup(hostname.replace(/^\[|\]$/g, ''), { all: true });
    for (const a of addresses) {
      if (this.opts.config.push.allowLoopback && isLoopbackAddress(a.address)) continue;
      if (isInternalAddress(a.address)) throw new Error('address refused (internalAddress)');
    }
  }

  private async finish(row: ClaimedRow, outcome: { permanent?: string; retry?: string; status: number | null; url: string | null }): Promise<void> {
    const error = (outcome.permanent ?? outcome.retry ?? '').slice(0, 500);
    const last = Boolean(outcome.permanent) || row.attempts >= MAX_PUSH_ATTEMPTS;
    const wait = backoffMs(row.attempts, this.opts.config.push.retryBaseMs);
    const url = outcome.url ? sql`${outcome.url}` : sql`to_address`;
    await (last
      ? sql`update outbox set status = 'failed', error = ${error}, response_status = ${outcome.status}, to_address = ${url}, next_attempt_at = null where id = ${row.id}`
      : sql`update outbox set status = 'queued', error = ${error}, response_status = ${outcome.status}, to_address = ${url},
          next_attempt_at = now() + ${`${wait} milliseconds`}::interval where id = ${row.id}`
    ).execute(this.opts.db).catch((e) => this.opts.log('push sender could not record an outcome', { error: redactError(e) }));
    if (!last) {
      // Wake up for the retry when it is due (the poll would find it too, later).
      const t = setTimeout(() => this.wake(), wait + 20);
      t.unref();
    }
  }
}

/**
 * Starts this app's push sender when the app is ready and stops it when the app closes.
 * PUSH_POLL_MS (default 2000) is how often it looks for pushes another process queued.
 */
export function installPushSender(app: FastifyInstance, env: NodeJS.ProcessEnv = process.env): PushSender {
  const sender = new PushSender({
    db: app.db,
    config: app.config,
    pollMs: Number(env.PUSH_POLL_MS) > 0 ? Number(env.PUSH_POLL_MS) : 2000,
    log: (msg, extra) => app.log.warn(extra ?? {}, msg),
  });
  app.decorate('pushSender', sender);
  app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.stop());
  return sender;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushSender: PushSender;
  }
}
