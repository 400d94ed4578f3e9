import { Button, Dropdown, Option, SearchBox } from '@fluentui/react-components';
import { PersonAdd20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminPage, AdminTable } from '../common/admin-kit';
import { useUserColumns } from './user-columns';
import { UserEditDialog, UserInviteDialog, UserRolesDialog } from './UserDialogs';
import { USERS_PAGE_SIZE, useUsers } from './use-users';

/**
 * /admin/page/users: the client administrator's users (spec 2 "Admin"): invite with the company's
 * invite code, activate, freeze (with confirmation; their sessions end), reset the password (with
 * confirmation; a temporary one is mailed), assign roles and positions, bind workplace-chat ids.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const v = useUsers();
  const columns = useUserColumns(v);
  const { data, error, isLoading } = v.list;
  const toolbar = (
    <>
      <SearchBox placeholder={t('adminui.user.search')} value={v.q} onChange={(_, d) => v.search(d.value)} style={{ width: 260 }} data-testid="user-search" />
      <Dropdown value={v.status ? t(`adminui.status.${v.status}`) : t('adminui.allStatuses')} selectedOptions={[v.status]} onOptionSelect={(_, d) => v.filter(d.optionValue ?? '')}>
        <Option value="">{t('adminui.allStatuses')}</Option>
        {['active', 'frozen', 'pending'].map((o) => <Option key={o} value={o}>{t(`adminui.status.${o}`)}</Option>)}
      </Dropdown>
    </>
  );
  return (
    <AdminPage
      testId="admin-users"
      title={t('adminui.user.title')}
      explain={t('adminui.user.explain')}
      actions={<Button appearance="primary" icon={<PersonAdd20Regular />} onClick={v.startInvite} data-testid="invite">{t('adminui.user.invite')}</Button>}
    >
      <AdminTable
        label={t('adminui.user.title')}
        toolbar={toolbar}
        columns={columns}
        rows={data?.rows}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-row-${u.username}`}
        loading={isLoading}
        error={error}
        paging={data ? { page: v.page, size: USERS_PAGE_SIZE, total: data.total, onPage: v.setPage } : undefined}
      />
      {v.dialog}
      <UserEditDialog v={v} />
      <UserRolesDialog v={v} />
      <UserInviteDialog v={v} />
    </AdminPage>
  );
}
