import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Access additions: companies a user may act in besides their home company (spec 7
 * `/access/switch-token` changes company without signing in again), and the installation id that
 * namespaces shared Redis keys (sign-in counters, socket.io channels) so that two databases never
 * share counters while all processes of one installation do.
 */
export const access0100: Migration = {
  id: '20261122_0100_access',
  up: (db) =>
    execStatements(
      db,
      `
create table user_clients (
  user_id integer not null references users(id) on delete cascade,
  client_id integer not null references clients(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, client_id)
);
create table access_instance (
  singleton boolean primary key default true check (singleton),
  id text not null
);
create index password_resets_user_idx on password_resets (user_id);
create index outbox_client_idx on outbox (client_id, created_at)
`,
    ),
};
