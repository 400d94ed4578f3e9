import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Notification channels (issue 15): each person's channels per notice event (src/model/notice-events.ts),
 * kept like notify_notice under the company and the user and filtered by both in SQL; and the
 * outbox rows a notice queues for e-mail or workplace chat, which any app process's outbox sender
 * claims (`origin = 'notice'`, `for update skip locked`) and delivers.
 */
export const notifyChannels1000: Migration = {
  id: '20261127_1000_notify_channels',
  up: (db) =>
    execStatements(
      db,
      `
create table notify_setting (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  event text not null,
  channels text[] not null,
  updated_at timestamptz not null default now(),
  unique (client_id, user_id, event)
);
alter table outbox add column origin text not null default 'direct';
alter table outbox add column user_id integer;
alter table outbox add column provider text;
alter table outbox add column attempts integer not null default 0;
alter table outbox add column claimed_at timestamptz;
create index outbox_notice_queue_idx on outbox (status, id) where origin = 'notice'
`,
    ),
};
