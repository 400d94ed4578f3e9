import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { redisClient } from '../kernel/redis/redis-client';
import { Server, type Socket } from 'socket.io';
import { resolveAuth, type AuthContext } from '../access/auth-context';
import { instanceId } from '../access/instance.util';
import type { Db } from '../db/database';

/**
 * The notification socket (spec 7 "Notification socket"). socket.io runs on the app's HTTP server
 * at /socket.io; the handshake carries the access token (`auth.token`, or the `token` query the
 * spec's calls use). Messages travel both ways as the `message` event with a `type`:
 *
 * - browser to server: `{type:'connect', userid, roomid}` joins the user's and the company's rooms
 *   and answers `{type:'connectto', online:[user ids]}` (after the socket sits in its chat groups'
 *   rooms); `{type:'join'|'leave', groupid}` joins or leaves the room of a chat group (a group
 *   conversation's id): joining only when the chat area's SQL says the caller is a member.
 * - On connection every socket joins the rooms of the chat groups its user belongs to
 *   (`registerMemberRooms`, provided by the chat area); adding a member to a group or removing one
 *   joins or leaves their sockets at once (`joinRoom`, `leaveRoom`), so a group message sent to the
 *   room (`emitToRoom`) reaches exactly the members' sockets.
 * - server to browser: `notifyto2` (unread count +1, spec 9), `logout` (sign this browser out:
 *   password changed, account frozen, session revoked), `connectto` (online list or a new contact).
 *
 * Every socket also sits in `session:{sid}` so one revoked session can be signed out alone.
 * With REDIS_URL the Redis adapter shares rooms between app processes.
 */
export type Realtime = {
  io: Server;
  notifyUser: (userId: number, payload: Record<string, unknown>) => void;
  logoutUser: (userId: number, reason: string) => void;
  /** A message of `type` to every signed-in user of one company (boards that several planners share). */
  emitToCompany: (clientId: number, type: string, payload: Record<string, unknown>) => void;
  logoutSessions: (sessionIds: string[], reason: string) => void;
  close: () => Promise<void>;
};

type SocketData = { auth: AuthContext };
/** Settles once a socket sits in its chat groups' rooms (kept off socket.data, which other processes read). */
const roomsJoined = new WeakMap<Socket, Promise<void>>();

/**
 * The rooms a user's sockets join besides their own (their chat groups), read in SQL by the area
 * that owns them. Registered rather than imported: the chat area emits through this module.
 */
export type MemberRooms = (db: Db, who: { userId: number; clientId: number | null }) => Promise<string[]>;
let memberRooms: MemberRooms | null = null;

export function registerMemberRooms(fn: MemberRooms): void {
  memberRooms = fn;
}

/** The room of one chat group (a group conversation of any companies' members). */
export const chatGroupRoom = (conversationId: number): string => `chatgroup:${conversationId}`;
type ClientMessage = { type?: unknown; userid?: unknown; roomid?: unknown; groupid?: unknown };

let live: Realtime | null = null;

/** The running socket server, or null (tests through inject, scripts): emitters then do nothing. */
export function realtime(): Realtime | null {
  return live;
}

/** spec 9: each notification raises the unread counter by one. */
export function notifyUser(userId: number, payload: Record<string, unknown>): void {
  live?.notifyUser(userId, payload);
}

/**
 * Tells every socket of one company that something changed (e.g. `schedule.changed` after a planner
 * moves a bar), so open boards refresh. The payload carries ids and versions, never another
 * company's data: the room is the company's own.
 */
export function emitToCompany(clientId: number, type: string, payload: Record<string, unknown>): void {
  for (const fn of companyListeners.get(type) ?? []) fn(clientId, payload);
  live?.emitToCompany(clientId, type, payload);
}

type CompanyListener = (clientId: number, payload: Record<string, unknown>) => void;
const companyListeners = new Map<string, CompanyListener[]>();

/**
 * Server work that follows a company message of `type`, in this process, with or without a socket
 * server (node forecasts follow `schedule.changed`: services/tracking). The listener must not throw
 * and should only queue its work.
 */
export function onCompanyEvent(type: string, fn: CompanyListener): void {
  const list = companyListeners.get(type) ?? [];
  if (!list.includes(fn)) list.push(fn);
  companyListeners.set(type, list);
}

/**
 * A message of `type` to every socket of the listed users (a chat conversation's members, who may
 * belong to several companies; each receives only what it is a member of).
 */
export function emitToUsers(userIds: number[], type: string, payload: Record<string, unknown>): void {
  if (live && userIds.length) live.io.to(userIds.map(userRoom)).emit('message', { ...payload, type, time: new Date().toISOString() });
}

/** A message of `type` to every socket in a room (a chat group's members). */
export function emitToRoom(room: string, type: string, payload: Record<string, unknown>): void {
  live?.io.to(room).emit('message', { ...payload, type, time: new Date().toISOString() });
}

/** Every socket of these users joins the room (they were added to a chat group), in every process. */
export function joinRoom(userIds: number[], room: string): void {
  if (live && userIds.length) live.io.in(userIds.map(userRoom)).socketsJoin(room);
}

/** Every socket of these users leaves the room (they left or were removed from a chat group). */
export function leaveRoom(userIds: number[], room: string): void {
  if (live && userIds.length) live.io.in(userIds.map(userRoom)).socketsLeave(room);
}

export function logoutUser(userId: number, reason: string): void {
  live?.logoutUser(userId, reason);
}

export function logoutSessions(sessionIds: string[], reason: string): void {
  live?.logoutSessions(sessionIds, reason);
}

const userRoom = (id: number) => `user:${id}`;
const clientRoom = (id: number | null) => `client:${id ?? 0}`;
const sessionRoom = (sid: string) => `session:${sid}`;

function handshakeToken(socket: Socket): string | null {
  const fromAuth: unknown = socket.handshake.auth?.token;
  if (typeof fromAuth === 'string' && fromAuth) return fromAuth;
  const fromQuery = socket.handshake.query?.token;
  return typeof fromQuery === 'string' && fromQuery ? fromQuery : null;
}

/** The chat group a join or leave names: a group conversation's id (a number or its digits). */
function groupIdOf(m: ClientMessage): number | null {
  const g = typeof m.groupid === 'string' && /^\d{1,15}$/.test(m.groupid) ? Number(m.groupid) : m.groupid;
  return typeof g === 'number' && Number.isSafeInteger(g) && g > 0 ? g : null;
}

/** The rooms of the user's chat groups, read afresh (a failure joins none: never an unhandled rejection). */
async function roomsOf(app: FastifyInstance, auth: AuthContext): Promise<string[]> {
  if (!memberRooms) return [];
  return memberRooms(app.db, { userId: auth.userId, clientId: auth.clientId }).catch((e: unknown) => {
    app.log.warn({ msg: e instanceof Error ? e.message : String(e) }, 'chat group rooms failed');
    return [];
  });
}

async function onlineUsers(io: Server, clientId: number | null): Promise<number[]> {
  // Across processes the Redis adapter asks every process and may time out under load (B6 found
  // 2,000 connects at once crashing the process on that rejection): then this process's own list.
  const sockets = await io
    .in(clientRoom(clientId))
    .fetchSockets()
    .catch(() => io.local.in(clientRoom(clientId)).fetchSockets());
  const ids = new Set<number>();
  for (const s of sockets) {
    const data = s.data as Partial<SocketData>;
    if (data.auth) ids.add(data.auth.userId);
  }
  return [...ids].sort((a, b) => a - b);
}

/** Shares rooms across the app's processes through Redis when configured; answers the Redis clients to close. */
async function useRedisAdapter(app: FastifyInstance, io: Server): Promise<Redis[]> {
  if (!app.config.redisUrl) return [];
  const pub = await redisClient(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  // The adapter too is loaded only with Redis.
  const { createAdapter } = await import('@socket.io/redis-adapter');
  const sub = pub.duplicate();
  // A Redis error is logged without the URL (it may carry a password).
  for (const c of [pub, sub]) c.on('error', (e: Error) => app.log.warn({ msg: e.message }, 'realtime redis error'));
  io.adapter(createAdapter(pub, sub, { key: `sio-${await instanceId(app.db)}` }));
  return [pub, sub];
}

/** Every socket presents a session's token in its handshake; its user, company and session ride on it. */
function authenticateSockets(app: FastifyInstance, io: Server): void {
  io.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(new Error('unauthorized'));
    resolveAuth(app, token)
      .then((auth) => {
        if (!auth) return next(new Error('unauthorized'));
        (socket.data as SocketData).auth = auth;
        next();
      })
      .catch(() => next(new Error('unauthorized')));
  });
}

/** Spec 7 `connect`: the socket joins its company's room and is answered with who is online once its group rooms are joined. */
function answerConnect(app: FastifyInstance, io: Server, socket: Socket, auth: AuthContext): void {
  // The browser names its user and room; the server trusts only the token's user and
  // company, so a socket can never join another user's or another company's room.
  void socket.join(clientRoom(auth.clientId));
  void Promise.resolve(roomsJoined.get(socket))
    .then(() => onlineUsers(io, auth.clientId))
    .then((online) => {
      socket.emit('message', { type: 'connectto', online, userid: auth.userId });
      socket.to(clientRoom(auth.clientId)).emit('message', { type: 'connectto', contact: { userid: auth.userId, fullname: auth.fullname } });
    })
    // Never an unhandled rejection: it would end the process.
    .catch((e: unknown) => app.log.warn({ msg: e instanceof Error ? e.message : String(e) }, 'online list failed'));
}

/** A connected socket: its user's and session's rooms, its chat groups' rooms, and the messages it may send. */
function onSocketConnected(app: FastifyInstance, io: Server, socket: Socket): void {
  const { auth } = socket.data as SocketData;
  void socket.join([userRoom(auth.userId), sessionRoom(auth.sessionId)]);
  roomsJoined.set(socket, roomsOf(app, auth).then((rooms) => {
    if (rooms.length) void socket.join(rooms);
  }));
  socket.on('message', (raw: unknown) => {
    if (!raw || typeof raw !== 'object') return;
    const m = raw as ClientMessage;
    if (m.type === 'connect') answerConnect(app, io, socket, auth);
    else if (m.type === 'join' || m.type === 'leave') {
      const group = groupIdOf(m);
      if (!group) return;
      const room = chatGroupRoom(group);
      if (m.type === 'leave') void socket.leave(room);
      // Joined only when the SQL of the chat area names the caller a member of that group.
      else void roomsOf(app, auth).then((rooms) => (rooms.includes(room) ? socket.join(room) : undefined));
    }
  });
}

/** Creates the socket server on `app.server` (call before or after listen, once per app). */
export async function attachRealtime(app: FastifyInstance): Promise<Realtime> {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, maxHttpBufferSize: 64 * 1024 });
  const redisClients = await useRedisAdapter(app, io);
  authenticateSockets(app, io);
  io.on('connection', (socket) => onSocketConnected(app, io, socket));

  const signOut = (room: string | string[], reason: string) => {
    io.to(room).emit('message', { type: 'logout', reason });
    // The message goes first on the same transport; then the server drops the sockets, which
    // were authenticated by a session that no longer exists.
    io.in(room).disconnectSockets(false);
  };

  const instance: Realtime = {
    io,
    notifyUser: (userId, payload) => io.to(userRoom(userId)).emit('message', { ...payload, type: 'notifyto2', time: new Date().toISOString() }),
    logoutUser: (userId, reason) => signOut(userRoom(userId), reason),
    emitToCompany: (clientId, type, payload) => io.to(clientRoom(clientId)).emit('message', { ...payload, type, time: new Date().toISOString() }),
    logoutSessions: (ids, reason) => {
      if (ids.length) signOut(ids.map(sessionRoom), reason);
    },
    close: async () => {
      if (live === instance) live = null;
      io.disconnectSockets(true);
      // Not io.close(): that would also close the HTTP server, which belongs to Fastify.
      io.engine.close();
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
      await Promise.allSettled(redisClients.map((c) => c.quit()));
    },
  };
  live = instance;
  return instance;
}
