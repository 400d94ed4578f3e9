import { sql, type RawBuilder } from 'kysely';
import { deriveRecords, type WriteTarget } from '../../resources/record-writer';
import type { WriteContext } from '../../resources/document-stages';

/**
 * What the order services of every kind (requirement, customer, purchase, supplier, outsourced
 * orders and tasks) write on their lines through the record writer.
 */

/** Line amounts: quantity x unit price, 4 decimals (spec 9); derived, so no version or audit. */
export async function deriveLineAmounts(w: WriteContext, lineEntity: string, fk: string, id: number): Promise<void> {
  await deriveRecords(w, lineEntity, { where: sql`${sql.ref(`t.${fk}`)} = ${id}` }, { amount: sql`case when t.unit_price is null then null else round(t.qty * t.unit_price, 4) end` });
}

/**
 * Rows that each take their own quantity in one statement: the target matches `t.id` (or `match`)
 * to a row of a values list, whose quantity is `n.v` in the values written.
 */
export function perRow(rows: ReadonlyArray<{ id: number; v: number }>, also?: RawBuilder<unknown>, match = 'id'): WriteTarget {
  if (!rows.length) return [];
  const values = sql.join(rows.map((r) => sql`(${r.id}::int, ${r.v}::numeric)`));
  return { where: sql`${sql.ref(`t.${match}`)} = n.id${also ? sql` and ${also}` : sql``}`, from: sql`(values ${values}) as n(id, v)` };
}

/** The quantity of the row in a `perRow` target. */
export const rowQty = sql`n.v`;
