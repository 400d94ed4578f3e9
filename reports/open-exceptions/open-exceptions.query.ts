import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Open exception tickets (report `open-exceptions`): the company's tickets (the list's WHERE over
 * `collab_ticket t`) in progress (0) or closing (50), by age band since raised: 1 = up to 3 days,
 * 2 = 4 to 7, 3 = 8 to 14, 4 = over 14. Rows: age, level, category, tickets 1, deduct amount.
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<Record<string, unknown>>`
    select case when now() - t.created_at <= interval '3 days' then '1' when now() - t.created_at <= interval '7 days' then '2'
        when now() - t.created_at <= interval '14 days' then '3' else '4' end as age,
      t.level, t.category, coalesce(t.deduct_amount, 0) as deduct
    from collab_ticket t where ${where} and t.status in ('0', '50')`.execute(tx);
  return r.rows.map((x) => ({ age: String(x.age), level: (x.level as string | null) ?? null, category: (x.category as string | null) ?? null, tickets: 1, deduct: Number(x.deduct) }));
};
