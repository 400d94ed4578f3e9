import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { LISTS_SHEET, TEMPLATE_SHEET } from '../../../model/excel';
// exceljs 4.4 breaks UTF-8 characters at chunk boundaries of large sheets; this installs the fix.
import './exceljs-utf8.patch';

/**
 * Streams an .xlsx file with exceljs's WorkbookReader (never the whole workbook in memory): the
 * hidden identity sheet first (templates and exports put it first), then the first visible sheet's
 * rows one at a time. Other sheets are not read.
 */
export type SheetEvent =
  | { kind: 'meta'; rows: unknown[][] }
  | { kind: 'row'; number: number; cells: unknown[] };

/** Thrown for a file that is not a readable workbook (wrong type, corrupt). */
export class WorkbookError extends Error {
  constructor(readonly messageKey: 'excel.wrongFileType' | 'excel.corrupt') {
    super(messageKey);
  }
}

/** An .xlsx file is a zip: it starts with "PK\x03\x04". An old .xls (OLE2), a CSV or an image does not. */
export async function assertXlsxSignature(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    const { bytesRead } = await fh.read(buf, 0, 4, 0);
    if (bytesRead < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b || buf[2] !== 0x03 || buf[3] !== 0x04) throw new WorkbookError('excel.wrongFileType');
  } finally {
    await fh.close();
  }
}

type SheetReader = AsyncIterable<ExcelJS.Row> & { name?: string; state?: string };

/** Row values as a 0-based array (exceljs gives 1-based sparse arrays). */
function cellsOf(row: ExcelJS.Row): unknown[] {
  const values = row.values as unknown[];
  return values.length ? values.slice(1) : [];
}

/**
 * Yields the identity sheet's rows (when present) and then each row of the data sheet. Errors of
 * the zip or XML layers surface as WorkbookError('excel.corrupt'); the file handle is always closed.
 */
export async function* readWorkbook(path: string, onBytes?: (bytes: number) => void): AsyncGenerator<SheetEvent> {
  await assertXlsxSignature(path);
  const stream = createReadStream(path, { highWaterMark: 256 * 1024 });
  let bytes = 0;
  stream.on('data', (chunk) => {
    bytes += chunk.length;
    onBytes?.(bytes);
  });
  // A read error is reported through the reader's iteration; this listener only keeps an 'error'
  // event from becoming an uncaught exception that would stop the server.
  stream.on('error', () => undefined);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, { sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  let inData = false;
  try {
    for await (const sheet of reader as unknown as AsyncIterable<SheetReader>) {
      if (sheet.name === TEMPLATE_SHEET) {
        const rows: unknown[][] = [];
        for await (const row of sheet) rows.push(cellsOf(row));
        yield { kind: 'meta', rows };
        continue;
      }
      if (sheet.name === LISTS_SHEET || (sheet.state && sheet.state !== 'visible')) {
        for await (const row of sheet) void row;
        continue;
      }
      inData = true;
      for await (const row of sheet) yield { kind: 'row', number: row.number, cells: cellsOf(row) };
      return;
    }
  } catch (error) {
    if (error instanceof WorkbookError) throw error;
    // Only failures of reading the file are "corrupt"; an error thrown by the consumer of a row
    // (the import) is not caught here because it is raised in the consumer, not in this generator.
    throw Object.assign(new WorkbookError('excel.corrupt'), { cause: error, inData });
  } finally {
    stream.destroy();
  }
}
