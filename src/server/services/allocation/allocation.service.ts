import { sql } from 'kysely';
import { isLanguage, translate, type EntityDef, type Language } from '../../../model';
import { allocationCell, allocationVersion, capacityGroup, demand, vendor, vendorCapacity } from '../../../model/entities';
import { monthsBetween } from '../../../model/allocation';
import { suggestAllocation, type AllocationCell, type SuggestResult } from '../../../model/allocation-suggest';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { registerActionHandler, registerShapedAction, type ActionContext } from '../../resources/action-handlers';
import type { CallShape } from '../../../model/calls/call';
import { is, type ReadOf } from '../../../model/calls/input-shape';
import { registerSaveHook } from '../../resources/save-hooks';
import type { Workbench, WorkbenchLine, WorkbenchVendor } from '../../../model/calls/allocation';
import { readRecords, type RecordQuery } from '../../resources/record-read';
import { deriveRecords, insertRecords, removeRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { copyRecord } from '../../resources/record-copy';
import type { InsertedCheck } from '../../resources/inserted-references';
import type { WriteContext } from '../../resources/document-stages';
import { raiseNotice } from '../notify/notice.service';

/**
 * Demand allocation (issue 6): the version's workbench data, the suggestion, cell edits, publishing
 * (archives the version published before), copying to a new draft. A published or archived version
 * is read-only by its declared locked states, its demand lines with it by their declared reference
 * (demand.entity.ts); its cells change only through a draft's actions; its totals are declared
 * (allocationversion.entity.ts) and kept by the writer.
 */

type Row = Record<string, unknown>;
type CapacityRow = { vendor_id: number; group_id: number; cycle: string; capacity: number };
type CellRow = { demand_id: number; vendor_id: number; cycle: string; qty: number; locked: boolean; source: string | null };

const languageOf = (auth: AuthContext): Language => (isLanguage(auth.language) ? auth.language : 'zh-CN');

export type { Workbench, WorkbenchCell, WorkbenchLine, WorkbenchVendor } from '../../../model/calls/allocation';

/** Per-vendor suggestion settings kept on the version, keyed by vendor id (the field's declared entries, checked on save). */
type VendorSettings = Record<string, { kpi?: number; shareMax?: number | null; shareTarget?: number | null }>;

/** Everything the workbench and the suggestion need for one version, read in the caller's tenant by the entities' declared fields. */
export async function loadWorkbench(tx: Db, clientId: number, version: Row): Promise<Workbench> {
  const read = <T extends object>(entity: EntityDef, q: RecordQuery) => readRecords<T>(tx, entity, clientId, q);
  const cycles = monthsBetween(String(version.month_from), String(version.month_to));
  const lineFields = ['id', 'year', 'season', 'month', 'series', 'category', 'plan_sku', 'plan_qty', 'plan_amount'];
  const lines = await read<WorkbenchLine>(demand, { where: { version_id: Number(version.id) }, fields: lineFields, order: ['month', 'category', 'id'] });
  const groups = await read<Workbench['groups'][number]>(capacityGroup, { fields: ['id', 'code', 'name', 'categories'], order: ['code', 'id'] });
  const capacity = (await read<CapacityRow>(vendorCapacity, { where: { cycle_type: 'month', cycle: cycles }, fields: ['vendor_id', 'group_id', 'cycle'], sum: ['capacity'] })).map((c) => ({ vendorId: c.vendor_id, groupId: c.group_id, cycle: c.cycle, capacity: c.capacity }));
  const cells = (await read<CellRow>(allocationCell, { where: { version_id: Number(version.id) }, fields: ['demand_id', 'vendor_id', 'cycle', 'qty', 'locked', 'source'] })).map(({ demand_id, vendor_id, ...c }) => ({ ...c, lineId: demand_id, vendorId: vendor_id }));
  // Vendors: those with capacity in the range or a cell in the version, with the version's settings for each.
  const settings = (version.vendor_settings ?? {}) as VendorSettings;
  const ids = [...new Set([...capacity.map((c) => c.vendorId), ...cells.map((c) => c.vendorId)])];
  const vendors = (await read<Omit<WorkbenchVendor, 'kpi' | 'shareMax' | 'shareTarget'>>(vendor, { where: { id: ids }, fields: ['id', 'code', 'name', 'grade'], order: ['code', 'id'] })).map((v) => {
    const s = settings[String(v.id)] ?? {};
    return { ...v, kpi: Number(s.kpi ?? 0), shareMax: s.shareMax ?? null, shareTarget: s.shareTarget ?? null };
  });
  return { version, cycles, lines, vendors, groups, capacity, cells };
}

function assertDraft(row: Row): void {
  if (row.status !== 'draft') throw new AppError('scm.version.readOnly');
}

/** The writer of an action: the acting user of the company. */
const actionWriter = (ctx: ActionContext): WriteContext => serviceWrite(ctx.tx, { clientId: ctx.clientId, userId: ctx.auth.userId, username: ctx.auth.username, ip: ctx.ip });

/** New cells of a version (a suggestion may place thousands: the writer inserts them in blocks). */
async function insertCells(w: WriteContext, versionId: number, cells: Array<AllocationCell & { locked?: boolean }>, source: string, checked?: InsertedCheck): Promise<void> {
  await insertRecords(w, 'allocationcell', cells.map((c) => ({ version_id: versionId, demand_id: Number(c.lineId), vendor_id: Number(c.vendorId), cycle: c.cycle, qty: c.qty, locked: c.locked === true, source })), { checked });
}

/** Runs the suggestion on a draft: keeps locked cells, replaces every other cell. */
async function suggest(ctx: ActionContext) {
  const { tx, clientId, auth, row } = ctx;
  assertDraft(row);
  const wb = await loadWorkbench(tx, clientId, row);
  const w = actionWriter(ctx);
  await removeRecords(w, 'allocationcell', { where: sql`t.version_id = ${Number(row.id)} and t.locked is not true` });
  // The workbench's vendors, groups and locked cells are the solver's input as they are (it reads their ids, scores and quantities).
  const result: SuggestResult = suggestAllocation({
    cycles: wb.cycles,
    lines: wb.lines.map((l) => ({ id: l.id, category: l.category, cycle: l.month, qty: l.plan_qty })),
    vendors: wb.vendors,
    groups: wb.groups,
    capacity: wb.capacity,
    kept: wb.cells.filter((c) => c.locked),
    options: {
      minLot: Number(row.min_lot ?? 0),
      earlyCycles: Number(row.early_cycles ?? 0),
      weights: { kpi: Number(row.weight_kpi ?? 1), grade: Number(row.weight_grade ?? 10), shareTarget: Number(row.weight_share ?? 20) },
    },
  });
  // The version's totals follow its cells (declared totals, kept by the writer).
  await insertCells(w, Number(row.id), result.allocations, 'suggest');
  const lang = languageOf(auth);
  return {
    data: {
      totals: result.totals,
      unplaced: result.unplaced.map((u) => ({ ...u, message: translate(lang, `scm.alloc.reason.${u.reason}`) })),
      overCapacity: result.overCapacity,
    },
  };
}

/**
 * The body of `save-cells`: a list (or JSON text of one) of the planner's cells { lineId, vendorId,
 * cycle, qty, locked }. qty null (or empty) clears the cell, a locked 0 keeps the vendor off the
 * line in the next suggestion; a planner's cell is kept by the next suggestion unless sent unlocked.
 */
const SAVE_CELLS = {
  input: is.object({
    cells: is.json(
      is.list(
        is.object({
          lineId: is.queryId,
          vendorId: is.queryId,
          cycle: is.check(is.text(20), (c) => /^\d{4}-\d{2}$/.test(c), 'a month YYYY-MM'),
          qty: is.nullable(is.check(is.int, (q) => q >= 0, 'a whole number >= 0')),
          locked: is.optional(is.bool),
        }),
        { min: 1, max: 20000 },
      ),
    ),
  }),
  refuse: 'scm.version.badCells',
} satisfies CallShape<unknown>;
type CellEdit = ReadOf<typeof SAVE_CELLS.input>['cells'][number];

/**
 * Saves cell edits of the workbench (handler-only action `save-cells`, body read by SAVE_CELLS). Each
 * cell stored names a line of this version, a vendor of the company and a month of its range: the
 * cell's declared references, checked by the writer (`checked`), the action refused naming each
 * cell that fails. Over-capacity is allowed (the planner decides) and shows in the workbench.
 */
async function saveCells(ctx: ActionContext, edits: CellEdit[]) {
  const { row } = ctx;
  assertDraft(row);
  const versionId = Number(row.id);
  const w = actionWriter(ctx);
  // The edited cells go first, named all at once as one JSON parameter (up to 20,000 of them).
  const edited = sql`select * from jsonb_to_recordset(${JSON.stringify(edits)}::jsonb) as e("lineId" bigint, "vendorId" bigint, cycle text)`;
  await removeRecords(w, 'allocationcell', { where: sql`t.version_id = ${versionId} and (t.demand_id, t.vendor_id, t.cycle) in (${edited})` });
  const kept = (e: CellEdit) => e.locked !== false;
  const toInsert = edits.map((e, at) => ({ ...e, at })).filter((e) => e.qty !== null && (e.qty > 0 || kept(e))).map((e) => ({ ...e, qty: e.qty as number, locked: kept(e) }));
  await insertCells(w, versionId, toInsert, 'manual', { message: 'scm.version.badCell', at: (i) => `cells[${toInsert[i].at}]` });
  return { data: { saved: edits.length } };
}

/** Publishing archives the version published before (spec 4: draft, published, archived). */
async function publish(ctx: ActionContext) {
  const { tx, clientId, row, auth } = ctx;
  const previous = await updateRecords(actionWriter(ctx), allocationVersion, { where: sql`t.status = 'published' and t.id <> ${Number(row.id)}` }, { status: 'archived' }, { audit: 'archive' });
  const patch = { published_at: new Date().toISOString() };
  // The company's users hear of it, the version named by its code (the last write of this action).
  const no = String(row.version_code);
  await raiseNotice(tx, {
    clientId, everyone: true, kind: 'allocation.published', title: 'notify.versionPublished.title', doc_no: no,
    link: `/page/document/allocationversion?id=${Number(row.id)}`,
    i18n: { title: 'notify.versionPublished.title', body: 'notify.versionPublished.body', params: { no, user: auth.fullname || auth.username, from: row.month_from, to: row.month_to } },
  });
  return { patch, data: { archived: previous.map((p) => Number(p.id)) } };
}

/** Brand: choose the maker of an order from the published version (handler-only action `allocate`). */
async function allocateOrder(ctx: ActionContext) {
  const { tx, clientId, row } = ctx;
  if (!['draft', 'rejected'].includes(String(row.status))) throw new AppError('scm.order.notSendable');
  const published = (await sql<{ id: number }>`select id from scm_alloc_version where client_id = ${clientId} and status = 'published' order by published_at desc nulls last limit 1`.execute(tx)).rows[0];
  if (!published) throw new AppError('scm.order.noPublishedVersion');
  const month = String(row.delivery_date ?? row.receive_date ?? '').slice(0, 7);
  const category = row.category as string | null;
  // Planned per vendor for this category and month, less what other live orders already put on each.
  const r = await sql<{ vendor_id: number; planned: number; ordered: number }>`
    select p.vendor_id, p.planned, coalesce(o.ordered, 0) as ordered from (
      select c.vendor_id, sum(c.qty) as planned from scm_alloc_cell c
      join scm_demand d on d.id = c.demand_id and d.client_id = c.client_id
      where c.client_id = ${clientId} and c.version_id = ${Number(published.id)} and d.category = ${category} and c.cycle = ${month}
      group by c.vendor_id) p
    left join (
      select maker_vendor_id, sum(total_qty) as ordered from scm_pr_order
      where client_id = ${clientId} and category = ${category} and substr(coalesce(delivery_date, receive_date)::text, 1, 7) = ${month}
        and status <> 'cancelled' and id <> ${Number(row.id)} and maker_vendor_id is not null
      group by maker_vendor_id) o on o.maker_vendor_id = p.vendor_id
    order by p.planned - coalesce(o.ordered, 0) desc, p.vendor_id`.execute(tx);
  const need = Number(row.total_qty ?? 0);
  const best = r.rows.find((x) => Number(x.planned) - Number(x.ordered) >= Math.max(1, need)) ?? null;
  if (!best) throw new AppError('scm.order.noVendorMatch', { fields: { maker_vendor_id: { key: 'scm.order.noVendorMatch' } } });
  return {
    patch: { maker_vendor_id: Number(best.vendor_id), alloc_status: 'allocated' },
    data: { vendorId: Number(best.vendor_id), planned: Number(best.planned), ordered: Number(best.ordered), versionId: Number(published.id) },
  };
}

export function registerAllocationHandlers(): void {
  // Demand lines are read-only with a published or archived version, stay in its month range and go
  // with it, their cells with them, and count in its totals: declared by their fields (demand.entity.ts,
  // allocationversion.entity.ts; src/server/resources/held-lines.ts, declared-totals.ts).
  registerSaveHook('demand', {
    // The year is the month's (spec 3 demand: year, month).
    afterWrite: ({ tx, clientId, ids }) => deriveRecords(serviceWrite(tx, { clientId }), 'demand', ids, { year: sql`cast(substr(t.month, 1, 4) as integer)` }).then(() => undefined),
  });
  registerActionHandler('allocationversion', 'suggest', suggest);
  registerShapedAction('allocationversion', 'save-cells', SAVE_CELLS, (ctx, input) => saveCells(ctx, input.cells));
  registerActionHandler('allocationversion', 'publish', publish);
  // Copy: the version's declared copy (its settings, demand lines and cells), written by the engine.
  registerActionHandler('allocationversion', 'copy', copyRecord);
  registerActionHandler('prorder', 'allocate', allocateOrder);
}

