import type { FastifyInstance } from 'fastify';
import { financeCalls } from '../../../model/calls/finance';
import { finStatement, STATEMENT_MENU } from '../../../model/entities/finstatement.entity';
import type { MatchedLine } from '../../../model/finance-match';
import { assertCan } from '../../access/permissions';
import { requireAuth } from '../../access/auth-context';
import { requestLanguage } from '../../http/envelope';
import { viewDocument } from '../../resources/resource.service';
import { statementWorkbook } from './finance.workbook';

/**
 * GET /api/finapi/finstatement/workbook?id=  -> the statement as .xlsx (permission `fin.statement`
 * export). The statement is read exactly as the generic `view` reads it (the caller's company, its
 * data permissions), so a company gets only its own copy: another company's id is a 404.
 * Everything else of a statement is the generic resource API (`/api/finapi/finstatement/...`).
 */
export async function financeRoutes(app: FastifyInstance): Promise<void> {
  // A file reply, not an envelope: registered at the declared call's path without serveCall.
  app.get(financeCalls.workbook.path, { preHandler: requireAuth }, async (req, reply) => {
    const language = requestLanguage(req);
    const ctx = { db: app.db, auth: req.auth, ip: req.ip ?? null, language };
    await assertCan(req.auth, STATEMENT_MENU, 'export', ctx);
    const doc = await viewDocument(ctx, finStatement, (req.query as Record<string, unknown>).id);
    const lines = (doc.lines ?? []) as MatchedLine[];
    const name = `${language === 'en' ? 'Statement' : '对账单'} ${String(doc.stmt_no ?? '')}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="statement.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await statementWorkbook(doc, lines, language));
  });
}
