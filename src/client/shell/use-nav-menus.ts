import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { currentLanguage } from '../kernel/i18n';
import { access } from '../session/access-state';
import { menuEntryFor } from './menu-lookup';

/**
 * What both forms of the side menu show (the whole menu, `SideNav`, and its icons, `NavRail`): the
 * session's menu groups, the entry of the open page, the interface language of the titles, and the
 * navigation an entry's click makes.
 */
export function useNavMenus() {
  const user = useSnapshot(access);
  const location = useLocation();
  const navigate = useNavigate();
  const menus = user.menus as typeof access.menus;
  return { user, menus, selected: menuEntryFor(menus, location.pathname, location.search), lang: currentLanguage(), navigate };
}
