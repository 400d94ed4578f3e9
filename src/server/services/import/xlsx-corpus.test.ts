process.env.TZ = 'UTC'; // the producers turn Dates into serials in local time; the product's dates are UTC wall clock

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { corpus, type ExpectedRow } from '../../../../fixtures/xlsx/corpus';
import { norm, readWithExceljsDetailed } from '../../../../fixtures/xlsx/exceljs-reference';
import { XlsxWorkbook } from './xlsx-stream';

/**
 * Issue 19: a corpus of workbooks written by the producers users' files come from (SheetJS,
 * xlsx-populate on Excel's blank workbook, excel4node, write-excel-file) and by hand (inline
 * strings, rich and phonetic runs, shared formulas with cached values, booleans and errors, merged
 * cells, sparse rows, cells without r, x: prefixes, strict OOXML, zip64, data descriptors, stored
 * entries, hidden and very wide sheets, the 1904 system, backslash part names). Each file is read
 * by our reader and compared cell by cell with what it holds, and with exceljs.
 *
 * Where exceljs differs, ours is right; the differences, each counted per file:
 * - formulaDate: a formula's cached value under a date format is a number in exceljs (it applies
 *   the style to plain values only), a Date in ours.
 * - zeroPadded: a whole number under a format of zeros (`00000`) is the number in exceljs and the
 *   text Excel shows ("00123") in ours: the import must not lose a code's leading zeros.
 * - inlineRich: exceljs reads an inline rich text as its last run only; ours joins the runs.
 * - cachedZero: exceljs drops a formula's cached value when it is 0 or "".
 * - formulaBoolean: a boolean formula's cached value (t="b") is 1 or 0 in exceljs, true or false in ours.
 * - formulaSharedString: a formula cell whose cached text is a shared string (t="s", as SheetJS
 *   writes with shared strings) is the string's index in exceljs, the string in ours.
 * - date1904: exceljs's streaming reader reads a 1904 workbook's dates 1,462 days early.
 * - phonetic: exceljs gives a shared string with a phonetic guide (`rPh`, furigana) as the guide's
 *   text (かんじ for 漢字); ours gives the string.
 * Files exceljs cannot read at all are named with the reason in the corpus (exceljsCannot).
 */

const dir = mkdtempSync(join(tmpdir(), 'xlsx-corpus-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Sheet = { name: string; state: string; rows: ExpectedRow[] };

async function readOurs(file: string): Promise<Sheet[]> {
  const wb = await XlsxWorkbook.open(file);
  try {
    const out: Array<Sheet & { part: number }> = [];
    for (const sheet of wb.sheets) {
      if (!sheet.worksheet) continue;
      const rows: ExpectedRow[] = [];
      for await (const batch of wb.rows(sheet)) for (const r of batch) if (norm(r.cells).length) rows.push([r.number, norm(r.cells)]);
      out.push({ name: sheet.name, state: sheet.state, rows, part: Number(/(\d+)\.xml$/.exec(sheet.path ?? '')?.[1] ?? 0) });
    }
    return out.sort((a, b) => a.part - b.part).map(({ part: _part, ...s }) => s);
  } finally {
    await wb.close();
  }
}

type Difference = 'formulaDate' | 'zeroPadded' | 'inlineRich' | 'cachedZero' | 'formulaBoolean' | 'formulaSharedString' | 'date1904' | 'phonetic';
const NO_DIFFERENCES = (): Record<Difference, number> => ({ formulaDate: 0, zeroPadded: 0, inlineRich: 0, cachedZero: 0, formulaBoolean: 0, formulaSharedString: 0, date1904: 0, phonetic: 0 });
const KANA = /^[\u3040-\u30ff]+$/;

/** Which documented difference explains exceljs's `theirs` against our `ours` (null when none does). */
function explain(ours: unknown, theirs: unknown, formula: boolean, date1904: boolean): Difference | null {
  if (ours instanceof Date && typeof theirs === 'number' && formula) {
    const ms = Math.round((theirs + (date1904 && theirs >= 1 ? 1462 : 0) - 25569) * 86_400_000);
    if (ms === ours.getTime()) return 'formulaDate';
  }
  if (typeof ours === 'string' && /^0\d+$/.test(ours) && typeof theirs === 'number' && Number(ours) === theirs) return 'zeroPadded';
  if (typeof ours === 'string' && typeof theirs === 'string' && ours.endsWith(theirs) && ours !== theirs) return 'inlineRich';
  if (theirs === undefined && formula && (ours === 0 || ours === '')) return 'cachedZero';
  if (typeof ours === 'boolean' && formula && theirs === (ours ? 1 : 0)) return 'formulaBoolean';
  if (typeof ours === 'string' && formula && typeof theirs === 'number') return 'formulaSharedString';
  if (typeof ours === 'string' && typeof theirs === 'string' && KANA.test(theirs) && !KANA.test(ours)) return 'phonetic';
  if (date1904 && ours instanceof Date && theirs instanceof Date && ours.getTime() - theirs.getTime() === 1462 * 86_400_000) return 'date1904';
  return null;
}

describe('the workbook corpus: every cell as the file holds it, and as exceljs reads it', () => {
  const entries = corpus();
  const seen = new Map<string, Record<Difference, number>>();

  it.each(entries.map((e) => [e.name, e] as const))('%s', async (_name, entry) => {
    const file = join(dir, `${entries.indexOf(entry)}.xlsx`);
    writeFileSync(file, await entry.write());
    const ours = await readOurs(file);

    // What the file holds.
    expect(ours.map((s) => s.name)).toEqual(entry.sheets.map((s) => s.name));
    expect(ours.map((s) => s.state)).toEqual(entry.sheets.map((s) => s.state ?? 'visible'));
    entry.sheets.forEach((sheet, i) => {
      expect(ours[i].rows, sheet.name).toEqual(sheet.rows.map(([n, cells]): ExpectedRow => [n, norm(cells)]));
    });

    // What exceljs reads of it.
    const wb = await XlsxWorkbook.open(file);
    const date1904 = wb.date1904;
    await wb.close();
    let theirs: Awaited<ReturnType<typeof readWithExceljsDetailed>> | null;
    try {
      theirs = await readWithExceljsDetailed(file);
    } catch {
      theirs = null;
    }
    if (entry.exceljsCannot) {
      // The stated reason must stay true: exceljs gives none of the rows.
      expect(theirs === null || theirs.every((s) => s.rows.every((r) => norm(r.cells).length === 0)), entry.exceljsCannot).toBe(true);
      return;
    }
    expect(theirs, 'exceljs read the file').not.toBeNull();
    const counts = NO_DIFFERENCES();
    expect(theirs!.length).toBe(ours.length);
    ours.forEach((sheet, i) => {
      const other = new Map(theirs![i].rows.map((r) => [r.number, norm(r.cells)]));
      const numbers = new Set([...sheet.rows.map(([n]) => n), ...[...other.entries()].filter(([, c]) => c.length).map(([n]) => n)]);
      for (const n of numbers) {
        const a = sheet.rows.find(([m]) => m === n)?.[1] ?? [];
        const b = other.get(n) ?? [];
        for (let c = 0; c < Math.max(a.length, b.length); c++) {
          if (JSON.stringify(a[c]) === JSON.stringify(b[c]) && (a[c] instanceof Date) === (b[c] instanceof Date)) continue;
          const why = explain(a[c], b[c], theirs![i].formulas.has(`${n}:${c + 1}`), date1904);
          expect(why, `${sheet.name} row ${n} column ${c + 1}: ours ${JSON.stringify(a[c])}, exceljs ${JSON.stringify(b[c])}`).not.toBeNull();
          counts[why!]++;
        }
      }
    });
    seen.set(entry.name, counts);
  }, 60_000);

  it('meets each documented difference with exceljs somewhere in the corpus (so each stays a true statement)', () => {
    const total = NO_DIFFERENCES();
    for (const counts of seen.values()) for (const k of Object.keys(total) as Difference[]) total[k] += counts[k];
    // cachedZero is met by the reader's random exceljs workbooks (xlsx-stream.test.ts), formulaDate
    // by none of these producers (none writes a date formula with a cached value): kept as rules.
    for (const k of ['zeroPadded', 'inlineRich', 'formulaBoolean', 'formulaSharedString', 'date1904', 'phonetic'] as const) expect(total[k], k).toBeGreaterThan(0);
  });
});
