import { Button, Caption1, Card, mergeClasses, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { MenuTiles } from '../../../model/workspace';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import type { MenuGroupItem } from '../../session/login-reply';
import { FavouriteStar } from '../../shell/favourites';
import { menuEntryTitle, menuGroupTitle } from '../../shell/menu-lookup';
import { menuIcon } from '../../shell/menu-icons';
import { useBlockStyles as useStyles, useTr } from './board-block-kit';
import { T } from './board-texts';
import { quickLinks } from './greeting';
import { readSetting, SETTING_KEYS } from './workspace-api';

/** One tile: an app (a menu group) or a menu entry, opening its address; a favourite's unstars in place. */
type Tile = { CODE: string; to: string; icon: string | undefined; title: string; sub: string; app?: boolean; star?: boolean };

/** A block's box and its tiles' test ids, by what it tiles. */
const TEST_IDS = { apps: ['board-apps', 'app'], favourites: ['home-favourites', 'favourite'], entries: ['home-quicklinks', 'quick'] } as const;

/** The menu entries the user has, flat, each as a tile naming its group. */
export function entryTiles(menus: readonly MenuGroupItem[], lang: 'zh-CN' | 'en'): Tile[] {
  return menus.flatMap((g) => g.children.map((e) => ({ CODE: e.CODE, to: e.FURL, icon: e.ICON, title: menuEntryTitle(e, lang), sub: menuGroupTitle(g, lang) })));
}

/** Tiles that open their address on a click or Enter (or `empty` when there are none). */
export function MenuTileGrid({ tiles, testId = 'quick', empty }: { tiles: readonly Tile[]; testId?: string; empty?: string }) {
  const s = useStyles();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!tiles.length) return <div className={s.empty}>{empty ?? t('ui.shell.noMenus')}</div>;
  return (
    <div className={s.tiles}>
      {tiles.map((x) => (
        <Card
          key={x.CODE}
          className={mergeClasses(s.tile, x.star && s.favTile)}
          role="link"
          tabIndex={0}
          onClick={() => navigate(x.to)}
          onKeyDown={(k) => (k.key === 'Enter' && k.target === k.currentTarget ? navigate(x.to) : undefined)}
          data-testid={`${testId}-${x.CODE}`}
        >
          <div className={mergeClasses(s.tileIcon, x.app && s.appIcon)}>{menuIcon(x.icon)}</div>
          <div style={{ minWidth: 0 }}>
            <Text weight="semibold" block truncate wrap={false}>{x.title}</Text>
            <Caption1 block truncate wrap={false}>{x.sub}</Caption1>
          </div>
          {x.star ? <FavouriteStar code={x.CODE} title={x.title} /> : null}
        </Card>
      ))}
    </div>
  );
}

/**
 * The tiles a block declares (MenuTiles): the subscribed apps and the favourite menus from
 * my-workspace-home-setting (not asked while the first-login password change is pending: the server
 * would refuse it), or the entries the user has (greeting.ts quickLinks: favourites first).
 */
function useMenuTiles(def: MenuTiles): { tiles?: Tile[]; failed: boolean } {
  const tr = useTr();
  const lang = currentLanguage();
  const user = useSnapshot(access);
  const { data, error } = useSWR(def.of !== 'entries' && user.id !== null && !user.mustChangePassword ? SETTING_KEYS.home : null, readSetting.home);
  if (def.of === 'entries') {
    const tiles = quickLinks(entryTiles(user.menus as typeof access.menus, lang), user.favouriteMenus);
    return { tiles: tiles.filter((x) => !def.skip?.includes(x.CODE)).slice(0, def.limit), failed: false };
  }
  if (!data) return { failed: Boolean(error) };
  if (def.of === 'favourites')
    return { tiles: data.favourites.map((e) => ({ CODE: e.CODE, to: e.FURL, icon: e.ICON, title: menuEntryTitle(e, lang), sub: menuGroupTitle({ CODE: e.GROUP_CODE, TITLE: e.GROUP }, lang), star: true })), failed: false };
  const apps = data.apps.map((m) => ({ CODE: m.CODE, to: m.FURL, icon: m.ICON, title: menuGroupTitle({ CODE: m.CODE, TITLE: m.TITLE }, lang), sub: tr(T.functions).replace('{n}', String(m.entries)), app: true }));
  return { tiles: apps, failed: false };
}

/** A block of menu tiles (the home's apps, favourite menus and quick links); an app block without apps offers the market. */
export function MenuTilesBlock({ def, onMarket }: { def: MenuTiles; onMarket: () => void }) {
  const s = useStyles();
  const tr = useTr();
  const { t } = useTranslation();
  const { clientId } = useSnapshot(access);
  const { tiles, failed } = useMenuTiles(def);
  const [box, tile] = TEST_IDS[def.of];
  const apps = def.of === 'apps';
  if (failed) return <div className={s.empty}>{apps ? tr(T.failed) : t('ui.favourites.loadFailed')}</div>;
  if (!tiles) return <Spinner size="tiny" />;
  return (
    <div data-testid={box}>
      {apps && !tiles.length ? (
        <div className={s.empty}>
          <Text block>{tr(T.noApps)}</Text>
          {clientId !== null ? <Button size="small" appearance="primary" style={{ marginTop: 10 }} onClick={onMarket}>{tr(T.openMarket)}</Button> : null}
        </div>
      ) : (
        <MenuTileGrid tiles={tiles} testId={tile} empty={def.of === 'favourites' ? t('ui.favourites.empty') : undefined} />
      )}
    </div>
  );
}
