import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { NOTICE_EVENTS, isNoticeChannel, isNoticeEvent, type NoticeChannel } from '../../../model';
import { noticeSettingCalls, type NoticeSettingRow, type NoticeSettings } from '../../../model/calls/notify';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import type { Db } from '../../db/database';
import { serveCall } from '../../http/calls';
import { forbidden, validationError } from '../../http/errors';
import { withTenant } from '../../kernel/rls/tenant-scope';


type Who = { clientId: number; userId: number };

/** The caller whose settings these are: a user of a company (the platform's super administrator has none). */
export function whoOf(auth: AuthContext): Who {
  if (auth.clientId == null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId };
}

async function reachOf(db: Db, who: Who): Promise<NoticeSettings['reach']> {
  const u = (await sql<{ email: string | null; wecom_id: string | null; dingtalk_id: string | null }>`select email, wecom_id, dingtalk_id from users
    where id = ${who.userId} and client_id = ${who.clientId}`.execute(db)).rows[0];
  const apps = new Set((await sql<{ provider: string }>`select provider from thirdparty_apps where client_id = ${who.clientId} and enabled`.execute(db)).rows.map((r) => r.provider));
  const workchat = u?.wecom_id && apps.has('wecom') ? 'wecom' : u?.dingtalk_id && apps.has('dingtalk') ? 'dingtalk' : null;
  return { email: Boolean(u?.email), workchat };
}

/** The caller's settings for every event, with the company's and the default beneath. */
export async function readNoticeSettings(db: Db, who: Who): Promise<NoticeSettings> {
  const own = new Map((await sql<{ event: string; channels: string[] }>`select event, channels from notify_setting
    where client_id = ${who.clientId} and user_id = ${who.userId}`.execute(db)).rows.map((r) => [r.event, r.channels]));
  // The company's settings are a registry entity under row-level security: read in the caller's tenant.
  const company = await withTenant(db, who.clientId, async (tx) => {
    const r = await sql<{ event: string; channels: unknown }>`select distinct on (event) event, channels from adm_notify_setting
      where client_id = ${who.clientId} and coalesce(status, 'active') = 'active' order by event, id`.execute(tx);
    return new Map(r.rows.map((x) => [x.event, Array.isArray(x.channels) && x.channels.length ? x.channels.map(String) : null]));
  });
  const events = NOTICE_EVENTS.map((event): NoticeSettingRow => {
    const mine = own.get(event);
    const theirs = company.get(event) ?? null;
    if (mine) return { event, channels: mine, source: 'own', company: theirs };
    if (theirs) return { event, channels: theirs, source: 'company', company: theirs };
    return { event, channels: ['site'], source: 'default', company: null };
  });
  return { events, reach: await reachOf(db, who) };
}

/**
 * Saves the caller's channels for one event, or (`reset`) goes back to the company's. At least one
 * channel; e-mail only with an address on the account; workplace chat only with a binding the
 * company's application serves: each refusal says which.
 */
export async function saveNoticeSetting(db: Db, who: Who, input: { event: unknown; channels?: unknown; reset?: unknown }): Promise<NoticeSettings> {
  if (!isNoticeEvent(input.event)) throw validationError({ event: { key: 'notify.setting.eventUnknown' } });
  const event = input.event;
  if (input.reset === true) {
    await sql`delete from notify_setting where client_id = ${who.clientId} and user_id = ${who.userId} and event = ${event}`.execute(db);
    return readNoticeSettings(db, who);
  }
  const raw = Array.isArray(input.channels) ? input.channels : [];
  if (raw.some((c) => !isNoticeChannel(c))) throw validationError({ channels: { key: 'notify.setting.channelUnknown' } });
  const channels = [...new Set(raw as NoticeChannel[])];
  if (!channels.length) throw validationError({ channels: { key: 'notify.setting.channelRequired' } });
  const reach = await reachOf(db, who);
  if (channels.includes('email') && !reach.email) throw validationError({ channels: { key: 'notify.setting.noEmail' } });
  if (channels.includes('workchat') && !reach.workchat) throw validationError({ channels: { key: 'notify.setting.noWorkchat' } });
  await sql`insert into notify_setting (client_id, user_id, event, channels) values (${who.clientId}, ${who.userId}, ${event}, ${channels}::text[])
    on conflict (client_id, user_id, event) do update set channels = excluded.channels, updated_at = now()`.execute(db);
  return readNoticeSettings(db, who);
}

/**
 * The person's notification settings (issue 15): GET mine, POST save `{ event, channels }` or
 * `{ event, reset: true }`. Always the caller's own rows in the caller's own company.
 */
export async function noticeSettingRoutes(app: FastifyInstance): Promise<void> {
  const who = (req: Parameters<typeof authOf>[0]): Who => whoOf(authOf(req));
  serveCall(app, noticeSettingCalls.mine, { preHandler: requireAuth }, async (req) => readNoticeSettings(app.db, who(req)));
  serveCall(app, noticeSettingCalls.save, { preHandler: requireAuth }, async (req) => {
    const input = inputOf(req) as Record<string, unknown>;
    return saveNoticeSetting(app.db, who(req), { event: input.event, channels: input.channels, reset: input.reset });
  });
}
