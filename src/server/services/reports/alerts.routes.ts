import type { FastifyInstance } from 'fastify';
import { alertCalls } from '../../../model/calls/alerts';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { installReportChanges } from './alerts.live';
import { alertOptions, listAlerts, previewAlert, removeAlerts, saveAlert } from './alerts.service';

/**
 * Figure alerts (issue 34): GET /rptapi/alerts and /rptapi/alerts/options, POST /rptapi/alerts/save |
 * remove (the generic save and remove of `rptalert`, through the document writer) | preview (the
 * menu code `rpt.alerts`: read, create, update, remove), and the marks of changed reports that
 * evaluate them (alerts.live.ts), installed for this app's database.
 */
export async function alertRoutes(app: FastifyInstance): Promise<void> {
  const uninstall = installReportChanges(app.db);
  app.addHook('onClose', async () => uninstall());
  const guard = { preHandler: requireAuth, bodyLimit: 64 * 1024 };
  serveCall(app, alertCalls.list, guard, async (req) => listAlerts(app.db, authOf(req), requestLanguage(req)));
  serveCall(app, alertCalls.options, guard, async (req) => alertOptions(app.db, authOf(req), requestLanguage(req)));
  serveCall(app, alertCalls.save, guard, async (req) => saveAlert(app.db, authOf(req), inputOf(req), requestLanguage(req)));
  serveCall(app, alertCalls.remove, guard, async (req) => removeAlerts(app.db, authOf(req), inputOf(req)));
  serveCall(app, alertCalls.preview, guard, async (req) => previewAlert(app.db, authOf(req), inputOf(req), requestLanguage(req)));
}
