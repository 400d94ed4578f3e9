import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import '../../reports/dashboards';
import { dashboardQuery, getDashboard } from '../../src/model';
import { resourceClient } from '../support/resource-client';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { reportCalls } from './report-support';

/**
 * Issue 13, the dashboards (`/visual/{opt}`) and the sourcing-in-progress report: the report reads
 * its caller's tenant only, narrowed by the sourcing menu's data permissions as the project list is;
 * its arithmetic (overdue, suppliers still in) holds against SQL; the organisation filter's members
 * come from the caller's company only and narrow a dashboard's widgets to the documents those users
 * entered; every widget of every dashboard runs for the company kind it is for, with the organisation.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const clients: Record<string, number> = {};
const { run, total, one, call } = reportCalls<unknown>(() => t, tokens);
type Org = { id: number; name: string; code: string; parentId: number | null; users: number[] };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['maker', 'brand', 'supplier', 'maker.planner']) {
    tokens[u] = await signIn(t.app, u);
    clients[u] = await one(sql<{ n: number }>`select client_id as n from users where username = ${u}`);
  }
}, 120_000);
afterAll(async () => t?.close());

describe('sourcing in progress', () => {
  it('each company counts its own projects only, labelled by stage', async () => {
    const seen: number[] = [];
    for (const user of ['brand', 'maker']) {
      const data = await run(user, 'sourcing-in-progress');
      const expected = await one(sql`select count(*)::int as n from srm_src_project where client_id = ${clients[user]}`);
      expect(total(data.rows, 'projects'), user).toBe(expected);
      seen.push(expected);
      for (const r of data.rows) if (r.status) expect(data.labels.status?.[String(r.status)], String(r.status)).toBeTruthy();
    }
    expect(Math.max(...seen)).toBeGreaterThan(0);
    // The supplier runs no sourcing project of its own: it sees none of the brand's.
    expect(total((await run('supplier', 'sourcing-in-progress')).rows, 'projects')).toBe(await one(sql`select count(*)::int as n from srm_src_project where client_id = ${clients.supplier}`));
  });

  it('overdue: a deadline past and the evaluation not ended; suppliers: records not eliminated', async () => {
    const c = clients.brand;
    await sql`update srm_src_project set deadline = current_date - 3 where client_id = ${c} and status <> 'evaluation_ended'
      and id = (select min(id) from srm_src_project where client_id = ${c} and status <> 'evaluation_ended')`.execute(t.app.db);
    await sql`update srm_src_project set deadline = current_date - 3 where client_id = ${c} and status = 'evaluation_ended'`.execute(t.app.db);
    const data = await run('brand', 'sourcing-in-progress', { group: 'status', subtotals: '1' });
    const grand = data.rows.find((r) => r._level === 1)!;
    expect(grand.overdue).toBe(await one(sql`select count(*)::int as n from srm_src_project where client_id = ${c} and deadline < current_date and status <> 'evaluation_ended'`));
    expect(grand.overdue).toBeGreaterThan(0);
    expect(grand.on_schedule).toBe(Number(grand.projects) - Number(grand.overdue));
    expect(grand.overdue_rate).toBeCloseTo(Number(grand.overdue) / Number(grand.projects));
    expect(data.rows.find((r) => r.status === 'evaluation_ended' && !r._level)?.overdue ?? 0).toBe(0);
    expect(grand.suppliers).toBe(await one(sql`select count(*)::int as n from srm_src_record r join srm_src_project p on p.id = r.project_id and p.client_id = r.client_id where r.client_id = ${c} and r.status <> 'eliminated'`));
  });

  it('the pipeline filter (evaluation not ended) and a stage drill give the project list’s rows', async () => {
    const data = await run('brand', 'sourcing-in-progress', { 'f.eval_state.in': 'not_evaluated,evaluating' });
    const list = await resourceClient(t.app, tokens.brand, 'srmapi', 'srcproject').page({ 'f.eval_state.in': 'not_evaluated,evaluating' });
    expect(list.status).toBe(200);
    expect(total(data.rows, 'projects')).toBe(list.body.data.total);
    const stage = data.rows.find((r) => !r._level && r.status)!;
    const drilled = await resourceClient(t.app, tokens.brand, 'srmapi', 'srcproject').page({ 'f.eval_state.in': 'not_evaluated,evaluating', 'f.status.eq': String(stage.status) });
    expect(drilled.body.data.total).toBe(stage.projects);
  });

  it('a data permission of the sourcing menu narrows it as it narrows the project list', async () => {
    const c = clients.brand;
    const picked = String((await sql<{ v: string }>`select src_type as v from srm_src_project where client_id = ${c} group by 1 order by count(*) desc limit 1`.execute(t.app.db)).rows[0].v);
    const role = await call('POST', '/api/adminapi/roles/save', tokens.brand, { code: 'src_narrow', name_zh: '寻源数据权限', grants: [{ menu_code: 'srm.sourcing', verbs: ['view'] }] });
    expect(role.status, JSON.stringify(role.body)).toBe(200);
    const roleId = (role.body.data as { id: number }).id;
    const rule = await call('POST', '/api/adminapi/data-permissions/save', tokens.brand, { role_id: roleId, menu_code: 'srm.sourcing', field: 'src_type', operator: 'eq', value: picked });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
    const users = await call('GET', '/api/adminapi/users?q=brand.buyer', tokens.brand);
    const id = ((users.body.data as { rows: Array<{ id: number; username: string }> }).rows).find((u) => u.username === 'brand.buyer')!.id;
    expect((await call('POST', '/api/adminapi/users/assign-roles', tokens.brand, { id, roles: ['src_narrow'] })).status).toBe(200);
    tokens.buyer = await signIn(t.app, 'brand.buyer');
    const data = await run('buyer', 'sourcing-in-progress', { group: 'type' });
    expect(data.rows.map((r) => r.type)).toEqual([picked]);
    const expected = await one(sql`select count(*)::int as n from srm_src_project where client_id = ${c} and src_type = ${picked}`);
    expect(total(data.rows, 'projects')).toBe(expected);
    expect(expected).toBeLessThan(await one(sql`select count(*)::int as n from srm_src_project where client_id = ${c}`));
    const list = await resourceClient(t.app, tokens.buyer, 'srmapi', 'srcproject').page({});
    expect(list.body.data.total).toBe(expected);
  });
});

describe('the dashboards’ organisation filter', () => {
  const orgsOf = async (user: string, name: string) => {
    const r = await call('GET', `/api/rptapi/dashboard/${name}/orgs`, tokens[user]);
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    return r.body.data as Org[];
  };

  it('lists the caller’s own organisations, each with its members and those of the organisations below it', async () => {
    const orgs = await orgsOf('maker', 'production');
    const planner = await one(sql`select id as n from users where username = 'maker.planner'`);
    const prod = orgs.find((o) => o.code === 'ORG-PROD')!;
    const root = orgs.find((o) => o.code === 'ORG')!;
    expect(prod.users).toContain(planner);
    expect(root.users).toContain(planner);
    expect(orgs.find((o) => o.code === 'ORG-PROD-PLAN')!.users).not.toContain(planner);
    expect(prod.parentId).toBe(root.id);
    const own = await one(sql`select count(*)::int as n from md_org where client_id = ${clients.maker}`);
    expect(orgs.length).toBe(own);
    const brandOrgs = await orgsOf('brand', 'sourcing');
    const brandIds = new Set((await sql<{ id: number }>`select id from md_org where client_id = ${clients.brand}`.execute(t.app.db)).rows.map((r) => Number(r.id)));
    expect(brandOrgs.every((o) => brandIds.has(o.id))).toBe(true);
    const brandUsers = new Set((await sql<{ id: number }>`select id from users where client_id = ${clients.brand}`.execute(t.app.db)).rows.map((r) => Number(r.id)));
    expect(brandOrgs.flatMap((o) => o.users).every((u) => brandUsers.has(u))).toBe(true);
  });

  it('asks for the dashboard’s menu entry; an unknown dashboard is not found', async () => {
    // The buyer's only role (the data permission test's) grants the project list, not the dashboard.
    expect((await call('GET', '/api/rptapi/dashboard/sourcing/orgs', tokens.buyer)).status).toBe(403);
    expect((await call('GET', '/api/rptapi/dashboard/production/orgs', tokens['maker.planner'])).status).toBe(200);
    expect((await call('GET', '/api/rptapi/dashboard/nope/orgs', tokens.maker)).status).toBe(404);
  });

  it('narrows a widget to the documents the organisation’s members entered, as the list does', async () => {
    const c = clients.maker;
    const planner = await one(sql`select id as n from users where username = 'maker.planner'`);
    // Two of the maker's customer orders entered by the planner (ORG-PROD), the rest by others.
    await sql`update scm_customer_order set created_by = ${planner} where id in (select id from scm_customer_order where client_id = ${c} order by id limit 2)`.execute(t.app.db);
    const prod = (await orgsOf('maker', 'production')).find((o) => o.code === 'ORG-PROD')!;
    const w = getDashboard('production')!.widgets.find((x) => x.key === 'orderbook')!;
    const q = dashboardQuery(w, { from: '', to: '', users: prod.users });
    const data = await run('maker', 'order-book', { ...q, group: 'status' });
    const expected = await one(sql`select count(*)::int as n from scm_customer_order where client_id = ${c} and created_by in (${sql.join(prod.users)})`);
    expect(expected).toBeGreaterThanOrEqual(2);
    expect(total(data.rows, 'orders')).toBe(expected);
    expect(expected).toBeLessThan(await one(sql`select count(*)::int as n from scm_customer_order where client_id = ${c}`));
    const list = await resourceClient(t.app, tokens.maker, 'scmapi', 'customerorder').page({ 'f.created_by.in': prod.users.join(',') });
    expect(list.body.data.total).toBe(expected);
    // An organisation without members shows nothing, not the whole company.
    const none = await run('maker', 'order-book', dashboardQuery(w, { from: '', to: '', users: [] }));
    expect(total(none.rows, 'orders')).toBe(0);
  });

  it('every widget of every dashboard runs for the companies it is for, with a range and an organisation', async () => {
    const planner = await one(sql`select id as n from users where username = 'maker.planner'`);
    for (const [name, users] of [['production', ['maker']], ['sourcing', ['brand', 'maker']]] as const) {
      for (const user of users) {
        for (const w of getDashboard(name)!.widgets) {
          await run(user, w.report, dashboardQuery(w, { from: '2026-01-01', to: '2026-12-31', users: [planner] }));
          await run(user, w.report, dashboardQuery(w, { from: '2026-01-01', to: '2026-12-31', users: null }));
        }
      }
    }
  });
});
