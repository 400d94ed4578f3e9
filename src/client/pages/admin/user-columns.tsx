import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text } from '@fluentui/react-components';
import { Edit20Regular, Key20Regular, LockClosed20Regular, LockOpen20Regular, MoreHorizontal20Regular, PeopleTeam20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import type { UserRow } from './admin-api';
import { formatTime, useAdminStyles, type AdminColumn } from '../common/admin-kit';
import type { UsersState } from './use-users';

const STATUS_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'subtle'> = { active: 'success', frozen: 'subtle', pending: 'warning', rejected: 'danger' };

/** A row's commands: assign roles, and in the menu edit, reset the password, freeze or activate. */
function UserActions({ u, v }: { u: UserRow; v: UsersState }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const me = useSnapshot(access);
  return (
    <div className={s.rowActions}>
      <Button size="small" icon={<PeopleTeam20Regular />} onClick={() => v.startRoles(u)} data-testid="assign-roles">{t('adminui.user.assignRoles')}</Button>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button size="small" icon={<MoreHorizontal20Regular />} aria-label={t('adminui.more')} data-testid="user-more" />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Edit20Regular />} onClick={() => v.startEdit(u)} data-testid="user-edit">{t('adminui.edit')}</MenuItem>
            <MenuItem icon={<Key20Regular />} onClick={() => void v.reset(u)} data-testid="user-reset">{t('adminui.user.resetPassword')}</MenuItem>
            {u.status === 'active' ? (
              <MenuItem icon={<LockClosed20Regular />} disabled={u.id === me.id} onClick={() => void v.freeze(u)} data-testid="user-freeze">{t('adminui.freeze')}</MenuItem>
            ) : (
              <MenuItem icon={<LockOpen20Regular />} onClick={() => void v.activate(u)} data-testid="user-activate">{t('adminui.activate')}</MenuItem>
            )}
          </MenuList>
        </MenuPopover>
      </Menu>
    </div>
  );
}

/** The users table's columns. */
export function useUserColumns(v: UsersState): AdminColumn<UserRow>[] {
  const s = useAdminStyles();
  const { t } = useTranslation();
  return [
    { key: 'username', header: t('adminui.user.username'), width: 150, mono: true, render: (u) => u.username },
    { key: 'fullname', header: t('adminui.user.fullname'), width: 130, render: (u) => u.fullname },
    {
      key: 'contact',
      header: t('adminui.user.contact'),
      render: (u) => (
        <>
          <Text size={200}>{[u.email, u.mobile].filter(Boolean).join(' · ')}</Text>
          {u.wecom_id || u.dingtalk_id ? <Text size={200} block className={s.muted}>{[u.wecom_id && `WeCom ${u.wecom_id}`, u.dingtalk_id && `DingTalk ${u.dingtalk_id}`].filter(Boolean).join(' · ')}</Text> : null}
        </>
      ),
    },
    {
      key: 'roles',
      header: t('adminui.user.roles'),
      render: (u) => (
        <div style={{ display: 'flex', gap: 4, flexWrap: 'wrap', padding: '4px 0' }} data-testid="user-roles">
          {u.roles.map((r) => <Badge key={r} appearance="outline" color="informative">{v.roleName(r)}</Badge>)}
        </div>
      ),
    },
    { key: 'status', header: t('adminui.status'), width: 90, render: (u) => <Badge appearance="tint" color={STATUS_COLOR[u.status] ?? 'informative'}>{t(`adminui.status.${u.status}`)}</Badge> },
    {
      key: 'login',
      header: t('adminui.user.lastLogin'),
      width: 170,
      render: (u) => (
        <>
          <Text size={200}>{formatTime(u.last_login_at)}</Text>
          {u.last_login_ip ? <Text size={200} block className={s.muted}>{u.last_login_ip}</Text> : null}
        </>
      ),
    },
    { key: 'actions', header: t('adminui.actions'), width: 150, render: (u) => <UserActions u={u} v={v} /> },
  ];
}
