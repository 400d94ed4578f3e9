import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import { RULE_WIDGETS } from './data-rule-widgets';

/**
 * /admin/page/dataperms: the engine's list and drawer of the view entity `data_permission`
 * (grids/admin/dataperms.grid.ts): a role's rules when opened from its drawer (`?role_id=`, shown as
 * a filter that can be removed); the drawer's role, menu, field and value drawn by the page, the
 * fields following the menu's entity and the values the field's dictionary.
 */
export function DataPermsPage() {
  const resolved = resolvedPageOf('dataperms');
  if (!resolved) return <MissingPage opt="dataperms" />;
  return <ListPage resolved={resolved} subindex slots={{ testId: 'admin-dataperms', drawer: () => ({ widgets: RULE_WIDGETS }) }} />;
}
