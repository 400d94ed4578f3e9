import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isPersonalId, percentError, userGender } from '../../../model/account-profile';
import type { OwnProfile, OwnProfileInput } from '../../../model/calls/account-profile';
import { checkRule } from '../../../model/rules';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { toast } from '../../kernel/toast-bus';
import { TextField } from '../../form/TextField';
import { DictSelectField } from './DictSelectField';
import { SaveCancel } from './SaveCancel';
import { useUserStyles } from './user-styles';

const FIELDS = ['fullname', 'email', 'mobile', 'last_name', 'first_name', 'gender', 'title', 'personal_id', 'user_percent'] as const;
type ProfileValues = Record<(typeof FIELDS)[number], string>;

const valuesOf = (p: OwnProfile): ProfileValues => Object.fromEntries(FIELDS.map((f) => [f, p[f] ?? ''])) as ProfileValues;

/**
 * Editing one's own profile (spec 7 save-profile; spec 3 "user": names, gender, title, personal ID,
 * work percentage). The spec 5 rules run here first (required name, `email`, `telephone`, four
 * decimals); the server checks them again and also that the e-mail is not another account's, and
 * its field errors land on the fields (spec 8).
 */
export function ProfileForm({ profile, save, onDone }: { profile: OwnProfile; save: (input: OwnProfileInput) => Promise<unknown>; onDone: () => void }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues>({ defaultValues: valuesOf(profile) });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      const body = Object.fromEntries(FIELDS.map((f) => [f, f === 'personal_id' ? v[f].trim().toUpperCase() : v[f].trim()])) as OwnProfileInput;
      await save(body);
      toast.success(t('ui.profile.saved'));
      onDone();
    } catch (e) {
      // The spec 8 reactions already told the reply's message; field errors go onto the fields.
      if (!applyServerFieldErrors(e, setError, {}, FIELDS)) setFailure(e instanceof ApiError ? e.message : String(e));
    }
  });
  const optional = (check: (x: string) => boolean | string) => ({ validate: (x: string) => x.trim() === '' || check(x.trim()) });
  return (
    <form onSubmit={submit} noValidate className={s.editForm} data-testid="profile-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <TextField control={control} name="fullname" label={t('ui.userinfo.fullname')} required maxLength={50} rules={{ validate: (x) => x.trim() !== '' || t('rule.required') }} />
      <div className={s.pair}>
        <TextField control={control} name="last_name" label={t('ui.userinfo.lastName')} maxLength={50} testId="profile-last-name" />
        <TextField control={control} name="first_name" label={t('ui.userinfo.firstName')} maxLength={50} testId="profile-first-name" />
      </div>
      <div className={s.pair}>
        <DictSelectField control={control} name="gender" label={t('ui.userinfo.gender')} dict={userGender} testId="profile-gender" />
        <TextField control={control} name="title" label={t('ui.userinfo.jobTitle')} maxLength={50} testId="profile-title" />
      </div>
      <TextField control={control} name="email" label={t('ui.userinfo.email')} type="email" autoComplete="email" maxLength={100} rules={optional((x) => checkRule('email', x) || t('rule.email'))} />
      <TextField control={control} name="mobile" label={t('ui.userinfo.mobile')} type="tel" autoComplete="tel" maxLength={20} rules={optional((x) => checkRule('telephone', x) || t('rule.telephone'))} />
      <div className={s.pair}>
        <TextField control={control} name="personal_id" label={t('ui.userinfo.personalId')} maxLength={18} testId="profile-personal-id" rules={optional((x) => isPersonalId(x) || t('account.personalIdFormat'))} />
        <TextField control={control} name="user_percent" label={t('ui.userinfo.percent')} inputMode="decimal" maxLength={20} testId="profile-percent" rules={optional((x) => { const k = percentError(x); return k ? t(k) : true; })} />
      </div>
      <SaveCancel busy={formState.isSubmitting} onCancel={onDone} testId="profile-save" />
    </form>
  );
}
