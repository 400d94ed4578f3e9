import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * The personal area's arranged boards and app subscriptions (issue 13, src/server/services/profile/
 * workspace.service.ts): one row per company, user and board (`mydash`, `home`: the widgets in the
 * user's order with their hidden flags; `apps`: the subscribed modules' codes). Keyed by the
 * company as well as the user, so a user of two companies keeps one arrangement in each; row-level
 * security binds it to the tenant like the other tenant tables.
 */
export const workspaceBoards0800: Migration = {
  id: '20261127_0800_workspace_boards',
  up: (db) =>
    execStatements(
      db,
      `
create table user_workspace_board (
  client_id integer not null references clients(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  board text not null,
  items jsonb not null default '[]'::jsonb,
  updated_at timestamptz not null default now(),
  primary key (client_id, user_id, board)
)
`,
    ),
};
