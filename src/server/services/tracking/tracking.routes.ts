import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { NODE_TRACKING_MENU } from '../../../model/node-tracking';
import { authOf } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { trackingCalls } from '../../../model/calls/tracking';
import { serveMenuCall, type MenuCallContext } from '../../resources/menu-call';
import { dataScope } from '../../resources/permissions';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { evaluateNodeFlags, orderHeader, orderTimeline } from './tracking.service';
import { recomputeNodeTracking } from './tracking.forecast';
import { startNodeRecalc } from './tracking.recalc';

/**
 * Node tracking's call (issue 12): the maker's timeline of one order (any state: the views list those
 * in progress). The calendar reads the view `nodecalendar`, the node plans' workbook is the list
 * export of the view `trackednode`. The lists, and the brand's and the
 * supplier's drawers (their record's node lines), are views, and every write is the engine's (tracking.views.ts, tracking.lines.ts): the maker's actual
 * dates, plan moves, sends and take-backs are the node lines' transitions, the supplier's date a save
 * of its editable view `suppliernode`.
 * Permission codes are the menu codes (src/model/node-tracking.ts, the calendar's declaration); the
 * caller's tenant is in every statement; the customer orders' data permissions narrow the maker's
 * reads. Reads of the maker evaluate the late and at-risk notices of what they show (each raised once).
 */
const ORDER_MENU = 'scm.customerorder';

/** Every 30 minutes: nodes that became late, at risk or slipped (forecasts refreshed) overnight raise their notice without anyone reading. */
export const NODE_CHECK_INTERVAL_MS = 30 * 60 * 1000;

/** The periodic check: every company with open nodes, its forecasts refreshed and its flags evaluated in its own scope. */
export async function checkAllNodeFlags(db: Db): Promise<{ companies: number; late: number; at_risk: number }> {
  const companies = await withSystemScope(db, async (tx) =>
    (await sql<{ client_id: number }>`select distinct n.client_id from scm_order_node n join scm_customer_order o on o.id = n.order_id and o.client_id = n.client_id
      where o.status = 'in_progress' and n.actual_date is null`.execute(tx)).rows.map((r) => Number(r.client_id)));
  let late = 0;
  let atRisk = 0;
  for (const c of companies) {
    // Forecasts too: a bar's scanned rate moves with the days even when nobody scans.
    const r = await withTenant(db, c, (tx) => recomputeNodeTracking(tx, c, null, { evaluate: 'all' }));
    late += r.late;
    atRisk += r.at_risk;
  }
  return { companies: companies.length, late, at_risk: atRisk };
}

/** The caller's data permissions on customer orders, read in the tenant's transaction. */
const orderScope = (c: MenuCallContext) => dataScope(authOf(c.req), ORDER_MENU, { db: c.tx, inTenantScope: true });

const MAKER_READ = { menu: NODE_TRACKING_MENU, verb: 'read' } as const;

/** The maker's timeline (its list is the view `trackedorder`, tracking.views.ts; its actual dates and plan moves are the node lines' transitions, tracking.lines.ts). */
function makerRoutes(app: FastifyInstance): void {
  serveMenuCall(app, trackingCalls.timeline, MAKER_READ, async (c) => {
    const { clientId } = c.actor;
    const id = c.input.order_id;
    const scope = await orderScope(c);
    // The flags of what is shown, evaluated (and told once) before it is read.
    await orderHeader(c.tx, clientId, id, scope);
    await evaluateNodeFlags(c.tx, clientId, [id]);
    return orderTimeline(c.tx, clientId, id, scope);
  });
}

export async function trackingRoutes(app: FastifyInstance): Promise<void> {
  const timer = setInterval(() => {
    checkAllNodeFlags(app.db).catch((e: unknown) => app.log.error({ err: e }, 'node tracking check failed'));
  }, NODE_CHECK_INTERVAL_MS);
  timer.unref();
  const stopRecalc = startNodeRecalc(app.db, app.log);
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await stopRecalc();
  });
  makerRoutes(app);
}
