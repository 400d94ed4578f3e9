/**
 * Bench B12 (issue 33): ">= 90% of columns mapped right with no help" on a kept set of at least 30
 * differently laid-out sheets written by several producers.
 *
 * The corpus is fixtures/mapping-corpus/sheets.ts: 45 sheets of the layouts buyers and suppliers
 * send (purchase orders with size runs across columns, requirement, customer and sales orders,
 * vendor, material, customer and style lists, sample requests; Chinese, English and mixed headings,
 * merged title rows, a header row per order, units in headings, abbreviations, extra columns),
 * each column with its expected target (and each key of a header row per order with its order field). Each sheet is written at run time by exceljs, SheetJS or a
 * hand-written SpreadsheetML package, read by the product's reader and mapped by the product's
 * mapper exactly as the mapping route does, without company memory, master data or the user.
 * Baseline, same run: the template's exact header match. Printed: columns right / total, the
 * columns that have a field, per producer, the held-out sheets (declared after the mapper was
 * tuned on the others, and not tuned on), the baseline as a ratio, every miss per sheet.
 * `npm run bench -- b12`. The same figure is asserted >= 90% by
 * src/server/services/import/mapping-corpus.test.ts.
 */
import { scoreCorpus, type SheetScore } from '../../fixtures/mapping-corpus/measure';
import { HELD_OUT, SHEETS } from '../../fixtures/mapping-corpus/sheets';
import type { Bench, BenchLine, BenchResult } from './run';

const TARGET = 0.9;
const pct = (a: number, b: number) => `${a} / ${b} (${((100 * a) / b).toFixed(1)}%)`;

async function run(): Promise<BenchResult> {
  const r = await scoreCorpus();
  const lines: BenchLine[] = [
    { label: 'sheets', value: `${r.sheets.length} (${new Set(r.sheets.map((s) => s.entity)).size} entities)` },
    { label: 'columns mapped right, no help', value: pct(r.right, r.columns) },
    { label: 'columns that have a field', value: pct(r.fieldRight, r.fieldColumns) },
    { label: 'order header fields (keys of a header row per order)', value: `${r.sheets.filter((s) => s.orderFields).length} sheets, ${pct(r.orderRight, r.orderFields)}` },
    { label: 'baseline: exact header match', value: pct(r.baselineRight, r.columns) },
    { label: 'mapper / baseline', value: `${(r.right / r.baselineRight).toFixed(2)}x` },
  ];
  for (const producer of ['exceljs', 'SheetJS', 'by hand'] as const) {
    const of = r.sheets.filter((s) => s.producer === producer);
    lines.push({ label: `  written by ${producer}`, value: `${of.length} sheets, ${pct(sum(of, (s) => s.right), sum(of, (s) => s.columns))}` });
  }
  const held = r.sheets.filter((s) => HELD_OUT.has(s.name));
  lines.push({ label: 'held out (not tuned on)', value: `${held.length} sheets, ${pct(sum(held, (s) => s.right), sum(held, (s) => s.columns))}` });
  lines.push({ label: 'held out: order header fields', value: pct(sum(held, (s) => s.orderRight), sum(held, (s) => s.orderFields)) });
  lines.push({ label: 'header row found', value: `${r.sheets.filter((s) => s.headerRowFound).length} / ${r.sheets.length} sheets` });
  lines.push({ label: 'time (write, read, map)', value: `${Math.round(r.ms)} ms` });
  for (const s of r.sheets.filter((x) => x.misses.length)) {
    lines.push({ label: `miss ${s.name}`, value: `${s.right}/${s.columns}: ${s.misses.map((m) => `${m.header} -> ${m.got ?? 'none'} (want ${m.expected ?? 'none'})`).join('; ')}` });
  }
  return { lines, passed: r.right / r.columns >= TARGET, target: `>= ${TARGET * 100}% of columns mapped right with no help` };
}

const sum = (xs: SheetScore[], f: (s: SheetScore) => number) => xs.reduce((a, s) => a + f(s), 0);

export const bench: Bench = { id: 'B12', title: `Column mapping of ${SHEETS.length} differently laid-out sheets, no help`, run };
