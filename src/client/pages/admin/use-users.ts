import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { ROLE_LABELS } from '../../../model/roles';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type RoleRow, type UserRow } from './admin-api';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';

export const USERS_PAGE_SIZE = 20;

/** The roles a user can be given here: the system roles (not the platform's superadmin) and the company's own. */
export const assignable = (roles: readonly RoleRow[]) => roles.filter((r) => r.code !== 'superadmin');

export type EditForm = { fullname: string; email: string; mobile: string; org_id: string; position_id: string; is_manager: boolean; wecom_id: string; dingtalk_id: string };
const formOf = (u: UserRow): EditForm => ({
  fullname: u.fullname ?? '', email: u.email ?? '', mobile: u.mobile ?? '', org_id: u.org_id ? String(u.org_id) : '', position_id: u.position_id ? String(u.position_id) : '',
  is_manager: u.is_manager, wecom_id: u.wecom_id ?? '', dingtalk_id: u.dingtalk_id ?? '',
});

/** The user list: search, status filter, page, the roles' names, and the row commands (with confirmation). */
function useUserList() {
  const { t, i18n } = useTranslation();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, confirm] = useConfirm();
  const list = useSWR(['users', q, status, page], () => adminApi.users({ q: q || undefined, status: status || undefined, page, size: USERS_PAGE_SIZE }));
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const { mutate } = list;
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
  const name = (u: UserRow) => u.fullname ?? u.username;
  const freeze = async (u: UserRow) => {
    if (await confirm(t('adminui.user.confirmFreeze', { name: name(u) }))) await run(() => adminApi.freezeUsers([u.id]), t('adminui.user.frozen'));
  };
  const activate = async (u: UserRow) => {
    if (await confirm(t('adminui.user.confirmActivate', { name: name(u) }))) await run(() => adminApi.activateUsers([u.id]), t('adminui.user.activated'));
  };
  const reset = async (u: UserRow) => {
    if (!(await confirm(t('adminui.user.confirmReset', { name: name(u) })))) return;
    const r = await adminApi.resetPassword(u.id);
    toast.success(r.message);
  };
  const search = (value: string) => {
    setQ(value);
    setPage(1);
  };
  const filter = (value: string) => {
    setStatus(value);
    setPage(1);
  };
  return { q, search, status, filter, page, setPage, list, roles, roleName, dialog, freeze, activate, reset };
}

/** The edit dialog's state: the user, the form, the organisations and positions to choose from. */
function useUserEdit(mutate: () => unknown, busy: (b: boolean) => void, setErrors: (e: Record<string, string>) => void) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [form, setForm] = useState<EditForm | null>(null);
  const orgs = useSWR(editing ? 'opt-org' : null, () => adminApi.options('mdapi', 'org').then((r) => r.rows).catch(() => []));
  const positions = useSWR(editing ? 'opt-position' : null, () => adminApi.options('mdapi', 'position').then((r) => r.rows).catch(() => []));
  const startEdit = (u: UserRow) => {
    setEditing(u);
    setForm(formOf(u));
    setErrors({});
  };
  const saveEdit = async () => {
    if (!editing || !form) return;
    busy(true);
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
      busy(false);
    }
  };
  return { editing, setEditing, form, setForm, orgs: orgs.data, positions: positions.data, startEdit, saveEdit };
}

/** The role assignment and invitation dialogs' state. */
function useUserRolesAndInvite(mutate: () => unknown, busy: (b: boolean) => void, setErrors: (e: Record<string, string>) => void) {
  const { t } = useTranslation();
  const [roleUser, setRoleUser] = useState<UserRow | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const [inviting, setInviting] = useState(false);
  const [invite, setInvite] = useState({ email: '', fullname: '' });
  const [invited, setInvited] = useState<string | null>(null);
  const startRoles = (u: UserRow) => {
    setRoleUser(u);
    setChosen([...u.roles]);
  };
  const saveRoles = async () => {
    if (!roleUser) return;
    busy(true);
    try {
      await adminApi.assignRoles(roleUser.id, chosen);
      toast.success(t('adminui.user.rolesSaved'));
      setRoleUser(null);
      void mutate();
    } finally {
      busy(false);
    }
  };
  const startInvite = () => {
    setInviting(true);
    setInvited(null);
    setInvite({ email: '', fullname: '' });
    setErrors({});
  };
  const sendInvite = async () => {
    busy(true);
    setErrors({});
    try {
      const r = await adminApi.invite(invite.email, invite.fullname);
      setInvited(r.invite_code);
      toast.success(t('adminui.user.inviteSent', { email: invite.email }));
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      busy(false);
    }
  };
  return { roleUser, setRoleUser, chosen, setChosen, startRoles, saveRoles, inviting, setInviting, invite, setInvite, invited, startInvite, sendInvite };
}

/**
 * The users screen's state: the list and its commands, the edit, role and invite dialogs sharing
 * one busy flag and one set of field errors.
 */
export function useUsers() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const list = useUserList();
  const mutate = list.list.mutate;
  const edit = useUserEdit(mutate, setBusy, setErrors);
  const more = useUserRolesAndInvite(mutate, setBusy, setErrors);
  return { ...list, ...edit, ...more, errors, busy };
}

export type UsersState = ReturnType<typeof useUsers>;
