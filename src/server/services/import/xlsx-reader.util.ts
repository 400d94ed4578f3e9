import { open, type FileHandle } from 'node:fs/promises';
import { LISTS_SHEET, TEMPLATE_SHEET } from '../../../model/excel';
import { DEFAULT_MAX_READ_MS, XlsxWorkbook } from './xlsx-stream';
import { XlsxLimitError, type XlsxLimit } from './xlsx-xml';

/**
 * Streams an .xlsx file (never the whole workbook in memory): the hidden identity sheet first
 * (wherever it stands in the workbook), then the first visible sheet's rows. Other sheets are not
 * read. The reader is our own (xlsx-stream.ts): exceljs's streaming parse alone took the whole
 * time budget of a 100,000-row import.
 */
export type SheetEvent =
  | { kind: 'meta'; rows: unknown[][] }
  | { kind: 'row'; number: number; cells: unknown[] };

/** What the workbook says of itself, heard before its first event: its date system (issue 19). */
export type WorkbookInfo = { date1904: boolean };

/** Thrown for a file that is not a readable workbook (wrong type, corrupt) or passes a bound of the reader. */
export class WorkbookError extends Error {
  constructor(readonly messageKey: 'excel.wrongFileType' | 'excel.oldFormatInside' | 'excel.encrypted' | 'excel.corrupt' | XlsxLimit) {
    super(messageKey);
  }
}

/** The time one file may take to read: IMPORT_MAX_PARSE_SECONDS (decimals allowed), else 60 s. */
export function maxReadMs(): number {
  const seconds = Number(process.env.IMPORT_MAX_PARSE_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_MAX_READ_MS;
}

/** The signature of an OLE2 compound file: an old .xls, and a WPS .et. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** The name of the stream an encrypted OOXML package is kept in (MS-OFFCRYPTO 2.3.4.4), as a directory entry stores it. */
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage\0', 'utf16le');
const DIRECTORY_ENTRY = 128;
const SCAN_CHUNK = 1024 * DIRECTORY_ENTRY;

/**
 * Whether an OLE2 compound file holds an `EncryptedPackage` stream: how Excel and WPS save an
 * .xlsx with an open password (the zip is encrypted inside a compound file). A directory entry
 * is 128 bytes, at a multiple of 128 from the file's start (sectors are 512 or 4096 bytes after a
 * header of one sector); its name is UTF-16 with its length in bytes (with the terminator) at 64
 * and its type (2, a stream) at 66. The file is scanned in chunks that are multiples of 128, so no
 * entry straddles two; an upload is at most 50 MB.
 */
async function holdsEncryptedPackage(fh: FileHandle, size: number): Promise<boolean> {
  const buf = Buffer.alloc(SCAN_CHUNK);
  for (let position = 0; position < size; position += SCAN_CHUNK) {
    const { bytesRead } = await fh.read(buf, 0, SCAN_CHUNK, position);
    let at = buf.indexOf(ENCRYPTED_PACKAGE, 0);
    while (at >= 0 && at + DIRECTORY_ENTRY <= bytesRead) {
      if (at % DIRECTORY_ENTRY === 0 && buf.readUInt16LE(at + 64) === ENCRYPTED_PACKAGE.length && buf[at + 66] === 2) return true;
      at = buf.indexOf(ENCRYPTED_PACKAGE, at + 1);
    }
  }
  return false;
}

/**
 * An .xlsx file is a zip: it starts with "PK\x03\x04". A workbook with an open password is an
 * OLE2 compound file holding the encrypted zip: it is told to remove the password (saving it as
 * .xlsx again keeps it; issue 33). An old .xls or a WPS .et renamed to .xlsx (OLE2 too) is told to
 * be saved as .xlsx; a CSV or an image is of the wrong type.
 */
export async function assertXlsxSignature(path: string): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(8);
    const { bytesRead } = await fh.read(buf, 0, 8, 0);
    if (bytesRead === 8 && buf.equals(OLE2)) {
      throw new WorkbookError((await holdsEncryptedPackage(fh, (await fh.stat()).size)) ? 'excel.encrypted' : 'excel.oldFormatInside');
    }
    if (bytesRead < 4 || buf[0] !== 0x50 || buf[1] !== 0x4b || buf[2] !== 0x03 || buf[3] !== 0x04) throw new WorkbookError('excel.wrongFileType');
  } finally {
    await fh.close();
  }
}

/** The events of a workbook, read by the reader; its errors are the file's (see readWorkbookBatches). */
async function* workbookEvents(path: string, onBytes: ((bytes: number) => void) | undefined, state: { inData: boolean }, onWorkbook?: (info: WorkbookInfo) => void): AsyncGenerator<SheetEvent[]> {
  const wb = await XlsxWorkbook.open(path, { onBytes, maxReadMs: maxReadMs() });
  try {
    onWorkbook?.({ date1904: wb.date1904 });
    const meta = wb.sheets.find((s) => s.name === TEMPLATE_SHEET && s.worksheet);
    const data = wb.sheets.find((s) => s.worksheet && s.state === 'visible' && s.name !== TEMPLATE_SHEET && s.name !== LISTS_SHEET);
    if (meta) {
      const rows: unknown[][] = [];
      for await (const batch of wb.rows(meta)) for (const row of batch) rows.push(row.cells);
      yield [{ kind: 'meta', rows }];
    }
    if (!data) return;
    state.inData = true;
    yield* wb.rows(data);
  } finally {
    await wb.close();
  }
}

/**
 * The identity sheet's rows (one 'meta' event, when the sheet is present) and then the data
 * sheet's rows, in small batches (one per inflated chunk of the sheet). Cells are 0-based; an
 * empty cell is a hole. `onBytes` hears the compressed bytes read so far (to divide by the file
 * size). Failures of the zip or XML layers surface as WorkbookError('excel.corrupt'), a bound of
 * the reader (inflated size or ratio, depth, cell length, time) as WorkbookError of its own key;
 * both with `inData` (whether the data sheet had started) and `cause`. An error thrown by the
 * consumer stays its own.
 * The file is closed when the reading ends, fails, or the consumer stops early.
 */
export async function* readWorkbookBatches(path: string, onBytes?: (bytes: number) => void, onWorkbook?: (info: WorkbookInfo) => void): AsyncGenerator<SheetEvent[]> {
  await assertXlsxSignature(path);
  const state = { inData: false };
  const events = workbookEvents(path, onBytes, state, onWorkbook);
  try {
    for (;;) {
      let next: IteratorResult<SheetEvent[]>;
      try {
        next = await events.next();
      } catch (error) {
        const key = error instanceof XlsxLimitError ? error.messageKey : 'excel.corrupt';
        throw Object.assign(new WorkbookError(key), { cause: error, inData: state.inData });
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await events.return(undefined);
  }
}

/** The same events one at a time (see readWorkbookBatches). */
export async function* readWorkbook(path: string, onBytes?: (bytes: number) => void, onWorkbook?: (info: WorkbookInfo) => void): AsyncGenerator<SheetEvent> {
  for await (const batch of readWorkbookBatches(path, onBytes, onWorkbook)) yield* batch;
}
