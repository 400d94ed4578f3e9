import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';
import { insertRecords, serviceWrite } from '../../resources/record-writer';

/** One demo company's records of an entity, written as its owner. */
export type DemoRecords = { company: string; owner: string; rows: Array<Record<string, unknown>> };

/**
 * Writes each demo company's records of `entity` (table `table`) through the record writer as the
 * company's owner, in the company's tenant, unless the company has rows there already (a seed runs
 * again on every start). Answers the companies written, by id. Used by the demo alerts and tiles.
 */
export async function seedDemoRecordsOnce(db: Db, ids: { tenants: Record<string, number>; users: Record<string, number> }, entity: string, table: string, demos: DemoRecords[]): Promise<number[]> {
  const written: number[] = [];
  for (const demo of demos) {
    const clientId = ids.tenants[demo.company];
    const owner = ids.users[demo.owner];
    if (!clientId || !owner) continue;
    const made = await withTenant(db, clientId, async (tx) => {
      const had = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where client_id = ${clientId}`.execute(tx);
      if (had.rows[0].n > 0) return false;
      await insertRecords(serviceWrite(tx, { clientId, userId: owner, username: demo.owner }, 'seed'), entity, demo.rows);
      return true;
    });
    if (made) written.push(clientId);
  }
  return written;
}
