import { sql } from 'kysely';
import { AqlInputError, judgeSample, samplingPlan, type InspectionLevel } from '../../../model/aql';
import { inspection } from '../../../model/entities/inspection.entity';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionGuard, registerActionHandler, type ActionContext } from '../../resources/action-handlers';
import { onMakerOrder } from '../outsource/outsource.service';
import { hasPassedFinal, inspectionPlanFor, processOfWorkOrder } from './quality.plans';
import { writeContext } from '../../resources/document-stages';
import { writeDocument } from '../../resources/document-writer';
import { deriveRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { actorOf } from '../../resources/resource.service';
import { registerSaveHook } from '../../resources/save-hooks';

/**
 * Quality inspection's rules (issue 18), on the one write path:
 * - every save of an inspection computes its sampling plan (code letter, sample size, Ac, Re) from lot
 *   size, level and AQL with the AQL module, never trusting the browser; a defect line takes its
 *   severity from the company's catalogue and the record its counts per severity;
 * - `submit` judges the sample (any critical fails; major or minor reaching Re fails) and stamps it;
 * - `reinspect` of a failed record creates a new draft linked to it (reinspect_of / reinspection_id);
 * - finishing a customer order is refused while its latest submitted final inspection failed.
 */
type Row = Record<string, unknown>;

/** The stored sampling plan of an inspection's lot, or the field whose value the table does not hold. */
export function planOfValues(values: Row): ReturnType<typeof samplingPlan> | { field: 'lot_size' | 'level' | 'aql' } {
  try {
    return samplingPlan(Number(values.lot_size), String(values.level ?? '') as InspectionLevel, Number(values.aql));
  } catch (e) {
    if (e instanceof AqlInputError) return { field: e.field };
    throw e;
  }
}

/** Severities from the catalogue onto the lines, then the record's counts per severity. */
export async function recountDefects(tx: Db, clientId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const w = serviceWrite(tx, { clientId });
  await deriveRecords(w, 'inspection_defect', {
    where: sql`t.inspection_id = any(${sql.val(ids)}::bigint[]) and c.client_id = t.client_id and c.id = t.defect_id and t.severity is distinct from c.severity`,
    from: sql`qm_defect c`,
  }, { severity: sql`c.severity` });
  const sumOf = (severity: string) => sql`coalesce((select sum(d.qty) from qm_inspection_defect d where d.client_id = t.client_id and d.inspection_id = t.id and d.severity = ${severity}), 0)`;
  await deriveRecords(w, 'inspection', ids, { critical_qty: sumOf('critical'), major_qty: sumOf('major'), minor_qty: sumOf('minor') });
}

/** The latest submitted final inspection of an order, when it failed: what blocks finishing the order. */
export async function failedFinalInspection(tx: Db, clientId: number, orderId: number): Promise<{ insp_no: string; id: number } | null> {
  const r = await sql<{ insp_no: string; id: number; result: string }>`select id::int as id, insp_no, result from qm_inspection
    where client_id = ${clientId} and order_id = ${orderId} and stage = 'final' and status in ('submitted', 'reinspected')
    order by inspected_at desc nulls last, id desc limit 1`.execute(tx);
  const x = r.rows[0];
  return x && x.result === 'fail' ? { insp_no: x.insp_no, id: x.id } : null;
}

/**
 * The latest submitted end-line or final inspection of an outsourced order, when it failed (the
 * maker's QC at the supplier's before the goods leave it); null when none failed last.
 */
export async function failedOutsourceInspection(tx: Db, clientId: number, outsourceId: number): Promise<{ insp_no: string; id: number } | null> {
  const r = await sql<{ insp_no: string; id: number; result: string }>`select id::int as id, insp_no, result from qm_inspection
    where client_id = ${clientId} and outsource_id = ${outsourceId} and stage in ('endline', 'final') and status in ('submitted', 'reinspected')
    order by inspected_at desc nulls last, id desc limit 1`.execute(tx);
  const x = r.rows[0];
  return x && x.result === 'fail' ? { insp_no: x.insp_no, id: x.id } : null;
}

async function submitInspection(ctx: ActionContext) {
  const id = Number(ctx.row.id);
  await recountDefects(ctx.tx, ctx.clientId, [id]);
  const r = (await sql<Row>`select critical_qty, major_qty, minor_qty, ac, re from qm_inspection where client_id = ${ctx.clientId} and id = ${id}`.execute(ctx.tx)).rows[0];
  const counts = { critical: Number(r.critical_qty ?? 0), major: Number(r.major_qty ?? 0), minor: Number(r.minor_qty ?? 0) };
  const verdict = judgeSample(counts, { re: Number(r.re) });
  return {
    patch: { result: verdict.result, critical_qty: counts.critical, major_qty: counts.major, minor_qty: counts.minor, inspected_at: new Date().toISOString() },
    data: { result: verdict.result, reasons: verdict.reasons, counts, ac: Number(r.ac), re: Number(r.re) },
  };
}

async function reinspect(ctx: ActionContext) {
  const row = ctx.row;
  if (row.result !== 'fail') throw new AppError('qm.reinspectPassed', { params: { no: row.insp_no } });
  const w = writeContext(ctx.tx, actorOf(ctx.auth, ctx.clientId, ctx.ip), 'service');
  const pick = ['stage', 'order_id', 'plan_id', 'workorder_id', 'outsource_id', 'style_no', 'lot_size', 'level', 'aql', 'inspector'];
  const newId = await writeDocument(w, inspection, { body: Object.fromEntries(pick.map((k) => [k, row[k]])) });
  const [made] = await updateRecords(w, inspection, [newId], { reinspect_of: Number(row.id) }, { audit: 'reinspect' });
  const no = String(made.insp_no);
  return { patch: { reinspection_id: newId }, data: { id: newId, insp_no: no } };
}

let registered = false;
export function registerQualityRules(): void {
  if (registered) return;
  registered = true;

  registerSaveHook('inspection', {
    validate: async ({ tx, clientId, values, errors }) => {
      // The inspection plan that applies decides level and AQL (the customer's AQL is not the
      // inspector's choice); a record no plan covers keeps its own.
      if (typeof values.stage === 'string' && values.stage) {
        const processId = await processOfWorkOrder(tx, clientId, values.workorder_id);
        const applied = await inspectionPlanFor(tx, clientId, { stage: values.stage, orderId: Number(values.order_id) || null, processId });
        values.insp_plan_id = applied?.id ?? null;
        if (applied) {
          values.level = applied.level;
          values.aql = applied.aql;
        }
      }
      const plan = planOfValues(values);
      if ('field' in plan) {
        if (!errors[plan.field]) errors[plan.field] = plan.field === 'lot_size' ? { key: 'qm.badLot' } : { key: 'rule.required' };
        return;
      }
      values.code_letter = plan.planLetter;
      values.sample_size = plan.sampleSize;
      values.ac = plan.ac;
      values.re = plan.re;
    },
    afterWrite: async ({ tx, clientId, ids }) => recountDefects(tx, clientId, ids),
  });

  // A defect line names an enabled defect of the company's catalogue (references already check the company).
  registerSaveHook('inspection', {
    validate: async ({ tx, clientId, children, errors }) => {
      const lines = children?.defects ?? [];
      const ids = lines.map((l) => Number(l.defect_id)).filter((n) => Number.isSafeInteger(n) && n > 0);
      if (!ids.length) return;
      const off = (await sql<{ id: number; code: string }>`select id::int as id, code from qm_defect where client_id = ${clientId} and id = any(${sql.val(ids)}::bigint[]) and enabled = false`.execute(tx)).rows;
      for (const [i, l] of lines.entries()) {
        const o = off.find((x) => x.id === Number(l.defect_id));
        if (o) errors[`defects[${i}].defect_id`] = { key: 'qm.defectDisabled', params: { code: o.code } };
      }
    },
  });

  registerActionHandler('inspection', 'submit', submitInspection);
  registerActionHandler('inspection', 'reinspect', reinspect);

  // Spec (issue 18): "a failed final inspection blocks dispatch": the maker's customer order is not
  // finished (shipped) while the latest submitted final inspection of it failed.
  registerActionGuard('customerorder', async (ctx) => {
    if (ctx.action !== 'finish') return;
    const failed = await failedFinalInspection(ctx.tx, ctx.clientId, Number(ctx.row.id));
    if (failed) throw new AppError('qm.finishBlocked', { params: { no: failed.insp_no, order: ctx.row.order_no }, extra: { inspection_id: failed.id } });
    // A required final plan covering the order: a final inspection must have passed.
    const required = await inspectionPlanFor(ctx.tx, ctx.clientId, { stage: 'final', orderId: Number(ctx.row.id), processId: null, requiredOnly: true });
    if (required && !(await hasPassedFinal(ctx.tx, ctx.clientId, Number(ctx.row.id)))) {
      throw new AppError('qm.plan.finishNeedsPass', { params: { order: ctx.row.order_no, plan: `${required.code} ${required.name}` } });
    }
  });
  // The supplier's dispatch of an outsourced task is refused while the maker's latest inspection of
  // that outsourced order failed; read in the maker's company through the task's active share.
  registerActionGuard('outsourcetask', async (ctx) => {
    if (ctx.action !== 'dispatch') return;
    const failed = await onMakerOrder(ctx, (mtx, makerId, order) => failedOutsourceInspection(mtx, makerId, Number(order.id)));
    if (failed) throw new AppError('qm.dispatchBlocked', { params: { no: failed.insp_no, task: ctx.row.task_no } });
  });
}
