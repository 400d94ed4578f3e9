/**
 * How `create database ... template` copies a test template: `TEST_PG_CLONE_STRATEGY` names
 * PostgreSQL's strategy (`file_copy` or `wal_log`); unset, the server's default (WAL_LOG since 15).
 * `.ci/run` sets `file_copy` for its own cluster on the RAM disk, where the copy's two checkpoints
 * cost nothing without fsync (0.11 CPU-s a clone and drop there, against 0.6-0.8 writing every page
 * to the WAL on the machine's cluster: docs/architecture.md "Tests and CI", 2026-12-06). On a
 * cluster that syncs to a disk, WAL_LOG is the cheaper of the two.
 */
export function cloneStrategyClause(env: NodeJS.ProcessEnv = process.env): string {
  const wanted = (env.TEST_PG_CLONE_STRATEGY ?? '').trim().toLowerCase();
  if (!wanted) return '';
  if (wanted !== 'file_copy' && wanted !== 'wal_log') throw new Error(`TEST_PG_CLONE_STRATEGY must be file_copy or wal_log, not "${env.TEST_PG_CLONE_STRATEGY}"`);
  return ` strategy ${wanted}`;
}
