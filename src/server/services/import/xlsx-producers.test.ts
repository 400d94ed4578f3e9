import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { norm } from '../../../../fixtures/xlsx/exceljs-reference';
import { expectedRows, specBook } from '../../../../fixtures/xlsx/producers/book';
import { installed, missingPackages, PRODUCERS, versions, writeAll, type System } from '../../../../fixtures/xlsx/producers/producers';
import { readWorkbook } from './xlsx-reader.util';

/**
 * Issue 33: workbooks written at test time by the producers installed from Debian's packages
 * (`.ci/run`): openpyxl, XlsxWriter, Apache POI (an .xls, saved as .xlsx by LibreOffice), and
 * LibreOffice and Gnumeric saving the others' files. Each writes one book (fixtures/xlsx/producers/
 * book.ts: a merged title, Chinese text, numbers, dates and date-times, a time of day, codes with
 * leading zeros as text and under a `000000` format, rich text, booleans, formulas with their
 * cached values) in the 1900 and the 1904 date systems; the import's reader (`readWorkbook`) must
 * give every cell as written. A producer whose package is missing fails the test under CI and is
 * skipped elsewhere, naming the package.
 */

const dir = mkdtempSync(join(tmpdir(), 'xlsx-producers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

beforeAll(async () => {
  await installed(600_000);
  const seconds = await writeAll(dir);
  console.info(`Workbook producers (seconds per step: ${JSON.stringify(seconds)}):\n${versions()}`);
}, 720_000);

/** The data sheet's rows as the import reads them: [row number, cells] of the rows holding a value. */
async function importRows(file: string): Promise<{ rows: Array<[number, unknown[]]>; date1904: boolean }> {
  const rows: Array<[number, unknown[]]> = [];
  let date1904 = false;
  for await (const event of readWorkbook(file, undefined, (info) => (date1904 = info.date1904))) {
    if (event.kind === 'row' && norm(event.cells).length) rows.push([event.number, norm(event.cells)]);
  }
  return { rows, date1904 };
}

describe('workbooks written by the Debian-packaged producers, read as the import reads them', () => {
  const cases = PRODUCERS.flatMap((p) => (['1900', '1904'] as System[]).map((system) => [`${p.name}, ${system} date system`, p, system] as const));

  it.for(cases)('%s', async ([, producer, system], { skip }) => {
    const missing = missingPackages(producer);
    if (missing.length) {
      const message = `${producer.name} needs Debian's ${missing.join(', ')}: apt-get install ${missing.join(' ')} (.ci/run installs it)`;
      if (process.env.CI) expect.fail(message);
      console.warn(`skipped: ${message}`);
      skip(message);
    }
    const book = specBook(system === '1904');
    const read = await importRows(producer.file(dir, system));
    expect(read.date1904).toBe(book.date1904);
    expect(read.rows).toEqual(expectedRows(book, producer.deviations).map(([n, cells]) => [n, norm(cells)]));
  });
});
