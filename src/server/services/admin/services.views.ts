import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { sysService } from '../../../model/entities/admin-service.entity';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { assertCan } from '../../access/permissions';
import { ok, requestLanguage } from '../../http/envelope';
import { validationError, type FieldError } from '../../http/errors';
import { registerViewScope, viewPage } from '../../resources/view-reader';
import { registerViewWriter, viewAction, viewSave, type ViewActionContext } from '../../resources/view-writer';
import { flagOf } from './input.util';
import { declaredServices, loadServiceStates } from './sys-services.service';

/** The switchable modules as rows: numbered in the order of the declarations, with their names. */
const declaredRows = () => declaredServices().map((d, i) => ({ id: i + 1, prefix: d.prefix, label_zh: d.label.zh, label_en: d.label.en }));

/**
 * The services' rows are the declared modules beside their stored switch (`sys_services`, the
 * platform's, no company); a module never switched is at version 0.
 * The super administrator's alone (403 to anyone else).
 */
registerViewScope(
  sysService.name,
  async (auth, db) => {
    await assertCan(auth, sysService.menuCode, 'read', { db });
    return { where: sql`true`, tenant: null };
  },
  {
    source: () => sql`(select d.id, null::int as client_id, d.prefix, d.label_zh, d.label_en,
        case when coalesce(s.enabled, true) then 'in_service' else 'maintenance' end as status, s.note,
        u.username as updated_by_name, s.updated_at, coalesce(s.version, 0) as version
      from jsonb_to_recordset(${JSON.stringify(declaredRows())}::jsonb) as d(id int, prefix text, label_zh text, label_en text)
      left join sys_services s on s.prefix = d.prefix left join users u on u.id = s.updated_by)`,
  },
);

/** Every action applies the switches in this process once committed; other processes within their refresh interval. */
const applied = async ({ db }: ViewActionContext) => ({ afterCommit: async () => void (await loadServiceStates(db)) });

registerViewWriter(sysService.name, {
  actions: { maintenance: applied, resume: applied },
  // A note saved from the drawer keeps the state; the gate's reply carries it from the commit on.
  afterSave: async ({ db, afterCommit }) => void afterCommit.push(async () => void (await loadServiceStates(db))),
  store: async ({ tx, auth, row, set }) => {
    const enabled = (set.status ?? row.status) !== 'maintenance';
    const note = set.note === undefined ? row.note : typeof set.note === 'string' ? set.note.trim() || null : null;
    await sql`insert into sys_services (prefix, enabled, note, updated_by, updated_at, version) values (${String(row.prefix)}, ${enabled}, ${note}, ${auth.userId}, now(), 1)
      on conflict (prefix) do update set enabled = excluded.enabled, note = excluded.note, updated_by = excluded.updated_by, updated_at = excluded.updated_at,
        version = sys_services.version + 1`.execute(tx);
  },
});

const contextOf = (app: FastifyInstance, req: FastifyRequest) => ({ db: app.db, auth: authOf(req), ip: req.ip ?? null, language: requestLanguage(req) });

/** A row as the old address answered it: `{ prefix, label, enabled, note, updated_by_name, updated_at }`. */
const oldRow = (r: Record<string, unknown>) => ({
  prefix: r.prefix, label: { zh: r.label_zh, en: r.label_en }, enabled: r.status !== 'maintenance', note: r.note ?? null, updated_by_name: r.updated_by_name ?? null, updated_at: r.updated_at ?? null,
});

/**
 * The addresses the services screen always had, through the same reader and writer: GET
 * /adminapi/sys/services (every module) and POST /adminapi/sys/services/save (`prefix`, `enabled`,
 * `note`): a switch is the action `maintenance` or `resume`, a note alone a save of the row.
 */
export async function sysServicesRoutes(app: FastifyInstance): Promise<void> {
  const list = async (req: FastifyRequest) => (await viewPage(contextOf(app, req), sysService, { size: '100' })).rows;
  app.get('/adminapi/sys/services', { preHandler: requireAuth }, async (req) => ok((await list(req)).map(oldRow)));

  app.post('/adminapi/sys/services/save', { bodyLimit: 16 * 1024, preHandler: requireAuth }, async (req) => {
    await assertCan(authOf(req), sysService.menuCode, 'update', { db: app.db });
    const input = inputOf(req);
    const errors: Record<string, FieldError> = {};
    const prefix = typeof input.prefix === 'string' ? input.prefix.trim() : undefined;
    const row = (await list(req)).find((r) => r.prefix === prefix);
    if (!row) errors.prefix = { key: prefix ? 'admin.serviceUnknown' : 'rule.required' };
    let enabled: boolean | undefined;
    try {
      enabled = flagOf(input, 'enabled');
      if (enabled === undefined) errors.enabled = { key: 'rule.required' };
    } catch {
      errors.enabled = { key: 'access.invalidValue' };
    }
    if (!row || enabled === undefined) throw validationError(errors);
    const note = input.note ?? null;
    if (enabled === (row.status !== 'maintenance')) return ok(oldRow(await viewSave(contextOf(app, req), sysService, { id: row.id, version: row.version, note })));
    const done = await viewAction(contextOf(app, req), sysService, enabled ? 'resume' : 'maintenance', { ids: [row.id], note });
    return ok(oldRow(done.rows[0]));
  });
}
