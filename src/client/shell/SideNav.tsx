import { NavCategory, NavCategoryItem, NavDrawer, NavDrawerBody, NavDrawerHeader, NavSubItem, NavSubItemGroup, SearchBox } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FavouriteStar } from './favourites';
import { menuEntryTitle, menuGroupTitle } from './menu-lookup';
import { menuIcon } from './menu-icons';
import { useNavMenus } from './use-nav-menus';
import { useShellStyles } from './shell-styles';
import { menusMatching, openMenuGroups } from './side-nav.logic';
import type { Language } from '../../model/i18n/types';
import type { MenuGroupItem, MenuItem } from '../session/login-reply';

/**
 * The side navigation from the session's menus (groups of entries with FURL and TITLE), one group
 * open at a time (the open page's, or the one the user opened): closed groups do not render their
 * entries (side-nav.logic.ts). The search box above narrows the menu to the entries whose title
 * holds the text, in either language, with their groups open; Enter opens the first.
 */
export function SideNav({ open }: { open: boolean }) {
  const s = useShellStyles();
  const { t } = useTranslation();
  const { user, menus, selected, lang, navigate } = useNavMenus();
  const selectedGroup = menus.find((g) => g.children.some((e) => e === selected))?.CODE;
  // The group the user opened or closed last; forgotten when the open page moves to another group.
  const [chosen, setChosen] = useState<{ code: string | null; at: string | undefined } | undefined>(undefined);
  const [query, setQuery] = useState('');
  const found = menusMatching(menus, query, lang);
  const own = chosen && chosen.at === selectedGroup ? chosen.code : undefined;
  const openGroups = openMenuGroups(selectedGroup, own, found);
  const shown = found ?? menus;
  const go = useCallback(
    (furl: string) => {
      setQuery('');
      navigate(furl);
    },
    [navigate],
  );
  // The body is the same element while the menu, its open groups, the search and the language are:
  // the drawer's body measures its scroll height whenever its children change (a forced layout of
  // the page in the commit), and the shell renders often on a page's first load (issue 34).
  const openKey = openGroups.join('\n');
  const empty = menus.length === 0;
  const body = useMemo(
    () => (
      <>
        {empty ? <div className={s.navEmpty}>{t('ui.shell.noMenus')}</div> : null}
        {found && !found.length ? <div className={s.navEmpty}>{t('ui.shell.menuNoMatch')}</div> : null}
        {shown.map((g) => (
          <SideNavGroup key={g.CODE} group={g} open={openKey.split('\n').includes(g.CODE)} lang={lang} go={go} />
        ))}
      </>
    ),
    [empty, found, shown, openKey, lang, go, s, t],
  );
  return (
    <NavDrawer
      key={`${user.platformId}:${menus.map((g) => g.CODE).join(',')}`}
      className={s.nav}
      open={open}
      type="inline"
      multiple={false}
      selectedValue={selected?.CODE ?? ''}
      selectedCategoryValue={selectedGroup}
      openCategories={openGroups}
      onNavCategoryItemToggle={(_, d) => {
        if (found) return;
        const code = String(d.categoryValue);
        setChosen({ code: openGroups.includes(code) ? null : code, at: selectedGroup });
      }}
      density="medium"
      data-testid="side-nav"
    >
      {menus.length ? <SideNavSearch query={query} onQuery={setQuery} firstFound={() => found?.[0]?.children[0]} go={go} /> : null}
      <NavDrawerBody>{body}</NavDrawerBody>
    </NavDrawer>
  );
}

/** The menu's search box: Enter opens the first entry found, Escape clears it. */
function SideNavSearch({ query, onQuery, firstFound, go }: { query: string; onQuery: (q: string) => void; firstFound: () => MenuItem | undefined; go: (furl: string) => void }) {
  const s = useShellStyles();
  const { t } = useTranslation();
  return (
    <NavDrawerHeader className={s.navSearch}>
      <SearchBox
        size="small"
        value={query}
        placeholder={t('ui.shell.menuSearch')}
        aria-label={t('ui.shell.menuSearch')}
        onChange={(_, d) => onQuery(d.value)}
        onKeyDown={(ev) => {
          const first = firstFound();
          if (ev.key === 'Enter' && first) go(first.FURL);
          if (ev.key === 'Escape') onQuery('');
        }}
        data-testid="side-nav-search"
      />
    </NavDrawerHeader>
  );
}

/**
 * One group of the menu: its title, and its entries (each with its favourite star) while it is open.
 * The entries show and hide at once, without Fluent's collapse motion: the motion measures the
 * group's height when it mounts (a forced layout of the whole page in the middle of the first
 * commit, about 50-100 ms on the tower's first paint, issue 34).
 */
function SideNavGroup({ group, open, lang, go }: { group: MenuGroupItem; open: boolean; lang: Language; go: (furl: string) => void }) {
  const s = useShellStyles();
  return (
    <NavCategory value={group.CODE}>
      <NavCategoryItem icon={menuIcon(group.ICON)} data-testid={`menu-group-${group.CODE}`}>
        {menuGroupTitle(group, lang)}
      </NavCategoryItem>
      {open ? <NavSubItemGroup collapseMotion={null}>
        {group.children.map((e) => (
          <div key={e.CODE} className={s.navEntry}>
            <NavSubItem
              value={e.CODE}
              href={e.FURL}
              data-testid={`menu-${e.CODE}`}
              onClick={(ev) => {
                ev.preventDefault();
                go(e.FURL);
              }}
            >
              {menuEntryTitle(e, lang)}
            </NavSubItem>
            <FavouriteStar code={e.CODE} title={menuEntryTitle(e, lang)} className={s.navStar} />
          </div>
        ))}
      </NavSubItemGroup> : null}
    </NavCategory>
  );
}
