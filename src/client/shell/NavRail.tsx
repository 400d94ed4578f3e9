import { Button, Menu, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger, mergeClasses, Tooltip } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { menuEntryTitle, menuGroupTitle } from './menu-lookup';
import { menuIcon } from './menu-icons';
import { useNavMenus } from './use-nav-menus';
import { useShellStyles } from './shell-styles';

/**
 * The side menu folded to its groups' icons (the user's choice, `use-nav-mode.ts`): each icon names
 * its group in a tooltip and opens the group's entries in a menu beside it (arrow keys, Enter);
 * the group of the open page is marked. Gives the page about 200 px more width on a 1366 screen.
 */
export function NavRail() {
  const s = useShellStyles();
  const { t } = useTranslation();
  const { menus, selected, lang, navigate } = useNavMenus();
  return (
    <nav className={s.rail} aria-label={t('ui.shell.menu')} data-testid="side-nav-rail">
      {menus.map((g) => {
        const current = g.children.some((e) => e === selected);
        const title = menuGroupTitle(g, lang);
        return (
          <Menu key={g.CODE} positioning={{ position: 'after', align: 'top' }}>
            <MenuTrigger disableButtonEnhancement>
              <Tooltip content={title} relationship="label" positioning="after">
                <Button
                  appearance="subtle"
                  size="large"
                  className={mergeClasses(s.railButton, current && s.railCurrent)}
                  icon={menuIcon(g.ICON)}
                  aria-current={current ? 'page' : undefined}
                  data-testid={`rail-group-${g.CODE}`}
                />
              </Tooltip>
            </MenuTrigger>
            <MenuPopover>
              <MenuList>
                <MenuGroup>
                  <MenuGroupHeader>{title}</MenuGroupHeader>
                  {g.children.map((e) => (
                    <MenuItem key={e.CODE} className={e === selected ? s.railEntryCurrent : undefined} onClick={() => navigate(e.FURL)} data-testid={`rail-menu-${e.CODE}`}>
                      {menuEntryTitle(e, lang)}
                    </MenuItem>
                  ))}
                </MenuGroup>
              </MenuList>
            </MenuPopover>
          </Menu>
        );
      })}
    </nav>
  );
}
