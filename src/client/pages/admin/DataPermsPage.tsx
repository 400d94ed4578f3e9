import { Button } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../common/admin-kit';
import { DataRuleDialog } from './DataRuleDialog';
import { DataRuleTable } from './DataRuleTable';
import { useDataPerms } from './use-data-perms';

/**
 * /admin/page/dataperms: data permissions bound per role and menu code (spec 6: field, operator,
 * value). Fields are offered from the entity's declaration; a dictionary field offers its values.
 * Every rule that applies to a user narrows their rows, on the server, in SQL.
 */
export function DataPermsPage() {
  const { t } = useTranslation();
  const v = useDataPerms();
  return (
    <AdminPage
      testId="admin-dataperms"
      title={t('adminui.dataperm.title')}
      explain={t('adminui.dataperm.explain')}
      actions={<Button appearance="primary" icon={<Add20Regular />} disabled={!v.tenantRoles.length} onClick={() => v.open()} data-testid="rule-new">{t('adminui.dataperm.new')}</Button>}
    >
      <DataRuleTable v={v} />
      {v.dialog}
      <DataRuleDialog v={v} />
    </AdminPage>
  );
}
