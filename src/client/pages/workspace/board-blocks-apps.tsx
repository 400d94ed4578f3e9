import { Button, Caption1, Card, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import type { MenuGroupItem, MenuItem } from '../../session/login-reply';
import { profileApi } from '../../session/profile-api';
import { FavouriteStar, HOME_SETTING_KEY } from '../../shell/favourites';
import { menuEntryTitle, menuGroupTitle } from '../../shell/menu-lookup';
import { menuIcon } from '../../shell/menu-icons';
import { T } from './board-texts';
import { quickLinks } from './greeting';
import { readSetting, SETTING_KEYS } from './workspace-api';

import { useBlockStyles as useStyles, useTr } from './board-block-kit';

/** Subscribed apps: a tile per subscribed module (menu group), opening its entries. */
export function AppsBlock({ onMarket }: { onMarket: () => void }) {
  const s = useStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const user = useSnapshot(access);
  const { data, error } = useSWR(user.id !== null && !user.mustChangePassword ? SETTING_KEYS.home : null, readSetting.home);
  if (error) return <div className={s.empty}>{tr(T.failed)}</div>;
  if (!data) return <Spinner size="tiny" />;
  const apps = data.apps ?? [];
  if (!apps.length)
    return (
      <div className={s.empty} data-testid="board-apps">
        <Text block>{tr(T.noApps)}</Text>
        {user.clientId !== null ? (
          <Button size="small" appearance="primary" style={{ marginTop: 10 }} onClick={onMarket}>{tr(T.openMarket)}</Button>
        ) : null}
      </div>
    );
  return (
    <div className={s.tiles} data-testid="board-apps">
      {apps.map((m) => (
        <Card key={m.CODE} className={s.tile} role="link" tabIndex={0} onClick={() => navigate(m.FURL)} onKeyDown={(k) => (k.key === 'Enter' ? navigate(m.FURL) : undefined)} data-testid={`app-${m.CODE}`}>
          <div className={mergeClasses(s.tileIcon, s.appIcon)}>{menuIcon(m.ICON)}</div>
          <div style={{ minWidth: 0 }}>
            <Text weight="semibold" block truncate wrap={false}>{menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang)}</Text>
            <Caption1 block>{tr(T.functions).replace('{n}', String(m.entries))}</Caption1>
          </div>
        </Card>
      ))}
    </div>
  );
}

/**
 * Favourite menus (spec 2 "home ... favourite menus"): the account's favourites from
 * my-workspace-home-setting, in the user's order, each unstarred in place. Not asked while the
 * first-login password change is pending (the server would refuse it).
 */
export function FavouritesBlock() {
  const s = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSnapshot(access);
  const lang = currentLanguage();
  const { data, error, isLoading } = useSWR(user.id !== null && !user.mustChangePassword ? HOME_SETTING_KEY : null, () => profileApi.workspaceHome());
  return (
    <div data-testid="home-favourites">
      {isLoading ? <Spinner size="tiny" /> : null}
      {error ? <div className={s.empty}>{t('ui.favourites.loadFailed')}</div> : null}
      {data && data.favourites.length === 0 ? <div className={s.empty}>{t('ui.favourites.empty')}</div> : null}
      {data && data.favourites.length > 0 ? (
        <div className={s.tiles}>
          {data.favourites.map((e) => (
            <Card
              key={e.CODE}
              className={mergeClasses(s.tile, s.favTile)}
              role="link"
              tabIndex={0}
              onClick={() => navigate(e.FURL)}
              onKeyDown={(k) => (k.key === 'Enter' && k.target === k.currentTarget ? navigate(e.FURL) : undefined)}
              data-testid={`favourite-${e.CODE}`}
            >
              <div className={s.tileIcon}>{menuIcon(e.ICON)}</div>
              <div style={{ minWidth: 0 }}>
                <Text weight="semibold" block truncate wrap={false}>
                  {menuEntryTitle(e, lang)}
                </Text>
                <Caption1 block truncate wrap={false}>
                  {menuGroupTitle({ CODE: e.GROUP_CODE, TITLE: e.GROUP }, lang)}
                </Caption1>
              </div>
              <FavouriteStar code={e.CODE} title={menuEntryTitle(e, lang)} />
            </Card>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export type Entry = MenuItem & { group: string };

export function entriesOf(menus: readonly MenuGroupItem[], lang: 'zh-CN' | 'en'): Entry[] {
  return menus.flatMap((g) => g.children.map((e) => ({ ...e, group: menuGroupTitle(g, lang) })));
}

/** Menu entries as tiles that open their FURL. */
export function EntryTiles({ entries }: { entries: Entry[] }) {
  const s = useStyles();
  const navigate = useNavigate();
  const lang = currentLanguage();
  const { t } = useTranslation();
  if (!entries.length) return <div className={s.empty}>{t('ui.shell.noMenus')}</div>;
  return (
    <div className={s.tiles}>
      {entries.map((e) => (
        <Card
          key={e.CODE}
          className={s.tile}
          role="link"
          tabIndex={0}
          onClick={() => navigate(e.FURL)}
          onKeyDown={(k) => (k.key === 'Enter' ? navigate(e.FURL) : undefined)}
          data-testid={`quick-${e.CODE}`}
        >
          <div className={s.tileIcon}>{menuIcon(e.ICON)}</div>
          <div style={{ minWidth: 0 }}>
            <Text weight="semibold" block truncate wrap={false}>
              {menuEntryTitle(e, lang)}
            </Text>
            <Caption1 block truncate wrap={false}>
              {e.group}
            </Caption1>
          </div>
        </Card>
      ))}
    </div>
  );
}

/** Quick links: the entries the user has, favourites first (greeting.ts quickLinks), not the home itself. */
export function QuickLinksBlock() {
  const user = useSnapshot(access);
  const lang = currentLanguage();
  // The first twelve: the menu guide (the block's "all") lists every entry.
  const entries = quickLinks(entriesOf(user.menus as typeof access.menus, lang), user.favouriteMenus)
    .filter((e) => e.CODE !== 'workspace.home')
    .slice(0, 12);
  return (
    <div data-testid="home-quicklinks">
      <EntryTiles entries={entries} />
    </div>
  );
}
