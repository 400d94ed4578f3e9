import { sql } from 'kysely';
import type { ServerQuery } from '../../src/server/services/reports/query-kit';

/**
 * Import history (report `import-history`): the import centre's jobs of the caller (the WHERE the
 * runner gives: the caller's tenant and the caller's own jobs, as the import centre lists them), by
 * month, entity and status; rows checked, imported and in error from each job's result.
 */
export const query: ServerQuery = async ({ tx, where }) => {
  const r = await sql<{ month: string; entity: string | null; status: string; total: number; imported: number; errors: number }>`
    select to_char(t.created_at, 'YYYY-MM') as month, t.params->>'entity' as entity, t.status,
      coalesce((t.result->>'total')::float8, t.total::float8, 0) as total,
      case when (t.result->>'committed')::boolean then coalesce((t.result->>'inserted')::float8, 0) + coalesce((t.result->>'updated')::float8, 0) else 0 end as imported,
      coalesce((t.result->>'errorCount')::float8, 0) as errors
    from jobs t where ${where} and t.kind = 'import'`.execute(tx);
  return r.rows.map((x) => ({ ...x, total: Number(x.total), imported: Number(x.imported), errors: Number(x.errors) }));
};
