import type { FastifyInstance } from 'fastify';
import { companyProfileCalls, ownProfileCalls } from '../../../model/calls/account-profile';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { forbidden, notFound } from '../../http/errors';
import { uploadProfileImage } from './account-image.service';
import { readOwnProfile } from './profile.service';
import { readCompanyProfile, saveCompanyProfile, saveOwnProfile } from './profile.views';

/** Image uploads stream through multipart; this bounds the JSON saves only. */
const BODY_LIMIT = 64 * 1024;

/**
 * The company profile page and the own profile's extra calls (issue 35), spec 7's addresses of the
 * profiles' view entities (profile.views.ts):
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

  serveCall(app, companyProfileCalls.view, guard, async (req) => readCompanyProfile(req));

  serveCall(app, companyProfileCalls.save, { ...guard, bodyLimit: BODY_LIMIT }, async (req) => {
    await saveCompanyProfile(req, inputOf(req));
    return readCompanyProfile(req);
  });

  serveCall(app, companyProfileCalls.logo, guard, async (req) => {
    const current = await readCompanyProfile(req);
    // Refused before a byte is read or stored; the save below checks it again in its transaction.
    if (!current.can_edit) throw forbidden('access.companyAdminOnly');
    const image = { purpose: 'logo', clientId: current.id, userId: authOf(req).userId, language: requestLanguage(req), action: 'update-company-logo' } as const;
    const stored = await uploadProfileImage(req, image, (also) => saveCompanyProfile(req, { version: current.version }, also));
    return { ...stored, profile: await readCompanyProfile(req) };
  });

  serveCall(app, ownProfileCalls.view, guard, async (req) => readOwnProfile(db, authOf(req).userId));

  serveCall(app, ownProfileCalls.avatar, guard, async (req) => {
    const auth = authOf(req);
    if (auth.clientId === null) throw notFound();
    const image = { purpose: 'avatar', clientId: auth.clientId, userId: auth.userId, language: requestLanguage(req), action: 'update-own-avatar' } as const;
    const stored = await uploadProfileImage(req, image, (also) => saveOwnProfile(req, {}, also));
    return { ...stored, profile: await readOwnProfile(db, auth.userId) };
  });
}
