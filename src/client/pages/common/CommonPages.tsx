import { Button, Caption1, makeStyles, MessageBar, MessageBarBody, Text, Title1, Title3, tokens } from '@fluentui/react-components';
import { ArrowLeft20Regular, CompassNorthwest24Regular, Home20Regular, Wrench24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import { AuthLayout } from './AuthLayout';

const useStyles = makeStyles({
  wrap: { minHeight: 'calc(100vh - 120px)', display: 'grid', placeItems: 'center', padding: '32px' },
  box: { maxWidth: '520px', textAlign: 'center', display: 'grid', gap: '14px', justifyItems: 'center' },
  code: { fontSize: '72px', lineHeight: '80px', fontWeight: 700, color: tokens.colorBrandForeground1, letterSpacing: '4px' },
  icon: {
    width: '64px',
    height: '64px',
    borderRadius: '50%',
    display: 'grid',
    placeItems: 'center',
    background: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  buttons: { display: 'flex', gap: '8px', marginTop: '8px' },
  path: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorNeutralForeground3, wordBreak: 'break-all' },
});

/** Back and home buttons of the not-found and unavailable pages (spec 2). */
function BackHome() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={s.buttons}>
      <Button icon={<ArrowLeft20Regular />} onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/workspace/home'))} data-testid="notfound-back">
        {t('ui.common.back')}
      </Button>
      <Button appearance="primary" icon={<Home20Regular />} onClick={() => navigate('/workspace/home')} data-testid="notfound-home">
        {t('ui.common.home')}
      </Button>
    </div>
  );
}

/** Spec 2: any other path shows a not-found page with back and home buttons. */
export function NotFoundPage() {
  const s = useStyles();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={s.wrap} data-testid="not-found">
      <div className={s.box}>
        <div className={s.code}>404</div>
        <Title3 as="h1">{t('ui.notFound.heading')}</Title3>
        <Text>{t('ui.notFound.explain')}</Text>
        <Caption1 className={s.path}>{pathname}</Caption1>
        <BackHome />
      </div>
    </div>
  );
}

/**
 * A route of spec 2 whose feature is not built yet. It is not in any menu; reached by a typed or
 * old link, it says plainly that the page is not available yet, never shows invented content.
 */
export function UnavailablePage() {
  const s = useStyles();
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={s.wrap} data-testid="unavailable">
      <div className={s.box}>
        <div className={s.icon}>
          <Wrench24Regular />
        </div>
        <Title3 as="h1">{t('ui.unavailable.heading')}</Title3>
        <Text>{t('ui.unavailable.explain')}</Text>
        <Caption1 className={s.path}>{pathname}</Caption1>
        <BackHome />
      </div>
    </div>
  );
}

/**
 * /discovery/index and /newdiscovery/index (spec 2: public; the profile is loaded only with a
 * valid token). Friend and company discovery are not built yet; the page says so.
 */
export function DiscoveryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(access);
  let action: ReactNode;
  if (user.id !== null) {
    action = (
      <Button appearance="primary" onClick={() => navigate('/workspace/home')}>
        {t('ui.discovery.toWorkspace')}
      </Button>
    );
  } else {
    action = (
      <Button appearance="primary" onClick={() => navigate('/login?redirect=%2Fworkspace%2Fhome')}>
        {t('ui.login.submit')}
      </Button>
    );
  }
  return (
    <AuthLayout>
      <div style={{ display: 'grid', gap: 14 }} data-testid="discovery">
        <CompassNorthwest24Regular />
        <Title1 as="h1" style={{ fontSize: 28, lineHeight: '36px' }}>{t('ui.discovery.heading')}</Title1>
        {user.id !== null ? <Text>{t('ui.discovery.signedInAs', { name: user.fullname, company: user.clientName })}</Text> : null}
        <MessageBar intent="info">
          <MessageBarBody>{t('ui.discovery.unavailable')}</MessageBarBody>
        </MessageBar>
        <div>{action}</div>
      </div>
    </AuthLayout>
  );
}
