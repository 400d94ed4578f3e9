import { Badge, Button, Spinner } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { SplitPane } from '../../shell/SplitPane';
import { AdminCard, AdminPage, ListState, useAdminStyles } from '../common/admin-kit';
import { RoleEditor } from './RoleEditor';
import { useRoles, type RolesState } from './use-roles';

/** The company's roles, each with its system and dashboard marks and its number of users. */
function RoleList({ v }: { v: RolesState }) {
  const { t, i18n } = useTranslation();
  const { roles, selected } = v;
  return (
    <AdminCard>
      <ListState loading={roles.isLoading} error={roles.error} empty={!!roles.data && roles.data.length === 0} />
      <div style={{ display: 'grid', padding: 8, gap: 2, maxHeight: 640, overflow: 'auto' }} data-testid="role-list">
        {(roles.data ?? []).map((r) => (
          <Button
            key={r.id}
            appearance={selected === r.id ? 'secondary' : 'subtle'}
            style={{ justifyContent: 'space-between', fontWeight: selected === r.id ? 600 : 400 }}
            onClick={() => v.setSelected(r.id)}
            data-testid={`role-item-${r.code}`}
          >
            <span>{i18n.language === 'en' ? r.name_en : r.name_zh}</span>
            <span style={{ display: 'flex', gap: 4 }}>
              {r.system ? <Badge appearance="tint" color="informative" size="small">{t('adminui.role.system')}</Badge> : null}
              {r.kind === 'dashboard' ? <Badge appearance="tint" color="warning" size="small">{t('adminui.role.kind.dashboard')}</Badge> : null}
              <Badge appearance="outline" size="small">{r.users}</Badge>
            </span>
          </Button>
        ))}
      </div>
    </AdminCard>
  );
}

/**
 * /admin/page/roles: the company's roles (spec 6: menu roles per client, dashboard roles) with a
 * matrix of menu x verb grants. System roles are shown read-only with what they grant by rule.
 */
export function RolesPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const v = useRoles();
  const { draft } = v;
  return (
    <AdminPage
      testId="admin-roles"
      title={t('adminui.role.title')}
      explain={t('adminui.role.explain')}
      actions={<Button appearance="primary" icon={<Add20Regular />} onClick={() => v.setSelected('new')} data-testid="role-new">{t('adminui.role.new')}</Button>}
    >
      <SplitPane id="admin-roles-list" sized="start" defaultSize={300} min={220} maxShare={0.45} otherMin={480} label={t('adminui.role.listWidth')}>
        <RoleList v={v} />
        <AdminCard>
          {!draft ? <div className={s.empty}>{v.selected !== null && v.detail.isLoading ? <Spinner /> : t('adminui.role.pick')}</div> : null}
          {draft ? <RoleEditor v={v} draft={draft} /> : null}
        </AdminCard>
      </SplitPane>
      {v.dialog}
    </AdminPage>
  );
}
