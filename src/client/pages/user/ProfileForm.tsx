import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { checkRule } from '../../../model/rules';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { access } from '../../session/access-state';
import { profileApi } from '../../session/profile-api';
import { toast } from '../../kernel/toast-bus';
import { TextField } from '../../form/TextField';
import { useUserStyles } from './user-styles';

type ProfileValues = { fullname: string; email: string; mobile: string };

/**
 * Editing one's own name, e-mail and mobile (spec 7 save-profile). The spec 5 rules run here
 * first (required name, `email`, `telephone`); the server checks them again and also that the
 * e-mail is not another account's, and its field errors land on the fields (spec 8).
 */
export function ProfileForm({ onDone }: { onDone: () => void }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues>({
    defaultValues: { fullname: user.fullname, email: user.email, mobile: user.mobile || user.phone },
  });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      const saved = await profileApi.saveProfile({ fullname: v.fullname.trim(), email: v.email.trim(), mobile: v.mobile.trim() });
      Object.assign(access, { fullname: saved.fullname, names: saved.names, email: saved.email ?? '', mobile: saved.mobile ?? '' });
      toast.success(t('ui.profile.saved'));
      onDone();
    } catch (e) {
      // The spec 8 reactions already told the reply's message; field errors go onto the fields.
      if (!applyServerFieldErrors(e, setError, {}, ['fullname', 'email', 'mobile'])) setFailure(e instanceof ApiError ? e.message : String(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={s.editForm} data-testid="profile-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField control={control} name="fullname" label={t('ui.userinfo.fullname')} required maxLength={50} rules={{ validate: (x) => x.trim() !== '' || t('rule.required') }} />
      <TextField control={control} name="email" label={t('ui.userinfo.email')} type="email" autoComplete="email" maxLength={100} rules={{ validate: (x) => x.trim() === '' || checkRule('email', x.trim()) || t('rule.email') }} />
      <TextField control={control} name="mobile" label={t('ui.userinfo.mobile')} type="tel" autoComplete="tel" maxLength={20} rules={{ validate: (x) => x.trim() === '' || checkRule('telephone', x.trim()) || t('rule.telephone') }} />
      <div className={s.actions}>
        <Button appearance="primary" type="submit" disabled={formState.isSubmitting} data-testid="profile-save">
          {formState.isSubmitting ? t('ui.profile.saving') : t('ui.profile.save')}
        </Button>
        <Button onClick={onDone} disabled={formState.isSubmitting}>
          {t('ui.profile.cancel')}
        </Button>
      </div>
    </form>
  );
}
