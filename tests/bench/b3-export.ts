/**
 * Bench B3 (issue 4): export 100,000 vendors x 20 columns through the list export (page query, chunked
 * reads, dictionary labels, dates, streaming writer) against a raw exceljs streaming write of the same
 * rows already in memory, in the same run; and the memory growth from a 10,000-row export to a
 * 100,000-row one. Targets: at most 1.5x, growth at most 100 MB.
 */
import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { requireEntity } from '../../src/model';
import { exportColumns } from '../../src/model/excel';
import { exportIds, writeExport, type ExportPlan } from '../../src/server/services/export/export.service';
import { parsePageQuery } from '../../src/server/resources/page-query';
import { withTenant } from '../../src/server/kernel/rls';
import { BENCH_DIR, benchDatabases, gc, mb, measure } from './excel-bench.util';
import type { Bench, BenchLine } from './run';

const ROWS = Number(process.env.B3_ROWS ?? 100_000);

async function ourExport(plan: ExportPlan, db: Parameters<typeof exportIds>[0], file: string): Promise<number> {
  const ids = await exportIds(db, plan);
  const out = createWriteStream(file);
  await writeExport(db, plan, ids, out);
  await finished(out);
  return ids.length;
}

async function rawWrite(rows: unknown[][], headers: string[], file: string): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet('data');
  ws.addRow(headers).commit();
  for (const r of rows) ws.addRow(r).commit();
  ws.commit();
  await wb.commit();
}

export const bench: Bench = {
  id: 'B3',
  title: `export ${ROWS.toLocaleString('en')} vendors x 20 columns vs raw exceljs streaming write`,
  run: async () => {
    const entity = requireEntity('vendor');
    const lines: BenchLine[] = [];
    let passed = true;
    for await (const target of benchDatabases()) {
      const db = target.t.app.db;
      await withTenant(db, target.clientId, async (tx) => {
        await sql`insert into md_vendor (client_id, code, name, short_name, vendor_type, grade, scale, owner, contact_person, contact_mobile, email, address, currency,
            valid_from, valid_to, bank_name, bank_branch_code, bank_account_no, bank_account_name, status, remark)
          select ${target.clientId}, 'B3' || lpad(g::text, 7, '0'), '供应商 ' || g, '简称' || g, (array['garment','fabric','trim','process'])[1 + g % 4], 'A', 'small', '李采购', '张三',
            '139' || lpad((g % 99999999)::text, 8, '0'), 'v' || g || '@example.com', '浙江省绍兴市柯桥区纺织路 ' || g || ' 号', 'CNY', date '2026-01-01', date '2027-12-31',
            '中国工商银行', '102337000123', '62220' || lpad(g::text, 10, '0'), '供应商 ' || g, 'active', '批量'
          from generate_series(1, ${ROWS}) g`.execute(tx);
      });
      const columns = exportColumns(entity);
      const planFor = (like: string): ExportPlan => ({ entity, clientId: target.clientId, query: parsePageQuery(entity, { 'f.code.like': like, sort: 'code' }), scope: [], columns, language: 'zh-CN' });

      // Baseline: the same rows, already read and formatted, written raw.
      const memRows = (await withTenant(db, target.clientId, async (tx) => (await sql<Record<string, unknown>>`select * from md_vendor where client_id = ${target.clientId} and code like 'B3%' order by code`.execute(tx)).rows)).map((r) =>
        columns.map((c) => (r[c.field.key] === null || r[c.field.key] === undefined ? null : String(r[c.field.key]))),
      );
      gc();
      const raw = await measure(() => rawWrite(memRows, columns.map((c) => c.header.zh), join(BENCH_DIR, 'b3-raw.xlsx')));
      memRows.length = 0;
      gc();
      const small = await measure(() => ourExport(planFor('B3000'), db, join(BENCH_DIR, 'b3-10k.xlsx')));
      gc();
      const full = await measure(() => ourExport(planFor('B3'), db, join(BENCH_DIR, 'b3-full.xlsx')));
      const ratio = full.ms / raw.ms;
      const growth = full.peakRss - full.startRss - (small.peakRss - small.startRss);
      const ok = full.value === ROWS && ratio <= 1.5 && growth <= 100 * 1024 * 1024;
      passed &&= ok;
      lines.push(
        { label: `${target.name}: raw streaming write`, value: `${(raw.ms / 1000).toFixed(2)} s` },
        { label: `${target.name}: export (query + format + write)`, value: `${(full.ms / 1000).toFixed(2)} s, ${full.value} rows x ${columns.length} columns` },
        { label: `${target.name}: ratio export / raw write`, value: `${ratio.toFixed(2)}x (target <= 1.5x)` },
        { label: `${target.name}: RSS growth ${small.value} -> ${full.value} rows`, value: `${mb(growth)} (target <= 100 MB; peaks ${mb(small.peakRss)} / ${mb(full.peakRss)})` },
      );
    }
    return { lines, passed, target: 'export <= 1.5x raw write, memory growth 10k -> 100k <= 100 MB' };
  },
};
