import type { FastifyInstance } from 'fastify';
import { productionCalls } from '../../../model/calls/production';
import { WORKORDER_MENU } from '../../../model/entities/workorder.entity';
import { translate } from '../../../model/i18n';
import { serveMenuCall } from '../../resources/menu-call';
import { parseScan, recordScan, scanSetup } from './production.scans';

/**
 * The shop floor's routes (issue 12): the scan station's set-up and its scans (a scan's undo is the
 * declared line transition `wo_scan.undo`, the partial report per colour x size the work order's
 * `report_part`, a plan's tickets the bundle page's labels).
 * Permission code `scm.workorder` (read for reads, update for writes), the caller's tenant in every
 * statement (`serveMenuCall`). Work orders are a registry entity: their list, release, report, partial
 * report and bundles (分扎) are the generic resource API (`/api/scmapi/workorder/page|action/...`).
 */
const READ = { menu: WORKORDER_MENU, verb: 'read' } as const;
const WRITE = { menu: WORKORDER_MENU, verb: 'update' } as const;

export async function productionRoutes(app: FastifyInstance): Promise<void> {
  serveMenuCall(app, productionCalls.scanSetup, READ, (c) => scanSetup(c.tx, c.actor.clientId));
  // One scan of the keyboard-wedge scanner: accepted (recorded, the message to show) or refused (409 / 404 with the reason).
  serveMenuCall(app, productionCalls.scan, WRITE, async (c) => {
    const result = await recordScan(c.tx, c.actor, parseScan(c.input));
    return { ...result, message: translate(c.language, result.key, result.params) };
  });
}
