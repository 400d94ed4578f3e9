import { NavCategory, NavCategoryItem, NavDrawer, NavDrawerBody, NavSubItem, NavSubItemGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { FavouriteStar } from './favourites';
import { menuEntryTitle, menuGroupTitle } from './menu-lookup';
import { menuIcon } from './menu-icons';
import { useNavMenus } from './use-nav-menus';
import { useShellStyles } from './shell-styles';

/** The side navigation from the session's menus (groups of entries with FURL and TITLE). */
export function SideNav({ open }: { open: boolean }) {
  const s = useShellStyles();
  const { t } = useTranslation();
  const { user, menus, selected, lang, navigate } = useNavMenus();
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
