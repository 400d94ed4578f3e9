import { Button, Tooltip } from '@fluentui/react-components';
import { Navigation20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router-dom';
import { loadProfile } from '../session/session-flow';
import { useAccountLanguage } from './account-language';
import { HelpButton } from './HelpButton';
import { LanguageSwitch } from './LanguageSwitch';
import { NoticeBell } from './NoticeBell';
import { UnsavedGuardHost } from '../form/UnsavedGuard';
import { useShellStyles } from './shell-styles';
import { CompanySwitch, PlatformSwitch, UserMenu } from './ShellMenus';
import { FirstLoginDialog, VersionNotice } from './ShellNotices';
import { NavRail } from './NavRail';
import { SideNav } from './SideNav';
import { useNavMode } from './use-nav-mode';
import { useShellSession } from './use-shell-session';
// Messages of the import centre, exports and jobs: every signed-in page has them, the sign-in page does not load them.
import '../../model/i18n/excel-part';
// The signed-in pages' words (orders, administration, notices, grids), also off the sign-in page's first chunks.
import '../../model/i18n/app-part';

/** The signed-in shell: top bar, side navigation from the menus, notices and the page. */
export function ShellLayout() {
  const s = useShellStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nav = useNavMode();
  useAccountLanguage();
  useShellSession();

  return (
    <div className={s.root}>
      <header className={s.top}>
        <Tooltip content={t('ui.shell.toggleNav')} relationship="label">
          <Button appearance="subtle" className={s.topButton} icon={<Navigation20Regular />} onClick={nav.toggle} aria-expanded={nav.mode === 'full'} data-testid="toggle-nav" />
        </Tooltip>
        <button type="button" className={s.brand} onClick={() => navigate('/workspace/home')}>
          <span className={s.mark}>{t('ui.app.mark')}</span>
          <span className={s.appName}>{t('ui.app.name')}</span>
        </button>
        <div className={s.spacer} />
        <PlatformSwitch />
        <CompanySwitch />
        <HelpButton className={s.topButton} />
        <LanguageSwitch className={s.topButton} onChanged={() => void loadProfile().catch(() => false)} />
        <NoticeBell />
        <UserMenu />
      </header>
      <div className={s.body}>
        {nav.mode === 'rail' ? <NavRail /> : <SideNav open={nav.mode === 'full'} />}
        <main className={s.main}>
          <div className={s.notices}>
            <VersionNotice />
          </div>
          <div className={s.content}>
            <Outlet />
          </div>
        </main>
      </div>
      <FirstLoginDialog />
      <UnsavedGuardHost />
    </div>
  );
}
