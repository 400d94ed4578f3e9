import { proxy } from 'valtio';
import { setCompanyDictionaryItems } from '../../model/dictionaries';
import { accessFieldsOf, emptyAccessFields, storedSessionOf, type AccessFields, type LoginReply } from './login-reply';
import { clearStoredSession, readStoredSession, writePreference, writeStoredSession } from '../kernel/storage';

/**
 * The signed-in user's access state (spec 3 "Session state"), in valtio so that any component can
 * read it with `useSnapshot(access)`. Filled by a login, refresh or profile reply; emptied on
 * sign-out. Tokens are not kept here: they live in browser storage under the spec-9 keys
 * (storage.ts), which is what survives a reload.
 */
export const access = proxy<AccessFields>(emptyAccessFields());

/** A notification received over the socket during this visit (spec 7 "Notification socket"). */
export type ReceivedNotice = { id: string; title: string; content: string; url: string; from: string; at: number };

/** Browser-only state of the shell. */
export const shellState = proxy({
  /** Spec 1/9: a screen-wide watermark that can be shown or removed; cleared after each navigation. */
  watermark: false,
  /** The build the page was loaded with and the newest build the server reported (version check). */
  pageBuild: '' as string,
  serverBuild: '' as string,
  /** The login reply's hasnewversion notice was dismissed for this visit. */
  versionNoticeDismissed: false,
  notices: [] as ReceivedNotice[],
});

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Applies a reply's user fields to the access state (fields absent from the reply stay as they are). */
export function applyUserInfo(reply: LoginReply): void {
  Object.assign(access, accessFieldsOf(reply));
  if (reply.build) shellState.serverBuild = reply.build;
  if (reply.platform_id) writePreference('platformId', String(reply.platform_id));
  if (reply.cr_dash !== undefined) writePreference('crdash', reply.cr_dash === null ? null : String(reply.cr_dash));
  // Drop-downs offer the company's own dictionary items beside the system's.
  if (reply.dict_items !== undefined) setCompanyDictionaryItems(reply.dict_items);
}

/**
 * Signs in from a login, refresh or switch reply (spec 4 "Session": signing in stores tokens
 * locally). Returns false when the reply carries no token.
 */
export function signInWith(reply: LoginReply): boolean {
  const stored = storedSessionOf(reply, nowSeconds(), readStoredSession().username);
  if (!stored) return false;
  writeStoredSession(stored);
  applyUserInfo(reply);
  return true;
}

/** Listeners told when the session ends (the socket disconnects, caches drop). */
const signOutListeners = new Set<() => void>();
export function onSignOut(listener: () => void): () => void {
  signOutListeners.add(listener);
  return () => signOutListeners.delete(listener);
}

/** Spec 4: signing out clears the tokens and the access state; the caller redirects to login. */
export function clearSession(): void {
  clearStoredSession();
  setCompanyDictionaryItems(null);
  Object.assign(access, emptyAccessFields());
  shellState.watermark = false;
  shellState.notices = [];
  shellState.versionNoticeDismissed = false;
  for (const l of signOutListeners) l();
}
