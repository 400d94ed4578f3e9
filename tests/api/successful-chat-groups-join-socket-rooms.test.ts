import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { chatGroupRoom } from '../../src/server/realtime';
import { bearer, body, loginOk } from './access-test-helpers';
import { liveAppForFile, openSocket, until } from './live-app';

/**
 * Chat groups are socket rooms (issue 35): a socket joins the rooms of its user's groups on connect
 * (read in SQL), joins and leaves at once when the user is added, leaves or is removed, and a group
 * message reaches exactly the members' sockets: not a colleague of a member, not another company's
 * user. The session reply's `jointgroups` lists the groups of the session's company.
 */
type Conv = { id: number; kind: string; name: string; members: number; owner_id: number | null };
type Live = { socket: Socket; got: Array<Record<string, unknown>> };

const live = liveAppForFile(['brand', 'brand.buyer', 'maker', 'maker.planner', 'supplier']);
const base = '/api/crossapi/chatapi/chat';

const call = async <T>(who: string, path: string, payload: Record<string, unknown>) => {
  const res = await live.t.app.inject({ method: 'POST', url: `${base}${path}`, headers: bearer(live.users[who].access_token), payload });
  return { status: res.statusCode, body: body<T>(res) };
};
const ok = async <T>(who: string, path: string, payload: Record<string, unknown>): Promise<T> => {
  const r = await call<T>(who, path, payload);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** A signed-in socket that has sent `connect` and heard `connectto` (its group rooms are joined by then). */
const online = (who: string): Promise<Live> => openSocket(live, who, { type: 'connect', userid: live.users[who].id, roomid: live.users[who].client_id });

const roomSockets = (room: string) => [...(live.rt.io.of('/').adapter.rooms.get(room) ?? [])];
/**
 * Waits until the room's sockets pass `test`: with Redis (CI) a join or leave of other sockets is
 * published and applied when the process hears it back, a moment after the call answered.
 */
const roomBecomes = (room: string, test: (ids: string[]) => boolean) => until(() => (test(roomSockets(room)) ? true : undefined));
const chatBodies = (l: Live, conversationId: number) => l.got.filter((m) => m.type === 'chat' && m.conversation_id === conversationId).map((m) => (m.message as { body: string }).body);

/** The brand sends a text to the group; waits until `probe` heard it, then gives the others a moment to hear it wrongly. */
async function say(id: number, text: string, probe: Live): Promise<void> {
  await ok('brand', '/send', { id, kind: 'text', body: text });
  await until(() => chatBodies(probe, id).includes(text));
  await new Promise((r) => setTimeout(r, 150));
}

describe('chat groups join socket rooms', () => {
  it('a group message reaches exactly the members\' sockets, live as members join, leave or are removed', async () => {
    const group = await ok<Conv>('brand', '/group-save', { name: '春季面料协同', member_ids: [live.users.maker.id] });
    const room = chatGroupRoom(group.id);
    // Every member reads who owns the group (the member panel offers removal to the owner alone).
    expect(group.owner_id).toBe(live.users.brand.id);
    const seen = await live.t.app.inject({ method: 'GET', url: `${base}/conversation?id=${group.id}`, headers: bearer(live.users.maker.access_token) });
    expect(body<Conv & { member_list: Array<{ id: number }> }>(seen).data).toMatchObject({ owner_id: live.users.brand.id, member_list: [{ id: live.users.brand.id }, { id: live.users.maker.id }].sort((a, b) => a.id - b.id) });

    // Sockets opened after the group exists: the members' join its room from the SQL on connect.
    const brand = await online('brand');
    const maker = await online('maker');
    const buyer = await online('brand.buyer');
    const planner = await online('maker.planner');
    const supplier = await online('supplier');
    expect(roomSockets(room).sort()).toEqual([brand.socket.id, maker.socket.id].sort());

    // A non-member asking to join is refused; a malformed group id is ignored; the socket stays up.
    for (const l of [buyer, planner, supplier]) l.socket.emit('message', { type: 'join', groupid: group.id });
    supplier.socket.emit('message', { type: 'join', groupid: 'not-a-group' });
    await new Promise((r) => setTimeout(r, 300));
    expect(roomSockets(room).sort()).toEqual([brand.socket.id, maker.socket.id].sort());
    expect(supplier.socket.connected).toBe(true);

    await say(group.id, '面料周五到', maker);
    expect(chatBodies(brand, group.id)).toEqual(['面料周五到']);
    for (const l of [buyer, planner, supplier]) expect(chatBodies(l, group.id)).toEqual([]);

    // Added: the buyer's open socket joins at once and hears the next message.
    await ok<Conv>('brand', '/group-add', { id: group.id, user_ids: [live.users['brand.buyer'].id] });
    await roomBecomes(room, (ids) => ids.includes(buyer.socket.id!));
    await say(group.id, '采购也来看看', buyer);
    expect(chatBodies(maker, group.id)).toEqual(['面料周五到', '采购也来看看']);
    for (const l of [planner, supplier]) expect(chatBodies(l, group.id)).toEqual([]);

    // Removed by the creator: the maker's socket leaves the room and is told; it hears nothing more.
    expect((await call('brand.buyer', '/group-remove', { id: group.id, user_id: live.users.maker.id })).status).toBe(403);
    expect((await call('supplier', '/group-remove', { id: group.id, user_id: live.users.maker.id })).status).toBe(404);
    const removed = await call<{ errors: Record<string, string> }>('brand', '/group-remove', { id: group.id, user_id: live.users.brand.id });
    expect(removed.status).toBe(400);
    expect(removed.body.data.errors.user_id).toBe('不能移除自己，请使用退出群聊');
    expect((await ok<Conv>('brand', '/group-remove', { id: group.id, user_id: live.users.maker.id })).members).toBe(2);
    expect(await until(() => maker.got.find((m) => m.type === 'chat.removed'))).toMatchObject({ conversation_id: group.id });
    await roomBecomes(room, (ids) => !ids.includes(maker.socket.id!));
    // A removed member asking to join again is refused.
    maker.socket.emit('message', { type: 'join', groupid: group.id });
    await new Promise((r) => setTimeout(r, 300));
    expect(roomSockets(room)).not.toContain(maker.socket.id);
    await say(group.id, '改由采购跟进', buyer);
    expect(chatBodies(maker, group.id)).toEqual(['面料周五到', '采购也来看看']);

    // Leaving: the buyer's socket leaves with them.
    await ok('brand.buyer', '/group-leave', { id: group.id });
    await roomBecomes(room, (ids) => ids.length === 1 && ids[0] === brand.socket.id);

    // A socket may leave a room of its own accord (spec 7 leave) and join again while a member.
    brand.socket.emit('message', { type: 'leave', groupid: group.id });
    await until(() => (roomSockets(room).length === 0 ? true : undefined));
    brand.socket.emit('message', { type: 'join', groupid: String(group.id) });
    await until(() => (roomSockets(room).includes(brand.socket.id!) ? true : undefined));
  });

  it('the session reply lists the groups of the session\'s company as jointgroups', async () => {
    const group = await ok<Conv>('maker', '/group-save', { name: '生产跟单群', member_ids: [live.users['maker.planner'].id, live.users['brand.buyer'].id] });
    const planner = await loginOk(live.t.app, 'maker.planner');
    expect(planner.jointgroups).toContainEqual({ groupid: group.id, name: '生产跟单群' });
    const buyer = await loginOk(live.t.app, 'brand.buyer');
    expect(buyer.jointgroups).toContainEqual({ groupid: group.id, name: '生产跟单群' });
    // Not a member: not listed. A direct conversation is no group.
    const supplier = await loginOk(live.t.app, 'supplier');
    expect((supplier.jointgroups as Array<{ groupid: number }>).some((g) => g.groupid === group.id)).toBe(false);
    const direct = await ok<Conv>('maker', '/open', { user_id: live.users['maker.planner'].id });
    const again = await loginOk(live.t.app, 'maker.planner');
    expect((again.jointgroups as Array<{ groupid: number }>).map((g) => g.groupid)).not.toContain(direct.id);
    // The profile call answers the same list.
    const profile = await live.t.app.inject({ method: 'GET', url: '/api/access/profile', headers: bearer(again.access_token) });
    expect(profile.statusCode).toBe(200);
    expect(JSON.stringify(body(profile).data)).toContain(`{"groupid":${group.id},"name":"生产跟单群"}`);
  });
});
