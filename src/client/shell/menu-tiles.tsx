import { Caption1, Card, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { MenuGroupItem } from '../session/login-reply';
import { FavouriteStar } from './favourites';
import { menuEntryTitle, menuGroupTitle } from './menu-lookup';
import { menuIcon } from './menu-icons';

/**
 * The shell's menus as tiles (issue 30): drawn by the declared menu pages (MenuPage.tsx) and the
 * personal boards' tile blocks (the apps, favourite menus and quick links).
 */
export const useTileStyles = makeStyles({
  empty: { padding: '18px 4px', color: tokens.colorNeutralForeground3 },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '10px' },
  tile: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr',
    gap: '10px',
    alignItems: 'center',
    padding: '12px',
    cursor: 'pointer',
    ':hover': { boxShadow: tokens.shadow8 },
  },
  favTile: { gridTemplateColumns: '36px 1fr 24px' },
  tileIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorNeutralBackground3, color: tokens.colorBrandForeground1 },
  appIcon: { background: tokens.colorBrandBackground2 },
});

/** One tile: an app (a menu group) or a menu entry, opening its address; a favourite's unstars in place. */
export type MenuTile = { CODE: string; to: string; icon: string | undefined; title: string; sub: string; app?: boolean; star?: boolean };

/** The menu entries of the groups, flat, each as a tile naming its group. */
export function entryTiles(menus: readonly MenuGroupItem[], lang: 'zh-CN' | 'en'): MenuTile[] {
  return menus.flatMap((g) => g.children.map((e) => ({ CODE: e.CODE, to: e.FURL, icon: e.ICON, title: menuEntryTitle(e, lang), sub: menuGroupTitle(g, lang) })));
}

/** Tiles that open their address on a click or Enter (or `empty` when there are none). */
export function MenuTileGrid({ tiles, testId = 'quick', empty }: { tiles: readonly MenuTile[]; testId?: string; empty?: string }) {
  const s = useTileStyles();
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
