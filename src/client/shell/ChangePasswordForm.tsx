import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';
import { applyServerFieldErrors } from '../api/form-errors';
import { accessApi } from '../session/access-api';
import { PasswordField } from '../form/PasswordField';

type Values = { old_password: string; new_password: string; repeat_password: string };

/**
 * Changing one's password: from the security page (old password asked) or at first sign-in
 * (spec 2 "first-login or new password": new password and repeat only). Spec 5: new password and
 * repeat cannot be empty, must match, letters and digits 6 to 20 (the server may require the
 * stricter variant and says so in its reply).
 */
export function ChangePasswordForm({ requireOld, onDone, submitLabel }: { requireOld: boolean; onDone: (endedSessions: number) => void; submitLabel?: string }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState, getValues } = useForm<Values>({ defaultValues: { old_password: '', new_password: '', repeat_password: '' } });

  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      const r = await accessApi.changePassword({ ...(requireOld ? { old_password: v.old_password } : {}), new_password: v.new_password, repeat_password: v.repeat_password });
      onDone(r.ended_sessions);
    } catch (e) {
      // An ApiError was already toasted by the spec 8 reactions; its field errors go onto the fields.
      applyServerFieldErrors(e, setError, {}, ['old_password', 'new_password', 'repeat_password']);
      if (!(e instanceof ApiError)) setFailure(String(e));
    }
  });

  return (
    <form onSubmit={submit} noValidate style={{ display: 'grid', gap: 14 }} data-testid="change-password-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      {requireOld ? (
        <PasswordField control={control} name="old_password" label={t('ui.password.old')} role="current" />
      ) : null}
      <PasswordField control={control} name="new_password" label={t('ui.password.new')} hint={t('rule.pwd')} role="new" />
      <PasswordField control={control} name="repeat_password" label={t('ui.password.repeat')} role="repeat" matches={() => getValues('new_password')} />
      <div>
        <Button appearance="primary" type="submit" disabled={formState.isSubmitting}>
          {submitLabel ?? t('ui.password.change')}
        </Button>
      </div>
    </form>
  );
}
