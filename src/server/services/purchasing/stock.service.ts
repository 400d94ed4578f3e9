import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { AppError, type ErrorKeyOf } from '../../http/errors';

/**
 * The one place stock changes (issue 17). A decrease is one atomic statement,
 * `update ... set qty = qty - n where ... and qty >= n`: two concurrent moves out of one location
 * cannot both pass a check that only one of them can satisfy, on PostgreSQL (the row lock the update
 * takes serialises them and the second re-reads the row) and on PGlite (one connection). An increase
 * adds to the balance row (the pair's first row), creating it under a transaction advisory lock on (company, material,
 * location) so two first receipts never make two rows. Every change writes a ledger row.
 */
export type StockChange = { clientId: number; userId: number | null; materialId: number; locationId: number; delta: number; moveType: string; docNo: string | null; insufficientKey?: ErrorKeyOf<'validation'> };

/** The balance row of a material at a location: the first one (a user may register the pair again, with nothing on hand). */
const balanceRow = (c: StockChange) => sql`select min(id) from wms_stock where client_id = ${c.clientId} and material_id = ${c.materialId} and location_id = ${c.locationId}`;

export async function changeStock(tx: Db, c: StockChange): Promise<number> {
  if (!(c.delta !== 0 && Number.isFinite(c.delta))) throw new AppError('wms.stock.insufficient');
  let after: number;
  if (c.delta < 0) {
    const n = -c.delta;
    const r = await sql<{ qty: number }>`update wms_stock set qty = qty - ${n}, version = version + 1, updated_at = now(), updated_by = ${c.userId}
      where id = (${balanceRow(c)}) and client_id = ${c.clientId} and qty >= ${n} returning qty`.execute(tx);
    if (!r.rows.length) throw new AppError(c.insufficientKey ?? 'wms.stock.insufficient', { fields: { qty: { key: c.insufficientKey ?? 'wms.stock.insufficient' } } });
    after = Number(r.rows[0].qty);
  } else {
    await sql`select pg_advisory_xact_lock(hashtext(${`wms:${c.clientId}:${c.materialId}:${c.locationId}`}))`.execute(tx);
    const r = await sql<{ qty: number }>`update wms_stock set qty = coalesce(qty, 0) + ${c.delta}, version = version + 1, updated_at = now(), updated_by = ${c.userId}
      where id = (${balanceRow(c)}) and client_id = ${c.clientId} returning qty`.execute(tx);
    if (r.rows.length) after = Number(r.rows[0].qty);
    else {
      await sql`insert into wms_stock (client_id, created_by, updated_by, material_id, location_id, qty) values (${c.clientId}, ${c.userId}, ${c.userId}, ${c.materialId}, ${c.locationId}, ${c.delta})`.execute(tx);
      after = c.delta;
    }
  }
  await sql`insert into wms_stock_ledger (client_id, created_by, updated_by, material_id, location_id, move_type, qty_change, qty_after, doc_no)
    values (${c.clientId}, ${c.userId}, ${c.userId}, ${c.materialId}, ${c.locationId}, ${c.moveType}, ${c.delta}, ${after}, ${c.docNo})`.execute(tx);
  return after;
}
