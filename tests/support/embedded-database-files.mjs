// The API files that run a second time on the embedded database (PGlite) when the suite also runs on
// PostgreSQL (CI, and any machine with TEST_DATABASE_URL). Without PostgreSQL every API file runs on
// PGlite. Why a list and not the whole suite twice: PGlite is PostgreSQL itself compiled to
// WebAssembly, so the SQL of a query, a policy or a trigger behaves the same on both; what differs
// is the way in (one connection in the process, its transactions serialised, the superuser
// dropping to the tenant role, the data directory), and that is what these files exercise. The
// whole product also runs on PGlite in every end-to-end test. Running all 106 files twice cost
// 350 to 490 s of a CI run, PGlite being about twice as slow as PostgreSQL per file
// (docs/architecture.md "Tests and CI"). A file whose tests run only on the embedded database
// (`describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))`) must be listed, or CI would never run
// them: scripts/embedded-database-files.test.ts checks it.
export const EMBEDDED_DATABASE_FILES = [
  ['tests/api/successful-start-and-health.test.ts', 'the start on a data directory: migrations, the registry schema read from the catalogue'],
  ['tests/api/successful-rls-isolation-of-tenant-tables.test.ts', 'row-level security with the superuser dropping to the tenant role'],
  ['tests/api/successful-registry-isolation-and-permission-suites.test.ts', 'every entity under tenant and data-permission rules through the embedded connection'],
  ['tests/api/failing-import-killed-midway.test.ts', 'an import stopped midway on a data directory (embedded only)'],
  ['tests/api/failing-import-undone-batch-by-batch.test.ts', 'the journal undoing batches in one serialised connection (partly embedded only)'],
  ['tests/api/successful-masterdata-resource-crud.test.ts', 'the generic create, read, update and remove'],
  ['tests/api/failing-writes-outside-data-scope-and-stale-removes.test.ts', 'stale versions and row locks in one connection'],
  ['tests/api/successful-purchasing-and-stock.test.ts', 'stock under row locks, never below zero'],
  ['tests/api/successful-company-sn-rule-numbers-its-documents.test.ts', 'sequence numbers in serialised transactions'],
  ['tests/api/control-tower-aggregates.test.ts', 'the report aggregates kept by statement triggers'],
  ['tests/api/successful-late-plans-agree-on-board-tower-and-list.test.ts', "the plans' lateness kept by triggers"],
  ['tests/api/successful-list-keyset-and-count-estimates.test.ts', "the planner's estimates and keyset pages"],
  ['tests/api/successful-order-flow-across-tenants.test.ts', 'documents shared between companies under row-level security'],
  ['tests/api/successful-access-login-and-session.test.ts', 'sessions and counters in tables (no Redis in the embedded start)'],
  ['tests/api/successful-export-and-reimport.test.ts', 'an export streamed by a cursor and read back by the import'],
  ['tests/api/successful-personal-dashboards-are-kept-per-user-and-company.test.ts', 'per-user rows under row-level security'],
  ['tests/api/successful-saved-list-views.test.ts', 'owner and role checks under row-level security'],
  ['tests/api/failing-reads-the-browser-gave-up-are-not-run.test.ts', 'reads queued behind the one connection, given up by the browser (embedded only)'],
];
