import { Caption1, makeStyles, Subtitle2, Title3 } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { labelIn } from '../../model/label-text';
import type { MenuPageDef } from '../../model/menu-page';
import { currentLanguage } from '../kernel/i18n';
import { access } from '../session/access-state';
import { menuGroupTitle } from './menu-lookup';
import { entryTiles, MenuTileGrid, useTileStyles } from './menu-tiles';

const useStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '1600px' },
  groups: { display: 'grid', gap: '20px' },
  section: { display: 'grid', gap: '12px' },
});

/**
 * A declared menu page (src/model/menu-page.ts): every group the user has under its title, or the
 * group the address names (`notFound` for a code the user has no group of), as tiles.
 */
export function MenuPage({ def, notFound }: { def: MenuPageDef; notFound: ReactNode }) {
  const s = useStyles();
  const tiles = useTileStyles();
  const { t } = useTranslation();
  const { group: code } = useParams();
  const { menus } = useSnapshot(access);
  const lang = currentLanguage();
  const groups = (menus as typeof access.menus).filter((g) => def.groups === 'all' || g.CODE === code);
  if (def.groups === 'named' && !groups.length) return <>{notFound}</>;
  const heading = def.title ? labelIn(def.title, lang) : menuGroupTitle(groups[0], lang);
  return (
    <div className={s.page} data-testid={`menu-${def.name}`}>
      <div>
        <Title3 as="h1">{heading}</Title3>
        {def.explain ? <Caption1 block>{labelIn(def.explain, lang)}</Caption1> : null}
      </div>
      {def.groups === 'named' ? (
        <MenuTileGrid tiles={entryTiles(groups, lang)} />
      ) : (
        <div className={s.groups}>
          {groups.length === 0 ? <div className={tiles.empty}>{t('ui.shell.noMenus')}</div> : null}
          {groups.map((g) => (
            <section key={g.CODE} className={s.section}>
              <Subtitle2 as="h2">{menuGroupTitle(g, lang)}</Subtitle2>
              <MenuTileGrid tiles={entryTiles([g], lang)} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}
