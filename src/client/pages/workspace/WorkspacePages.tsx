import { Badge, Body1, Caption1, Card, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { Alert24Regular, Apps24Regular, Building24Regular, Grid24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ROLE_LABELS, type RoleCode } from '../../../model/roles';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import { entryTiles } from '../../shell/menu-tiles';
import { greetingKey, quickLinks } from './greeting';
import { PersonalBoard } from './PersonalBoard';
import { labelIn } from '../../../model/label-text';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '1600px' },
  hero: {
    borderRadius: tokens.borderRadiusXLarge,
    padding: '24px 28px',
    color: '#fff',
    background: 'linear-gradient(120deg, #16264A 0%, #20478F 60%, #2E60B2 100%)',
    display: 'grid',
    gap: '8px',
  },
  heroMeta: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center', color: 'rgba(255,255,255,0.85)' },
  stats: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: '16px' },
  stat: { display: 'grid', gridTemplateColumns: '44px 1fr', gap: '12px', alignItems: 'center', padding: '16px' },
  statIcon: {
    width: '44px',
    height: '44px',
    borderRadius: '12px',
    display: 'grid',
    placeItems: 'center',
    background: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground1,
  },
  statValue: { fontSize: '24px', lineHeight: '30px', fontWeight: 600 },
});

/**
 * /workspace/home: the personal workbench: greeting, company and roles, unread count, then the
 * home board the user arranges (to-do list, items to read, subscribed apps, announcements,
 * favourite menus, quick links, control tower widgets; PersonalBoard).
 */
export function WorkspaceHomePage() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const navigate = useNavigate();
  const lang = currentLanguage();
  const menus = user.menus as typeof access.menus;
  const entries = quickLinks(entryTiles(menus, lang), user.favouriteMenus);
  const roles = user.dashroles.map((r) => {
    const label = ROLE_LABELS[r as RoleCode];
    return label ? labelIn(label, lang) : r;
  });
  return (
    <div className={s.page} data-testid="workspace-home">
      <section className={s.hero}>
        <Title2 as="h1" style={{ color: '#fff' }}>
          {t(greetingKey(new Date().getHours()), { name: user.fullname || user.username })}
        </Title2>
        <div className={s.heroMeta}>
          <Building24Regular />
          <Body1 data-testid="home-company">{user.clientName || t('ui.home.noCompany')}</Body1>
          {roles.map((r) => (
            <Badge key={r} appearance="tint" color="brand" shape="rounded">
              {r}
            </Badge>
          ))}
        </div>
      </section>

      <div className={s.stats}>
        <Stat icon={<Alert24Regular />} value={user.unread} label={t('ui.home.unread')} testId="home-unread" />
        <Stat icon={<Apps24Regular />} value={entries.length} label={t('ui.home.functions')} />
        <Stat icon={<Grid24Regular />} value={user.platformName || user.platformId} label={t('ui.home.platform')} small onClick={() => navigate('/workspace/menuguide')} />
      </div>

      <PersonalBoard kind="home" />
    </div>
  );
}

/** One figure of the home's strip: its icon, value and what it counts; `onClick` opens where it leads. */
function Stat({ icon, value, label, testId, small, onClick }: { icon: ReactNode; value: ReactNode; label: string; testId?: string; small?: boolean; onClick?: () => void }) {
  const s = useStyles();
  return (
    <Card className={s.stat} onClick={onClick} style={onClick ? { cursor: 'pointer' } : undefined}>
      <div className={s.statIcon}>{icon}</div>
      <div>
        <div className={s.statValue} style={small ? { fontSize: 18 } : undefined} data-testid={testId}>{value}</div>
        <Caption1>{label}</Caption1>
      </div>
    </Card>
  );
}
