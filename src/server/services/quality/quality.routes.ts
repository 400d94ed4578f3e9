import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { INSPECTION_BRAND_MENU, INSPECTION_MENU } from '../../../model/entities/inspection.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, intOf, text } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { qualityCalls, type BrandInspectionResult, type RecentInspection, type StationDefect, type StationOrder } from '../../../model/calls/quality';
import { AppError } from '../../http/errors';
import { assertCan } from '../../resources/permissions';
import { withTenant } from '../../kernel/rls';
import { recordFile, storeUpload } from '../files';
import { inspectionPlanFor, processOfWorkOrder } from './quality.plans';
import { brandInspectionResults } from './quality.share';

/**
 * The inspection workstation's routes (issue 18). Records themselves are a registry entity: saved,
 * submitted and re-inspected through the generic resource API (`/api/scmapi/inspection/...`).
 *   GET  /scmapi/inspection/station-setup  -> { defects, orders, recent } of the caller's company
 *   GET  /scmapi/inspection/plan-for?stage&order_id -> { plan } the inspection plan that applies (or null)
 *   POST /scmapi/inspection/photo (multipart `file`, an image) -> { id, url } stored like ticket files
 *   GET  /scmapi/inspection/brand-results  -> { rows } the brand's own orders' results at its makers (`qm.inspection.brand`)
 * Permission code `qm.inspection` (read, update), the caller's tenant in every statement.
 */
const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export async function qualityRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  serveCall(app, qualityCalls.stationSetup, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, INSPECTION_MENU, 'read', { db: app.db });
    return withTenant(app.db, clientId, async (tx) => {
      const defects = (await sql<StationDefect>`select id::int as id, code, name, name_en, category, severity from qm_defect
        where client_id = ${clientId} and enabled order by code`.execute(tx)).rows;
      // Orders in progress: what a final inspection is of.
      const orders = (await sql<StationOrder>`select c.id::int as id, c.order_no, c.brand_name, coalesce(c.total_qty, 0)::int as total_qty,
          (select min(e.style_no) from scm_customer_order_entry e where e.client_id = c.client_id and e.order_id = c.id) as style_no
        from scm_customer_order c where c.client_id = ${clientId} and c.status = 'in_progress' order by c.order_no limit 300`.execute(tx)).rows;
      const recent = (await sql<RecentInspection>`select i.id::int as id, i.insp_no, i.stage, i.status, i.result, i.sample_size, i.critical_qty, i.major_qty, i.minor_qty, co.order_no
        from qm_inspection i left join scm_customer_order co on co.client_id = i.client_id and co.id = i.order_id
        where i.client_id = ${clientId} order by i.id desc limit 12`.execute(tx)).rows;
      return { defects, orders, recent };
    });
  });

  serveCall(app, qualityCalls.planFor, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, INSPECTION_MENU, 'read', { db: app.db });
    const input = inputOf(req);
    const stage = text(input, 'stage', { max: 20 }) ?? '';
    const orderId = intOf(input, 'order_id') ?? null;
    const workorderId = intOf(input, 'workorder_id') ?? null;
    return { plan: await withTenant(app.db, clientId, async (tx) => inspectionPlanFor(tx, clientId, { stage, orderId, processId: await processOfWorkOrder(tx, clientId, workorderId) })) };
  });

  serveCall(app, qualityCalls.photo, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, INSPECTION_MENU, 'update', { db: app.db });
    const f = await storeUpload(app, req, 'quality', clientId, PHOTO_MAX_BYTES);
    if (!/^image\/(png|jpeg|gif|webp)$/.test(f.mime ?? '')) throw new AppError('err.unsupportedMediaType');
    // Opens to those who may read inspections (services/files/file-access.ts).
    const file = await withTenant(app.db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: auth.userId, owner: { menu: INSPECTION_MENU } }));
    return { id: file.id, url: file.url };
  });

  serveCall(app, qualityCalls.brandResults, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, INSPECTION_BRAND_MENU, 'read', { db: app.db });
    return { rows: (await withTenant(app.db, clientId, (tx) => brandInspectionResults(tx, clientId))) as BrandInspectionResult[] };
  });
}
