import { sql } from 'kysely';
import { brandNodeOrder, supplierNodeOrder, trackedOrder } from '../../../model/entities/nodeconfig.entity';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { assertCan, dataScope } from '../../resources/permissions';
import { registerViewScope, type ViewRows } from '../../resources/view-reader';
import { evaluateNodeFlags, trackedOrders } from './tracking.service';
import { brandTrackedOrders } from './tracking.share';
import { supplierTrackedOrders } from './tracking.supplier';
import type { TrackedOrderRow } from '../../../model/calls/tracking';

/**
 * The three lists of tracked orders are view entities whose rows this service computes (issue 30):
 * the engine reads them with its list query (filters, quick search, sort, paging) and opens a row in
 * its drawer. Each is read in the caller's company under its menu's read right; the maker's rows are
 * narrowed by the customer orders' data permissions in SQL, the brand's and the supplier's come from
 * their own shares and copies only (tracking.share.ts, tracking.supplier.ts).
 */
const ORDER_MENU = 'scm.customerorder';

/** A tracked order as a view's row: the company it belongs to and "done/total" beside its figures. */
const asRow = (clientId: number, id: number, r: TrackedOrderRow) => ({ ...r, id, client_id: clientId, progress: `${r.done}/${r.nodes}` });

/** The caller's company, read under the view's menu (403 without the read right); the rows are its own. */
const ownCompany = (menu: string) => async (auth: AuthContext, db: Db) => {
  const own = await assertCan(auth, menu, 'read', { db });
  return { where: sql`t.client_id = ${own}`, tenant: own };
};

/** The maker's orders in progress its data permissions show; the late and at-risk notices of what it reads are evaluated (each told once). */
const makerRows: ViewRows = async ({ db, auth }) => {
  const clientId = auth.clientId!;
  const scope = await dataScope(auth, ORDER_MENU, { db, inTenantScope: true });
  const rows = await trackedOrders(db, clientId, { status: ['in_progress'], scope });
  // The notices of what is shown (the figures are the dates' and do not move with them).
  if (rows.length) await evaluateNodeFlags(db, clientId, rows.map((r) => Number(r.id)));
  return rows.map((r) => asRow(clientId, Number(r.id), r));
};

export function registerTrackingViews(): void {
  registerViewScope(trackedOrder.name, ownCompany(trackedOrder.menuCode), { rows: makerRows });
  registerViewScope(brandNodeOrder.name, ownCompany(brandNodeOrder.menuCode), {
    rows: async ({ db, auth }) => (await brandTrackedOrders(db, auth.clientId!)).map((r) => asRow(auth.clientId!, r.pr_id, r)),
  });
  registerViewScope(supplierNodeOrder.name, ownCompany(supplierNodeOrder.menuCode), {
    rows: async ({ db, auth }) => (await supplierTrackedOrders(db, auth.clientId!)).map((r) => asRow(auth.clientId!, r.task_id, r)),
  });
}
