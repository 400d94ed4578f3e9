import type { ReceivedNotice } from './access-state';

/**
 * What an incoming socket message does (spec 7 "Notification socket"): `notifyto2` raises the
 * unread count by one (spec 9) and shows a notification; `logout` signs this browser out;
 * `connectto` (online list or new contact) changes nothing the shell shows yet.
 */
export type SocketEffect = { kind: 'notify'; notice: ReceivedNotice; unread: number | null } | { kind: 'logout'; reason: string } | { kind: 'ignore' };

const s = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function socketEffect(message: unknown, now: number = Date.now()): SocketEffect {
  if (!message || typeof message !== 'object') return { kind: 'ignore' };
  const m = message as Record<string, unknown>;
  if (m.type === 'logout') return { kind: 'logout', reason: s(m.reason) };
  if (m.type !== 'notifyto2') return { kind: 'ignore' };
  const content = s(m.content) || s(m.message) || s(m.body);
  const url = s(m.url) || s(m.link);
  const title = s(m.title) || s(m.module) || s(m.function_subarea);
  const time = Date.parse(s(m.time));
  return {
    kind: 'notify',
    notice: {
      id: s(m.message_id) || s(m.msgid) || s(m.id) || `${now}-${Math.random().toString(36).slice(2, 8)}`,
      title,
      content,
      // Only a path of this site is followed, never an absolute URL from a message.
      url: url.startsWith('/') && !url.startsWith('//') ? url : '',
      from: s(m.post_user_fullname) || s(m.from_client_name) || s(m.from),
      at: Number.isFinite(time) ? time : now,
    },
    // A notice raised on the server carries the recipient's new unread count (issue 15).
    unread: typeof m.unread === 'number' && Number.isFinite(m.unread) && m.unread >= 0 ? m.unread : null,
  };
}
