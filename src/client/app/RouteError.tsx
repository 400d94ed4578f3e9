import { Button, Spinner, Subtitle1, Text } from '@fluentui/react-components';
import { ArrowClockwise24Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ApiError } from '../api/client';

/**
 * A route that failed to load (a code chunk gone after a new build, the server not answering).
 * It says so and offers a reload; it never shows a stack trace.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 0;
  if (error) console.warn('route failed', error instanceof Error ? error.message : status);
  return (
    <div role="alert" data-testid="route-error" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 24 }}>
      <div style={{ maxWidth: 440, textAlign: 'center', display: 'grid', gap: 12 }}>
        <Subtitle1>{t('msg.loadingFailed')}</Subtitle1>
        <Text>{t('ui.error.reloadHint')}</Text>
        <div>
          <Button appearance="primary" icon={<ArrowClockwise24Regular />} onClick={() => window.location.reload()}>
            {t('ui.common.reload')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Shown while the first page's code loads. */
export function PageLoading() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Spinner size="medium" />
    </div>
  );
}
