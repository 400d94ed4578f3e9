import type { FastifyInstance } from 'fastify';
import { companyProfileCalls, ownProfileCalls, type CompanyProfile, type OwnProfile } from '../../../model/calls/account-profile';
import { companyProfile, ownProfile } from '../../../model/entities/workspace-profile.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { serveCall } from '../../http/calls';
import { requestLanguage } from '../../http/envelope';
import { forbidden } from '../../http/errors';
import { ownRecord, ownSave } from '../../resources';
import { contextOf } from '../../resources/resource.routes';
import { uploadProfileImage } from './account-image.service';
import './profile.views';

/**
 * The profiles' images (issue 35): a company's logo (702x180 or 200x200, its administrator only)
 * and a user's avatar (200x200 advised), each saved on its profile's own row by the view writer
 * (`ownSave`); the profiles' reads and saves are the views' own addresses (`EntityDef.own`):
 *
 *   POST /clientinfoapi/client-profile/logo      multipart `file`
 *   POST /clientinfoapi/user-profile/avatar      multipart `file`
 */
export async function accountProfileRoutes(app: FastifyInstance): Promise<void> {
  for (const [call, entity, purpose, action] of [
    [companyProfileCalls.logo, companyProfile, 'logo', 'update-company-logo'],
    [ownProfileCalls.avatar, ownProfile, 'avatar', 'update-own-avatar'],
  ] as const) {
    serveCall(app, call, { preHandler: requireAuth }, async (req) => {
      const ctx = contextOf(app, req);
      const current = await ownRecord(ctx, entity);
      // Refused before a byte is read or stored; the save checks it again in its transaction.
      if (current.can_edit === false) throw forbidden('access.companyAdminOnly');
      const auth = authOf(req);
      const image = { purpose, clientId: Number(current.client_id), userId: auth.userId, language: requestLanguage(req), action };
      const stored = await uploadProfileImage(req, image, async (also) => void (await ownSave(ctx, entity, { version: current.version }, also)));
      return { ...stored, profile: (await ownRecord(ctx, entity)) as CompanyProfile & OwnProfile };
    });
  }
}
