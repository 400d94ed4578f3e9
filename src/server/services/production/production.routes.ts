import type { FastifyInstance } from 'fastify';
import { productionCalls } from '../../../model/calls/production';
import { WORKORDER_MENU } from '../../../model/entities/workorder.entity';
import { translate } from '../../../model/i18n';
import { AppError } from '../../http/errors';
import { serveMenuCall } from '../../resources/menu-call';
import { parseId } from '../../resources/resource.service';
import { parseScan, recordScan, scanSetup, ticketSheet } from './production.scans';
import { workOrderProgress } from './production.progress';

/**
 * The shop floor's routes (issue 12): the scan station's set-up and its scans, the progress per
 * colour x size, a plan's ticket sheet (a scan's undo is the declared line transition `wo_scan.undo`).
 * Permission code `scm.workorder` (read for reads, update for writes), the caller's tenant in every
 * statement (`serveMenuCall`). Work orders are a registry entity: their list, release, report, partial
 * report and bundles (分扎) are the generic resource API (`/api/scmapi/workorder/page|action/...`).
 */
const READ = { menu: WORKORDER_MENU, verb: 'read' } as const;
const WRITE = { menu: WORKORDER_MENU, verb: 'update' } as const;
function idOf(v: unknown): number {
  const id = parseId(v);
  if (id === null) throw new AppError('err.notFound');
  return id;
}

export async function productionRoutes(app: FastifyInstance): Promise<void> {
  serveMenuCall(app, productionCalls.scanSetup, READ, (c) => scanSetup(c.tx, c.actor.clientId));
  // One scan of the keyboard-wedge scanner: accepted (recorded, the message to show) or refused (409 / 404 with the reason).
  serveMenuCall(app, productionCalls.scan, WRITE, async (c) => {
    const result = await recordScan(c.tx, c.actor, parseScan(c.input));
    return { ...result, message: translate(c.language, result.key, result.params) };
  });
  // A work order's progress per colour x size (issue 31; its partial report is the declared transition `report_part`).
  serveMenuCall(app, productionCalls.progress, READ, (c) => workOrderProgress(c.tx, c.actor.clientId, idOf(c.input.id)));
  serveMenuCall(app, productionCalls.tickets, READ, (c) => ticketSheet(c.tx, c.actor.clientId, idOf(c.input.plan_id)));
}
