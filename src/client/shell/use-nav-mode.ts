import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import { profileApi } from '../session/profile-api';

/** How the side menu shows: whole, folded to its groups' icons, or hidden (a narrow window). */
export type NavMode = 'full' | 'rail' | 'hidden';

/** Below this width the menu is hidden or laid over the page instead of folded (a phone, a split window). */
export const NARROW_NAV = 900;

/**
 * The side menu's mode: on a window wider than NARROW_NAV the user's own choice, kept on the server
 * (`settings.nav_collapsed`, save-setting), so a planner on a 1366 x 768 laptop who folded it to icons
 * finds it folded on every device; on a narrower window shown or hidden for this visit only.
 */
export function navModeOf(width: number, collapsed: boolean, narrowOpen: boolean): NavMode {
  if (width <= NARROW_NAV) return narrowOpen ? 'full' : 'hidden';
  return collapsed ? 'rail' : 'full';
}

/** The side menu's mode and the top bar's toggle (fold and unfold; show and hide when narrow). */
export function useNavMode(): { mode: NavMode; toggle: () => void } {
  const settings = useSnapshot(access).settings;
  const collapsed = settings?.nav_collapsed === true;
  const [width, setWidth] = useState(() => window.innerWidth);
  const [narrowOpen, setNarrowOpen] = useState(false);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  const mode = navModeOf(width, collapsed, narrowOpen);
  const toggle = () => {
    if (width <= NARROW_NAV) return setNarrowOpen((o) => !o);
    const next = !collapsed;
    access.settings = { ...access.settings, nav_collapsed: next };
    // Quiet: the fold has happened on screen; a failed save only means the next device starts unfolded.
    void profileApi.saveSetting({ nav_collapsed: next }, true).catch(() => undefined);
  };
  return { mode, toggle };
}
