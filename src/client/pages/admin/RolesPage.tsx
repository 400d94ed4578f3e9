import { Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { resolvedPageOf } from '../../api/resolved-page';
import { ListPage } from '../../engine/ListPage';
import { MissingPage } from '../../engine/PageStates';
import type { RecordForm } from '../../form/use-record-form';
import { GrantsField } from './GrantsField';

/** A company role's link to its data-permission rules (the data permissions screen, filtered to the role). */
function DataRulesLink({ rf }: { rf: RecordForm }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const record = rf.record;
  if (!rf.stored || !record || record.client_id === null) return null;
  return (
    <Link style={{ alignSelf: 'center' }} onClick={() => navigate(`/admin/page/dataperms?role_id=${String(record.id)}`)} data-testid="role-dataperms">
      {t('adminui.role.dataRules', { count: Number(record.data_rules ?? 0) })}
    </Link>
  );
}

/**
 * /admin/page/roles: the engine's list and drawer of the view entity `role` (grids/admin/roles.grid.ts:
 * columns, tabs per kind, create, edit, remove). The drawer draws the role's grants as the menu x verb
 * matrix and links to its data rules; a system role opens read-only (its grants are the platform's rules).
 */
export function RolesPage() {
  const resolved = resolvedPageOf('roles');
  if (!resolved) return <MissingPage opt="roles" />;
  return (
    <ListPage
      resolved={resolved}
      slots={{
        testId: 'admin-roles',
        drawer: () => ({ keepOpenAfterSave: true, readOnly: (r) => r.client_id === null, widgets: { grants: GrantsField }, extraActions: (rf) => <DataRulesLink rf={rf} /> }),
      }}
    />
  );
}
