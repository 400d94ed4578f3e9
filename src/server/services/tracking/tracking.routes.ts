import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { nodeTrackingCalendar } from '../../../../calendars/node-tracking.calendar';
import { isIsoDate, NODE_TIMELINE_BRAND_MENU, NODE_TRACKING_MENU, SUPPLIER_NODES_MENU } from '../../../model/node-tracking';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { ok, requestLanguage } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { trackingCalls } from '../../../model/calls/tracking';
import { AppError } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { parseId } from '../../resources/resource.service';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { evaluateNodeFlags, nodeCalendar, orderTimeline, recordNodeActual, todayIso, trackedOrders } from './tracking.service';
import { nodeWorkbook } from './tracking.export';
import { recomputeNodeTracking } from './tracking.forecast';
import { moveNodePlan } from './tracking.plan';
import { startNodeRecalc } from './tracking.recalc';
import { brandTimeline, brandTrackedOrders } from './tracking.share';
import { recallSupplierNode, recordSupplierActual, sendNodesToSupplier, supplierNamesOfOrder, supplierTimeline, supplierTrackedOrders } from './tracking.supplier';

/**
 * Node tracking's calls (issue 12). The maker: its tracked orders, an order's timeline, recording an
 * actual date, the calendar's events, sending supplier nodes to a supplier company and taking them
 * back. The brand: its own orders' timelines through its shares. The supplier: the nodes sent to it,
 * and their actual dates.
 * Permission codes are the menu codes (src/model/node-tracking.ts, the calendar's declaration); the
 * caller's tenant is in every statement; the customer orders' data permissions narrow the maker's
 * reads. Reads of the maker evaluate the late and at-risk notices of what they show (each raised once).
 */
type Q = Record<string, unknown>;

const ORDER_MENU = 'scm.customerorder';
const STATUSES = ['pending', 'in_progress', 'finished', 'cancelled', 'rejected'];

function statusesOf(v: unknown): string[] {
  if (v === undefined || v === '') return ['in_progress'];
  const list = String(v).split(',').map((s) => s.trim());
  if (!list.every((s) => STATUSES.includes(s))) throw new AppError('err.badRequest');
  return list;
}

function dateParam(v: unknown, name: string): string {
  if (!isIsoDate(v)) throw new AppError('tracking.badDate', { fields: { [name]: { key: 'tracking.badDate' } } });
  return v;
}

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

function nodeCodeOf(b: Q): string {
  const code = typeof b.node_code === 'string' ? b.node_code.trim() : '';
  if (!code) throw new AppError('err.validation', { fields: { node_code: { key: 'rule.required' } } });
  return code;
}

function actualDateOf(b: Q): string | null {
  const date = b.date === null || b.date === '' || b.date === undefined ? null : b.date;
  if (date !== null && !isIsoDate(date)) throw new AppError('tracking.badDate', { fields: { date: { key: 'tracking.badDate' } } });
  return date;
}

function versionOf(b: Q): number | null {
  const version = b.version === undefined || b.version === null || b.version === '' ? null : Number(b.version);
  if (version !== null && !Number.isSafeInteger(version)) throw new AppError('err.badRequest');
  return version;
}

const guard = { preHandler: requireAuth };

/**
 * What every change a maker makes to one order's nodes starts with: the caller's update right on
 * node tracking (its company), its data scope on customer orders, the body, and the order's id
 * (refused as not found when missing).
 */
async function makerOrderChange(app: FastifyInstance, req: FastifyRequest): Promise<{ auth: AuthContext; clientId: number; scope: Awaited<ReturnType<typeof dataScope>>; b: Q; orderId: number }> {
  const auth = authOf(req);
  const clientId = await assertCan(auth, NODE_TRACKING_MENU, 'update', { db: app.db });
  const scope = await dataScope(auth, ORDER_MENU, { db: app.db });
  const b = (req.body ?? {}) as Q;
  const orderId = parseId(b.order_id);
  if (orderId === null) throw new AppError('tracking.orderNotFound');
  return { auth, clientId, scope, b, orderId };
}

/** The maker's reads and its actual dates. */
function makerRoutes(app: FastifyInstance): void {
  // ---- maker ----
  serveCall(app, trackingCalls.orders, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, NODE_TRACKING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, ORDER_MENU, { db: app.db });
    const status = statusesOf((req.query as Q).status);
    return (await withTenant(app.db, clientId, async (tx) => {
      const rows = await trackedOrders(tx, clientId, { status, scope });
      const open = rows.filter((r) => r.status === 'in_progress').map((r) => Number(r.id));
      if (open.length) await evaluateNodeFlags(tx, clientId, open);
      return { rows, today: todayIso() };
    }));
  });

  serveCall(app, trackingCalls.timeline, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, NODE_TRACKING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, ORDER_MENU, { db: app.db });
    const id = parseId((req.query as Q).order_id);
    if (id === null) throw new AppError('tracking.orderNotFound');
    return (await withTenant(app.db, clientId, async (tx) => {
      await orderTimeline(tx, clientId, id, scope);
      await evaluateNodeFlags(tx, clientId, [id]);
      return { ...(await orderTimeline(tx, clientId, id, scope)), suppliers: await supplierNamesOfOrder(tx, clientId, id) };
    }));
  });

  serveCall(app, trackingCalls.actual, guard, async (req) => {
    const { auth, clientId, scope, b, orderId } = await makerOrderChange(app, req);
    const code = typeof b.node_code === 'string' ? b.node_code.trim() : '';
    if (!code) throw new AppError('err.validation', { fields: { node_code: { key: 'rule.required' } } });
    const date = b.date === null || b.date === '' ? null : b.date;
    if (date !== null && !isIsoDate(date)) throw new AppError('tracking.badDate', { fields: { date: { key: 'tracking.badDate' } } });
    const version = b.version === undefined || b.version === null || b.version === '' ? null : Number(b.version);
    if (version !== null && !Number.isSafeInteger(version)) throw new AppError('err.badRequest');
    return (await withTenant(app.db, clientId, async (tx) => {
      // The order must be one the caller may see (its data permissions), as for a read.
      await orderTimeline(tx, clientId, orderId, scope);
      return recordNodeActual(tx, { clientId, orderId, nodeCode: code, date, version, source: 'maker', actor: { clientId, userId: auth.userId, username: auth.username, ip: req.ip } });
    }));
  });

  app.get('/scmapi/nodetrack/calendar', { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, nodeTrackingCalendar.menu.code, 'read', { db: app.db });
    const scope = await dataScope(auth, ORDER_MENU, { db: app.db });
    const q = req.query as Q;
    const from = dateParam(q.from, 'from');
    const to = dateParam(q.to, 'to');
    if (to < from || (Date.parse(to) - Date.parse(from)) / 86_400_000 > 400) throw new AppError('err.badRequest');
    return ok(await withTenant(app.db, clientId, (tx) => nodeCalendar(tx, clientId, { from, to, scope })));
  });
}

/** The brand's: its own orders through its shares. */
function brandRoutes(app: FastifyInstance): void {
  // ---- brand ----
  serveCall(app, trackingCalls.brandOrders, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, NODE_TIMELINE_BRAND_MENU, 'read', { db: app.db });
    return (await withTenant(app.db, clientId, async (tx) => ({ rows: await brandTrackedOrders(tx, clientId), today: todayIso() })));
  });

  serveCall(app, trackingCalls.brandTimeline, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, NODE_TIMELINE_BRAND_MENU, 'read', { db: app.db });
    const id = parseId((req.query as Q).pr_id);
    if (id === null) throw new AppError('tracking.orderNotFound');
    return (await withTenant(app.db, clientId, (tx) => brandTimeline(tx, clientId, id)));
  });
}

/** The maker's supplier nodes, and the supplier's own page. */
function supplierRoutes(app: FastifyInstance): void {
  // ---- maker: supplier nodes to the supplier's company ----
  serveCall(app, trackingCalls.sendSupplier, guard, async (req) => {
    const { auth, clientId, scope, b, orderId } = await makerOrderChange(app, req);
    const vendorId = parseId(b.vendor_id);
    if (vendorId === null) throw new AppError('tracking.supplierRequired', { fields: { vendor_id: { key: 'tracking.supplierRequired' } } });
    const codes = Array.isArray(b.node_codes) ? b.node_codes.filter((x): x is string => typeof x === 'string') : [];
    return (await withTenant(app.db, clientId, async (tx) => {
      await orderTimeline(tx, clientId, orderId, scope);
      return sendNodesToSupplier(tx, { clientId, orderId, vendorId, nodeCodes: codes, actor: { clientId, userId: auth.userId, username: auth.username, ip: req.ip } });
    }));
  });

  serveCall(app, trackingCalls.recallSupplier, guard, async (req) => {
    const { auth, clientId, scope, b, orderId } = await makerOrderChange(app, req);
    const code = nodeCodeOf(b);
    return (await withTenant(app.db, clientId, async (tx) => {
      await orderTimeline(tx, clientId, orderId, scope);
      return recallSupplierNode(tx, { clientId, orderId, nodeCode: code, actor: { clientId, userId: auth.userId, username: auth.username, ip: req.ip } });
    }));
  });

  // ---- supplier: the nodes its customers sent it ----
  serveCall(app, trackingCalls.supplierOrders, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SUPPLIER_NODES_MENU, 'read', { db: app.db });
    return (await withTenant(app.db, clientId, async (tx) => ({ rows: await supplierTrackedOrders(tx, clientId), today: todayIso() })));
  });

  serveCall(app, trackingCalls.supplierTimeline, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SUPPLIER_NODES_MENU, 'read', { db: app.db });
    const id = parseId((req.query as Q).task_id);
    if (id === null) throw new AppError('tracking.orderNotFound');
    return (await withTenant(app.db, clientId, (tx) => supplierTimeline(tx, clientId, id)));
  });

  serveCall(app, trackingCalls.supplierActual, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SUPPLIER_NODES_MENU, 'update', { db: app.db });
    const b = (req.body ?? {}) as Q;
    const taskId = parseId(b.task_id);
    if (taskId === null) throw new AppError('tracking.orderNotFound');
    const code = nodeCodeOf(b);
    const date = actualDateOf(b);
    const version = versionOf(b);
    return (await withTenant(app.db, clientId, (tx) =>
      recordSupplierActual(tx, { supplierId: clientId, taskId, nodeCode: code, date, version, actor: { clientId, userId: auth.userId, username: auth.username, ip: req.ip } })));
  });
}

/** The maker's plan edits on the timeline and the workbook of its node plans (issue 31). */
function planRoutes(app: FastifyInstance): void {
  serveCall(app, trackingCalls.plan, guard, async (req) => {
    const { auth, clientId, scope, b, orderId } = await makerOrderChange(app, req);
    const code = nodeCodeOf(b);
    if (!isIsoDate(b.plan_date)) throw new AppError('tracking.badDate', { fields: { plan_date: { key: 'tracking.badDate' } } });
    const planDate = b.plan_date;
    const version = versionOf(b);
    return (await withTenant(app.db, clientId, async (tx) => {
      // The order must be one the caller may see (its data permissions), as for a read.
      await orderTimeline(tx, clientId, orderId, scope);
      return moveNodePlan(tx, { clientId, orderId, nodeCode: code, planDate, version, actor: { clientId, userId: auth.userId, username: auth.username, ip: req.ip } });
    }));
  });

  app.get(trackingCalls.export.path, guard, async (req, reply) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, NODE_TRACKING_MENU, 'export', { db: app.db });
    const scope = await dataScope(auth, ORDER_MENU, { db: app.db });
    const raw = (req.query as Q).order_id;
    const orderId = raw === undefined || raw === '' ? null : parseId(raw);
    if (raw !== undefined && raw !== '' && orderId === null) throw new AppError('tracking.orderNotFound');
    const language = requestLanguage(req);
    const body = await withTenant(app.db, clientId, async (tx) => {
      if (orderId !== null) await orderTimeline(tx, clientId, orderId, scope);
      return nodeWorkbook(tx, clientId, { orderId, scope, language });
    });
    const name = `${language === 'en' ? 'Node plans' : '节点计划'}_${todayIso()}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="node-plans.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(body);
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
  planRoutes(app);
  brandRoutes(app);
  supplierRoutes(app);
}
