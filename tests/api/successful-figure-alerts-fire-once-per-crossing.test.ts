import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import type { AlertListReply, AlertRow } from '../../src/model/calls/alerts';
import { onAlertEvaluation, settleAlerts } from '../../src/server/services/reports/alerts.live';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Figure alerts (issue 34, docs/architecture-alerts.md), on PGlite and PostgreSQL: an alert on a
 * declared report's measure fires to the bell once per crossing, evaluated when a write of the
 * report's entity commits (no timer); another company's writes never evaluate, fire or show it; its
 * notice opens the list with exactly the alert's filters, whose total is the alert's figure; the
 * owner's data permissions narrow the figure as they narrow the list; bad input is refused by field.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const BRAND = 'ALERT-测试品牌';
const evaluations: Array<{ clientId: number; reports: string[]; fired: number[] }> = [];

const headers = (user: string) => ({ authorization: `Bearer ${tokens[user]}`, 'x-lang': 'zh-CN' });
async function call<T>(user: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<{ status: number; data: T; body: Record<string, unknown> }> {
  const res = await t.app.inject({ method, url, headers: headers(user), payload: payload as Record<string, unknown> | undefined });
  const body = res.json() as { data: T };
  return { status: res.statusCode, data: body.data, body: body as Record<string, unknown> };
}
const orders = (user: string) => resourceClient(t.app, tokens[user], 'scmapi', 'customerorder');
const one = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.app.db)).rows[0]?.n ?? 0);
const notices = (user: string) => one(sql<{ n: number }>`select count(*)::int as n from notify_notice where user_id = ${ids[user]} and kind = 'alert.fired'`);

async function newOrder(user: string): Promise<number> {
  const entries = [{ style_no: 'ALERT-1', style_name: '预警款', colour: '黑色', size: 'M', qty: 120, unit_price: 18, seq: 1 }];
  const r = await orders(user).save({ brand_name: BRAND, pr_type: 'bulk', category: 'knit-top', receive_date: '2026-01-10', delivery_date: '2027-06-30', currency: 'CNY', entries });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return Number((r.body.data as { id: number }).id);
}
async function act(user: string, action: 'accept' | 'finish', id: number) {
  const r = await orders(user).action(action, { id });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await settleAlerts();
}
let brandAlertId = 0;
const mineOf = async (user: string): Promise<AlertRow> => (await alertsOf(user)).find((a) => a.name === '预警品牌进行中订单超过 1 单')!;
const brandsOwn = async (): Promise<AlertRow> => (await alertsOf('brand')).find((a) => a.id === brandAlertId)!;
async function alertsOf(user: string): Promise<AlertRow[]> {
  const r = await call<AlertListReply>(user, 'GET', '/api/rptapi/alerts');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.data.rows;
}

let off: () => void;
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'maker.planner', 'brand', 'brand.buyer']) {
    tokens[u] = await signIn(t.app, u);
    ids[u] = await one(sql<{ n: number }>`select id as n from users where username = ${u}`);
  }
  ids.MAKER01 = await one(sql<{ n: number }>`select id as n from clients where code = 'MAKER01'`);
  ids.BRAND01 = await one(sql<{ n: number }>`select id as n from clients where code = 'BRAND01'`);
  off = onAlertEvaluation((e) => evaluations.push(e));
}, 120_000);
afterAll(async () => {
  off?.();
  await t?.close();
});

// Eight order actions, each waiting for its evaluation: minutes on a loaded machine.
describe('figure alerts', { timeout: 180_000 }, () => {
  let alert: AlertRow;

  it('offers the datasets the caller reads and refuses what is not one of them, field by field', async () => {
    const list = await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts');
    expect(list.status).toBe(200);
    const datasets = list.data.datasets.map((d) => d.report);
    expect(datasets).toEqual(expect.arrayContaining(['orders-by-status', 'on-time-delivery', 'plan-lateness']));
    expect(datasets).not.toContain('pr-order-book');
    expect(list.data.roles.map((r) => r.code)).toEqual(expect.arrayContaining(['planner', 'clientadmin']));

    const base = { name: '进行中订单过多', report: 'orders-by-status', measure: 'orders', filters: { 'f.status.eq': 'in_progress' }, condition: 'above', threshold: 1, recipient_users: [ids.maker], recipient_roles: [], enabled: true };
    const bad = async (change: Record<string, unknown>, field: string) => {
      const r = await call<{ errors: Record<string, unknown> }>('maker', 'POST', '/api/rptapi/alerts/save', { ...base, ...change });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(Object.keys(r.data.errors)).toContain(field);
    };
    await bad({ report: 'pr-order-book' }, 'report');
    await bad({ measure: 'nope' }, 'measure');
    await bad({ filters: { 'f.currency.eq': 'USD' } }, 'filters');
    await bad({ condition: 'late_by', days: 3 }, 'measure');
    await bad({ report: 'on-time-delivery', measure: 'late_open', condition: 'late_by', days: null }, 'days');
    await bad({ threshold: 'many' }, 'threshold');
    await bad({ recipient_users: [], recipient_roles: [] }, 'recipient_users');
    await bad({ recipient_users: [ids.brand] }, 'recipient_users');
    await bad({ recipient_roles: ['nosuchrole'] }, 'recipient_roles');
    expect((await alertsOf('maker')).filter((a) => a.name === base.name)).toEqual([]);
  });

  it('is set by a manager on her own company, measured at once, and armed without telling anyone', async () => {
    const r = await call<AlertRow>('maker', 'POST', '/api/rptapi/alerts/save', {
      name: '预警品牌进行中订单超过 1 单', report: 'orders-by-status', measure: 'orders', filters: { 'f.status.eq': 'in_progress', 'f.brand_name.eq': BRAND },
      condition: 'above', threshold: 1, recipient_users: [ids.maker], recipient_roles: ['planner'], enabled: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    alert = r.data;
    expect(alert).toMatchObject({ alert_state: 'armed', last_value: 0, fired_count: 0, created_by: ids.maker });
    expect(alert.link).toBe(`/page/subindex/customerorder?${new URLSearchParams({ 'f.status.eq': 'in_progress', 'f.brand_name.eq': BRAND }).toString()}`);
    expect(await notices('maker')).toBe(0);
    // The list names the users its alerts tell (the form shows them by name without a search), only the company's own.
    const people = (await call<AlertListReply>('maker', 'GET', '/api/rptapi/alerts')).data.people;
    expect(people).toContainEqual(expect.objectContaining({ id: ids.maker, username: 'maker' }));
    expect(people.map((p) => p.username)).not.toContain('brand');
  });

  it('fires once when another user\'s order actions cross the line, not again while across, and again after going back', async () => {
    const [a, b, c] = [await newOrder('maker.planner'), await newOrder('maker.planner'), await newOrder('maker.planner')];
    evaluations.length = 0;
    await act('maker.planner', 'accept', a);
    // One in progress: at the line, not above it.
    expect((await mineOf('maker'))).toMatchObject({ last_value: 1, alert_state: 'armed', fired_count: 0 });
    expect(evaluations.some((e) => e.clientId === ids.MAKER01 && e.reports.includes('orders-by-status'))).toBe(true);

    await act('maker.planner', 'accept', b);
    expect((await mineOf('maker'))).toMatchObject({ last_value: 2, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);
    // The role's user (the planner, who reads customer orders) is told too; the brand's users never.
    expect(await notices('maker.planner')).toBe(1);
    expect(await notices('brand')).toBe(0);

    await act('maker.planner', 'accept', c);
    expect((await mineOf('maker'))).toMatchObject({ last_value: 3, alert_state: 'crossed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);

    await act('maker.planner', 'finish', b);
    await act('maker.planner', 'finish', c);
    expect((await mineOf('maker'))).toMatchObject({ last_value: 1, alert_state: 'armed', fired_count: 1 });
    expect(await notices('maker')).toBe(1);

    const d = await newOrder('maker.planner');
    await act('maker.planner', 'accept', d);
    expect((await mineOf('maker'))).toMatchObject({ last_value: 2, alert_state: 'crossed', fired_count: 2 });
    expect(await notices('maker')).toBe(2);
  });

  it('tells the bell with the alert\'s name, figure and threshold, and links to the list with exactly its filters', async () => {
    const n = (await sql<{ title: string; body: string; link: string }>`select title, body, link from notify_notice where user_id = ${ids.maker} and kind = 'alert.fired' order by id desc limit 1`.execute(t.app.db)).rows[0];
    expect(n.title).toBe('预警：预警品牌进行中订单超过 1 单');
    expect(n.body).toBe('订单数为 2，高于 1。');
    const url = new URL(n.link, 'http://x');
    expect(url.pathname).toBe('/page/subindex/customerorder');
    const filters = Object.fromEntries([...url.searchParams.entries()].filter(([k]) => k.startsWith('f.')));
    expect(filters).toEqual(alert.filters);
    const listed = await orders('maker').page({ ...filters, page: 1, size: 1 });
    expect(listed.body.data.total).toBe(2);
    // The English reader's notice is in English.
    await sql`update users set language = 'en' where id = ${ids['maker.planner']}`.execute(t.app.db);
    const e = await newOrder('maker.planner');
    await act('maker.planner', 'finish', (await orders('maker').page({ 'f.status.eq': 'in_progress', 'f.brand_name.eq': BRAND, size: 5 })).body.data.rows.map((r) => Number(r.id))[0]);
    await act('maker.planner', 'accept', e);
    const en = (await sql<{ title: string; body: string }>`select title, body from notify_notice where user_id = ${ids['maker.planner']} and kind = 'alert.fired' order by id desc limit 1`.execute(t.app.db)).rows[0];
    expect(en).toEqual({ title: 'Alert: 预警品牌进行中订单超过 1 单', body: 'Orders is 2, above 1.' });
    await sql`update users set language = 'zh-CN' where id = ${ids['maker.planner']}`.execute(t.app.db);
  });

  it('keeps companies apart: the brand neither sees, changes nor is told of the maker\'s alert, and its writes evaluate only its own', async () => {
    expect((await alertsOf('brand')).map((a) => a.id)).not.toContain(alert.id);
    const steal = await call('brand', 'POST', '/api/rptapi/alerts/save', { ...alert, id: alert.id, version: alert.version, recipient_users: [ids.brand] });
    expect(steal.status).toBe(404);
    const gone = await call('brand', 'POST', '/api/rptapi/alerts/remove', { ids: [alert.id], versions: [alert.version] });
    expect(gone.status).toBe(404);

    const own = await call<AlertRow>('brand', 'POST', '/api/rptapi/alerts/save', {
      name: '需求单', report: 'pr-order-book', measure: 'orders', filters: {}, condition: 'changed_by', threshold: 1, recipient_users: [ids.brand], recipient_roles: [], enabled: true,
    });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    brandAlertId = own.data.id;
    const brandChecked = own.data.checked_at;
    const makerBefore = (await mineOf('maker'));

    // The maker's order actions evaluate the maker's alerts only.
    evaluations.length = 0;
    const f = await newOrder('maker.planner');
    await act('maker.planner', 'accept', f);
    expect(evaluations.length).toBeGreaterThan(0);
    expect(evaluations.every((e) => e.clientId === ids.MAKER01)).toBe(true);
    expect((await brandsOwn()).checked_at).toBe(brandChecked);
    expect(await notices('brand')).toBe(0);

    // The brand's requirement order, saved: the brand's alert is measured (one more: changed by 1, told), the maker's is not.
    evaluations.length = 0;
    const makerMid = (await mineOf('maker'));
    const entries = [{ style_no: 'ALERT-9', style_name: '预警款', colour: '黑色', size: 'M', qty: 10, unit_price: 5, seq: 1 }];
    const saved = await resourceClient(t.app, tokens['brand.buyer'], 'scmapi', 'prorder').save({ pr_type: 'bulk', category: 'knit-top', currency: 'CNY', entries });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200);
    await settleAlerts();
    expect(evaluations.length).toBeGreaterThan(0);
    expect(evaluations.every((e) => e.clientId === ids.BRAND01)).toBe(true);
    const brandAfter = (await brandsOwn());
    expect(brandAfter.fired_count).toBe(1);
    expect(brandAfter.last_value).toBe(Number(own.data.last_value) + 1);
    expect(await notices('brand')).toBe(1);
    expect((await mineOf('maker')).checked_at).toBe(makerMid.checked_at);
    expect(makerBefore.id).toBe(alert.id);
  });

  it('runs an open-and-late alert with the days late: its figure is the list of its link, and the owner\'s data permissions narrow it', async () => {
    // An order of the planner's, due in February and accepted: open and late by months.
    const entries = [{ style_no: 'ALERT-2', style_name: '预警款', colour: '黑色', size: 'M', qty: 80, unit_price: 18, seq: 1 }];
    const late = await orders('maker.planner').save({ brand_name: BRAND, pr_type: 'bulk', category: 'knit-top', receive_date: '2026-01-10', delivery_date: '2026-02-20', currency: 'CNY', entries });
    expect(late.status, JSON.stringify(late.body)).toBe(200);
    await act('maker.planner', 'accept', Number((late.body.data as { id: number }).id));
    const spec = { report: 'on-time-delivery', measure: 'late_open', filters: {}, condition: 'late_by', threshold: 0, days: 5 };
    const p = await call<{ value: number; link: string }>('maker', 'POST', '/api/rptapi/alerts/preview', spec);
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    const url = new URL(p.data.link, 'http://x');
    const cutoff = new Date(Date.now() - 5 * 86400000).toISOString().slice(0, 10);
    expect(Object.fromEntries(url.searchParams.entries())).toEqual({ 'f.status.eq': 'in_progress', 'f.delivery_date.lt': cutoff });
    const listed = await orders('maker').page({ ...Object.fromEntries(url.searchParams.entries()), page: 1, size: 1 });
    expect(listed.body.data.total).toBe(p.data.value);
    expect(p.data.value).toBeGreaterThan(0);

    // A role with a category rule on customer orders: the planner's figure is the planner's list.
    const role = await call<{ id: number }>('maker', 'POST', '/api/adminapi/roles/save', { code: 'alert_knit', name_zh: '针织订单（预警）', grants: [{ menu_code: 'scm.customerorder', verbs: ['view'] }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const rule = await call('maker', 'POST', '/api/adminapi/data-permissions/save', { role_id: role.data.id, menu_code: 'scm.customerorder', field: 'category', operator: 'eq', value: 'woven-shirt' });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    expect((await call('maker', 'POST', '/api/adminapi/users/assign-roles', { id: ids['maker.planner'], roles: ['common', 'planner', 'alert_knit'] })).status).toBe(200);
    tokens['maker.planner'] = await signIn(t.app, 'maker.planner');
    const narrowed = await call<{ value: number }>('maker.planner', 'POST', '/api/rptapi/alerts/preview', { ...spec, condition: 'above', days: null, filters: {} });
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
    const mine = await orders('maker.planner').page({ 'f.status.eq': 'in_progress', 'f.delivery_date.lt': new Date().toISOString().slice(0, 10), page: 1, size: 1 });
    expect(narrowed.data.value).toBe(mine.body.data.total);
    const whole = await orders('maker').page({ 'f.status.eq': 'in_progress', 'f.delivery_date.lt': new Date().toISOString().slice(0, 10), page: 1, size: 1 });
    expect(narrowed.data.value).toBeLessThan(whole.body.data.total);
  });

  it('is removed at the version it was read, by its own company', async () => {
    const mine = await mineOf('maker');
    const stale = await call('maker', 'POST', '/api/rptapi/alerts/remove', { ids: [mine.id], versions: [mine.version - 1] });
    expect(stale.status).toBe(409);
    const r = await call<{ removed: number }>('maker', 'POST', '/api/rptapi/alerts/remove', { ids: [mine.id], versions: [mine.version] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.data.removed).toBe(1);
    expect((await alertsOf('maker')).map((a) => a.id)).not.toContain(mine.id);
  });

  it('comes with the demo: each company\'s managers watch their own figures, measured at the seed and telling nobody yet', async () => {
    for (const [user, company] of [['maker', 'MAKER01'], ['brand', 'BRAND01']] as const) {
      const rows = (await alertsOf(user)).filter((a) => a.id !== brandAlertId);
      expect(rows.length, company).toBeGreaterThanOrEqual(2);
      for (const a of rows) expect(a.alert_state, a.name).not.toBeNull();
    }
    expect((await alertsOf('maker')).map((a) => a.report)).toEqual(expect.arrayContaining(['on-time-delivery', 'open-exceptions']));
  });
});
