import { Field, Input, MessageBar, MessageBarBody, Text, ToolbarButton } from '@fluentui/react-components';
import { PersonAdd20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminEditDialog, useAdminStyles } from '../common/admin-kit';
import type { InviteState } from './use-invite';

/** The users list's own toolbar button: invite someone by e-mail. */
export function InviteButton({ v }: { v: InviteState }) {
  const { t } = useTranslation();
  return (
    <ToolbarButton icon={<PersonAdd20Regular />} onClick={v.start} data-testid="invite">
      {t('adminui.user.invite')}
    </ToolbarButton>
  );
}

/** Invite someone by e-mail with the company's invite code; the code is shown once sent. */
export function InviteDialog({ v }: { v: InviteState }) {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const { form, setForm, errors } = v;
  return (
    <AdminEditDialog
      open={v.open}
      title={t('adminui.user.invite')}
      onClose={v.close}
      onSave={() => void v.send()}
      busy={v.busy}
      saveDisabled={!form.email}
      saveLabel={t('adminui.user.sendInvite')}
      cancelLabel={t('ui.common.close')}
      saveTestId="invite-send"
      contentClassName={s.form}
    >
      <Text>{t('adminui.user.inviteExplain')}</Text>
      <Field label={t('adminui.user.email')} required validationMessage={errors.email} validationState={errors.email ? 'error' : 'none'}>
        <Input type="email" value={form.email} onChange={(_, d) => setForm({ ...form, email: d.value })} data-testid="invite-email" />
      </Field>
      <Field label={t('adminui.user.fullname')}>
        <Input value={form.fullname} onChange={(_, d) => setForm({ ...form, fullname: d.value })} />
      </Field>
      {v.invited ? (
        <MessageBar intent="success">
          <MessageBarBody data-testid="invite-code">{t('adminui.user.inviteCode', { code: v.invited })}</MessageBarBody>
        </MessageBar>
      ) : null}
    </AdminEditDialog>
  );
}
