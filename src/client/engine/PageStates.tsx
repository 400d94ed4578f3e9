import { Button, Caption1, makeStyles, Text, Title3, tokens } from '@fluentui/react-components';
import { DocumentSearchRegular, LockClosedRegular, PlugDisconnectedRegular, QuestionCircleRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';

const useStyles = makeStyles({
  wrap: { padding: '48px 24px', display: 'flex', justifyContent: 'center' },
  box: { maxWidth: '520px', display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '10px' },
  icon: { fontSize: '40px', color: tokens.colorNeutralForeground3, display: 'flex' },
  path: { color: tokens.colorNeutralForeground3, fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  actions: { display: 'flex', gap: '8px', marginTop: '6px' },
});

/** One full-page state of an engine route: an icon, a heading, what it means, the address and its ways out. */
function PageState(p: { testId: string; icon: ReactNode; title: string; text?: string; children?: ReactNode }) {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <div className={s.wrap} data-testid={p.testId} role="alert">
      <div className={s.box}>
        <div className={s.icon}>{p.icon}</div>
        <Title3 as="h1">{p.title}</Title3>
        {p.text && <Text>{p.text}</Text>}
        <Caption1 className={s.path}>{pathname + search}</Caption1>
        <div className={s.actions}>
          {p.children}
          <Button onClick={() => navigate(-1)}>{t('engine.back')}</Button>
          <Button appearance="subtle" onClick={() => navigate('/workspace/home')}>{t('engine.toHome')}</Button>
        </div>
      </div>
    </div>
  );
}

/** Spec 8 "page does not exist": a key no declaration answers. */
export function MissingPage(props: { opt?: string }) {
  const { t } = useTranslation();
  const params = useParams();
  const opt = props.opt ?? params.opt;
  return <PageState testId="engine-missing" icon={<QuestionCircleRegular />} title={t('engine.pageNotFound')} text={opt ? t('engine.pageNotFoundText', { opt }) : undefined} />;
}

/** A declared page the user's roles do not let him view (the server answered 403). */
export function ForbiddenPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return <PageState testId="engine-forbidden" icon={<LockClosedRegular />} title={t('engine.forbiddenTitle')} text={t('engine.forbiddenText', { title })} />;
}

/** The page's resolution failed for another reason (network, server): the user may retry. */
export function FailedPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <PageState testId="engine-failed" icon={<PlugDisconnectedRegular />} title={t('engine.pageLoadFailed')}>
      <Button appearance="primary" onClick={onRetry}>{t('engine.retry')}</Button>
    </PageState>
  );
}

/** A document route without a record number: how to reach one, and the list it comes from. */
export function DocumentWithoutRecord({ title, listRoute }: { title: string; listRoute: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageState testId="engine-document-no-record" icon={<DocumentSearchRegular />} title={t('engine.documentNoRecord')} text={t('engine.documentNoRecordText', { title })}>
      <Button appearance="primary" onClick={() => navigate(listRoute)}>{t('engine.openList')}</Button>
    </PageState>
  );
}
