import {
  Avatar,
  Button,
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
} from '@fluentui/react-components';
import { Building20Regular, Grid20Regular, Person20Regular, PhoneLaptop20Regular, Settings20Regular, ShieldLock20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useFileSrc } from '../api/file-src';
import { accessApi } from '../session/access-api';
import { access, shellState } from '../session/access-state';
import { DeviceLinkDialog } from './DeviceLinkDialog';
import { useShellStyles } from './shell-styles';
import { useDeviceTarget } from './use-device-link';
import { useSignOut, useSwitchTo } from './use-shell-session';

/** The platform switcher (spec: platform id and name; menus follow the chosen platform). */
export function PlatformSwitch() {
  const s = useShellStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const applySwitch = useSwitchTo();
  if (!user.platformList.length) return null;
  const switchTo = async (id: string) => {
    if (id === user.platformId) return;
    const reply = await accessApi.switchPlatform(id).catch(() => null);
    applySwitch(reply, t('ui.shell.platformSwitched', { name: reply?.platform_name ?? id }));
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
export function CompanySwitch() {
  const s = useShellStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const applySwitch = useSwitchTo();
  if (user.companies.length < 2) return null;
  const switchTo = async (id: number) => {
    if (id === user.clientId) return;
    const reply = await accessApi.switchCompany(id).catch(() => null);
    applySwitch(reply, t('ui.shell.companySwitched', { name: reply?.client_name ?? '' }));
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

/** The user's menu: own pages, the watermark switch, this page on another device (shop-floor platforms) and sign-out. */
export function UserMenu() {
  const s = useShellStyles();
  const { t } = useTranslation();
  const user = useSnapshot(access);
  const avatarSrc = useFileSrc(user.avatar);
  const shell = useSnapshot(shellState);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const deviceTarget = useDeviceTarget();
  const [deviceOpen, setDeviceOpen] = useState(false);
  return (
    <>
      <Menu
        checkedValues={{ view: shell.watermark ? ['watermark'] : [] }}
        onCheckedValueChange={(_, d) => {
          shellState.watermark = d.checkedItems.includes('watermark');
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={s.userButton} data-testid="user-menu">
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <Avatar size={28} name={user.fullname || user.username} image={avatarSrc ? { src: avatarSrc } : undefined} color="colorful" />
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
              {user.clientId ? (
                <MenuItem icon={<Building20Regular />} onClick={() => navigate('/page/clientinfo')} data-testid="menu-company-profile">
                  {t('ui.company.menu')}
                </MenuItem>
              ) : null}
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
            {deviceTarget ? (
              <MenuItem icon={<PhoneLaptop20Regular />} onClick={() => setDeviceOpen(true)} data-testid="menu-device-link">
                {t('ui.device.menu')}
              </MenuItem>
            ) : null}
            <MenuDivider />
            <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()} data-testid="sign-out">
              {t('ui.shell.signOut')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <DeviceLinkDialog open={deviceOpen} onClose={() => setDeviceOpen(false)} />
    </>
  );
}
