import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useUserStyles } from './user-styles';

/** The save and cancel buttons under the profile forms: save submits the form, both wait while it is saved. */
export function SaveCancel({ busy, onCancel, testId }: { busy: boolean; onCancel: () => void; testId: string }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  return (
    <div className={s.actions}>
      <Button appearance="primary" type="submit" disabled={busy} data-testid={testId}>
        {busy ? t('ui.profile.saving') : t('ui.profile.save')}
      </Button>
      <Button onClick={onCancel} disabled={busy}>
        {t('ui.profile.cancel')}
      </Button>
    </div>
  );
}
