import { ROLE_LABELS } from '../../../model/roles';
import {
  Badge,
  Button,
  Checkbox,
  Dropdown,
  Field,
  Input,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Option,
  SearchBox,
  Switch,
  Text,
} from '@fluentui/react-components';
import { Edit20Regular, Key20Regular, LockClosed20Regular, LockOpen20Regular, MoreHorizontal20Regular, PeopleTeam20Regular, PersonAdd20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type OptionRow, type RoleRow, type UserRow } from './admin-api';
import { AdminEditDialog, AdminPage, AdminTable, fieldErrorsOf, formatTime, ListState, useAdminStyles, useConfirm, type AdminColumn } from '../common/admin-kit';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<string, 'success' | 'danger' | 'warning' | 'subtle'> = { active: 'success', frozen: 'subtle', pending: 'warning', rejected: 'danger' };

/** The roles a user can be given here: the system roles (not the platform's superadmin) and the company's own. */
const assignable = (roles: readonly RoleRow[]) => roles.filter((r) => r.code !== 'superadmin');

type EditForm = { fullname: string; email: string; mobile: string; org_id: string; position_id: string; is_manager: boolean; wecom_id: string; dingtalk_id: string };
const formOf = (u: UserRow): EditForm => ({
  fullname: u.fullname ?? '', email: u.email ?? '', mobile: u.mobile ?? '', org_id: u.org_id ? String(u.org_id) : '', position_id: u.position_id ? String(u.position_id) : '',
  is_manager: u.is_manager, wecom_id: u.wecom_id ?? '', dingtalk_id: u.dingtalk_id ?? '',
});

function OptionDropdown(props: { rows: OptionRow[] | undefined; value: string; onChange: (v: string) => void; testId: string }) {
  const { t } = useTranslation();
  const text = (r: OptionRow) => [r.code, r.name].filter(Boolean).join(' ');
  const current = props.rows?.find((r) => String(r.id) === props.value);
  return (
    <Dropdown value={current ? text(current) : ''} placeholder={t('adminui.none')} selectedOptions={[props.value]} onOptionSelect={(_, d) => props.onChange(d.optionValue ?? '')} data-testid={props.testId}>
      <Option value="">{t('adminui.none')}</Option>
      {(props.rows ?? []).map((r) => <Option key={r.id} value={String(r.id)} text={text(r)}>{text(r)}</Option>)}
    </Dropdown>
  );
}

/**
 * /admin/page/users: the client administrator's users (spec 2 "Admin"): invite with the company's
 * invite code, activate, freeze (with confirmation; their sessions end), reset the password (with
 * confirmation; a temporary one is mailed), assign roles and positions, bind workplace-chat ids.
 */
export function UsersPage() {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const me = useSnapshot(access);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [form, setForm] = useState<EditForm | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [roleUser, setRoleUser] = useState<UserRow | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [inviting, setInviting] = useState(false);
  const [invite, setInvite] = useState({ email: '', fullname: '' });
  const [invited, setInvited] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const { data, error, isLoading, mutate } = useSWR(['users', q, status, page], () => adminApi.users({ q: q || undefined, status: status || undefined, page, size: PAGE_SIZE }));
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const orgs = useSWR(editing ? 'opt-org' : null, () => adminApi.options('mdapi', 'org').then((r) => r.rows).catch(() => []));
  const positions = useSWR(editing ? 'opt-position' : null, () => adminApi.options('mdapi', 'position').then((r) => r.rows).catch(() => []));
  const roleName = (code: string) => {
    const r = roles.data?.find((x) => x.code === code);
    if (r) return i18n.language === 'en' ? r.name_en : r.name_zh;
    // A system role the company cannot assign (the platform's super administrator) still has its name.
    const system = (ROLE_LABELS as Record<string, { zh: string; en: string } | undefined>)[code];
    return system ? (i18n.language === 'en' ? system.en : system.zh) : code;
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    await work();
    toast.success(done);
    void mutate();
  };
  const freeze = async (u: UserRow) => {
    if (await confirm(t('adminui.user.confirmFreeze', { name: u.fullname ?? u.username }))) await run(() => adminApi.freezeUsers([u.id]), t('adminui.user.frozen'));
  };
  const activate = async (u: UserRow) => {
    if (await confirm(t('adminui.user.confirmActivate', { name: u.fullname ?? u.username }))) await run(() => adminApi.activateUsers([u.id]), t('adminui.user.activated'));
  };
  const reset = async (u: UserRow) => {
    if (!(await confirm(t('adminui.user.confirmReset', { name: u.fullname ?? u.username })))) return;
    const r = await adminApi.resetPassword(u.id);
    toast.success(r.message);
  };
  const saveEdit = async () => {
    if (!editing || !form) return;
    setBusy(true);
    setErrors({});
    try {
      await adminApi.saveUser({
        id: editing.id, version: editing.version, fullname: form.fullname, email: form.email, mobile: form.mobile,
        org_id: form.org_id ? Number(form.org_id) : null, position_id: form.position_id ? Number(form.position_id) : null,
        is_manager: form.is_manager, wecom_id: form.wecom_id, dingtalk_id: form.dingtalk_id,
      });
      toast.success(t('adminui.saved'));
      setEditing(null);
      void mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const saveRoles = async () => {
    if (!roleUser) return;
    setBusy(true);
    try {
      await adminApi.assignRoles(roleUser.id, chosen);
      toast.success(t('adminui.user.rolesSaved'));
      setRoleUser(null);
      void mutate();
    } finally {
      setBusy(false);
    }
  };
  const sendInvite = async () => {
    setBusy(true);
    setErrors({});
    try {
      const r = await adminApi.invite(invite.email, invite.fullname);
      setInvited(r.invite_code);
      toast.success(t('adminui.user.inviteSent', { email: invite.email }));
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const text = (key: keyof EditForm, label: string, type: 'text' | 'email' | 'tel' = 'text') =>
    form ? (
      <Field label={label} validationMessage={errors[key]} validationState={errors[key] ? 'error' : 'none'}>
        <Input type={type} value={String(form[key])} onChange={(_, d) => setForm({ ...form, [key]: d.value })} data-testid={`user-${key}`} />
      </Field>
    ) : null;

  const columns: AdminColumn<UserRow>[] = [
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
          {u.roles.map((r) => <Badge key={r} appearance="outline" color="informative">{roleName(r)}</Badge>)}
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
    {
      key: 'actions',
      header: t('adminui.actions'),
      width: 150,
      render: (u) => (
        <div className={s.rowActions}>
          <Button size="small" icon={<PeopleTeam20Regular />} onClick={() => { setRoleUser(u); setChosen([...u.roles]); }} data-testid="assign-roles">{t('adminui.user.assignRoles')}</Button>
          <Menu>
            <MenuTrigger disableButtonEnhancement>
              <Button size="small" icon={<MoreHorizontal20Regular />} aria-label={t('adminui.more')} data-testid="user-more" />
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuItem icon={<Edit20Regular />} onClick={() => { setEditing(u); setForm(formOf(u)); setErrors({}); }} data-testid="user-edit">{t('adminui.edit')}</MenuItem>
                <MenuItem icon={<Key20Regular />} onClick={() => void reset(u)} data-testid="user-reset">{t('adminui.user.resetPassword')}</MenuItem>
                {u.status === 'active' ? (
                  <MenuItem icon={<LockClosed20Regular />} disabled={u.id === me.id} onClick={() => void freeze(u)} data-testid="user-freeze">{t('adminui.freeze')}</MenuItem>
                ) : (
                  <MenuItem icon={<LockOpen20Regular />} onClick={() => void activate(u)} data-testid="user-activate">{t('adminui.activate')}</MenuItem>
                )}
              </MenuList>
            </MenuPopover>
          </Menu>
        </div>
      ),
    },
  ];

  return (
    <AdminPage
      testId="admin-users"
      title={t('adminui.user.title')}
      explain={t('adminui.user.explain')}
      actions={<Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => { setInviting(true); setInvited(null); setInvite({ email: '', fullname: '' }); setErrors({}); }} data-testid="invite">{t('adminui.user.invite')}</Button>}
    >
      <AdminTable
        label={t('adminui.user.title')}
        toolbar={
          <>
            <SearchBox placeholder={t('adminui.user.search')} value={q} onChange={(_, d) => { setQ(d.value); setPage(1); }} style={{ width: 260 }} data-testid="user-search" />
            <Dropdown value={status ? t(`adminui.status.${status}`) : t('adminui.allStatuses')} selectedOptions={[status]} onOptionSelect={(_, d) => { setStatus(d.optionValue ?? ''); setPage(1); }}>
              <Option value="">{t('adminui.allStatuses')}</Option>
              {['active', 'frozen', 'pending'].map((v) => <Option key={v} value={v}>{t(`adminui.status.${v}`)}</Option>)}
            </Dropdown>
          </>
        }
        columns={columns}
        rows={data?.rows}
        rowKey={(u) => u.id}
        rowTestId={(u) => `user-row-${u.username}`}
        loading={isLoading}
        error={error}
        paging={data ? { page, size: PAGE_SIZE, total: data.total, onPage: setPage } : undefined}
      />
      {dialog}

      <AdminEditDialog open={editing !== null} title={t('adminui.user.editTitle', { name: editing?.username ?? '' })} onClose={() => setEditing(null)} onSave={() => void saveEdit()} busy={busy} saveTestId="user-save" maxWidth={640}>
        {form ? (
          <div className={s.twoCols}>
            {text('fullname', t('adminui.user.fullname'))}
            {text('email', t('adminui.user.email'), 'email')}
            {text('mobile', t('adminui.user.mobile'), 'tel')}
            <Field label={t('adminui.user.org')} validationMessage={errors.org_id} validationState={errors.org_id ? 'error' : 'none'}>
              <OptionDropdown rows={orgs.data} value={form.org_id} onChange={(v) => setForm({ ...form, org_id: v })} testId="user-org" />
            </Field>
            <Field label={t('adminui.user.position')} validationMessage={errors.position_id} validationState={errors.position_id ? 'error' : 'none'}>
              <OptionDropdown rows={positions.data} value={form.position_id} onChange={(v) => setForm({ ...form, position_id: v })} testId="user-position" />
            </Field>
            <Field label={t('adminui.user.isManager')}>
              <Switch checked={form.is_manager} onChange={(_, d) => setForm({ ...form, is_manager: d.checked })} />
            </Field>
            {text('wecom_id', t('adminui.user.wecom'))}
            {text('dingtalk_id', t('adminui.user.dingtalk'))}
          </div>
        ) : null}
      </AdminEditDialog>

      <AdminEditDialog open={roleUser !== null} title={t('adminui.user.rolesTitle', { name: roleUser?.fullname ?? roleUser?.username ?? '' })} onClose={() => setRoleUser(null)} onSave={() => void saveRoles()} busy={busy} saveTestId="roles-save">
        <ListState loading={roles.isLoading} error={roles.error} empty={false} />
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 4 }} data-testid="role-choices">
          {assignable(roles.data ?? []).map((r) => (
            <Checkbox
              key={r.id}
              label={`${i18n.language === 'en' ? r.name_en : r.name_zh}${r.system ? '' : ` (${r.code})`}`}
              checked={chosen.includes(r.code)}
              onChange={(_, d) => setChosen((c) => (d.checked ? [...c, r.code] : c.filter((x) => x !== r.code)))}
              data-testid={`role-choice-${r.code}`}
            />
          ))}
        </div>
      </AdminEditDialog>

      <AdminEditDialog
        open={inviting}
        title={t('adminui.user.invite')}
        onClose={() => setInviting(false)}
        onSave={() => void sendInvite()}
        busy={busy}
        saveDisabled={!invite.email}
        saveLabel={t('adminui.user.sendInvite')}
        cancelLabel={t('ui.common.close')}
        saveTestId="invite-send"
        contentClassName={s.form}
      >
        <Text>{t('adminui.user.inviteExplain')}</Text>
        <Field label={t('adminui.user.email')} required validationMessage={errors.email} validationState={errors.email ? 'error' : 'none'}>
          <Input type="email" value={invite.email} onChange={(_, d) => setInvite({ ...invite, email: d.value })} data-testid="invite-email" />
        </Field>
        <Field label={t('adminui.user.fullname')}>
          <Input value={invite.fullname} onChange={(_, d) => setInvite({ ...invite, fullname: d.value })} />
        </Field>
        {invited ? (
          <MessageBar intent="success">
            <MessageBarBody data-testid="invite-code">{t('adminui.user.inviteCode', { code: invited })}</MessageBarBody>
          </MessageBar>
        ) : null}
      </AdminEditDialog>
    </AdminPage>
  );
}
