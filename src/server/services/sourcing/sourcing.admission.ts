import { sql } from 'kysely';
import { DYNAMIC_TYPE_TABLE, dynamicEntity, dynamicFields, parseDynamicForm, prepareDynamicValues, type DynamicFormDefinition, type DynamicFormRef } from '../../../model/dynamic-form';
import { SOURCING_MENU } from '../../../model/entities/sourcingproject.entity';
import { CERT_EXPIRY_LEAD_DAYS } from '../../../model/entities/sourcingadmission.entity';
import { FIELD_TYPE_TABLE } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, keyedError, type ErrorKey, type FieldError, type ParamsArg } from '../../http/errors';
import { registerActionGuard, registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { pickFields, type Row } from '../../resources/document-input';
import { toFieldError, validateValues, writeContext } from '../../resources/document-stages';
import { registerSaveHook } from '../../resources/save-hooks';
import { serviceWrite, updateRecords, type WriteValues } from '../../resources/record-writer';
import { fileUrlsById, recordFile } from '../files';
import { raiseNotice } from '../notify/notice.service';
import { asTenant } from '../orders/cross-tenant.util';

/**
 * Supplier admission (issue 16; docs/architecture-sourcing.md "Supplier admission"): the access
 * evaluation form and the certificate files.
 *
 * - The buyer's project names an access evaluation form configuration (`srcaccessform`), which names
 *   a dynamic form of the buyer's company (issue 14). When a supplier opens its application, the
 *   form's current design is copied into the application (`access_form`), as the buyer's project is:
 *   the supplier fills it in its own company, never reading the buyer's form rows. Fields that pick
 *   the buyer's own records (references, trees) and fields limited to the buyer's roles are left out
 *   of the supplier's copy: the supplier could neither see nor pick those values.
 * - The answers are validated as a filled dynamic form is (`prepareDynamicValues`, `validateValues`
 *   over `dynamicEntity`: the same rules the drawer runs) and kept on the application
 *   (`access_data`), only while it is a draft. Posting the application needs them complete.
 * - Posting copies the design, the answers and the certificates (with a copy of each file's row in
 *   the buyer's company, so the buyer's file route serves it) into the buyer's sourcing record; the
 *   record's access review is then `pending`. The buyer's verdict (`review_access`, passed or failed,
 *   a remark required for failed) reaches the supplier's application through the share and a notice.
 *   A record with a form is shortlisted only once its review passed.
 */
type Snapshot = { code: string; name: string; name_en: string | null; version: number; definition: DynamicFormDefinition };
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const jsonOf = <T>(v: unknown): T | null => {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'string') {
    try {
      return JSON.parse(v) as T;
    } catch {
      return null;
    }
  }
  return v as T;
};
const precheck = <K extends ErrorKey>(key: K, ...[params]: ParamsArg<K>) => keyedError(key, params);

/** The supplier's copy of a design: no field that picks the buyer's records or is limited to the buyer's roles. */
export function supplierDesign(def: DynamicFormDefinition): DynamicFormDefinition {
  const keep = (f: DynamicFormDefinition['sections'][number]['fields'][number]) => !FIELD_TYPE_TABLE[DYNAMIC_TYPE_TABLE[f.type].fieldType].reference && !f.roles?.length;
  return { sections: def.sections.map((s) => ({ ...s, fields: s.fields.filter(keep) })).filter((s) => s.fields.length > 0) };
}

/** The access form a project names, as the snapshot an application carries (buyer scope), or null. */
export async function accessFormSnapshot(btx: Db, buyerId: number, projectId: number): Promise<Snapshot | null> {
  const r = (await sql<Row>`select f.code, f.name, f.name_en, f.definition, f.form_version from srm_src_project p
      join srm_src_access_form a on a.client_id = p.client_id and a.id = p.access_form_id and coalesce(a.enabled, true)
      join dyn_form f on f.client_id = p.client_id and f.id = a.form_id and coalesce(f.status, 'active') = 'active'
    where p.client_id = ${buyerId} and p.id = ${projectId}`.execute(btx)).rows[0];
  const def = r ? parseDynamicForm(r.definition) : null;
  if (!r || !def) return null;
  const definition = supplierDesign(def);
  if (!definition.sections.length) return null;
  return { code: String(r.code), name: String(r.name), name_en: (r.name_en as string | null) ?? null, version: Number(r.form_version ?? 1), definition };
}

function loadedOf(snapshot: Snapshot) {
  const ref: DynamicFormRef = { id: 0, code: snapshot.code, name: snapshot.name, name_en: snapshot.name_en, version: snapshot.version };
  return { ref, definition: snapshot.definition, entity: dynamicEntity(ref, snapshot.definition) };
}
export const snapshotOf = (v: unknown): Snapshot | null => {
  const s = jsonOf<Snapshot>(v);
  return s && parseDynamicForm(s.definition) ? { ...s, definition: parseDynamicForm(s.definition)! } : null;
};

/** Validates answers against a snapshot: the stored values and the field errors, as a filled dynamic form. */
async function checkAnswers(tx: Db, auth: AuthContext, clientId: number, snapshot: Snapshot, input: Row): Promise<{ values: Row; errors: Record<string, FieldError> }> {
  const { definition, entity } = loadedOf(snapshot);
  const given = pickFields(entity, input, false);
  const prepared = prepareDynamicValues(definition, given);
  const w = writeContext(tx, { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: null, roles: auth.roles }, 'form');
  const checked = await validateValues(w, entity, prepared);
  const errors: Record<string, FieldError> = {};
  for (const [k, m] of Object.entries(checked.errors)) errors[k] = toFieldError(m);
  const values: Row = {};
  for (const f of dynamicFields(definition)) values[f.key] = checked.values[f.key] ?? null;
  return { values, errors };
}

/**
 * The supplier fills in (or corrects) the access form of its own draft application. Body: the
 * application's id and version and the form's fields. Answers the stored answers with the new version.
 */
export async function saveAccessAnswers(tx: Db, auth: AuthContext, clientId: number, id: number, version: number | null, body: Row, scopeOk: boolean): Promise<Row> {
  const app = (await sql<Row>`select id, version, status, access_form, access_data from srm_src_application where id = ${id} and client_id = ${clientId} for update`.execute(tx)).rows[0];
  if (!app || !scopeOk) throw new AppError('res.notFound');
  if (version === null || Number.isNaN(version)) throw new AppError('err.validation', { fields: { version: { key: 'rule.required' } } });
  if (Number(app.version) !== version) throw new AppError('err.staleVersion');
  const snapshot = snapshotOf(app.access_form);
  if (!snapshot) throw precheck('src.access.noForm');
  if (app.status !== 'draft') throw precheck('src.access.notDraft');
  const { values, errors } = await checkAnswers(tx, auth, clientId, snapshot, body);
  if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
  const w = serviceWrite(tx, { clientId, userId: auth.userId, username: auth.username });
  const [r] = await updateRecords(w, 'srcapplication', [id], { access_data: sql`${JSON.stringify(values)}::jsonb`, access_filled_at: sql`now()` }, { audit: 'access_form', expectVersion: version });
  return { id, version: Number(r.version), ...values };
}

/** Before posting: a form the application carries must be filled and valid (spec 5, the form's own rules). */
export async function requireAnswers(tx: Db, auth: AuthContext, clientId: number, app: Row): Promise<void> {
  const snapshot = snapshotOf(app.access_form);
  if (!snapshot) return;
  const answers = jsonOf<Row>(app.access_data);
  if (!answers) throw precheck('src.access.fillFirst', { name: snapshot.name });
  const { errors } = await checkAnswers(tx, auth, clientId, snapshot, answers);
  if (Object.keys(errors).length) throw precheck('src.access.fillFirst', { name: snapshot.name });
}

export type CertCopy = { cert_type: string; cert_name: string; cert_no: string | null; valid_to: string; file_id: number | null; file_name: string | null; mime: string | null };

/** The application's certificates and their files' rows (supplier scope). */
export async function applicationCerts(tx: Db, clientId: number, appId: number): Promise<Array<CertCopy & { path: string | null; size: number | null }>> {
  return (await sql<CertCopy & { path: string | null; size: number | null }>`select c.cert_type, c.cert_name, c.cert_no, to_char(c.valid_to, 'YYYY-MM-DD') as valid_to, f.id as file_id, coalesce(c.file_name, f.name) as file_name, f.mime, f.path, f.size
    from srm_src_application_cert c left join files f on f.id = c.file_id and f.client_id = c.client_id
    where c.client_id = ${clientId} and c.application_id = ${appId} order by c.id`.execute(tx)).rows;
}

/**
 * What a posted application brings into the buyer's record (buyer scope `btx`): the form and
 * answers, and the certificates with a row per file in the buyer's company (the same stored bytes).
 * Answers the record's values; the caller writes them with the post.
 */
export async function admissionForRecord(btx: Db, buyerId: number, app: Row, certs: Array<CertCopy & { path: string | null; size: number | null }>, userId: number): Promise<WriteValues> {
  const copies: CertCopy[] = [];
  for (const c of certs) {
    let fileId: number | null = null;
    if (c.file_id && c.path) {
      // The buyer's row of the same bytes opens to who may read its sourcing projects.
      fileId = (await recordFile(btx, { clientId: buyerId, path: c.path, name: c.file_name ?? 'file', mime: c.mime, size: Number(c.size ?? 0), createdBy: userId, owner: { menu: SOURCING_MENU } })).id;
    }
    copies.push({ cert_type: c.cert_type, cert_name: c.cert_name, cert_no: c.cert_no, valid_to: c.valid_to, file_id: fileId, file_name: c.file_name, mime: c.mime });
  }
  const snapshot = snapshotOf(app.access_form);
  return {
    access_form: sql`${snapshot ? JSON.stringify(snapshot) : null}::jsonb`, access_data: sql`${snapshot ? JSON.stringify(jsonOf<Row>(app.access_data) ?? {}) : null}::jsonb`,
    access_review: snapshot ? 'pending' : null, access_review_remark: null, access_reviewed_by: null, access_reviewed_at: null, cert_files: sql`${JSON.stringify(copies)}::jsonb`,
  };
}

/** A certificate is expired once the day after its expiry date has begun ('YYYY-MM-DD' compares as text). */
export const certExpired = (validTo: string | null | undefined, today: string): boolean => typeof validTo === 'string' && validTo !== '' && validTo < today;

/** Days until a certificate expires when it is within the warning lead time (issue 35: CERT_EXPIRY_LEAD_DAYS), else null. */
export function certExpiringDays(validTo: string | null | undefined, today: string): number | null {
  if (typeof validTo !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(validTo)) return null;
  const days = Math.round((Date.parse(`${validTo}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
  return days >= 0 && days <= CERT_EXPIRY_LEAD_DAYS ? days : null;
}

/** The admission data a drawer shows: the form, answers, review and certificates with the expiry flag (computed today, in SQL). */
export async function admissionView(tx: Db, clientId: number, entity: 'srcrecord' | 'srcapplication', id: number, scopeOk: boolean): Promise<Row> {
  const table = entity === 'srcrecord' ? sql`srm_src_record` : sql`srm_src_application`;
  const row = (await sql<Row>`select * from ${table} where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
  if (!row || !scopeOk) throw new AppError('res.notFound');
  const today = (await sql<{ d: string }>`select to_char(current_date, 'YYYY-MM-DD') as d`.execute(tx)).rows[0].d;
  const certs: CertCopy[] = entity === 'srcrecord' ? (jsonOf<CertCopy[]>(row.cert_files) ?? []) : await applicationCerts(tx, clientId, id);
  const urls = await fileUrlsById(tx, clientId, certs.map((c) => Number(c.file_id)));
  return {
    id,
    version: row.version,
    status: row.status,
    access_form: snapshotOf(row.access_form),
    access_data: jsonOf<Row>(row.access_data),
    access_review: row.access_review ?? null,
    access_review_remark: row.access_review_remark ?? null,
    access_reviewed_by: row.access_reviewed_by ?? null,
    access_reviewed_at: row.access_reviewed_at ?? null,
    today,
    certs: certs.map((c) => ({ cert_type: c.cert_type, cert_name: c.cert_name, cert_no: c.cert_no, valid_to: c.valid_to, file_id: c.file_id, file_url: c.file_id ? (urls.get(Number(c.file_id)) ?? null) : null, file_name: c.file_name, mime: c.mime, expired: certExpired(c.valid_to, today), expiring_days: certExpiringDays(c.valid_to, today) })),
  };
}

async function reviewAccess(ctx: ActionContext) {
  const { tx, clientId, row, auth, params } = ctx;
  if (!snapshotOf(row.access_form)) throw precheck('src.access.noForm');
  if (!['pending', 'passed', 'failed'].includes(String(row.access_review))) throw precheck('src.access.notFilled');
  const verdict = String(params.access_verdict);
  const remark = has(params.access_review_remark) ? String(params.access_review_remark).trim() : null;
  if (verdict === 'failed' && !remark) throw new AppError('src.access.failedRemark', { fields: { access_review_remark: { key: 'src.access.failedRemark' } } });
  const share = row.share_id
    ? (await sql<Row>`select * from scm_order_share where id = ${row.share_id as number} and client_id = ${clientId} and source_entity = 'srcproject' and target_entity = 'srcapplication' and state = 'active'`.execute(tx)).rows[0]
    : undefined;
  if (share) {
    const supplier = Number(share.to_client);
    const project = (await sql<Row>`select code, name from srm_src_project where id = ${row.project_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
    const buyer = (await sql<{ name: string; full_name: string | null }>`select name, full_name from clients where id = ${clientId}`.execute(tx)).rows[0];
    await asTenant(tx, supplier, clientId, async (stx) => {
      await updateRecords(serviceWrite(stx, { clientId: supplier, userId: auth.userId, username: auth.username, ip: ctx.ip }), 'srcapplication', [Number(share.target_id)], { access_review: verdict, access_review_remark: remark }, { audit: 'review_access' });
      await raiseNotice(stx, {
        clientId: supplier, everyone: true, kind: 'sourcing.reviewed', title: 'src.notify.reviewed.title', doc_no: String(project?.code ?? ''), link: '/srm/index/srcapplication',
        i18n: {
          title: 'src.notify.reviewed.title', body: verdict === 'passed' ? 'src.notify.reviewed.passed' : 'src.notify.reviewed.failed',
          params: { code: project?.code, name: project?.name, buyer: buyer?.full_name || buyer?.name, remark: remark ?? '' },
        },
      });
    });
  }
  return { patch: { access_review: verdict, access_review_remark: remark, access_reviewed_by: auth.fullname || auth.username, access_reviewed_at: new Date().toISOString() } };
}

export function registerAdmissionHandlers(): void {
  registerActionHandler('srcrecord', 'review_access', reviewAccess);
  // A record that carries an access form is shortlisted only once the buyer admitted the supplier.
  registerActionGuard('srcrecord', async ({ row, action }) => {
    if (action === 'shortlist' && snapshotOf(row.access_form) && row.access_review !== 'passed') throw precheck('src.access.reviewFirst');
  });
  // The access form configuration names an enabled form of the company. A form not designed yet is
  // accepted (forms are created before they are designed); until it is, applicants get no form.
  registerSaveHook('srcaccessform', {
    validate: async ({ tx, clientId, values, before, errors }) => {
      const formId = values.form_id ?? before?.form_id;
      if (!formId || errors.form_id) return;
      const f = (await sql<Row>`select status from dyn_form where id = ${Number(formId)} and client_id = ${clientId}`.execute(tx)).rows[0];
      if (f && (f.status ?? 'active') !== 'active') errors.form_id = { key: 'src.access.formDisabled' };
    },
  });
}
