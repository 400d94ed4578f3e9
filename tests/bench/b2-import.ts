/**
 * Bench B2 (issue 4): import 100,000 rows x 20 columns of a real entity (materials: 16 header
 * columns and one price line of 4 columns per row, vendor codes resolved to ids) end to end (stream
 * parse, validateRecord, references, duplicates, bulk insert with numbering and audit, commit)
 * against the raw exceljs streaming parse of the same file in the same run. Targets: at most 2x the
 * raw parse, peak RSS at most 350 MB, and at least 20,000 rows/s on PostgreSQL.
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { requireEntity } from '../../src/model';
import { runImport } from '../../src/server/services/import/import.service';
import { materialRow, vendorRow, writeEntityFile } from '../../fixtures/xlsx/large';
import { BENCH_DIR, benchDatabases, gc, mb, measure } from './excel-bench.util';
import type { Bench, BenchLine } from './run';

const ROWS = Number(process.env.B2_ROWS ?? 100_000);

async function rawParse(file: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let n = 0;
  for await (const sheet of reader) for await (const row of sheet) if ((row.values as unknown[]).length) n++;
  return n;
}

export const bench: Bench = {
  id: 'B2',
  title: `import ${ROWS.toLocaleString('en')} rows x 20 columns (materials with a price line) vs raw streaming parse`,
  run: async () => {
    const vendorFile = join(BENCH_DIR, 'b2-vendors.xlsx');
    const file = join(BENCH_DIR, 'b2-materials.xlsx');
    const vendorCodes = ['BV0001', 'BV0002', 'BV0003', 'BV0004'];
    await writeEntityFile(vendorFile, 'vendor', 4, (i) => ({ ...vendorRow('BV')(i), code: vendorCodes[i] }));
    const cols = await writeEntityFile(file, 'material', ROWS, materialRow('BM', vendorCodes));
    const lines: BenchLine[] = [{ label: 'file', value: `${ROWS} rows x ${cols.length} columns` }];
    let passed = true;
    for await (const target of benchDatabases()) {
      const actor = { clientId: target.clientId, userId: target.userId, username: 'brand', fullname: 'brand', ip: null };
      const base = { actor, language: 'zh-CN' as const, mode: 'insert' as const, write: true, validOnly: false, maxRows: 1_000_000, fileSize: 0 };
      const v = await runImport(target.t.app.db, { ...base, entity: requireEntity('vendor'), file: vendorFile });
      if (!v.committed) throw new Error(`vendor set-up failed: ${JSON.stringify(v.errors.slice(0, 3))}`);
      gc();
      const raw = await measure(() => rawParse(file));
      gc();
      const full = await measure(() => runImport(target.t.app.db, { ...base, entity: requireEntity('material'), file }));
      const report = full.value;
      if (!report.committed) throw new Error(`import did not commit: ${report.fatalText ?? JSON.stringify(report.errors.slice(0, 3))}`);
      const stored = (await sql<{ n: number }>`select count(*)::int as n from md_material where client_id = ${target.clientId} and code like 'BM%'`.execute(target.t.app.db)).rows[0].n;
      const ratio = full.ms / raw.ms;
      const rps = ROWS / (full.ms / 1000);
      const ok = stored === ROWS && ratio <= 2 && full.peakRss <= 350 * 1024 * 1024 && (target.name === 'PGlite' || rps >= 20_000);
      passed &&= ok;
      lines.push(
        { label: `${target.name}: raw streaming parse`, value: `${(raw.ms / 1000).toFixed(2)} s (${Math.round(ROWS / (raw.ms / 1000)).toLocaleString('en')} rows/s)` },
        { label: `${target.name}: end to end import`, value: `${(full.ms / 1000).toFixed(2)} s (${Math.round(rps).toLocaleString('en')} rows/s), ${stored} materials + ${stored} price lines written` },
        { label: `${target.name}: ratio import / raw parse`, value: `${ratio.toFixed(2)}x (target <= 2x)` },
        { label: `${target.name}: peak RSS during import`, value: `${mb(full.peakRss)} (target <= 350 MB)${target.name === 'PostgreSQL' ? '; target >= 20,000 rows/s' : ''}` },
        // The process holds the app and, on PGlite, the whole database engine before the import
        // starts; the growth is what the import itself adds (bounded memory, not the baseline).
        { label: `${target.name}: RSS before import / growth during import`, value: `${mb(full.startRss)} / ${mb(full.peakRss - full.startRss)}` },
      );
    }
    return { lines, passed, target: 'import <= 2x raw parse, peak RSS <= 350 MB, >= 20,000 rows/s on PostgreSQL' };
  },
};
