import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEntities, type EntityDef } from '../../src/model';
import { MAX_IDS_PER_CALL } from '../../src/server/http/id-list';
import { actionHandlers } from '../../src/server/resources/action-handlers';
import { tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 28 item 6: marking announcements or notices read and removing tasks took 300,000 ids, where
 * a remove or an action stopped at 1,000. Every call that takes a list of ids now reads it through
 * one parser (src/server/http/id-list.ts) with one bound: 1,001 ids are refused with 400 and the
 * message naming the limit, before anything is looked up; 1,000 pass the bound (and meet the call's
 * own rules: unknown records, a group's size...). Generated for every registry entity's remove and
 * actions; the service routes are listed below.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const TOO_MANY_ZH = `一次最多只能操作 ${MAX_IDS_PER_CALL} 条数据，请分批进行`;
const TOO_MANY_EN = `At most ${MAX_IDS_PER_CALL} records can be handled at once; please work in batches`;
const NO_IDS_ZH = '请先选择数据';

/** n ids that name no record (far above any id the seed uses). */
const unknownIds = (n: number) => Array.from({ length: n }, (_, i) => 900_000_000 + i);

type Reply = { status: number; body: { code: number; message: string; data: unknown } };

async function call(user: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>, lang = 'zh-CN'): Promise<Reply> {
  const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': lang }, payload });
  return { status: res.statusCode, body: res.json() as Reply['body'] };
}

function expectTooMany(r: Reply, what: string, message = TOO_MANY_ZH): void {
  expect({ what, status: r.status, code: r.body.code, message: r.body.message }).toEqual({ what, status: 400, code: 400, message });
}

function expectPassesBound(r: Reply, what: string): void {
  expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBeLessThan(500);
  expect(r.body.message, what).not.toBe(TOO_MANY_ZH);
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'maker']) tokens[u] = await tokenFor(t.database.db, t.config, u);
});
afterAll(async () => t?.close());

/** A bulk route of a service: how it takes `ids`, who calls it, and what 1,000 ids meet there. */
type BulkRoute = { name: string; user: string; method: 'POST' | 'DELETE'; url: (ids: number[]) => string; body?: (ids: number[]) => Record<string, unknown> };

const SERVICE_ROUTES: BulkRoute[] = [
  { name: 'notices read', user: 'brand', method: 'POST', url: () => '/api/notifyapi/notify-msg/read', body: (ids) => ({ ids }) },
  { name: 'announcements read', user: 'brand', method: 'POST', url: () => '/api/notifyapi/announcement/read', body: (ids) => ({ ids }) },
  { name: 'announcements read (form data text)', user: 'brand', method: 'POST', url: () => '/api/notifyapi/announcement/read', body: (ids) => ({ data: JSON.stringify({ ids }) }) },
  { name: 'tasks remove', user: 'brand', method: 'DELETE', url: (ids) => `/api/notifyapi/notify-msg/task-remove?ids=${ids.join(',')}` },
  { name: 'chat group create', user: 'brand', method: 'POST', url: () => '/api/crossapi/chatapi/chat/group-save', body: (ids) => ({ name: '大群', member_ids: ids }) },
  { name: 'chat group add', user: 'brand', method: 'POST', url: () => '/api/crossapi/chatapi/chat/group-add', body: (ids) => ({ id: 1, user_ids: ids }) },
  { name: 'ticket comment files', user: 'brand', method: 'POST', url: () => '/api/crossapi/ticketapi/ticket/comment', body: (ids) => ({ id: 1, content: '附件', files: ids }) },
  { name: 'ticket raise owners', user: 'brand', method: 'POST', url: () => '/api/crossapi/ticketapi/ticket/save', body: (ids) => ({ title: '异常', doc_type: 'customerorder', doc_id: 1, owner_ids: ids }) },
  { name: 'ticket raise participants', user: 'brand', method: 'POST', url: () => '/api/crossapi/ticketapi/ticket/save', body: (ids) => ({ title: '异常', doc_type: 'customerorder', doc_id: 1, owner_ids: [1], participant_ids: ids.join(',') }) },
  { name: 'sample comment photos', user: 'brand', method: 'POST', url: () => '/api/scmapi/samplerequest/comment', body: (ids) => ({ id: 1, body: '照片', photos: ids }) },
  { name: 'users freeze', user: 'brand', method: 'POST', url: () => '/api/adminapi/users/freeze', body: (ids) => ({ ids }) },
  { name: 'users activate', user: 'brand', method: 'POST', url: () => '/api/adminapi/users/activate', body: (ids) => ({ ids: ids.join(',') }) },
  { name: 'dynamic form remove', user: 'brand', method: 'POST', url: () => '/api/crossapi/dynformdata/QC_INSPECT/remove', body: (ids) => ({ ids, versions: ids.map(() => 1) }) },
  { name: 'schedule merge', user: 'maker', method: 'POST', url: () => '/api/scmapi/schedule/command', body: (ids) => ({ op: 'merge', bar_ids: ids, versions: ids.map(() => 1) }) },
];

describe('service routes that take a list of ids', () => {
  it.each(SERVICE_ROUTES.map((r) => [r.name, r] as const))('%s: refuses 1,001 ids and lets 1,000 through the bound', async (name, r) => {
    const over = unknownIds(MAX_IDS_PER_CALL + 1);
    expectTooMany(await call(r.user, r.method, r.url(over), r.body?.(over)), name);
    const at = unknownIds(MAX_IDS_PER_CALL);
    expectPassesBound(await call(r.user, r.method, r.url(at), r.body?.(at)), name);
  });

  it('names the limit in English too', async () => {
    const over = unknownIds(MAX_IDS_PER_CALL + 1);
    expectTooMany(await call('brand', 'POST', '/api/notifyapi/announcement/read', { ids: over }, 'en'), 'announcements read', TOO_MANY_EN);
  });

  it('refuses 300,000 ids quickly', async () => {
    const ids = unknownIds(300_000);
    const started = Date.now();
    expectTooMany(await call('brand', 'POST', '/api/notifyapi/notify-msg/read', { ids }), 'notices read');
    expectTooMany(await call('brand', 'POST', '/api/notifyapi/announcement/read', { ids }), 'announcements read');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

const ENTITIES = (): EntityDef[] => allEntities().filter((e) => !e.childOnly);

/** The actions of an entity: its state machine's transitions and its handler-only actions. */
function actionsOf(e: EntityDef): string[] {
  const own = (e.states?.transitions ?? []).map((x) => x.action);
  const handlers = [...actionHandlers.keys()].filter((k) => k.startsWith(`${e.name}.`)).map((k) => k.slice(e.name.length + 1));
  return [...new Set([...own, ...handlers])];
}

describe.each(ENTITIES().map((e) => [e.name, e] as const))('registry entity %s', (_name, e) => {
  const base = `/api/${e.prefix}/${e.name}`;

  it('remove refuses 1,001 ids and lets 1,000 through the bound', async () => {
    const over = unknownIds(MAX_IDS_PER_CALL + 1);
    expectTooMany(await call('brand', 'POST', `${base}/remove`, { ids: over, versions: over.map(() => 1) }), `${e.name} remove`);
    expectTooMany(await call('brand', 'POST', `${base}/remove`, { ids: over.join(','), versions: over.map(() => 1).join(',') }), `${e.name} remove (text)`);
    const at = unknownIds(MAX_IDS_PER_CALL);
    const r = await call('brand', 'POST', `${base}/remove`, { ids: at, versions: at.map(() => 1) });
    expect(r.status, `${e.name} remove: ${JSON.stringify(r.body)}`).toBe(404);
  });

  it('every action it offers refuses 1,001 ids', async () => {
    for (const action of actionsOf(e)) {
      // An action the administrator may not run (a role of another side) is refused before its ids are read.
      const reach = await call('brand', 'POST', `${base}/action/${action}`, { ids: [] });
      if (reach.status === 403) continue;
      expect(reach.body.message, `${e.name} ${action}: ${JSON.stringify(reach.body)}`).toBe(NO_IDS_ZH);
      const over = unknownIds(MAX_IDS_PER_CALL + 1);
      expectTooMany(await call('brand', 'POST', `${base}/action/${action}`, { ids: over }), `${e.name} ${action}`);
    }
  });
});
