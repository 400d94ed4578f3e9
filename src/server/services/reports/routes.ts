import type { FastifyInstance } from 'fastify';
import { labelIn } from '../../../model/label-text';
// Every report folder, with its server query (found at start: catalogue.ts).
import '../report-engine/catalogue';
import { allReports, getReport, type ReportDef } from '../../../model';
import { authOf, requireAuth } from '../../access/auth-context';
import { ok, requestLanguage } from '../../http/envelope';
import { notFound } from '../../http/errors';
import { companyOrgs, dashboardRoutes } from '../report-engine/dashboard.routes';
import { assertCan } from '../../resources/permissions';
import { registerReportRefresh } from './live';
import { alertRoutes } from './alerts.routes';
import { tileRoutes } from './tiles.routes';
import { reportWorkbook, runReport } from '../report-engine/report.service';
import { runTower, saveTowerSettings } from './tower.service';
import { inputOf } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { towerCalls } from '../../../model/calls/tower';

/**
 * GET /api/rptapi/report/list                  the reports (name, title, entity, dimensions, measures, filters)
 * GET /api/rptapi/report/:name/run             group=a,b  subtotals=1  pivot=dim  f.<field>.<op>=...
 * GET /api/rptapi/report/:name/export          the same query as an .xlsx with the same grouping
 * GET /api/rptapi/tower                        from=&to=&org=&source=raw: every control tower widget's run in one reply
 * GET /api/rptapi/tower/orgs                   the company's organisations and their members (the tower's organisation filter)
 * GET|POST /api/rptapi/alerts...              figure alerts (alerts.routes.ts)
 * GET|POST /api/rptapi/tiles...               tiles a company builds (tiles.routes.ts)
 * POST /api/rptapi/tower/settings              { items: [{ key: 'tower.<widget>', settings: { period, top } }] }: the caller's own
 */
function reportOf(name: string): ReportDef {
  const r = getReport(name);
  if (!r) throw notFound();
  return r;
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  registerReportRefresh();
  await dashboardRoutes(app);
  await alertRoutes(app);
  await tileRoutes(app);
  const guard = { preHandler: requireAuth };
  app.get('/rptapi/report/list', guard, async () => ok(allReports()));
  app.get<{ Params: { name: string } }>('/rptapi/report/:name/run', guard, async (req) =>
    ok(await runReport(app.db, authOf(req), reportOf(req.params.name), req.query as Record<string, unknown>, requestLanguage(req))),
  );
  serveCall(app, towerCalls.run, guard, async (req) => runTower(app.db, authOf(req), req.query as Record<string, unknown>, requestLanguage(req), { kind: app.database.kind }));
  serveCall(app, towerCalls.orgs, guard, async (req) => {
    const clientId = await assertCan(authOf(req), 'rpt.control-tower', 'read', { db: app.db });
    return companyOrgs(app.db, clientId);
  });
  serveCall(app, towerCalls.saveSettings, { ...guard, bodyLimit: 64 * 1024 }, async (req) => ({ settings: await saveTowerSettings(app.db, authOf(req), inputOf(req).items) }));
  app.get<{ Params: { name: string } }>('/rptapi/report/:name/export', guard, async (req, reply) => {
    const report = reportOf(req.params.name);
    const language = requestLanguage(req);
    const result = await runReport(app.db, authOf(req), report, req.query as Record<string, unknown>, language);
    const name = `${labelIn(report.title, language)}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="report.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await reportWorkbook(report, result, language));
  });
}
