import { sql } from 'kysely';
import { requireEntity, translate } from '../../../model';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { registerSaveHook } from '../../resources/save-hooks';
import { deriveRecords, insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { languageOf, weightedScore } from './sourcing.service';

/**
 * Supplier evaluation outside a project (issue 16; entity sourcingvendoreval.entity.ts): the score
 * rows come from the scheme's items when the evaluation is saved; each score is checked against its
 * item's range (spec 5); completing it needs an active scheme and every item scored, writes the
 * weighted total and the grade, sets the vendor's grade and, for a passed access evaluation, admits a
 * frozen vendor.
 */
type Row = Record<string, unknown>;
const has = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';

/** Spec 5 grade bands of the weighted total (0-100). */
export function gradeOf(total: number): 'A' | 'B' | 'C' | 'D' {
  if (total >= 85) return 'A';
  if (total >= 70) return 'B';
  if (total >= 60) return 'C';
  return 'D';
}
export const PASS_SCORE = 60;

async function scoreRows(tx: Db, clientId: number, evalId: number): Promise<Row[]> {
  return (await sql<Row>`select * from srm_src_vendoreval_score where client_id = ${clientId} and eval_id = ${evalId} order by id`.execute(tx)).rows;
}

/** Total of the scored rows, as the project evaluation counts it (one evaluator). */
const totalOf = (rows: Row[]) =>
  weightedScore(rows.filter((r) => r.config_item_id).map((r) => ({ id: r.config_item_id, weight: r.weight, max_score: r.max_score })),
    { me: Object.fromEntries(rows.filter((r) => r.config_item_id && has(r.score)).map((r) => [String(r.config_item_id), Number(r.score)])) });

export function registerVendorEvalHandlers(): void {
  registerSaveHook('srcvendoreval', {
    afterWrite: async ({ tx, clientId, ids }) => {
      for (const id of ids) {
        const ev = (await sql<Row>`select id, eval_config_id from srm_src_vendoreval where id = ${id} and client_id = ${clientId}`.execute(tx)).rows[0];
        if (!ev?.eval_config_id) continue;
        // The rows of the scheme (again when the scheme was changed).
        const rows = await scoreRows(tx, clientId, id);
        const items = (await sql<Row>`select id, item_name, weight, min_score, max_score from srm_src_evalconfig_item where client_id = ${clientId} and config_id = ${ev.eval_config_id as number} order by id`.execute(tx)).rows;
        const wanted = new Set(items.map((i) => Number(i.id)));
        const linked = rows.filter((r) => r.config_item_id);
        // A new evaluation without rows gets the scheme's; another scheme chosen replaces them. Rows
        // typed by hand (no scheme item) stay and do not count.
        const replace = linked.length > 0 && linked.some((r) => !wanted.has(Number(r.config_item_id)));
        const w = serviceWrite(tx, { clientId });
        if (replace) await removeRecords(w, 'srcvendoreval_score', { where: sql`t.eval_id = ${id} and t.config_item_id is not null` });
        const fill = rows.length === 0 || replace;
        await insertRecords(w, 'srcvendoreval_score', (fill ? items : []).map((i) => ({ eval_id: id, config_item_id: Number(i.id), item_name: i.item_name as string, weight: i.weight as number, min_score: i.min_score as number, max_score: i.max_score as number })), { hooks: false });
        // Spec 5: each score within its item's minimum and maximum (read as stored, rows in their order).
        const stored = await scoreRows(tx, clientId, id);
        for (const [i, r] of stored.entries()) {
          if (!has(r.score) || !has(r.max_score)) continue;
          const min = Number(r.min_score ?? 0);
          const max = Number(r.max_score);
          if (Number(r.score) < min || Number(r.score) > max) throw new AppError('src.score.range', { params: { min, max }, fields: { [`scores[${i}].score`]: { key: 'src.score.range', params: { min, max } } } });
        }
        await deriveRecords(w, 'srcvendoreval', [id], { total_score: totalOf(stored) });
      }
    },
  });

  registerActionHandler('srcvendoreval', 'complete', async (ctx: ActionContext) => {
    const { tx, clientId, row, auth, ip } = ctx;
    const cfg = (await sql<{ status: string }>`select status from srm_src_evalconfig where id = ${row.eval_config_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (!cfg || cfg.status !== 'active') throw new AppError('src.veval.schemeInactive');
    const rows = (await scoreRows(tx, clientId, Number(row.id))).filter((r) => r.config_item_id);
    const missing = rows.filter((r) => !has(r.score)).map((r) => String(r.item_name));
    if (!rows.length || missing.length) throw new AppError('src.veval.unscored', { params: { items: missing.join('、') } });
    const total = totalOf(rows);
    const grade = gradeOf(total);
    const passed = total >= PASS_SCORE;
    const vendor = (await sql<Row>`select id, version, status, grade from md_vendor where id = ${row.vendor_id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
    if (vendor) {
      if (vendor.status === 'frozen' && row.is_access && passed) {
        // Admitted: the frozen vendor becomes active (the vendor's own "activate", written here in the same transaction).
        await updateRecords(serviceWrite(tx, { clientId, userId: auth.userId, username: auth.username, ip }), 'vendor', [Number(vendor.id)], { status: 'active' }, { audit: 'activate' });
      }
      if (vendor.grade !== grade) {
        const fresh = (await sql<{ version: number }>`select version from md_vendor where id = ${vendor.id as number} and client_id = ${clientId}`.execute(tx)).rows[0];
        await writeDocument(writeContext(tx, { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip, roles: auth.roles }, 'service'), requireEntity('vendor'), { id: Number(vendor.id), version: Number(fresh.version), body: { grade } });
      }
    }
    return { patch: { total_score: total, grade, passed }, data: { message: translate(languageOf(auth), 'src.veval.done', { score: total, grade }) } };
  });
}
