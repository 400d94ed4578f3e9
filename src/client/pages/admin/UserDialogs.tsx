import { Checkbox, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Switch, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { OptionRow } from './admin-api';
import { AdminEditDialog, ListState, useAdminStyles } from '../common/admin-kit';
import { assignable, type EditForm, type UsersState } from './use-users';

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

/** Edit a user: name, contact, organisation, position, manager flag, workplace-chat ids. */
export function UserEditDialog({ v }: { v: UsersState }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const { form, setForm, errors } = v;
  const state = (key: string) => (errors[key] ? 'error' : 'none');
  const text = (key: keyof EditForm, label: string, type: 'text' | 'email' | 'tel' = 'text') =>
    form ? (
      <Field label={label} validationMessage={errors[key]} validationState={state(key)}>
        <Input type={type} value={String(form[key])} onChange={(_, d) => setForm({ ...form, [key]: d.value })} data-testid={`user-${key}`} />
      </Field>
    ) : null;
  return (
    <AdminEditDialog open={v.editing !== null} title={t('adminui.user.editTitle', { name: v.editing?.username ?? '' })} onClose={() => v.setEditing(null)} onSave={() => void v.saveEdit()} busy={v.busy} saveTestId="user-save" maxWidth={640}>
      {form ? (
        <div className={s.twoCols}>
          {text('fullname', t('adminui.user.fullname'))}
          {text('email', t('adminui.user.email'), 'email')}
          {text('mobile', t('adminui.user.mobile'), 'tel')}
          <Field label={t('adminui.user.org')} validationMessage={errors.org_id} validationState={state('org_id')}>
            <OptionDropdown rows={v.orgs} value={form.org_id} onChange={(o) => setForm({ ...form, org_id: o })} testId="user-org" />
          </Field>
          <Field label={t('adminui.user.position')} validationMessage={errors.position_id} validationState={state('position_id')}>
            <OptionDropdown rows={v.positions} value={form.position_id} onChange={(o) => setForm({ ...form, position_id: o })} testId="user-position" />
          </Field>
          <Field label={t('adminui.user.isManager')}>
            <Switch checked={form.is_manager} onChange={(_, d) => setForm({ ...form, is_manager: d.checked })} />
          </Field>
          {text('wecom_id', t('adminui.user.wecom'))}
          {text('dingtalk_id', t('adminui.user.dingtalk'))}
        </div>
      ) : null}
    </AdminEditDialog>
  );
}

/** Choose a user's roles among those the company may assign. */
export function UserRolesDialog({ v }: { v: UsersState }) {
  const { t, i18n } = useTranslation();
  const { roleUser, roles, chosen, setChosen } = v;
  return (
    <AdminEditDialog open={roleUser !== null} title={t('adminui.user.rolesTitle', { name: roleUser?.fullname ?? roleUser?.username ?? '' })} onClose={() => v.setRoleUser(null)} onSave={() => void v.saveRoles()} busy={v.busy} saveTestId="roles-save">
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
  );
}

/** Invite someone by e-mail with the company's invite code. */
export function UserInviteDialog({ v }: { v: UsersState }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const { invite, setInvite, errors } = v;
  return (
    <AdminEditDialog
      open={v.inviting}
      title={t('adminui.user.invite')}
      onClose={() => v.setInviting(false)}
      onSave={() => void v.sendInvite()}
      busy={v.busy}
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
      {v.invited ? (
        <MessageBar intent="success">
          <MessageBarBody data-testid="invite-code">{t('adminui.user.inviteCode', { code: v.invited })}</MessageBarBody>
        </MessageBar>
      ) : null}
    </AdminEditDialog>
  );
}
