import { Button } from '@fluentui/react-components';
import { Add20Regular, FolderAdd20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminPage, ListState } from '../common/admin-kit';
import { MenuNodeDialog } from './MenuNodeDialog';
import { MenuTree } from './MenuTree';
import { newDraft, useMenuEditor } from './use-menu-editor';

/**
 * /admin/page/menus: the client administrator's menu tree editor (spec 2 "Admin: menus"; the
 * shell's menus come from it): groups and their entries, order, titles in zh and en, visibility
 * and the roles that see an entry. Declared menus can be changed and reset; the company may add its
 * own groups and links. The server still checks every call whatever the menu shows.
 */
export function MenuEditorPage() {
  const { t } = useTranslation();
  const v = useMenuEditor();
  const { tree } = v;
  const { data, error, isLoading } = v.menus;
  return (
    <AdminPage
      testId="admin-menus"
      title={t('adminui.menu.title')}
      explain={t('adminui.menu.explain')}
      actions={
        <>
          <Button icon={<FolderAdd20Regular />} onClick={() => v.edit(newDraft('group'))} data-testid="menu-add-group">{t('adminui.menu.addGroup')}</Button>
          <Button appearance="primary" icon={<Add20Regular />} disabled={!tree.length} onClick={() => v.edit(newDraft('entry', tree[0]?.code ?? ''))} data-testid="menu-add-link">{t('adminui.menu.addLink')}</Button>
        </>
      }
    >
      <ListState loading={isLoading} error={error} empty={!!data && tree.length === 0} />
      <MenuTree v={v} />
      {v.dialog}
      <MenuNodeDialog v={v} />
    </AdminPage>
  );
}
