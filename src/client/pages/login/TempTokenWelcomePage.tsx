import { Button, MessageBar, MessageBarBody, Spinner, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTempTokenWelcome } from './use-temp-token-welcome';

/**
 * `/login/third/temptoken?temp_token=&to=` (a login child of spec 2): a shop-floor device opens the
 * link a signed-in user made for it ("在其他设备打开本页") and is signed in as that user on the page
 * named; a used or expired link says so and offers the password sign-in.
 */
export function TempTokenWelcomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stage = useTempTokenWelcome(params.get('temp_token') ?? '', params.get('to'));
  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid="temp-token-welcome">
      <Title2 as="h1">{t('ui.device.welcome')}</Title2>
      {stage.kind === 'signing' ? <Spinner label={t('ui.third.signingIn')} /> : null}
      {stage.kind === 'error' ? (
        <>
          <MessageBar intent="error">
            <MessageBarBody data-testid="temp-token-error">{stage.message}</MessageBarBody>
          </MessageBar>
          <Button appearance="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
            {t('ui.third.usePassword')}
          </Button>
        </>
      ) : null}
    </div>
  );
}
