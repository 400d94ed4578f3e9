import { sql } from 'kysely';
import { registerSeeder } from '../../db/seed';
import { getPage } from '../../../model/page';
import { resolvePage } from '../../../model/page-resolve';
import type { ListViewPayload } from '../../../model/list-views';
import { ROLES } from '../../../model/roles';
import { saveView } from './list-view.service';

type DemoView = { company: string; admin: string; page: string; name: string; roles: string[]; hide: string[]; sort: ListViewPayload['sort']; tab: string | null };

/**
 * Shared views the demo companies' administrators keep for their people (issue 32): the maker's
 * planners follow the orders in production by delivery date, the brand's buyers the orders a
 * maker has not accepted yet.
 */
const DEMO_VIEWS: DemoView[] = [
  { company: 'MAKER01', admin: 'maker', page: 'customerorder', name: '生产中 · 按交期', roles: [ROLES.planner, ROLES.common], hide: ['reject_reason', 'source_no', 'updated_at'], sort: [{ field: 'delivery_date', dir: 'asc' }], tab: 'in_progress' },
  { company: 'MAKER01', admin: 'maker', page: 'customerorder', name: '待接单 · 按接单日期', roles: [ROLES.planner], hide: ['reject_reason', 'updated_at'], sort: [{ field: 'receive_date', dir: 'asc' }], tab: 'pending' },
  { company: 'BRAND01', admin: 'brand', page: 'prorder', name: '待工厂接单', roles: [ROLES.common], hide: ['reject_reason', 'alloc_status'], sort: [{ field: 'delivery_date', dir: 'asc' }], tab: 'sent' },
];

registerSeeder(async (db, { tenants, users }) => {
  for (const v of DEMO_VIEWS) {
    const clientId = tenants[v.company];
    const userId = users[v.admin];
    const declared = getPage(v.page);
    if (!clientId || !userId || !declared) continue;
    const exists = await sql<{ n: number }>`select count(*)::int as n from list_view where client_id = ${clientId} and page = ${v.page} and name = ${v.name}`.execute(db);
    if (exists.rows[0].n > 0) continue;
    const resolved = resolvePage(declared);
    const payload: ListViewPayload = {
      columns: resolved.columns.map((c) => ({ field: c.field, width: c.width, ...(v.hide.includes(c.field) ? { hidden: true } : {}), ...(c.pinned ? { pinned: c.pinned } : {}) })),
      sort: v.sort,
      filters: {},
      tab: v.tab,
    };
    const owner = { clientId, userId, roles: [ROLES.clientAdmin], isAdmin: true };
    await saveView(db, owner, { opt: v.page, columns: resolved.columns, statusTabs: resolved.statusTabs, entity: resolved.entity }, { page: v.page, name: v.name, payload, sharedRoles: v.roles });
  }
});
