import { io, type Socket } from 'socket.io-client';
import { tr } from '../kernel/i18n';
import { currentLocation, navigateTo } from '../kernel/navigation';
import { access, clearSession, shellState } from './access-state';
import { loginRedirectUrl } from './guard';
import { readStoredSession } from '../kernel/storage';
import { socketEffect } from './socket-messages';
import { toast } from '../kernel/toast-bus';

let socket: Socket | null = null;
let connectedFor = '';
const listeners = new Set<(message: unknown) => void>();

/** Lets a page follow socket messages (the import centre's `job` events); returns the unsubscribe. */
export function onSocketMessage(listener: (message: unknown) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Connects the notification socket after sign-in (spec 7): the handshake carries the token, and on
 * connect the browser sends `{type:'connect', userid, roomid}` (roomid: the company). Calling it
 * again for the same user and token does nothing; a new token reconnects.
 */
export function connectNotificationSocket(): void {
  const { token } = readStoredSession();
  if (!token || access.id === null) return;
  const key = `${access.id}:${access.clientId}:${token}`;
  if (socket && connectedFor === key) return;
  disconnectNotificationSocket();
  connectedFor = key;
  const s = io({ path: '/socket.io', auth: { token }, transports: ['websocket', 'polling'], reconnectionDelayMax: 30000 });
  socket = s;
  s.on('connect', () => {
    s.emit('message', { type: 'connect', userid: access.id, roomid: access.clientId });
  });
  s.on('message', (message: unknown) => {
    for (const listener of listeners) listener(message);
    const effect = socketEffect(message);
    if (effect.kind === 'notify') {
      access.unread = effect.unread ?? access.unread + 1;
      shellState.notices = [effect.notice, ...shellState.notices].slice(0, 50);
      const link = effect.notice.url ? { label: tr('ui.notice.open'), href: effect.notice.url } : undefined;
      toast.notification(effect.notice.title || tr('ui.notice.newNotice'), effect.notice.content, link);
    } else if (effect.kind === 'logout') {
      const here = currentLocation();
      disconnectNotificationSocket();
      clearSession();
      navigateTo(loginRedirectUrl(here.pathname, here.search, here.hash), { replace: true });
    }
  });
  // Spec 7: a socket error is only logged. A refused handshake (expired token) retries with the
  // token the next navigation or refresh stores.
  s.on('connect_error', (e: Error) => {
    console.warn('notification socket error', e.message);
    const fresh = readStoredSession().token;
    if (fresh && fresh !== token) {
      s.auth = { token: fresh };
      connectedFor = `${access.id}:${access.clientId}:${fresh}`;
    }
  });
}

export function disconnectNotificationSocket(): void {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  socket = null;
  connectedFor = '';
}
