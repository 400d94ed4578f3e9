import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { companyProfileCalls, ownProfileCalls } from '../../../model/calls/account-profile';
import { profileFormValues } from '../../../model/account-profile';
import { companyProfileForm } from '../../../model/profile-forms';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf, intOf } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { forbidden, notFound, validationError } from '../../http/errors';
import { diffRecords, writeAudit } from '../../kernel/audit/audit.service';
import { withTenant } from '../../kernel/rls';
import { dropProfileImage, receiveProfileImage, recordProfileImage, writeProfileImage } from './account-image.service';
import { readCompanyProfile, saveCompanyProfile, type CompanyPatch } from './company-profile.service';
import { readOwnProfile } from './profile.service';

/** Image uploads stream through multipart; this bounds the JSON saves only. */
const BODY_LIMIT = 64 * 1024;

/**
 * The company profile page and the own profile's extra calls (issue 35):
 *
 *   GET  /clientinfoapi/client-profile/view      the caller's company, `can_edit` for its administrator
 *   POST /clientinfoapi/client-profile/save      { version, name, full_name, industry, scale, tax_code, ... }
 *   POST /clientinfoapi/client-profile/logo      multipart `file` (702x180 or 200x200)
 *   GET  /clientinfoapi/user-profile/my-profile  the caller's own profile fields
 *   POST /clientinfoapi/user-profile/avatar      multipart `file` (200x200 advised)
 *
 * save-profile (profile.routes.ts) takes the user's fields.
 */
export async function accountProfileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const guard = { preHandler: requireAuth };

  serveCall(app, companyProfileCalls.view, guard, async (req) => readCompanyProfile(db, authOf(req)));

  serveCall(app, companyProfileCalls.save, { ...guard, bodyLimit: BODY_LIMIT }, async (req) => {
    const input = inputOf(req);
    const version = intOf(input, 'version');
    const { values, errors } = profileFormValues(companyProfileForm, input);
    if (!version) errors.version = { key: 'rule.required' };
    if (Object.keys(errors).length || !version) throw validationError(errors);
    const patch = values as CompanyPatch;
    if (!Object.keys(patch).length) throw validationError({}, 'profile.nothingToSave');
    return saveCompanyProfile(db, authOf(req), { version, patch, ip: req.ip });
  });

  serveCall(app, companyProfileCalls.logo, guard, async (req) => {
    const auth = authOf(req);
    const current = await readCompanyProfile(db, auth);
    // Refused before a byte is read or stored; the save below checks it again in its statement.
    if (!current.can_edit) throw forbidden('access.companyAdminOnly');
    const received = await receiveProfileImage(req, 'logo', requestLanguage(req));
    const file = await writeProfileImage(app, current.id, 'logo', received);
    try {
      let url = '';
      const profile = await saveCompanyProfile(db, auth, {
        version: current.version, patch: {}, ip: req.ip, action: 'update-company-logo',
        also: async (tx) => {
          url = await recordProfileImage(tx, { clientId: current.id, userId: auth.userId, file, received });
          return { logo: url };
        },
      });
      return { url, width: received.image.width, height: received.image.height, warning: received.warning, profile };
    } catch (e) {
      await dropProfileImage(file);
      throw e;
    }
  });

  serveCall(app, ownProfileCalls.view, guard, async (req) => readOwnProfile(db, authOf(req).userId));

  serveCall(app, ownProfileCalls.avatar, guard, async (req) => {
    const auth = authOf(req);
    if (auth.clientId === null) throw notFound();
    const clientId = auth.clientId;
    const received = await receiveProfileImage(req, 'avatar', requestLanguage(req));
    const file = await writeProfileImage(app, clientId, 'avatar', received);
    try {
      const url = await withTenant(db, clientId, async (tx) => {
        const before = (await sql<{ avatar: string | null }>`select avatar from users where id = ${auth.userId} for update`.execute(tx)).rows[0];
        const address = await recordProfileImage(tx, { clientId, userId: auth.userId, file, received });
        await sql`update users set avatar = ${address}, version = version + 1, updated_at = now() where id = ${auth.userId}`.execute(tx);
        const changes = diffRecords(['avatar'], before ?? null, { avatar: address });
        await writeAudit(tx, { clientId, userId: auth.userId, username: auth.username, ip: req.ip }, 'user', auth.userId, 'update-own-avatar', changes);
        return address;
      });
      return { url, width: received.image.width, height: received.image.height, warning: received.warning, profile: await readOwnProfile(db, auth.userId) };
    } catch (e) {
      await dropProfileImage(file);
      throw e;
    }
  });
}
