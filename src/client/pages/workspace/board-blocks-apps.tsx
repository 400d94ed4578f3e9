import { Button, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { MenuTiles } from '../../../model/workspace';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import { menuEntryTitle, menuGroupTitle } from '../../shell/menu-lookup';
import { entryTiles, MenuTileGrid, useTileStyles as useStyles, type MenuTile as Tile } from '../../shell/menu-tiles';
import { useTr } from '../../engine/report/use-arranged-board';
import { T } from './board-texts';
import { quickLinks } from './greeting';
import { readSetting, SETTING_KEYS } from './workspace-api';

/** A block's box and its tiles' test ids, by what it tiles. */
const TEST_IDS = { apps: ['board-apps', 'app'], favourites: ['home-favourites', 'favourite'], entries: ['home-quicklinks', 'quick'] } as const;

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
