import { Body1, Caption1, makeStyles, Subtitle2, Title2, tokens } from '@fluentui/react-components';
import { BuildingFactory24Regular, DataTrending24Regular, PeopleTeam24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../shell/LanguageSwitch';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'grid',
    gridTemplateColumns: 'minmax(360px, 44%) 1fr',
    background: tokens.colorNeutralBackground2,
    '@media (max-width: 860px)': { gridTemplateColumns: '1fr' },
  },
  brand: {
    position: 'relative',
    overflow: 'hidden',
    color: '#fff',
    padding: '48px 56px',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    background: `linear-gradient(150deg, #16264A 0%, #20478F 55%, #2E60B2 100%)`,
    '@media (max-width: 860px)': { display: 'none' },
  },
  weave: {
    position: 'absolute',
    inset: 0,
    opacity: 0.09,
    backgroundImage:
      'repeating-linear-gradient(45deg, #fff 0 2px, transparent 2px 14px), repeating-linear-gradient(-45deg, #fff 0 1px, transparent 1px 14px)',
    pointerEvents: 'none',
  },
  logo: { display: 'flex', alignItems: 'center', gap: '12px', position: 'relative' },
  mark: {
    width: '40px',
    height: '40px',
    borderRadius: '10px',
    background: 'rgba(255,255,255,0.16)',
    display: 'grid',
    placeItems: 'center',
    fontWeight: 700,
    fontSize: '18px',
  },
  pitch: { position: 'relative', display: 'grid', gap: '20px', maxWidth: '440px' },
  feature: { display: 'grid', gridTemplateColumns: '28px 1fr', gap: '12px', alignItems: 'start' },
  featureText: { color: 'rgba(255,255,255,0.82)' },
  main: { display: 'flex', flexDirection: 'column', minHeight: '100vh' },
  top: { display: 'flex', justifyContent: 'flex-end', padding: '16px 24px' },
  center: { flex: 1, display: 'grid', placeItems: 'center', padding: '16px 24px 48px' },
  card: {
    width: '100%',
    maxWidth: '420px',
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    padding: '36px 36px 28px',
    display: 'grid',
    gap: '20px',
  },
  wide: { maxWidth: '560px' },
});

/** The layout of the public screens (login, sign-up, forgot password): brand panel and a card. */
export function AuthLayout({ children, wide, compact }: { children: ReactNode; wide?: boolean; compact?: boolean }) {
  const s = useStyles();
  const { t } = useTranslation();
  const card = <div className={`${s.card} ${wide ? s.wide : ''}`}>{children}</div>;
  if (compact) {
    return (
      <div className={s.main}>
        <div className={s.top}>
          <LanguageSwitch />
        </div>
        <div className={s.center}>{card}</div>
      </div>
    );
  }
  return (
    <div className={s.page}>
      <aside className={s.brand}>
        <div className={s.weave} />
        <div className={s.logo}>
          <div className={s.mark}>{t('ui.app.mark')}</div>
          <Subtitle2>{t('ui.app.name')}</Subtitle2>
        </div>
        <div className={s.pitch}>
          <Title2 style={{ color: '#fff' }}>{t('ui.auth.pitch')}</Title2>
          <div className={s.feature}>
            <PeopleTeam24Regular />
            <Body1 className={s.featureText}>{t('ui.auth.feature1')}</Body1>
          </div>
          <div className={s.feature}>
            <BuildingFactory24Regular />
            <Body1 className={s.featureText}>{t('ui.auth.feature2')}</Body1>
          </div>
          <div className={s.feature}>
            <DataTrending24Regular />
            <Body1 className={s.featureText}>{t('ui.auth.feature3')}</Body1>
          </div>
        </div>
        <Caption1 style={{ position: 'relative', color: 'rgba(255,255,255,0.6)' }}>© {new Date().getFullYear()} {t('ui.app.name')}</Caption1>
      </aside>
      <main className={s.main}>
        <div className={s.top}>
          <LanguageSwitch />
        </div>
        <div className={s.center}>{card}</div>
      </main>
    </div>
  );
}
