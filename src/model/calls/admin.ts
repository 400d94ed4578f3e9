import { getCall } from './call';

/**
 * Administration (spec 2 system pages): the calls the administration pages make outside the
 * generic entity API. Served by src/server/services/admin (users) and src/server/services/notify
 * (the outbox).
 */

/** A colleague as the people picker lists one (active users of the caller's company). */
export type Colleague = { id: number; username: string; fullname: string | null };

/** An outbox row (mails, SMS and workplace-chat messages the platform wrote). */
export type OutboxRow = {
  id: number;
  client_id: number | null;
  channel: 'email' | 'sms' | string;
  to_address: string;
  subject: string;
  body: string;
  link: string | null;
  status: 'queued' | 'sent' | 'failed' | string;
  error: string | null;
  created_at: string;
  sent_at: string | null;
};
export type OutboxPage = { rows: OutboxRow[]; total: number; page: number; size: number };

export const adminCalls = {
  /** The caller's company's active users matching `q` (any signed-in member may pick a colleague). */
  userOptions: getCall<{ q?: string; size?: number }, { rows: Colleague[] }>('/adminapi/users/options'),
  /** One page of the outbox, of one channel or all. */
  outbox: getCall<{ page: number; size: number; channel?: string }, OutboxPage>('/utilsapi/outbox'),
};
