/**
 * A handle on the router for code outside React (API hooks, socket): set once by main.tsx.
 * Kept apart from router.tsx so that modules can navigate without importing every page.
 */
export type Navigator = {
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** The location being navigated to, or the current one when idle. */
  location: () => { pathname: string; search: string; hash: string };
};

let navigator: Navigator | null = null;

export function bindNavigator(n: Navigator): void {
  navigator = n;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  if (navigator) navigator.navigate(to, options);
  else window.location.assign(to);
}

export function currentLocation(): { pathname: string; search: string; hash: string } {
  return navigator?.location() ?? { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash };
}
