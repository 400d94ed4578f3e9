import type { FastifyInstance } from 'fastify';
import { outsourceCalls } from '../../../model/calls/outsource';
import { authOf, requireAuth } from '../../access/auth-context';
import { requestLanguage } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { vendorProposals } from './outsource.proposal';

/**
 * GET /api/scmapi/outsourceorder/vendor-proposals?id=  -> the vendors proposed for an outsourced
 * order, ranked by free capacity in its window and KPI, with reasons (issue 35). The order is read
 * under the outsourced orders' read right and data permissions of the caller's company.
 */
export async function outsourceRoutes(app: FastifyInstance): Promise<void> {
  serveCall(app, outsourceCalls.proposals, { preHandler: requireAuth }, async (req) =>
    vendorProposals({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) }, (req.query as Record<string, unknown>).id),
  );
}
