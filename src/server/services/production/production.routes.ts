import type { FastifyInstance } from 'fastify';
import { WORKORDER_MENU } from '../../../model/entities/workorder.entity';
import { translate } from '../../../model/i18n';
import { requireAuth, authOf } from '../../access/auth-context';
import { requestLanguage } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { productionCalls } from '../../../model/calls/production';
import { AppError } from '../../http/errors';
import { assertCan } from '../../resources/permissions';
import { actorOf, parseId } from '../../resources/resource.service';
import { withTenant } from '../../kernel/rls';
import { generateBundles, parseScan, recordScan, scanSetup, ticketSheet } from './production.scans';
import { parseUndo, undoScan } from './production.undo';
import { parsePartReport, reportPart, workOrderProgress } from './production.progress';

/**
 * The shop floor's routes (issue 12): the scan station's set-up and its scans, a scan undone with its
 * reason (issue 31), a plan's bundles and their ticket sheet. Permission code `scm.workorder` (read for reads, update for scans and bundles),
 * the caller's tenant in every statement. Work orders themselves are a registry entity: their list,
 * release and report go through the generic resource API (`/api/scmapi/workorder/...`).
 */
type Q = Record<string, unknown>;

export async function productionRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  serveCall(app, productionCalls.scanSetup, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'read', { db: app.db });
    return withTenant(app.db, clientId, (tx) => scanSetup(tx, clientId));
  });

  // One scan of the keyboard-wedge scanner: accepted (recorded, the message to show) or refused (409 / 404 with the reason).
  serveCall(app, productionCalls.scan, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'update', { db: app.db });
    const input = parseScan((req.body ?? {}) as Q);
    const result = await withTenant(app.db, clientId, (tx) => recordScan(tx, actorOf(auth, clientId, req.ip), input));
    return { ...result, message: translate(requestLanguage(req), result.key, result.params) };
  });

  // A scan taken back with its reason (audited); refused once its work order is finished or a later scan of the bundle follows.
  serveCall(app, productionCalls.scanUndo, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'update', { db: app.db });
    const input = parseUndo((req.body ?? {}) as Q);
    const lang = requestLanguage(req);
    const result = await withTenant(app.db, clientId, (tx) => undoScan(tx, actorOf(auth, clientId, req.ip), input));
    const direction = translate(lang, `wo.undo.${result.params.direction === 'out' ? 'out' : 'in'}`);
    return { ...result, message: translate(lang, 'wo.undo.ok', { ...result.params, direction }) };
  });

  // A work order's progress per colour x size, and a partial report of pieces per cell (issue 31).
  serveCall(app, productionCalls.progress, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'read', { db: app.db });
    const id = parseId((req.query as Q).id);
    if (id === null) throw new AppError('err.notFound');
    return withTenant(app.db, clientId, (tx) => workOrderProgress(tx, clientId, id));
  });

  serveCall(app, productionCalls.reportPart, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'update', { db: app.db });
    const input = parsePartReport((req.body ?? {}) as Q);
    return withTenant(app.db, clientId, (tx) => reportPart(tx, actorOf(auth, clientId, req.ip), input));
  });

  // The bundles of a plan's work order set: cut from its colour x size matrix (again while nothing is scanned).
  serveCall(app, productionCalls.bundles, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'update', { db: app.db });
    const body = (req.body ?? {}) as Q;
    const planId = parseId(body.plan_id);
    if (planId === null) throw new AppError('err.notFound');
    const size = body.bundle_size === undefined || body.bundle_size === '' ? 50 : Number(body.bundle_size);
    return withTenant(app.db, clientId, (tx) => generateBundles(tx, actorOf(auth, clientId, req.ip), planId, size));
  });

  serveCall(app, productionCalls.tickets, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, WORKORDER_MENU, 'read', { db: app.db });
    const planId = parseId((req.query as Q).plan_id);
    if (planId === null) throw new AppError('err.notFound');
    return withTenant(app.db, clientId, (tx) => ticketSheet(tx, clientId, planId));
  });
}
