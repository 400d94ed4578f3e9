import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Pieces scanned out (report `production-output`): the scans out under the scan list's WHERE
 * (tenant, data permissions, filters), summed in SQL per day, line, work order, style and process,
 * so the figure and its drill-down list (the scans out with the same filters) count the same rows.
 * A day is the scan time's date in the database session's time zone, as the list's date filter and
 * the kept days of scm_wo_output_day read it; the scans' partial index on scans out
 * (`scm_wo_scan_output_idx`) serves the company's rows.
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<{ day: string; line: string | null; workorder: string | null; style: string | null; process: string | null; pieces: number; bundles: number }>`
    select to_char(t.scanned_at, 'YYYY-MM-DD') as day, t.line_id::text as line, t.workorder_id::text as workorder, t.style_no as style,
      t.process_id::text as process, coalesce(sum(t.qty), 0) as pieces, count(*) as bundles
    from scm_wo_scan t where ${where} and t.direction = 'out'
    group by 1, 2, 3, 4, 5`.execute(tx);
  return r.rows.map((x) => ({ ...x, pieces: Number(x.pieces), bundles: Number(x.bundles) }));
};
