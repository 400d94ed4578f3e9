import { sql } from 'kysely';
import type { ProfileFormDef } from '../../../model/account-profile';
import { companyProfile, ownProfile } from '../../../model/entities/workspace-profile.entity';
import { companyProfileForm, ownProfileForm } from '../../../model/profile-forms';
import { assertCan } from '../../access/permissions';
import { forbidden, validationError } from '../../http/errors';
import { registerViewScope } from '../../resources/view-reader';
import { registerViewWriter, type ViewSaveContext } from '../../resources/view-writer';
import { isCompanyAdmin } from './company-profile.service';

/**
 * The profiles' view entities (src/model/entities/workspace-profile.entity.ts) on the view writer:
 * each reads one row, the caller's own user and the caller's company, whatever id a body names; the
 * company's is changed by its administrator alone (checked in SQL in the save's transaction); a
 * save is refused with every field's error at once, the form's checks beside the declarations'.
 * Audited on the `user` and `client` records as before (the ID number masked in the journal).
 */
registerViewScope(
  ownProfile.name,
  async (auth, db) => {
    const clientId = await assertCan(auth, ownProfile.menuCode, 'read', { db });
    return { where: sql`t.id = ${auth.userId}`, tenant: clientId };
  },
  // An account never named shows its account name (spec 7's `names` beside `fullname`).
  { present: (rows) => rows.map((r) => ({ ...r, fullname: r.fullname ?? r.username, names: r.fullname ?? r.username })) },
);

registerViewScope(
  companyProfile.name,
  async (auth, db) => {
    const clientId = await assertCan(auth, companyProfile.menuCode, 'read', { db });
    return { where: sql`t.id = ${clientId}`, tenant: clientId, computed: { can_edit: isCompanyAdmin(auth) } };
  },
  // A company is its own row's company (the table has no client_id).
  { computed: { client_id: sql`t.id` } },
);

/** The form's own checks (spec 3: ID number, credit code, percentage) on the values the fields took; a save naming no field is refused. */
function formChecks(form: ProfileFormDef, { values, errors }: ViewSaveContext): void {
  for (const [key, check] of Object.entries(form.checks ?? {})) {
    const value = values[key];
    if (value === undefined || value === null || errors[key]) continue;
    const message = check(String(value));
    if (message) errors[key] = { key: message };
  }
  if (!Object.keys(values).length && !Object.keys(errors).length) throw validationError({}, 'profile.nothingToSave');
}

const maskId = (v: unknown) => (typeof v === 'string' && v.length > 7 ? `${v.slice(0, 3)}${'*'.repeat(v.length - 7)}${v.slice(-4)}` : v);

registerViewWriter(ownProfile.name, {
  ownRows: true,
  // The audit log tells that the ID number changed, not the number (it is read by administrators).
  audit: { entity: 'user', action: 'update-own-profile', value: (field, v) => (field === 'personal_id' ? maskId(v) : v) },
  unique: { users_email_uq: { email: 'profile.emailTaken' } },
  validate: async (sc) => {
    formChecks(ownProfileForm, sc);
    // The e-mail is unique across the platform (it signs in to password reset); the unique index has the last word when two saves race.
    const email = sc.values.email;
    if (typeof email !== 'string' || !email || sc.errors.email) return;
    const taken = await sql`select 1 from users where lower(email) = lower(${email}) and id <> ${Number(sc.before.id)}`.execute(sc.tx);
    if (taken.rows.length) sc.errors.email = { key: 'profile.emailTaken' };
  },
});

registerViewWriter(companyProfile.name, {
  ownRows: true,
  audit: { entity: 'client', action: 'update-company-profile' },
  validate: async (sc) => formChecks(companyProfileForm, sc),
  beforeSave: async ({ tx, auth, before }) => {
    const r = await sql<{ ok: boolean }>`select ${isCompanyAdmin(auth)} as ok from clients t where t.id = ${Number(before.id)}`.execute(tx);
    if (!r.rows[0]?.ok) throw forbidden('access.companyAdminOnly');
  },
});
