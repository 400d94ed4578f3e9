import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { LISTS_SHEET, TEMPLATE_SHEET } from '../../../model/excel';
import type { XlsxLimit } from './xlsx-xml';
import { assertXlsxSignature, maxReadMs, WorkbookError, type SheetEvent, type WorkbookInfo } from './xlsx-reader.util';
import type { ToMain, ToWorker, WorkerInput } from './xlsx-worker';

/**
 * The import's reader on a worker thread (issue 19, xlsx-worker.ts): the same events and errors as
 * `readWorkbookBatches`, read on another core, through a bounded queue.
 *
 * - Bounded: the worker runs at most WINDOW batches (of 500 rows or more) ahead of the consumer;
 *   each batch taken gives it one more. The rows in memory never depend on the file's size.
 * - Its heap is its own and limited (READER_HEAP_MB, young generation READER_YOUNG_MB): a file that
 *   needs more is refused as too large to unpack, and the server's heap never holds the parse's
 *   garbage; the server's event loop never runs the parse.
 * - A consumer that stops early (a wrong template, too many rows) ends the worker.
 *
 * Files below IMPORT_READER_THREAD_MIN_BYTES (default 256 KiB, some 2,500 rows) are read on the
 * main thread, where their whole parse takes less than starting a thread.
 */
const WINDOW = 4;
/** The worker's old-generation limit: the shared-strings bound (256 MiB estimated) plus room to work. */
export const READER_HEAP_MB = 448;
/**
 * Its young generation: small, since a batch lives only until it is posted. Left to V8 it is sized
 * from the machine, and B2 measured the process 50-110 MB larger with two imports at once.
 */
export const READER_YOUNG_MB = 12;

/** The file size from which an import reads on a worker thread (IMPORT_READER_THREAD_MIN_BYTES). */
export function readerThreadMinBytes(): number {
  const raw = process.env.IMPORT_READER_THREAD_MIN_BYTES;
  const n = raw ? Number(raw) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : 256 * 1024;
}

/**
 * The worker's code, bundled once per process from xlsx-worker.ts and the reader's modules with
 * esbuild (which the TypeScript loader the server runs under brings) and run as a script: a worker
 * thread does not inherit the main thread's module loader on Node 20, and registering it in each
 * worker cost 0.4-0.9 s per start on the loaded machine; the bundle starts in milliseconds. Built
 * with esbuild's asynchronous API: the bundling runs in esbuild's own process while the main thread
 * serves requests (buildSync held it for 0.13-0.22 s at the first import, benchmark B2).
 */
let workerCode: Promise<string> | null = null;
function workerSource(): Promise<string> {
  workerCode ??= build({
    entryPoints: [fileURLToPath(new URL('./xlsx-worker.ts', import.meta.url))],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    logLevel: 'silent',
  }).then(
    (r) => r.outputFiles[0].text,
    (error: unknown) => {
      workerCode = null;
      throw error;
    },
  );
  return workerCode;
}

export async function* readWorkbookInWorker(path: string, onBytes?: (bytes: number) => void, onWorkbook?: (info: WorkbookInfo) => void): AsyncGenerator<SheetEvent[]> {
  await assertXlsxSignature(path);
  const input: WorkerInput = { path, window: WINDOW, maxReadMs: maxReadMs(), templateSheet: TEMPLATE_SHEET, listsSheet: LISTS_SHEET };
  const worker = new Worker(await workerSource(), {
    eval: true,
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: READER_HEAP_MB, maxYoungGenerationSizeMb: READER_YOUNG_MB },
    stdout: false,
    stderr: false,
  });
  const queue: ToMain[] = [];
  let failure: Error | null = null;
  let exited = false;
  let inData = false;
  let wake: (() => void) | null = null;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  worker.on('message', (m: ToMain) => {
    queue.push(m);
    notify();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    // Out of its heap: the file needs more memory than any workbook the import accepts.
    failure = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? Object.assign(new WorkbookError('excel.unpackedTooLarge'), { cause: error, inData }) : error;
    notify();
  });
  worker.on('exit', () => {
    exited = true;
    notify();
  });
  const post = (m: ToWorker) => {
    if (!exited) worker.postMessage(m);
  };
  let done = false;
  try {
    for (;;) {
      const m = queue.shift();
      if (!m) {
        if (failure) throw failure;
        if (exited) throw new Error('the import reader thread stopped without a result');
        await new Promise<void>((r) => (wake = r));
        continue;
      }
      if (m.type === 'workbook') onWorkbook?.({ date1904: m.date1904 });
      else if (m.type === 'events') {
        inData = m.inData;
        onBytes?.(m.bytes);
        yield m.events as SheetEvent[];
        post({ type: 'credit', n: 1 });
      } else if (m.type === 'error') {
        throw Object.assign(new WorkbookError((m.key ?? 'excel.corrupt') as 'excel.corrupt' | XlsxLimit), { inData: m.inData, cause: m.message });
      } else {
        done = true;
        return;
      }
    }
  } finally {
    if (!done) post({ type: 'stop' });
    await worker.terminate();
  }
}
