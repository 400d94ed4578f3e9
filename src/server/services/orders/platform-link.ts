import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, type FieldError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { registerSaveHook } from '../../resources/save-hooks';

/**
 * A partner (vendor or customer) linked to its own company on the platform (issue 21): the code is
 * checked against the companies on the platform when it is saved, through a form, an import or the
 * `link` action alike, and the company's name is kept beside it (`platform_company`), so lists and
 * pickers show which vendor is on the platform and as which company. An unknown code is refused on
 * its field instead of leaving an order to be tracked by hand later; the platform operator and the
 * company itself cannot be a partner.
 */
type Found = { ok: true; name: string } | { ok: false; error: FieldError };

async function platformCompany(tx: Db, clientId: number, code: string): Promise<Found> {
  const r = await sql<{ id: number; name: string; type: string; status: string }>`
    select id, name, type, status from clients where upper(code) = upper(${code})`.execute(tx);
  const c = r.rows[0];
  if (!c || c.type === 'platform') return { ok: false, error: { key: 'md.platform.unknownCompany', params: { code } } };
  if (Number(c.id) === clientId) return { ok: false, error: { key: 'md.platform.ownCompany' } };
  return { ok: true, name: c.name };
}

const codeOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().toUpperCase() : null);

export function registerPlatformLink(): void {
  for (const entity of ['vendor', 'customer']) {
    registerSaveHook(entity, {
      validate: async ({ tx, clientId, before, values, errors }) => {
        if (!Object.prototype.hasOwnProperty.call(values, 'platform_client_code')) return;
        const code = codeOf(values.platform_client_code);
        if (!code) {
          values.platform_company = null;
          return;
        }
        // An unchanged code keeps its stored name (a company renamed later is read again on the next link).
        if (before && codeOf(before.platform_client_code) === code && before.platform_company) {
          values.platform_company = before.platform_company;
          return;
        }
        const found = await platformCompany(tx, clientId, code);
        if (found.ok) values.platform_company = found.name;
        else errors.platform_client_code = found.error;
      },
    });
    registerActionHandler(entity, 'link', async (ctx: ActionContext) => {
      const code = codeOf(ctx.params.platform_client_code);
      if (!code) throw new AppError('err.validation', { fields: { platform_client_code: { key: 'rule.required' } } });
      const found = await platformCompany(ctx.tx, ctx.clientId, code);
      if (!found.ok) throw new AppError('err.validation', { fields: { platform_client_code: found.error } });
      return { patch: { platform_client_code: code, platform_company: found.name } };
    });
  }
}
