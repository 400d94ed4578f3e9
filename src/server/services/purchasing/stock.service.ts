import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, type ErrorKeyOf } from '../../http/errors';
import { insertRecords, serviceWrite, updateRecords } from '../../resources/record-writer';
import { alertLevelCrossing } from './stock-levels';

/**
 * The one place stock changes (issue 17), through the record writer (issue 30). A decrease is the
 * writer's update of the balance row under the condition `qty >= n`: the writer first locks the row
 * (`select ... for update`, which on PostgreSQL waits for a concurrent move and re-evaluates the
 * condition on the row as that move left it) and updates only what it locked, under the same
 * condition, so two concurrent moves out of one location cannot both pass a check only one of them can
 * satisfy (PGlite has one connection). Stock never goes below zero. An increase
 * adds to the balance row (the pair's first row), creating it under a transaction advisory lock on (company, material,
 * location) so two first receipts never make two rows. Every change writes a ledger row.
 */
export type StockChange = { clientId: number; userId: number | null; materialId: number; locationId: number; delta: number; moveType: string; docNo: string | null; insufficientKey?: ErrorKeyOf<'validation'> };

/** The balance row of a material at a location: the first one (a user may register the pair again, with nothing on hand). */
const balanceRow = (c: StockChange) => sql`select min(b.id) from wms_stock b where b.client_id = ${c.clientId} and b.material_id = ${c.materialId} and b.location_id = ${c.locationId}`;

export async function changeStock(tx: Db, c: StockChange): Promise<number> {
  if (!(c.delta !== 0 && Number.isFinite(c.delta))) throw new AppError('wms.stock.insufficient');
  let after: number;
  const w = serviceWrite(tx, { clientId: c.clientId, userId: c.userId });
  if (c.delta < 0) {
    const n = -c.delta;
    // The writer locks the balance row (FOR UPDATE) and re-reads it before it writes, so the condition
    // `qty >= n` holds for the row it writes: a second concurrent move waits and then finds too little.
    const r = await updateRecords(w, 'stockbalance', { where: sql`t.id = (${balanceRow(c)}) and t.qty >= ${n}` }, { qty: sql`t.qty - ${n}` }, { audit: c.moveType });
    if (!r.length) throw new AppError(c.insufficientKey ?? 'wms.stock.insufficient', { fields: { qty: { key: c.insufficientKey ?? 'wms.stock.insufficient' } } });
    after = Number(r[0].qty);
    // Under the balance row's lock: a reorder or minimum level crossed by this decrease alerts the purchasers once.
    await alertLevelCrossing(tx, { clientId: c.clientId, materialId: c.materialId, locationId: c.locationId, before: after + n, after, docNo: c.docNo });
  } else {
    await sql`select pg_advisory_xact_lock(hashtext(${`wms:${c.clientId}:${c.materialId}:${c.locationId}`}))`.execute(tx);
    const r = await updateRecords(w, 'stockbalance', { where: sql`t.id = (${balanceRow(c)})` }, { qty: sql`coalesce(t.qty, 0) + ${c.delta}` }, { audit: c.moveType });
    if (r.length) after = Number(r[0].qty);
    else {
      await insertRecords(w, 'stockbalance', [{ material_id: c.materialId, location_id: c.locationId, qty: c.delta }], { audit: c.moveType });
      after = c.delta;
    }
  }
  // The history line is the change's own record (not audited again).
  await insertRecords(w, 'stockledger', [{ material_id: c.materialId, location_id: c.locationId, move_type: c.moveType, qty_change: c.delta, qty_after: after, doc_no: c.docNo }], { audit: false });
  return after;
}
