import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { adminClient } from '../../../model/entities/admin-client.entity';
import { translate } from '../../../model/i18n';
import type { AppConfig } from '../../config';
import { authOf, requireAuth } from '../../access/auth-context';
import { isoNow } from '../../access/clock';
import { inputOf, intOf, pagingOf, text, textOf } from '../../access/input.util';
import { mailLanguage } from '../../access/language.util';
import { inviteCode } from '../../access/signup.routes';
import type { Db } from '../../db/database';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, validationError } from '../../http/errors';
import { viewPage, viewRecord } from '../../resources/view-reader';
import { viewAction, type ViewActionContext, type ViewActionOutcome } from '../../resources/view-writer';
import { queueMessage } from '../notify';

type Decision = 'approve' | 'reject';

/**
 * A sign-up decided (spec 6: system-wide sign-up approval), the transitions `approve` and `reject`
 * of the view entity `client`: the view writer has checked the row is pending, and sets its state,
 * version and audit; here the review's columns (who, when, the reason; an approved company's invite
 * code), the company's pending users moved with it, and, once committed, each told by e-mail (the
 * approval with the sign-in link, the rejection with its reason).
 */
function decideSignup(config: AppConfig, decision: Decision) {
  return async ({ tx, db, auth, row, params }: ViewActionContext): Promise<ViewActionOutcome> => {
    const status = decision === 'approve' ? 'active' : 'rejected';
    const reason = decision === 'reject' ? String(params.reason) : null;
    const clientId = Number(row.id);
    const users = await sql<{ email: string | null; username: string; language: string }>`update users set status = ${status}, updated_at = now()
      where client_id = ${clientId} and status = 'pending' returning email, username, language`.execute(tx);
    return {
      patch: { reviewed_by: auth.userId, reviewed_at: isoNow(), review_note: reason, ...(decision === 'approve' ? { invite_code: row.invite_code ?? inviteCode() } : {}) },
      afterCommit: () => mailDecision(db, config, decision, { clientId, name: String(row.name), reason }, users.rows),
    };
  };
}

async function mailDecision(db: Db, config: AppConfig, decision: Decision, company: { clientId: number; name: string; reason: string | null }, users: Array<{ email: string | null; username: string; language: string }>) {
  const kind = decision === 'approve' ? 'signupApproved' : 'signupRejected';
  const link = `${config.publicUrl}/login`;
  for (const u of users) {
    if (!u.email) continue;
    const lang = mailLanguage(u.language);
    await queueMessage(db, config, {
      clientId: company.clientId, channel: 'email', to: u.email, link: decision === 'approve' ? link : undefined,
      subject: translate(lang, `mail.${kind}.subject`),
      body: translate(lang, `mail.${kind}.body`, { company: company.name, username: u.username, reason: company.reason ?? '', link }),
    });
  }
}

/** The handlers of the client view's sign-up transitions. */
export const signupDecisions = (config: AppConfig) => ({ approve: decideSignup(config, 'approve'), reject: decideSignup(config, 'reject') });

const SIGNUP_TABS = ['pending', 'active', 'rejected', 'all'];
const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });

/**
 * The addresses the sign-up approval always had (`GET /access/admin/signups` with `status`, `page`,
 * `size`; `POST .../approve` and `.../reject` with `id` and `reason`), answered by the engine's reader
 * and writer of the view entity `client` (the screen is grids/admin/signups.grid.ts).
 */
export function signupRoutes(app: FastifyInstance): void {
  const opts = { bodyLimit: 16 * 1024, preHandler: requireAuth };
  app.get('/access/admin/signups', { preHandler: requireAuth }, async (req) => {
    const input = inputOf(req);
    const status = text(input, 'status', { max: 20 }) ?? 'pending';
    if (!SIGNUP_TABS.includes(status)) throw validationError({ status: { key: 'rule.notInDictionary' } });
    const { page, size } = pagingOf(input);
    const { rows, total } = await viewPage(contextOf(app, req), adminClient, { page: String(page), size: String(size), opt: 'signups', sort: '-created_at', ...(status === 'all' ? {} : { tab: status }) });
    return ok({ rows, total, page, size });
  });
  for (const decision of ['approve', 'reject'] as const) {
    app.post(`/access/admin/signups/${decision}`, opts, async (req) => {
      const ctx = contextOf(app, req);
      const input = inputOf(req);
      const id = intOf(input, 'id');
      if (!id) throw validationError({ id: { key: 'rule.required' } });
      const row = await viewRecord(ctx, adminClient, id);
      if (row.status !== 'pending') throw new AppError('access.signupNotPending');
      const { rows } = await viewAction(ctx, adminClient, decision, { ids: [id], reason: textOf(input, ['reason', 'review_note'], { max: 500 }) });
      return ok({ id, status: rows[0]?.status });
    });
  }
}
