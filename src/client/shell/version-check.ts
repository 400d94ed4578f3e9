import { healthApi } from '../session/access-api';
import { shellState } from '../session/access-state';

/** How often the shell asks the server which build it runs (and on every return to the tab). */
export const VERSION_POLL_MS = 5 * 60 * 1000;

/**
 * The version notice to show (issue 2 "Version check"): `newBuild` when the server now runs a
 * build other than the one this page was loaded with (a reload picks it up); `newVersion` when the
 * login reply said `hasnewversion`; none once dismissed or when nothing is known.
 */
export function versionNotice(pageBuild: string, serverBuild: string, hasNewVersion: boolean, dismissed: boolean): 'none' | 'newBuild' | 'newVersion' {
  if (dismissed) return 'none';
  if (pageBuild && serverBuild && pageBuild !== serverBuild) return 'newBuild';
  if (hasNewVersion) return 'newVersion';
  return 'none';
}

/** The build the page was loaded with: the server's build when the page started. */
export async function recordPageBuild(): Promise<void> {
  try {
    const h = await healthApi.health();
    if (!shellState.pageBuild) shellState.pageBuild = h.build;
    shellState.serverBuild = h.build;
  } catch {
    /* the server is not answering: the next poll tries again */
  }
}

export async function checkServerBuild(): Promise<void> {
  try {
    const h = await healthApi.health();
    if (!shellState.pageBuild) shellState.pageBuild = h.build;
    shellState.serverBuild = h.build;
  } catch {
    /* spec 8: network errors are only logged; the next poll tries again */
  }
}

/** Polls every few minutes and when the tab gets focus again; returns the stop function. */
export function startVersionPolling(): () => void {
  const timer = window.setInterval(() => void checkServerBuild(), VERSION_POLL_MS);
  const onFocus = () => {
    if (document.visibilityState === 'visible') void checkServerBuild();
  };
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onFocus);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onFocus);
  };
}
