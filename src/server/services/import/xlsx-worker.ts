import { parentPort, workerData } from 'node:worker_threads';
import { XlsxWorkbook, type SheetRow } from './xlsx-stream';
import { XlsxLimitError } from './xlsx-xml';

/**
 * The reading half of an import, in a worker thread of its own (issue 19): the file is inflated,
 * scanned and turned into rows here, on another core than the one that serves requests, checks the
 * rows and talks to the database, and in a heap of its own whose size the main thread sets
 * (resourceLimits). Started by `readWorkbookInWorker` (xlsx-worker-client.ts), which turns the
 * messages back into the events of `readWorkbookBatches` (xlsx-reader.util.ts, whose sheet choice
 * this repeats: the identity sheet first, then the first visible data sheet).
 *
 * The worker holds the reader only (not the model or the translations): xlsx-worker-client.ts
 * bundles this module and what it imports into one script, so a worker starts in milliseconds.
 * Rows go out in batches of at least MIN_ROWS rows (one message costs about as much as 50 rows),
 * never more than `window` batches ahead of what the main thread has taken: a file of any size has
 * at most that many batches in flight.
 */
export type WorkerEvent = { kind: 'meta'; rows: unknown[][] } | SheetRow;
export type ToMain =
  | { type: 'workbook'; date1904: boolean }
  | { type: 'events'; events: WorkerEvent[]; bytes: number; inData: boolean }
  | { type: 'end' }
  | { type: 'error'; key: string | null; inData: boolean; message: string };
export type ToWorker = { type: 'credit'; n: number } | { type: 'stop' };
export type WorkerInput = { path: string; window: number; maxReadMs: number; templateSheet: string; listsSheet: string };

const MIN_ROWS = 500;

async function main(): Promise<void> {
  const port = parentPort!;
  const input = workerData as WorkerInput;
  let credit = input.window;
  let stopped = false;
  let wake: (() => void) | null = null;
  port.on('message', (m: ToWorker) => {
    if (m.type === 'credit') credit += m.n;
    else stopped = true;
    wake?.();
  });
  const send = async (message: ToMain) => {
    while (credit <= 0 && !stopped) await new Promise<void>((r) => (wake = r));
    wake = null;
    credit--;
    port.postMessage(message);
  };
  let bytes = 0;
  let inData = false;
  let wb: XlsxWorkbook | null = null;
  try {
    wb = await XlsxWorkbook.open(input.path, { onBytes: (b) => (bytes = b), maxReadMs: input.maxReadMs });
    port.postMessage({ type: 'workbook', date1904: wb.date1904 } satisfies ToMain);
    const meta = wb.sheets.find((s) => s.name === input.templateSheet && s.worksheet);
    const data = wb.sheets.find((s) => s.worksheet && s.state === 'visible' && s.name !== input.templateSheet && s.name !== input.listsSheet);
    if (meta) {
      const rows: unknown[][] = [];
      for await (const batch of wb.rows(meta)) for (const row of batch) rows.push(row.cells);
      await send({ type: 'events', events: [{ kind: 'meta', rows }], bytes, inData });
    }
    if (data && !stopped) {
      inData = true;
      let pending: SheetRow[] = [];
      for await (const batch of wb.rows(data)) {
        if (stopped) break;
        pending = pending.length ? pending.concat(batch) : batch;
        if (pending.length < MIN_ROWS) continue;
        await send({ type: 'events', events: pending, bytes, inData });
        pending = [];
      }
      if (pending.length && !stopped) await send({ type: 'events', events: pending, bytes, inData });
    }
    if (!stopped) port.postMessage({ type: 'end' } satisfies ToMain);
  } catch (error) {
    // As readWorkbookBatches: a bound of the reader is its own message, any other failure a corrupt file.
    const key = error instanceof XlsxLimitError ? error.messageKey : 'excel.corrupt';
    port.postMessage({ type: 'error', key, inData, message: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies ToMain);
  } finally {
    await wb?.close().catch(() => undefined);
    port.close();
  }
}

void main();
