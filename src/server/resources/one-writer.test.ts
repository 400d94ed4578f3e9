import { describe, expect, it } from 'vitest';
import { measureRawWrites, WRITER_FILES } from '../../../scripts/architecture-metrics.mjs';

/**
 * One writer for every mutation (issue 30): no route, service, job, seed or import writes a registry
 * table (an entity's `table:`) with its own INSERT, UPDATE or DELETE. The writer's files
 * (WRITER_FILES: the document writer and its stages, the record writer, the import's batch writer)
 * are the only places that do. The scan is scripts/architecture-metrics.mjs's (`npm run metrics`,
 * figure 4): SQL text of `sql` templates, `sql.raw`, `CompiledQuery.raw` and Kysely builder writes.
 *
 * The allow-list names each remaining raw write with its reason; an entry no longer needed fails
 * the test too, so the list only shrinks.
 */
type Allowed = { file: string; table: string; verb: 'insert into' | 'update' | 'delete from'; count: number; reason: string };

export const ALLOWED_RAW_WRITES: Allowed[] = [
  {
    file: 'src/server/db/migrations/20261203_1300_file_keys.ts',
    table: 'collab_ticket_comment',
    verb: 'update',
    count: 1,
    reason: 'a data migration rewrites stored file addresses once, before any service runs (a migration is not a service)',
  },
];

/** Writes whose table the scan cannot read (a trigger's body, a table chosen at run time), with their reason. */
export const ALLOWED_HIDDEN_WRITES: Array<{ file: string; count: number; reason: string }> = [
  {
    file: 'src/server/services/planning/line-day-load.ts',
    count: 1,
    reason: "an aggregate kept by the database: statement triggers on bars, plans, line minutes and calendars keep each line's load per day (rpt_line_day_load, no registry table) whatever writes them, in the write's transaction; its name is one constant shared by the triggers' SQL and the rebuild",
  },
  {
    file: 'src/server/services/planning/plan-lateness.ts',
    count: 1,
    reason: "an aggregate kept by the database: triggers on the plan's bars keep the plan's planned end and late days whatever writes a bar, with no version, stamp or audit by design; installed once for every company",
  },
];

const writes = measureRawWrites();

describe('one writer for every mutation of a registry table', () => {
  it('finds the writer files and the registry tables it guards', () => {
    expect(WRITER_FILES).toContain('src/server/resources/record-writer.ts');
    expect(writes.registryTables).toBeGreaterThan(80);
    expect(writes.inWriter).toBeGreaterThan(0);
  });

  it('writes no registry table outside the writer, but for the reasoned allow-list', () => {
    const outside = writes.files
      .filter((f) => f.kind !== 'writer')
      .flatMap((f) => f.writes.filter((w) => w.registry).map((w) => ({ file: f.file, line: w.line, verb: w.verb, table: w.table ?? '' })));
    const unexplained: string[] = [];
    const counted = new Map<Allowed, number>();
    for (const w of outside) {
      const entry = ALLOWED_RAW_WRITES.find((a) => a.file === w.file && a.table === w.table && a.verb === w.verb);
      if (!entry) unexplained.push(`${w.file}:${w.line} ${w.verb} ${w.table}`);
      else counted.set(entry, (counted.get(entry) ?? 0) + 1);
    }
    expect(unexplained, 'raw writes of registry tables outside the writer: use record-writer.ts (insertRecords, updateRecords, deriveRecords, removeRecords)').toEqual([]);
    for (const a of ALLOWED_RAW_WRITES) expect({ ...a, found: counted.get(a) ?? 0 }, 'an allow-list entry that no longer matches its count').toEqual({ ...a, found: a.count });
  });

  it('leaves no write whose table the scan cannot read, outside the writer and migrations', () => {
    const hidden = writes.files.filter((f) => f.kind === 'other' && f.notLiteral > 0).map((f) => `${f.file}: ${f.notLiteral}`);
    expect(hidden).toEqual(ALLOWED_HIDDEN_WRITES.map((a) => `${a.file}: ${a.count}`));
  });
});
