import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import { useInvite } from './use-invite';
import { InviteButton, InviteDialog } from './UserInvite';

/**
 * /admin/page/users: the engine's list and drawer of the view entity `user` (grids/admin/users.grid.ts:
 * columns, tabs, drawer, freeze, activate and password reset), with the page's own invitation.
 */
export function UsersPage() {
  const resolved = resolvedPageOf('users');
  const invite = useInvite();
  if (!resolved) return <MissingPage opt="users" />;
  return <ListPage resolved={resolved} slots={{ testId: 'admin-users', tools: () => <InviteButton v={invite} />, extras: () => <InviteDialog v={invite} /> }} />;
}
