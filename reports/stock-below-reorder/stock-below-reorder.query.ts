import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Materials below reorder level (report `stock-below-reorder`): the levels of the locations the list's
 * WHERE over `wms_location t` admits (tenant, data permissions, the code and plant filters), each with
 * the quantity on hand at that location (every balance row of the pair, same tenant), kept where it
 * is under the reorder level. One row per material and location.
 */
export const query: ServerQuery = async ({ tx, clientId, where }) => {
  const r = await sql<{ material_id: number; location_id: number; on_hand: number; reorder_qty: number; min_qty: number | null }>`
    select l.material_id, t.id as location_id, coalesce((select sum(b.qty) from wms_stock b where b.client_id = ${clientId} and b.material_id = l.material_id and b.location_id = t.id), 0)::float8 as on_hand,
      l.reorder_qty::float8 as reorder_qty, l.min_qty::float8 as min_qty
    from wms_location t join wms_stock_level l on l.client_id = ${clientId} and l.location_id = t.id
    where ${where}`.execute(tx);
  return r.rows
    .filter((x) => Number(x.on_hand) < Number(x.reorder_qty))
    .map((x) => ({
      material: Number(x.material_id), location: Number(x.location_id),
      below: x.min_qty !== null && Number(x.on_hand) < Number(x.min_qty) ? 'minimum' : 'reorder',
      on_hand: Number(x.on_hand), reorder_qty: Number(x.reorder_qty), min_qty: x.min_qty === null ? 0 : Number(x.min_qty),
      shortfall: Math.round((Number(x.reorder_qty) - Number(x.on_hand)) * 10000) / 10000, items: 1,
    }));
};
