import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { attachRealtime, type Realtime } from '../../src/server/realtime';
import { createTestApp, type TestApp } from '../support/test-app';
import { loginOk, type LoginData } from './access-test-helpers';

/**
 * The app of a file whose tests listen on sockets (chat, live documents): listening on a free port
 * with the realtime layer attached, the named demo users signed in; the sockets opened by
 * `openSocket`, the realtime layer and the app are closed after the file's tests.
 */
export type LiveApp = { t: TestApp; rt: Realtime; url: string; users: Record<string, LoginData>; sockets: Socket[] };

export function liveAppForFile(usernames: readonly string[]): LiveApp {
  const live = { users: {}, sockets: [] as Socket[] } as unknown as LiveApp;
  beforeAll(async () => {
    live.t = await createTestApp();
    live.rt = await attachRealtime(live.t.app);
    await live.t.app.listen({ port: 0, host: '127.0.0.1' });
    const a = live.t.app.server.address();
    if (!a || typeof a === 'string') throw new Error('no port');
    live.url = `http://127.0.0.1:${a.port}`;
    for (const u of usernames) live.users[u] = await loginOk(live.t.app, u);
  });
  afterAll(async () => {
    for (const s of live.sockets) s.close();
    await live.rt?.close();
    await live.t?.close();
  });
  return live;
}

/**
 * A signed-in user's socket collecting every message it hears. With `hello` (spec 7's `connect`
 * message, the default) it also waits for the server's `connectto`: the company's and the user's
 * group rooms are joined by then. `hello: null` answers as soon as the socket is connected.
 */
export async function openSocket<M extends Record<string, unknown> = Record<string, unknown>>(live: LiveApp, who: string, hello: Record<string, unknown> | null = { type: 'connect' }): Promise<{ socket: Socket; got: M[] }> {
  const socket = connect(live.url, { path: '/socket.io', transports: ['websocket'], reconnection: false, auth: { token: live.users[who].access_token } });
  live.sockets.push(socket);
  const got: M[] = [];
  socket.on('message', (m: M) => got.push(m));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  if (hello) {
    socket.emit('message', hello);
    await until(() => got.find((m) => m.type === 'connectto' && Array.isArray(m.online)));
  }
  return { socket, got };
}

/** Polls `probe` every 20 ms until it answers something truthy (that value), or fails after `ms`. */
export async function until<T>(probe: () => T | undefined | false, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}
