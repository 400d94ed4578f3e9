import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { ok } from '../../http/envelope';
import { validationError, type FieldError } from '../../http/errors';
import { assertCan } from '../../access/permissions';
import { flagOf } from './input.util';
import { declaredServices, loadServiceStates } from './sys-services.service';
import { auditPlatform, SYS_MENUS } from './sys.routes';

const NOTE_MAX = 200;

type ServiceRow = { prefix: string; enabled: boolean; note: string | null; updated_by: number | null; updated_by_name: string | null; updated_at: string | null };

/**
 * The super administrator's services screen (spec 2 "Admin": services): list the business modules
 * with their state and put one under maintenance or back. Only the super administrator reaches
 * these (menu code `admin.sys.service`; everyone else 403). The gate itself is in app.ts.
 */
export async function sysServicesRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const list = async () => {
    const stored = (await sql<ServiceRow>`select s.prefix, s.enabled, s.note, s.updated_by, u.username as updated_by_name, s.updated_at
      from sys_services s left join users u on u.id = s.updated_by`.execute(db)).rows;
    return declaredServices().map((d) => {
      const row = stored.find((r) => r.prefix === d.prefix);
      return { prefix: d.prefix, label: d.label, enabled: row?.enabled ?? true, note: row?.note ?? null, updated_by: row?.updated_by ?? null, updated_by_name: row?.updated_by_name ?? null, updated_at: row?.updated_at ?? null };
    });
  };

  app.get('/adminapi/sys/services', { preHandler: requireAuth }, async (req) => {
    await assertCan(authOf(req), SYS_MENUS.service, 'read', { db });
    return ok(await list());
  });

  app.post('/adminapi/sys/services/save', { bodyLimit: 16 * 1024, preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    await assertCan(auth, SYS_MENUS.service, 'update', { db });
    const input = inputOf(req);
    const errors: Record<string, FieldError> = {};
    const prefix = typeof input.prefix === 'string' ? input.prefix.trim() : undefined;
    if (!prefix) errors.prefix = { key: 'rule.required' };
    else if (!declaredServices().some((d) => d.prefix === prefix)) errors.prefix = { key: 'admin.serviceUnknown' };
    let enabled: boolean | undefined;
    try {
      enabled = flagOf(input, 'enabled');
      if (enabled === undefined) errors.enabled = { key: 'rule.required' };
    } catch {
      errors.enabled = { key: 'access.invalidValue' };
    }
    const rawNote = input.note;
    let note: string | null = null;
    if (rawNote !== undefined && rawNote !== null) {
      if (typeof rawNote !== 'string') errors.note = { key: 'access.invalidValue' };
      else if (rawNote.trim().length > NOTE_MAX) errors.note = { key: 'rule.maxLength', params: { max: NOTE_MAX } };
      else note = rawNote.trim() || null;
    }
    if (Object.keys(errors).length || !prefix || enabled === undefined) throw validationError(errors);
    const before = (await list()).find((r) => r.prefix === prefix);
    await sql`insert into sys_services (prefix, enabled, note, updated_by, updated_at) values (${prefix}, ${enabled}, ${note}, ${auth.userId}, now())
      on conflict (prefix) do update set enabled = excluded.enabled, note = excluded.note, updated_by = excluded.updated_by, updated_at = excluded.updated_at`.execute(db);
    // This process applies the change at once; others within their refresh interval.
    await loadServiceStates(db);
    await auditPlatform(app, auth, 'sys_service', 0, enabled ? 'resume' : 'maintenance', req.ip, [
      { field: `${prefix}.enabled`, old: before?.enabled ?? true, new: enabled },
      { field: `${prefix}.note`, old: before?.note ?? null, new: note },
    ]);
    return ok((await list()).find((r) => r.prefix === prefix));
  });
}
