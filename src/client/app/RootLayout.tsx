import { ProgressBar } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { access, shellState } from '../session/access-state';
import { documentTitle, menuEntryFor, menuEntryTitle } from '../shell/menu-lookup';
import { Watermark } from '../shell/Watermark';
import { currentLanguage } from '../kernel/i18n';
import { labelIn } from '../../model/label-text';
import type { RouteHandle } from './router';

/**
 * The top of every page. After each navigation (spec 2): the document title from the route's
 * title, else from the menu entry whose URL matches; then the watermark is cleared.
 */
export function RootLayout() {
  const location = useLocation();
  const matches = useMatches();
  const navigation = useNavigation();
  const { t, i18n } = useTranslation();
  const { menus } = useSnapshot(access);

  const handle = [...matches].reverse().map((m) => m.handle as RouteHandle | undefined).find((h) => h && (h.title || h.titleKey || h.label));
  const routeTitle = handle ? (handle.title ?? (handle.label ? labelIn(handle.label, currentLanguage()) : t(handle.titleKey as string))) : null;
  const entry = menuEntryFor(menus as typeof access.menus, location.pathname, location.search);
  const menuTitle = entry ? menuEntryTitle(entry, currentLanguage()) : null;

  useEffect(() => {
    document.title = documentTitle(routeTitle, menuTitle, t('ui.app.name'));
  }, [routeTitle, menuTitle, t, i18n.language]);

  useEffect(() => {
    shellState.watermark = false;
  }, [location.key]);

  return (
    <>
      {navigation.state !== 'idle' ? (
        <ProgressBar thickness="medium" style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }} aria-label={t('ui.common.loading')} />
      ) : null}
      <Outlet />
      <Watermark />
    </>
  );
}
