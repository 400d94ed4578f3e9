import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { OwnProfile, OwnProfileInput } from '../../../model/calls/account-profile';
import { ownProfileForm } from '../../../model/profile-forms';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { toast } from '../../kernel/toast-bus';
import { DeclaredFields, type DeclaredRow } from './DeclaredFields';
import { SaveCancel } from './SaveCancel';
import { useUserStyles } from './user-styles';

const FIELDS = ownProfileForm.fields.map((f) => f.key);
type ProfileValues = Record<string, string>;
/** The form's rows; the test ids the page's tests name. */
const ROWS: DeclaredRow[] = [
  [['fullname']],
  [['last_name', 'profile-last-name'], ['first_name', 'profile-first-name']],
  [['gender', 'profile-gender'], ['title', 'profile-title']],
  [['email']],
  [['mobile']],
  [['personal_id', 'profile-personal-id'], ['user_percent', 'profile-percent']],
];

const valuesOf = (p: OwnProfile): ProfileValues => Object.fromEntries(FIELDS.map((f) => [f, String((p as Record<string, unknown>)[f] ?? '')]));

/**
 * Editing one's own profile (spec 7 save-profile; spec 3 "user": names, gender, title, personal ID,
 * work percentage), drawn and checked from its declaration (ownProfileForm); the server checks it
 * again and also that the e-mail is not another account's, and its field errors land on the fields
 * (spec 8).
 */
export function ProfileForm({ profile, save, onDone }: { profile: OwnProfile; save: (input: OwnProfileInput) => Promise<unknown>; onDone: () => void }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<ProfileValues>({ defaultValues: valuesOf(profile) });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      // The declaration's upper case (the ID number) is the server's to apply; its reply is what the page shows.
      const body = Object.fromEntries(FIELDS.map((f) => [f, v[f].trim()])) as OwnProfileInput;
      await save(body);
      toast.success(t('ui.profile.saved'));
      onDone();
    } catch (e) {
      // The spec 8 reactions already told the reply's message; field errors go onto the fields.
      if (!applyServerFieldErrors(e, setError, {}, FIELDS)) setFailure(e instanceof ApiError ? e.message : String(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={s.editForm} data-testid="profile-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <DeclaredFields form={ownProfileForm} rows={ROWS} control={control} />
      <SaveCancel busy={formState.isSubmitting} onCancel={onDone} testId="profile-save" />
    </form>
  );
}
