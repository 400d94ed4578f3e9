import {
  Avatar,
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Divider,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemCheckbox,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  NavCategory,
  NavCategoryItem,
  NavDrawer,
  NavDrawerBody,
  NavSubItem,
  NavSubItemGroup,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import {
  ArrowClockwise16Regular,
  Building20Regular,
  Dismiss16Regular,
  Grid20Regular,
  Navigation20Regular,
  Person20Regular,
  Settings20Regular,
  ShieldLock20Regular,
  SignOut20Regular,
} from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { currentLanguage } from '../kernel/i18n';
import { accessApi } from '../session/access-api';
import { access, shellState, signInWith } from '../session/access-state';
import { endSession, keepSessionFresh, loadProfile } from '../session/session-flow';
import { ChangePasswordForm } from './ChangePasswordForm';
import { useAccountLanguage } from './account-language';
import { FavouriteStar } from './favourites';
import { LanguageSwitch } from './LanguageSwitch';
import { menuEntryFor, menuEntryTitle, menuGroupTitle } from './menu-lookup';
import { menuIcon } from './menu-icons';
import { NoticeBell } from './NoticeBell';
import { connectNotificationSocket, disconnectNotificationSocket } from '../session/notification-socket';
import { toast } from '../kernel/toast-bus';
import { UnsavedGuardHost } from '../form/UnsavedGuard';
import { startVersionPolling, versionNotice } from './version-check';
// Messages of the import centre, exports and jobs: every signed-in page has them, the sign-in page does not load them.
import '../../model/i18n/excel-part';

const useStyles = makeStyles({
  // One column no wider than the window: a page wider than its room scrolls inside <main>, it never
  // widens the document and cuts the top bar (issue 21; an auto column took the page's widest line).
  root: { display: 'grid', gridTemplateRows: '52px 1fr', gridTemplateColumns: 'minmax(0, 1fr)', height: '100vh', background: tokens.colorNeutralBackground2 },
  top: {
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 12px 0 8px',
    background: '#16264A',
    color: '#fff',
    boxShadow: tokens.shadow4,
    zIndex: 2,
  },
  brand: { display: 'flex', alignItems: 'center', gap: '10px', cursor: 'pointer', padding: '4px 8px', borderRadius: '6px', color: '#fff', background: 'transparent', border: 'none' },
  mark: { width: '28px', height: '28px', borderRadius: '7px', background: '#2E60B2', display: 'grid', placeItems: 'center', fontWeight: 700, fontSize: '13px' },
  appName: { fontSize: '15px', fontWeight: 600, whiteSpace: 'nowrap', '@media (max-width: 700px)': { display: 'none' } },
  spacer: { flex: 1 },
  topButton: {
    color: '#fff',
    minWidth: 'auto',
    ':hover': { color: '#fff', background: 'rgba(255,255,255,0.12)' },
    ':hover:active': { color: '#fff', background: 'rgba(255,255,255,0.18)' },
  },
  body: { display: 'flex', minHeight: 0 },
  nav: { height: '100%', borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  main: { flex: 1, minWidth: 0, overflow: 'auto', display: 'flex', flexDirection: 'column' },
  // No notice, no space (issue 21: list pages carried ~80 px of dead space above their title).
  notices: { display: 'grid', gap: '8px', padding: '12px 24px 0', ':empty': { display: 'none' } },
  content: { flex: 1, padding: '12px 20px 20px' },
  userButton: { color: '#fff', ':hover': { color: '#fff', background: 'rgba(255,255,255,0.12)' } },
  navEmpty: { padding: '16px', color: tokens.colorNeutralForeground3 },
  // A menu entry with its favourite star at the right (spec 2: favourite menus).
  navEntry: { position: 'relative' },
  navStar: { position: 'absolute', right: '6px', top: '50%', transform: 'translateY(-50%)' },
});

/** The platform switcher (spec: platform id and name; menus follow the chosen platform). */
function PlatformSwitch() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const navigate = useNavigate();
  if (!user.platformList.length) return null;
  const switchTo = async (id: string) => {
    if (id === user.platformId) return;
    const reply = await accessApi.switchPlatform(id).catch(() => null);
    if (reply && signInWith(reply)) {
      toast.success(t('ui.shell.platformSwitched', { name: reply.platform_name ?? id }));
      navigate('/workspace/home');
    }
  };
  return (
    <Menu checkedValues={{ platform: [user.platformId] }} onCheckedValueChange={(_, d) => void switchTo(d.checkedItems[0])}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={s.topButton} icon={<Grid20Regular />} data-testid="platform-switch">
          {user.platformName || user.platformId}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('ui.shell.platform')}</MenuGroupHeader>
            {user.platformList.map((p) => (
              <MenuItemRadio key={p.id} name="platform" value={p.id}>
                {p.name}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** Company switch, for users who belong to more than one company (spec 7 switch-token). */
function CompanySwitch() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const navigate = useNavigate();
  if (user.companies.length < 2) return null;
  const switchTo = async (id: number) => {
    if (id === user.clientId) return;
    const reply = await accessApi.switchCompany(id).catch(() => null);
    if (reply && signInWith(reply)) {
      toast.success(t('ui.shell.companySwitched', { name: reply.client_name ?? '' }));
      navigate('/workspace/home');
    }
  };
  return (
    <Menu checkedValues={{ company: [String(user.clientId)] }} onCheckedValueChange={(_, d) => void switchTo(Number(d.checkedItems[0]))}>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={s.topButton} icon={<Building20Regular />} data-testid="company-switch">
          {user.clientName}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('ui.shell.company')}</MenuGroupHeader>
            {user.companies.map((c) => (
              <MenuItemRadio key={c.id} name="company" value={String(c.id)}>
                {c.name}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

function UserMenu() {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const shell = useSnapshot(shellState);
  const navigate = useNavigate();
  const signOut = async () => {
    await endSession();
    disconnectNotificationSocket();
    navigate('/login', { replace: true });
  };
  return (
    <Menu
      checkedValues={{ view: shell.watermark ? ['watermark'] : [] }}
      onCheckedValueChange={(_, d) => {
        shellState.watermark = d.checkedItems.includes('watermark');
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={s.userButton} data-testid="user-menu">
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <Avatar size={28} name={user.fullname || user.username} image={user.avatar ? { src: user.avatar } : undefined} color="colorful" />
            <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{user.fullname || user.username}</span>
          </span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{user.clientName}</MenuGroupHeader>
            <MenuItem icon={<Person20Regular />} onClick={() => navigate('/page/userinfo')}>
              {t('ui.userinfo.title')}
            </MenuItem>
            <MenuItem icon={<ShieldLock20Regular />} onClick={() => navigate('/page/security')}>
              {t('ui.security.title')}
            </MenuItem>
            <MenuItem icon={<Settings20Regular />} onClick={() => navigate('/page/settings')}>
              {t('ui.settings.title')}
            </MenuItem>
          </MenuGroup>
          <MenuDivider />
          <MenuItemCheckbox name="view" value="watermark" data-testid="toggle-watermark">
            {t('ui.shell.watermark')}
          </MenuItemCheckbox>
          <MenuDivider />
          <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()} data-testid="sign-out">
            {t('ui.shell.signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The side navigation from the session's menus (groups of entries with FURL and TITLE). */
function SideNav({ open }: { open: boolean }) {
  const s = useStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const location = useLocation();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const menus = user.menus as typeof access.menus;
  const selected = menuEntryFor(menus, location.pathname, location.search);
  const selectedGroup = menus.find((g) => g.children.some((e) => e === selected));
  return (
    <NavDrawer
      key={`${user.platformId}:${menus.map((g) => g.CODE).join(',')}`}
      className={s.nav}
      open={open}
      type="inline"
      selectedValue={selected?.CODE ?? ''}
      selectedCategoryValue={selectedGroup?.CODE}
      defaultOpenCategories={menus.map((g) => g.CODE)}
      density="medium"
      data-testid="side-nav"
    >
      <NavDrawerBody>
        {menus.length === 0 ? <div className={s.navEmpty}>{t('ui.shell.noMenus')}</div> : null}
        {menus.map((g) => (
          <NavCategory key={g.CODE} value={g.CODE}>
            <NavCategoryItem icon={menuIcon(g.ICON)} data-testid={`menu-group-${g.CODE}`}>
              {menuGroupTitle(g, lang)}
            </NavCategoryItem>
            <NavSubItemGroup>
              {g.children.map((e) => (
                <div key={e.CODE} className={s.navEntry}>
                  <NavSubItem
                    value={e.CODE}
                    href={e.FURL}
                    data-testid={`menu-${e.CODE}`}
                    onClick={(ev) => {
                      ev.preventDefault();
                      navigate(e.FURL);
                    }}
                  >
                    {menuEntryTitle(e, lang)}
                  </NavSubItem>
                  <FavouriteStar code={e.CODE} title={menuEntryTitle(e, lang)} className={s.navStar} />
                </div>
              ))}
            </NavSubItemGroup>
          </NavCategory>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}

/** The notices above the content: a newer build (offer a reload) or the login's hasnewversion. */
function VersionNotice() {
  const { t } = useTranslation();
  const shell = useSnapshot(shellState);
  const user = useSnapshot(access);
  const kind = versionNotice(shell.pageBuild, shell.serverBuild, user.hasNewVersion, shell.versionNoticeDismissed);
  if (kind === 'none') return null;
  return (
    <MessageBar intent="info" data-testid="version-notice">
      <MessageBarBody>{kind === 'newBuild' ? t('ui.version.newBuild') : t('ui.version.newVersion')}</MessageBarBody>
      <MessageBarActions
        containerAction={<Button appearance="transparent" icon={<Dismiss16Regular />} aria-label={t('ui.common.close')} onClick={() => (shellState.versionNoticeDismissed = true)} />}
      >
        <Button icon={<ArrowClockwise16Regular />} onClick={() => window.location.reload()} data-testid="version-reload">
          {t('ui.version.reload')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}

/** Spec 2 first-login: a user who must change the password does so before working. */
function FirstLoginDialog() {
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const navigate = useNavigate();
  return (
    <Dialog open={user.mustChangePassword} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('ui.firstLogin.title')}</DialogTitle>
          <DialogContent style={{ display: 'grid', gap: 12 }}>
            <Text>{t('ui.firstLogin.explain')}</Text>
            <ChangePasswordForm
              requireOld={false}
              submitLabel={t('ui.firstLogin.submit')}
              onDone={() => {
                access.mustChangePassword = false;
                toast.success(t('ui.security.changed'));
              }}
            />
            <Divider />
            <Button
              appearance="subtle"
              icon={<SignOut20Regular />}
              onClick={() =>
                void endSession().then(() => {
                  disconnectNotificationSocket();
                  navigate('/login', { replace: true });
                })
              }
            >
              {t('ui.shell.signOut')}
            </Button>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The signed-in shell: top bar, side navigation from the menus, notices and the page. */
export function ShellLayout() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(access);
  const [navOpen, setNavOpen] = useState(() => window.innerWidth > 900);
  useAccountLanguage();

  // The notification socket follows the signed-in user (spec 7).
  useEffect(() => {
    if (user.id !== null) connectNotificationSocket();
  }, [user.id, user.clientId]);
  useEffect(() => () => disconnectNotificationSocket(), []);
  useEffect(() => startVersionPolling(), []);
  // A page left open keeps its token fresh with the guard's own rule (checked every minute).
  useEffect(() => {
    const timer = window.setInterval(() => void keepSessionFresh().then(() => connectNotificationSocket()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <div className={s.root}>
      <header className={s.top}>
        <Tooltip content={t('ui.shell.toggleNav')} relationship="label">
          <Button appearance="subtle" className={s.topButton} icon={<Navigation20Regular />} onClick={() => setNavOpen((o) => !o)} data-testid="toggle-nav" />
        </Tooltip>
        <button type="button" className={s.brand} onClick={() => navigate('/workspace/home')}>
          <span className={s.mark}>{t('ui.app.mark')}</span>
          <span className={s.appName}>{t('ui.app.name')}</span>
        </button>
        <div className={s.spacer} />
        <PlatformSwitch />
        <CompanySwitch />
        <LanguageSwitch className={s.topButton} onChanged={() => void loadProfile().catch(() => false)} />
        <NoticeBell />
        <UserMenu />
      </header>
      <div className={s.body}>
        <SideNav open={navOpen} />
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
