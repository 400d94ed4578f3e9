import { stat } from 'node:fs/promises';
import { sql, type RawBuilder } from 'kysely';
import { getEntity, normaliseText, requireEntity, translate, validateRecord, type EntityDef, type FieldDef, type Language, type MessageRef, type ValidateOptions } from '../../../model';
import { resolveDefault } from '../../../model/default-tokens';
import { cellContent, cellToInput, dictLookup, headerText, importColumns, isBlankInput, matchHeaders, matrixChildOf, parseMeta, refCodeField, templateVersion, type DictLookup, type ExcelColumn, type MatrixColumns } from '../../../model/excel';
import { applyMapping, confirmedOrderKeys, missingRequired, type ConfirmedMapping } from '../../../model/import-mapping';
import { repeatsHeader } from '../../../model/order-header-rows';
import { ImportOrderBlocks } from './import-order-blocks';
import { hasOneConnection, type Db } from '../../db/database';
import { AppError, type FieldError } from '../../http/errors';
import { outsideScope, runAfterWriteHooks, runValidateHooks, writeContext, type WriteContext } from '../../resources/document-stages';
import { hooksOf, type WriteActor } from '../../resources/save-hooks';
import { loadTenantDictionaries, NO_TENANT_DICTIONARIES, type TenantDictionaries } from '../../kernel/dictionaries/tenant-dictionaries';
import { diffRecords, type AuditChange } from '../../kernel/audit/audit.service';
import { withTenant } from '../../kernel/rls';
import { refSource, rowInput, valueHash, valueIn, withTenantItems, type ActiveColumn, type RefCache, type Row, type RowInput } from './import-columns';
import { forgetImportRun, startImportRun, takeImportTurn, undoImportRun, type ImportJournal } from './import-journal';
import { ImportSqlWriter, type Doc, type Line } from './import-sql';
import { readWorkbookBatches, WorkbookError, type WorkbookInfo } from './xlsx-reader.util';
import { readerThreadMinBytes, readWorkbookInWorker } from './xlsx-worker-client';
import { labelIn } from '../../../model/label-text';

/**
 * The import engine: one streaming pass over the workbook that checks every row with the rules the
 * form uses (validateRecord), resolves reference codes to ids in bulk, finds duplicates inside the
 * file and against the database, and, when asked to write, inserts (or updates by key) batch by
 * batch through the stages of the document writer (resources/document-stages.ts: the entity's hooks,
 * the data scope, after-write hooks) and its batch SQL (import-sql.ts). By default the write is all or
 * nothing: nothing stays when a row failed; `validOnly` keeps the valid rows and reports the rest.
 *
 * A check (write = false) uses a short transaction per batch so other users are not held up. On
 * PostgreSQL a write holds one transaction from the first to the last row, which is what makes a
 * failure at the last row, or a killed server, leave the table unchanged. On the embedded database
 * (one connection for every request) a write commits each batch in its own transaction, so that
 * sign-in and every other request get the connection between batches, and keeps the same promise
 * with an undo journal (import-journal.ts): a failed run is undone at once, a killed one when the
 * process starts again.
 */

/** insert: new records only; upsert: update the record of each code, create the others; update: update only (issue 33: a code nobody has is the row's error, nothing is created). */
export type ImportMode = 'insert' | 'upsert' | 'update';
export type ImportActor = { clientId: number; userId: number; username: string; fullname: string; ip: string | null; roles?: readonly string[] };

export type ImportRequest = {
  entity: EntityDef;
  file: string;
  fileSize: number;
  actor: ImportActor;
  language: Language;
  mode: ImportMode;
  write: boolean;
  validOnly: boolean;
  maxRows: number;
  /** Errors kept in the report (all are counted). */
  errorLimit?: number;
  /** Data-permission conditions on alias `t` (spec 6): rows an update may touch. */
  scope?: RawBuilder<unknown>[];
  /** Called after each batch (awaited: the next batch waits for it). */
  onProgress?: (rows: number, percent: number) => void | Promise<void>;
  /**
   * A write commits batch by batch with an undo journal (default: on the embedded database only,
   * where one long transaction would hold every other request's only connection).
   */
  commitEachBatch?: boolean;
  /** The job the import runs in: named in the audit row of every record it creates. */
  jobId?: number;
  now?: Date;
  batchSize?: number;
  /** Read the file on a worker thread (default: IMPORT_READER_THREAD=0 never, else files of IMPORT_READER_THREAD_MIN_BYTES or more). */
  readerThread?: boolean;
  /** Filled with the milliseconds each stage took (benchmark B2 prints them); absent: not measured. */
  timings?: ImportTimings;
  /**
   * A mapping the buyer confirmed for a sheet of its own layout (issue 33, model/import-mapping.ts):
   * its header row and each column's field or size, instead of the template's headers.
   */
  mapping?: ConfirmedMapping;
  /**
   * The fixing grid's work on the job (issue 33, import-rows.service.ts): rows' cells as the user
   * edited them (texts, read as typed), rows the user left out, and, for a commit of held rows, the
   * only rows to read. Every other row is read from the file as it is.
   */
  rows?: { cells?: ReadonlyMap<number, unknown[]>; skip?: ReadonlySet<number>; only?: ReadonlySet<number> | null };
};

/**
 * Where an import's time went, in milliseconds of the main thread: `read` waiting for the reader's
 * next rows, `input` cells to inputs, `refs` reference look-ups, `check` rules and documents,
 * `hooks` entity hooks and data scope, `build` numbering, updates and building the insert,
 * `wait` waiting for the database to finish the insert in flight, `hooksAfter` after-write hooks.
 */
export type ImportTimings = Record<'read' | 'input' | 'refs' | 'check' | 'hooks' | 'build' | 'wait' | 'hooksAfter', number>;
export const emptyTimings = (): ImportTimings => ({ read: 0, input: 0, refs: 0, check: 0, hooks: 0, build: 0, wait: 0, hooksAfter: 0 });

/**
 * One error: sheet row (as Excel numbers it), column header, 0-based column index (-1: none), message;
 * `ofDocument`: the row fails only because another row of its document does (`excel.documentInvalid`).
 */
export type RowError = { row: number; col: number; column: string; field: string; message: string; value: string | null; ofDocument?: true };

export type ImportReport = {
  fatal: MessageRef | null;
  /** The fatal message translated. */
  fatalText: string | null;
  total: number;
  valid: number;
  invalid: number;
  documents: number;
  inserted: number;
  updated: number;
  /** Valid documents the file creates and those it updates (issue 33): what a check tells before a commit. */
  toInsert: number;
  toUpdate: number;
  committed: boolean;
  errorCount: number;
  errors: RowError[];
  errorsTruncated: boolean;
  /** Batch by batch: documents a failed run's undo had to keep (somebody changed or used them meanwhile). */
  kept: number;
  /**
   * A commit of the valid rows only (issue 33): every row that failed, those whose error stands on
   * another row too (the lines of an order block whose header value is wrong), to be held in the job.
   */
  failedRows?: number[];
  ms: number;
};

type SheetRow = { row: number; cells: unknown[] };
/** What checking one batch collects for its write. */
type BatchState = { existing: Map<string, Row>; newDocs: Doc[]; updDocs: Doc[]; docsByKey: Map<string, Doc>; orphanLines: Array<{ parentId: number; line: Line }> };
/** The new documents of one batch as sent to the database, by the ids taken for them. */
type SentBatch = { docs: Map<number, Doc>; rows: number };
/** A business key of the file: first sheet row, id once written (0: none), failed, offset of its header hashes (-1: none). */
type FileDoc = { row: number; id: number; invalid: boolean; hashes: number };

/** A file-level failure: the whole import stops with one clear message. */
class FatalImport extends Error {
  constructor(readonly ref: MessageRef) {
    super(ref.key);
  }
}
/** Raised at the end of an all-or-nothing write that found errors, to roll the transaction back. */
class RollbackImport extends Error {}


/** How the key of a document grouped by its order fields starts (no code starts so: it is never looked up). */
const GROUP_KEY = '\u0001group:';

/** Import column ids as the buyer reads them (采购明细.数量), joined for a message. */
export function mappingFieldNames(entity: EntityDef, ids: string[], language: Language): string {
  const columns = importColumns(entity);
  return ids.map((id) => {
    const c = columns.find((x) => x.id === id);
    return c ? headerText(c, language, false) : id;
  }).join('、');
}
const blankRow = (cells: unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

/**
 * Whether the file is read on a worker thread (xlsx-worker-client.ts): the request's choice, else
 * not when IMPORT_READER_THREAD=0, else when the file is large enough to repay the thread's start.
 */
async function readsInThread(req: ImportRequest): Promise<boolean> {
  if (req.readerThread !== undefined) return req.readerThread;
  if (process.env.IMPORT_READER_THREAD === '0') return false;
  const size = await stat(req.file).then((s) => s.size, () => 0);
  return size >= readerThreadMinBytes();
}

/** The reader's batches, with the time spent waiting for each added to `timings.read`. */
async function* timedBatches<T>(source: AsyncGenerator<T>, timings: ImportTimings | undefined): AsyncGenerator<T> {
  if (!timings) return yield* source;
  try {
    for (;;) {
      const t = performance.now();
      const next = await source.next();
      timings.read += performance.now() - t;
      if (next.done) return;
      yield next.value;
    }
  } finally {
    await source.return(undefined);
  }
}

export async function runImport(db: Db, req: ImportRequest): Promise<ImportReport> {
  const started = Date.now();
  const run = new ImportRun(db, req);
  try {
    if (req.write && (req.commitEachBatch ?? hasOneConnection(db))) await writeBatchByBatch(db, req, run);
    else if (req.write) {
      await withTenant(db, req.actor.clientId, async (tx) => {
        // Two writing imports into one list of one company take turns: the second looks its keys
        // up after the first has committed, so an upsert of keys the first just created updates
        // them instead of finding them taken (without it, both saw no row, both inserted, and the
        // later one's rows were refused as "already exists"). PGlite's one connection takes turns anyway.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`import:${req.actor.clientId}:${req.entity.table}`}, 0))`.execute(tx);
        await run.execute(async (work) => work(tx));
        if (!req.validOnly && run.report.errorCount > 0) throw new RollbackImport();
        run.report.committed = true;
      });
    } else {
      await run.execute((work) => withTenant(db, req.actor.clientId, work));
    }
  } catch (error) {
    if (error instanceof FatalImport) run.setFatal(error.ref);
    else if (error instanceof WorkbookError) run.setFatal({ key: error.messageKey });
    else if (!(error instanceof RollbackImport)) throw error;
    run.report.committed = false;
    run.report.inserted = 0;
    run.report.updated = 0;
  }
  run.report.ms = Date.now() - started;
  return run.report;
}

/** The import's actor as the document writer's (its hooks and audit rows). */
const writeActorOf = (a: ImportActor): WriteActor => ({ clientId: a.clientId, userId: a.userId, username: a.username, fullname: a.fullname, ip: a.ip, roles: a.roles ?? [] });

/**
 * A write that commits each batch (the embedded database): every batch is one short transaction
 * with its journal rows; the end deletes the journal, a failure undoes the run from it. A job the
 * runner took over from a dead process first undoes the dead attempt (the run id is the job's).
 */
async function writeBatchByBatch(db: Db, req: ImportRequest, run: ImportRun): Promise<void> {
  const clientId = req.actor.clientId;
  const runId = req.jobId ?? -(Date.now() * 1000 + Math.floor(Math.random() * 1000));
  const actor = writeActorOf(req.actor);
  const journal: ImportJournal = { clientId, runId, entity: req.entity.name };
  const undo = () => withTenant(db, clientId, (tx) => undoImportRun(tx, clientId, runId, actor));
  await takeImportTurn(`${clientId}:${req.entity.table}`, async () => {
    // An earlier attempt of the same job (its process died) is undone before this one starts.
    await undo();
    await withTenant(db, clientId, (tx) => startImportRun(tx, journal));
    run.keepJournal(journal);
    try {
      await run.execute((work) =>
        withTenant(db, clientId, async (tx) => {
          const out = await work(tx);
          // The batch's insert and its after-write hooks end inside the batch's own transaction.
          await run.settle(tx);
          return out;
        }).then(async (out) => {
          // Let requests that arrived meanwhile (sign-in, a list) be read and queue for the
          // connection: a batch read from memory never waits for the event loop otherwise.
          await new Promise((resolve) => setImmediate(resolve));
          return out;
        }),
      );
      if (!req.validOnly && run.report.errorCount > 0) throw new RollbackImport();
      await withTenant(db, clientId, (tx) => forgetImportRun(tx, clientId, runId));
      run.report.committed = true;
    } catch (error) {
      // A failed undo is the outcome then (the journal stays: the next start tries again).
      const undone = await undo();
      run.report.kept = undone.kept;
      if (undone.kept > 0) throw new FatalImport({ key: 'excel.undoKept', params: { count: undone.kept } });
      throw error;
    }
  });
}

class ImportRun {
  readonly report: ImportReport = {
    fatal: null,
    fatalText: null,
    total: 0,
    valid: 0,
    invalid: 0,
    documents: 0,
    inserted: 0,
    updated: 0,
    toInsert: 0,
    toUpdate: 0,
    committed: false,
    errorCount: 0,
    errors: [],
    errorsTruncated: false,
    kept: 0,
    ms: 0,
  };
  private readonly entity: EntityDef;
  private readonly language: Language;
  private readonly errorLimit: number;
  private readonly batchSize: number;
  private readonly masterDetail: boolean;
  private readonly codeField: FieldDef | null;
  private readonly children: Array<{ key: string; entity: EntityDef; foreignKey: string }>;
  private mapping: Array<ExcelColumn | null> = [];
  /** The sheet's matrix columns (sizes as columns) when the entity's child declares a matrix. */
  private matrix: (MatrixColumns & { cellColumn: ExcelColumn | null }) | null = null;
  private columnIndex = new Map<string, number>();
  /** The workbook counts its serial days from 1904 (a plain number under a date column is read so). */
  private date1904 = false;
  private dicts = new Map<string, DictLookup | null>();
  private refCache: RefCache = new Map();
  /**
   * Each business key of the file: its first row (duplicates, master-detail grouping), its id once
   * written, whether it failed, and where its header hashes are. ONE map for all four (there were
   * four maps of 100,000 keys at B2's size, each looked up per row: a tenth of the check stage).
   */
  private fileDocs = new Map<string, FileDoc>();
  /**
   * Master-detail: the header inputs of each document's first row, kept for every document of
   * the file as one 32-bit hash per header field (64 bytes for 16 fields, where the JSON text of
   * the values took about 700: 100,000 documents held 60 MB), in one growing array (`FileDoc.hashes`
   * is the offset; a typed array per document cost more to allocate than to fill). A later row of
   * the document compares its non-blank header cells hash by hash.
   */
  private hashSlab = new Int32Array(0);
  private slabUsed = 0;
  /** Header field key to its slot in a document's hashes. */
  private readonly headerIndex: Map<string, number>;
  private invalidRows = new Set<number>();
  private now: Date;
  /** The numbered code is filled by the import when blank, so it is not required from the file. */
  private readonly validateOptions: ValidateOptions;
  /** The options a line is validated with (one object for the file, not one per row). */
  private lineOptions: ValidateOptions = {};
  /** The company's own dictionary items, loaded once per file: they extend the system dictionaries. */
  private tenantDicts: TenantDictionaries = NO_TENANT_DICTIONARIES;
  /** The entity hooks' memo, for the whole file (document-stages.ts). */
  private readonly memo = new Map<string, unknown>();
  /** Documents inserted by the statements settled since their after-write hooks last ran. */
  private insertedIds: number[] = [];
  /**
   * The insert sent last and not yet confirmed: the next batch is read and checked while the
   * database writes this one (never more than one in flight, so memory stays bounded). It settles
   * to null or to the error the statement raised, which `drain` throws.
   */
  private inflight: Promise<unknown> | null = null;
  /** The write stage in batch mode (import-sql.ts). */
  private readonly sqlWriter: ImportSqlWriter;
  /** Documents the database refused (their key exists already): later lines of them are dropped. */
  private rejectedIds = new Map<number, number>();

  constructor(
    private readonly db: Db,
    private readonly req: ImportRequest,
  ) {
    this.entity = req.entity;
    this.language = req.language;
    this.errorLimit = req.errorLimit ?? 100_000;
    this.batchSize = req.batchSize ?? 2000;
    this.children = (req.entity.children ?? []).map((c) => ({ key: c.key, entity: requireEntity(c.entity), foreignKey: c.foreignKey }));
    this.masterDetail = this.children.length > 0 && Boolean(req.entity.codeField);
    this.codeField = req.entity.codeField ? (req.entity.fields.find((f) => f.key === req.entity.codeField) ?? null) : null;
    this.now = req.now ?? new Date();
    this.headerIndex = new Map(req.entity.fields.map((f, i) => [f.key, i]));
    this.validateOptions = { skipRequired: req.entity.numbering ? [req.entity.numbering.field] : [] };
    this.sqlWriter = new ImportSqlWriter(this.entity, this.children, req.actor, req.jobId, hasOneConnection(db));
  }

  /** Every write of the run also notes how to undo it (import-journal.ts). */
  keepJournal(journal: ImportJournal): void {
    this.sqlWriter.journal = journal;
  }

  /** Waits for the insert in flight and runs its after-write hooks, in `tx`. */
  settle(tx: Db): Promise<void> {
    return this.drain(tx);
  }

  setFatal(ref: MessageRef): void {
    this.report.fatal = ref;
    this.report.fatalText = translate(this.language, ref.key, ref.params);
  }

  /** `lookup(work)` runs database work: in the write transaction, or in a short one of its own. */
  async execute(lookup: <T>(work: (tx: Db) => Promise<T>) => Promise<T>): Promise<void> {
    if (this.req.mode !== 'insert' && !this.codeField) throw new FatalImport({ key: 'excel.upsertNeedsKey' });
    let meta: ReturnType<typeof parseMeta> = null;
    let header = false;
    /** Rows above a confirmed mapping's header row (the last few): the first order's header rows may be among them. */
    const above: SheetRow[] = [];
    let batch: SheetRow[] = [];
    let bytes = 0;
    const onBytes = (b: number) => (bytes = b);
    this.tenantDicts = await lookup((tx) => loadTenantDictionaries(tx, this.req.actor.clientId));
    this.validateOptions.dictExtras = this.tenantDicts.values;
    this.lineOptions = { dictExtras: this.tenantDicts.values };
    // Rows come in batches of one inflated chunk: one await per chunk, not per row.
    const onWorkbook = (info: WorkbookInfo) => (this.date1904 = info.date1904);
    const read = (await readsInThread(this.req)) ? readWorkbookInWorker : readWorkbookBatches;
    for await (const events of timedBatches(read(this.req.file, onBytes, onWorkbook), this.req.timings)) {
      for (const ev of events) {
        if (ev.kind === 'meta') {
          meta = parseMeta(ev.rows);
          if (meta && meta.entity !== this.entity.name) {
            const actual = getEntity(meta.entity);
            throw new FatalImport({ key: 'excel.wrongTemplate', params: { actual: actual ? labelIn(actual.label, this.language) : meta.entity, expected: labelIn(this.entity.label, this.language) } });
          }
          continue;
        }
        if (!header) {
          if (this.req.mapping) {
            // A confirmed mapping names its header row: the title rows above it are not data.
            if (ev.number < this.req.mapping.headerRow) {
              if (!blankRow(ev.cells) && above.push({ row: ev.number, cells: ev.cells }) > 50) above.shift();
              continue;
            }
            if (ev.number > this.req.mapping.headerRow) throw new FatalImport({ key: 'excel.noHeader' });
            header = true;
            this.useConfirmedMapping(this.req.mapping, ev.cells);
            for (const r of above) {
              const cells = this.orderRowCells(r.row, r.cells);
              if (cells) this.orderBlocks?.take(r.row, cells);
            }
            continue;
          }
          if (blankRow(ev.cells)) continue;
          header = true;
          this.matchHeader(ev.cells, meta?.version ?? null);
          continue;
        }
        if (this.orderBlocks) {
          // A sheet of order blocks: an order's header row (as the grid left it, held or not) gives the lines below it their order fields.
          const h = this.orderRowCells(ev.number, ev.cells);
          if (h && !blankRow(h) && this.orderBlocks.take(ev.number, h)) continue;
        }
        let cells = this.rowCells(ev.number, ev.cells);
        if (!cells || blankRow(cells)) continue;
        if (this.headerCells) {
          // A block's copy of the headings is not a line.
          if (repeatsHeader(cells, this.headerCells)) continue;
          if (this.orderBlocks) cells = this.orderBlocks.extend(cells);
        }
        this.report.total++;
        if (this.report.total > this.req.maxRows) throw new FatalImport({ key: 'excel.tooManyRows', params: { max: this.req.maxRows } });
        batch.push({ row: ev.number, cells });
        if (batch.length >= this.batchSize) {
          await lookup((tx) => this.processBatch(tx, batch));
          batch = [];
          await this.req.onProgress?.(this.report.total, this.req.fileSize ? Math.min(99, Math.floor((bytes / this.req.fileSize) * 100)) : 0);
        }
      }
    }
    if (!header || this.report.total === 0) throw new FatalImport({ key: 'excel.noData' });
    if (batch.length) await lookup((tx) => this.processBatch(tx, batch));
    await lookup((tx) => this.drain(tx));
    // A refusal by the database is reported when its statement returns, after later rows were
    // checked: the list is put back in sheet order (stable, so a row keeps its column order).
    this.report.errors.sort((a, b) => a.row - b.row);
    this.report.invalid = this.invalidRows.size;
    if (this.req.write && this.req.validOnly) this.report.failedRows = [...this.invalidRows];
    this.report.valid = this.report.total - this.report.invalid;
    await this.req.onProgress?.(this.report.total, 100);
  }

  /** A data row's cells as the fixing grid left them (issue 33): edited, or null when left out or not part of a held commit. */
  private rowCells(row: number, cells: unknown[]): unknown[] | null {
    const rs = this.req.rows;
    if (!rs) return cells;
    if (rs.skip?.has(row) || (rs.only && !rs.only.has(row))) return null;
    return rs.cells?.get(row) ?? cells;
  }

  /**
   * A row as an order header row is read: as the grid left it, unless left out. A commit of held
   * rows reads every order header row, held or not, so its held lines keep their order's values.
   */
  private orderRowCells(row: number, cells: unknown[]): unknown[] | null {
    const rs = this.req.rows;
    if (rs?.skip?.has(row)) return null;
    return rs?.cells?.get(row) ?? cells;
  }

  private matchHeader(cells: unknown[], metaVersion: string | null): void {
    const m = matchHeaders(this.entity, cells);
    const stale = metaVersion !== null && metaVersion !== templateVersion(this.entity);
    const names = (cols: ExcelColumn[]) => cols.map((c) => headerText(c, this.language, false)).join('、');
    if (m.matched === 0) throw new FatalImport({ key: 'excel.noHeader' });
    if (stale && (m.unknown.length || m.missingRequired.length)) throw new FatalImport({ key: 'excel.staleTemplate' });
    if (m.unknown.length) throw new FatalImport({ key: 'excel.unknownColumns', params: { columns: m.unknown.join('、') } });
    if (m.duplicates.length) throw new FatalImport({ key: 'excel.duplicateColumns', params: { columns: m.duplicates.join('、') } });
    if (m.missingRequired.length) throw new FatalImport({ key: 'excel.missingColumns', params: { columns: names(m.missingRequired) } });
    this.useColumns(m.mapping, m.matrix ?? null);
  }

  /**
   * A confirmed mapping (issue 33): its fields and sizes are the columns; one that names a field
   * twice, a field the entity does not import, or leaves a required field unmapped is refused. A
   * matrix that applies only to one kind of document (ChildMatrix `when`) makes the sheet's rows of
   * that kind when no column gives the kind; rows without a document number whose order fields are
   * the same form one document.
   */
  private useConfirmedMapping(confirmed: ConfirmedMapping, headerCells: unknown[]): void {
    const a = applyMapping(this.entity, confirmed);
    this.headerCells = headerCells;
    if (a.unknownTargets.length || a.duplicateTargets.length) throw new FatalImport({ key: 'excel.mappingInvalid', params: { columns: [...a.unknownTargets, ...a.duplicateTargets].join('、') } });
    const missing = missingRequired(this.entity, confirmed);
    if (missing.length) throw new FatalImport({ key: 'excel.mappingMissingRequired', params: { fields: mappingFieldNames(this.entity, missing, this.language) } });
    if (a.mapping.every((c) => c === null) && !a.sizes.length) throw new FatalImport({ key: 'excel.noHeader' });
    const mc = matrixChildOf(this.entity);
    const matrix = mc && a.sizes.length ? { child: mc.key, decl: mc.matrix, columns: a.sizes } : null;
    if (matrix?.decl.when && !a.mapping.some((c) => c?.id === matrix.decl.when!.field)) this.fixedHeader = { [matrix.decl.when.field]: matrix.decl.when.value };
    const numbered = a.mapping.some((c) => c?.id === this.codeField?.key) || a.orderFields.some((f) => f.column.id === this.codeField?.key);
    if (this.masterDetail && !numbered) this.groupByHeader = true;
    let mapping = a.mapping;
    if (a.orderFields.length) {
      // Each order field is read from a cell past the sheet's own (ImportOrderBlocks.extend).
      const base = Math.max(headerCells.length, a.mapping.length);
      this.orderBlocks = new ImportOrderBlocks(a.orderFields, base, confirmedOrderKeys(confirmed));
      mapping = [...a.mapping, ...Array<null>(base - a.mapping.length).fill(null), ...a.orderFields.map((f) => f.column)];
    }
    this.useColumns(mapping, matrix);
  }

  /** A mapped sheet's header row (a row that repeats it is not a line). */
  private headerCells: unknown[] | null = null;
  /** A sheet of order blocks: each order header row's values go to the lines below it. */
  private orderBlocks: ImportOrderBlocks | null = null;
  /** Errors told on an order header row (row, cell, field, message): each once, however many lines it fails. */
  private readonly headerErrors = new Set<string>();
  /** The order blocks (their first header row) with an error told on a header row. */
  private readonly blocksTold = new Set<number>();
  /** Every error found, those told once for many rows counted each time (a row failed when this grew). */
  private failures = 0;

  /** Header inputs every row takes (the matrix's document kind when no column gives it). */
  private fixedHeader: Row | null = null;
  /** Rows without a document number are grouped into documents by their header inputs (a mapped sheet without a number column). */
  private groupByHeader = false;

  private useColumns(mapping: Array<ExcelColumn | null>, matrix: MatrixColumns | null): void {
    const m = { mapping, matrix };
    this.mapping = m.mapping;
    if (m.matrix) this.matrix = { ...m.matrix, cellColumn: importColumns(this.entity).find((c) => c.id === `${m.matrix!.child}.${m.matrix!.decl.cellField}`) ?? null };
    m.mapping.forEach((c, i) => {
      if (!c) return;
      this.columnIndex.set(c.id, i);
      if (c.kind === 'dict' || c.kind === 'multidict') this.dicts.set(c.id, withTenantItems(dictLookup(c), c.field.dict ? this.tenantDicts.items.get(c.field.dict) : undefined));
    });
  }

  private columnOfField(fieldKey: string, childKey?: string): { col: number; header: string; field: FieldDef | null } {
    const id = childKey ? `${childKey}.${fieldKey}` : fieldKey;
    const idx = this.columnIndex.get(id);
    const column = idx === undefined ? null : this.mapping[idx];
    if (column) return { col: idx!, header: headerText(column, this.language, false), field: column.field };
    const owner = childKey ? this.children.find((c) => c.key === childKey)?.entity : this.entity;
    const field = owner?.fields.find((f) => f.key === fieldKey) ?? null;
    return { col: -1, header: field ? labelIn(field.label, this.language) : fieldKey, field };
  }

  private addError(row: number, fieldKey: string, message: MessageRef, cells: unknown[], childKey?: string, at?: { col: number; header: string }): void {
    this.invalidRows.add(row);
    this.failures++;
    let where = at ?? this.columnOfField(fieldKey, childKey);
    const raw = where.col >= 0 ? cells[where.col] : null;
    // An order field's value was written on its order's header row: the error is that row's, told once per block (each of its lines fails).
    const block = this.orderBlocks?.blockRow(cells) ?? 0;
    const ofDocument = message.key === 'excel.documentInvalid';
    // A line whose document failed on its order's header row: that row says why.
    if (ofDocument && this.blocksTold.has(block)) return;
    const onHeader = ofDocument ? null : this.orderBlocks?.errorAt(cells, where.col);
    if (onHeader) {
      const told = `${onHeader.row}:${onHeader.col}:${childKey ?? ''}.${fieldKey}:${message.key}`;
      if (this.headerErrors.has(told)) return;
      this.headerErrors.add(told);
      this.blocksTold.add(block);
      row = onHeader.row;
      where = { ...where, col: onHeader.col };
    } else if (this.orderBlocks && where.col >= this.orderBlocks.base) where = { ...where, col: -1 };
    this.report.errorCount++;
    if (this.report.errors.length >= this.errorLimit) {
      this.report.errorsTruncated = true;
      return;
    }
    const value = raw === null || raw === undefined ? null : typeof raw === 'object' && !(raw instanceof Date) ? JSON.stringify(raw) : String(raw);
    this.report.errors.push({ row, col: where.col, column: where.header, field: childKey ? `${childKey}.${fieldKey}` : fieldKey, message: translate(this.language, message.key, message.params), value, ...(ofDocument ? { ofDocument: true as const } : {}) });
  }

  /** Per entity, its default values resolved once for the file (the clock and the user are fixed). */
  private defaultValues = new Map<EntityDef, Array<[string, unknown]>>();

  private defaults(entity: EntityDef, input: Row): Row {
    let list = this.defaultValues.get(entity);
    if (!list) {
      const ctx = { now: this.now, session: { userId: this.req.actor.userId, fullname: this.req.actor.fullname, clientId: this.req.actor.clientId } };
      list = entity.fields.filter((f) => !f.readonly && f.default !== undefined).map((f) => [f.key, resolveDefault(f.default, ctx)]);
      this.defaultValues.set(entity, list);
    }
    const out = { ...input };
    for (const [key, value] of list) {
      if (out[key] === undefined || out[key] === null) out[key] = value !== null && typeof value === 'object' ? structuredClone(value) : value;
    }
    return out;
  }

  /** Reference codes of a batch to ids, in one query per target table, cached for the whole file. */
  private async resolveRefs(tx: Db, inputs: RowInput[]): Promise<void> {
    const need = new Map<string, { source: NonNullable<ReturnType<typeof refSource>>; codes: Set<string> }>();
    for (const c of this.refColumns()) {
      const source = refSource(c)!;
      const key = source.cacheKey;
      const cache = this.refCache.get(key) ?? new Map();
      this.refCache.set(key, cache);
      const entry = need.get(key) ?? { source, codes: new Set<string>() };
      need.set(key, entry);
      for (const input of inputs) {
        const v = valueIn(input, c);
        if (typeof v === 'string' && !cache.has(v)) entry.codes.add(v);
      }
    }
    for (const [key, { source, codes }] of need) {
      if (!codes.size) continue;
      const cache = this.refCache.get(key)!;
      const list = [...codes];
      const r = await sql<{ id: number; code: string }>`select id, ${sql.ref(source.codeColumn)}::text as code from ${sql.table(source.table)}
        where client_id = ${this.req.actor.clientId} and ${sql.ref(source.codeColumn)}::text = any(${list}::text[])`.execute(tx);
      for (const code of list) cache.set(code, 0);
      for (const row of r.rows) cache.set(row.code, cache.get(row.code) ? 'many' : Number(row.id));
    }
  }

  private refs: ExcelColumn[] | null = null;

  /** The mapped reference columns that have a code source. */
  private refColumns(): ExcelColumn[] {
    if (!this.refs) this.refs = this.mapping.filter((c): c is ExcelColumn => Boolean(c?.ref && refSource(c)));
    return this.refs;
  }

  /** Existing rows of the batch's business keys (for duplicates, or the rows an update changes). */
  private async existingRows(tx: Db, keys: string[]): Promise<Map<string, Row>> {
    const out = new Map<string, Row>();
    if (!keys.length || !this.codeField) return out;
    const scope = this.req.scope ?? [];
    const inScope = scope.length ? sql.join(scope, sql` and `) : sql`true`;
    const r = await sql<Row>`select t.*, (${inScope}) as __in_scope from ${sql.table(this.entity.table)} t
      where t.client_id = ${this.req.actor.clientId} and ${sql.ref(`t.${this.codeField.key}`)} = any(${keys}::text[])`.execute(tx);
    for (const row of r.rows) out.set(String(row[this.codeField.key]), row);
    return out;
  }

  private active: ActiveColumn[] | null = null;

  private activeColumns() {
    if (!this.active) {
      this.active = [];
      this.mapping.forEach((column, index) => {
        if (column) this.active!.push({ index, column, dict: this.dicts.get(column.id) ?? null, refCode: column.kind === 'reference' ? (refSource(column)?.codeField ?? null) : null });
      });
    }
    return this.active;
  }

  /**
   * One batch through the document writer's stages: cells to inputs, references to ids, stored
   * rows by key, field rules and checks per row (grouped into documents), the entity's own stages,
   * then the write.
   */
  private async processBatch(tx: Db, batch: SheetRow[]): Promise<void> {
    let t = performance.now();
    const active = this.activeColumns();
    const inputs = batch.map(({ cells }) => rowInput(active, cells, this.date1904));
    if (this.fixedHeader) for (const input of inputs) for (const k in this.fixedHeader) input.header[k] ??= this.fixedHeader[k];
    t = this.lap('input', t);
    await this.resolveRefs(tx, inputs);
    // An insert that writes needs no look-up: the statement itself skips a key that exists
    // (ON CONFLICT DO NOTHING) and returns it, and the row gets the same "already exists" error.
    const lookUp = !(this.req.write && this.req.mode === 'insert');
    const keys = lookUp ? [...new Set(inputs.map((i, k) => this.keyOf(i, batch[k].cells)).filter((k): k is string => k !== null && !k.startsWith(GROUP_KEY) && !this.fileDocs.get(k)?.id))] : [];
    const state: BatchState = { existing: await this.existingRows(tx, keys), newDocs: [], updDocs: [], docsByKey: new Map(), orphanLines: [] };
    t = this.lap('refs', t);
    batch.forEach(({ row, cells }, i) => this.checkRow(state, row, cells, inputs[i]));
    t = this.lap('check', t);
    await this.entityStages(tx, state.newDocs, state.updDocs);
    this.report.toInsert += state.newDocs.length;
    this.report.toUpdate += state.updDocs.length;
    this.lap('hooks', t);
    // Write, unless an all-or-nothing import has already failed (it will roll back anyway).
    if (this.req.write && (this.req.validOnly || this.report.errorCount === 0)) await this.writeBatch(tx, state);
  }

  /** Adds the time since `since` to a stage of `timings` (when measured); returns now. */
  private lap(stage: keyof ImportTimings, since: number): number {
    const now = performance.now();
    if (this.req.timings) this.req.timings[stage] += now - since;
    return now;
  }

  /** A row's business key (the code field's normalised text), or null. */
  private keyOf(input: RowInput, cells: unknown[]): string | null {
    if (!this.codeField) return null;
    const raw = input.header[this.codeField.key];
    // A mapped sheet without a number column: the same order fields are the same document (of one order block).
    if (raw === undefined && this.groupByHeader) return `${GROUP_KEY}${this.orderBlocks?.blockRow(cells) ?? ''}:${JSON.stringify(Object.keys(input.header).sort().map((k) => [k, input.header[k]]))}`;
    if (raw === undefined) return null;
    const v = normaliseText(this.codeField, raw);
    return typeof v === 'string' && v !== '' ? v : null;
  }

  /** Validates one sheet row as the form would, and files it under its document. */
  private checkRow(state: BatchState, row: number, cells: unknown[], input: RowInput): void {
    const key = this.keyOf(input, cells);
    const errorsBefore = this.failures;
    const err = (field: string, m: MessageRef, child?: string) => this.addError(row, field, m, cells, child);
    const refErrors = this.applyRefs(input, err);
    const known = key !== null ? this.fileDocs.get(key) : undefined;
    const continuation = this.masterDetail && known !== undefined;
    const doc = continuation ? this.continuedDocument(state, key!, known!, input.header, err) : this.firstRowDocument(state, key, known, row, cells, input.header, refErrors, err);
    const lines = this.rowLines(row, input.children, refErrors, err, cells, doc?.values ?? null, input.header);
    if (this.failures !== errorsBefore) {
      // A document whose first row failed is not written; its later rows say so.
      if (!continuation && key !== null && known === undefined) this.fileDocs.get(key)!.invalid = true;
      return;
    }
    if (!continuation) {
      this.report.documents++;
      doc!.lines.push(...lines);
      (doc!.existing ? state.updDocs : state.newDocs).push(doc!);
    } else if (doc) doc.lines.push(...lines);
    else {
      // The document's first row came in an earlier batch: its lines attach to the written id
      // (a check run writes nothing, so there is nothing to attach to).
      const parentId = known!.id;
      if (parentId) for (const line of lines) state.orphanLines.push({ parentId, line });
    }
  }

  /**
   * Reference codes to ids in the row's inputs: a code that does not exist in the tenant is this
   * row's error on that column. Returns the columns that failed.
   */
  private applyRefs(input: RowInput, err: (field: string, m: MessageRef, child?: string) => void): Set<string> | null {
    let refErrors: Set<string> | null = null;
    for (const c of this.refColumns()) {
      const v = valueIn(input, c);
      if (typeof v !== 'string') continue;
      const found = this.refCache.get(refSource(c)!.cacheKey)?.get(v);
      let value: number;
      // A code that resolves to no single record keeps a placeholder id: the field's own
      // error is this one, and document checks (which run on valid fields only) stay quiet.
      if (!found || found === 'many') {
        err(c.field.key, { key: found ? 'excel.refAmbiguous' : 'excel.refNotFound', params: { value: v } }, c.child);
        (refErrors ??= new Set()).add(c.id);
        value = -1;
      } else value = found;
      if (c.child) input.children!.get(c.child)![c.field.key] = value;
      else input.header[c.field.key] = value;
    }
    return refErrors;
  }

  /**
   * A later row of a master-detail document (spec: one sheet, grouped by document number): its
   * header cells are blank or repeat the first row's. Returns the document when it is in this batch.
   */
  private continuedDocument(state: BatchState, key: string, known: FileDoc, header: Row, err: (field: string, m: MessageRef) => void): Doc | null {
    const first = known.hashes;
    for (const k in header) {
      const v = header[k];
      if (k === this.codeField!.key || v === null) continue;
      const at = this.headerIndex.get(k);
      if (first < 0 || at === undefined || this.hashSlab[first + at] !== valueHash(v)) {
        err(k, { key: 'excel.headerMismatch', params: { row: known.row } });
        break;
      }
    }
    if (known.invalid) err(this.codeField!.key, { key: 'excel.documentInvalid', params: { row: known.row } });
    return state.docsByKey.get(key) ?? null;
  }

  /** The first row of a document: duplicates, the stored row an update changes, field rules and checks. */
  private firstRowDocument(state: BatchState, key: string | null, known: FileDoc | undefined, row: number, cells: unknown[], header: Row, refErrors: Set<string> | null, err: (field: string, m: MessageRef) => void): Doc {
    if (known) err(this.codeField!.key, { key: 'excel.duplicateInFile', params: { row: known.row } });
    const stored = key !== null ? (state.existing.get(key) ?? null) : null;
    if (stored && this.req.mode === 'insert') err(this.codeField!.key, { key: 'excel.alreadyExists', params: { value: key } });
    if (!stored && !known && this.req.mode === 'update') err(this.codeField!.key, { key: 'excel.updateNotFound' });
    if (stored && this.req.mode !== 'insert') {
      if (stored.__in_scope === false) err(this.codeField!.key, { key: 'excel.outOfScope' });
      // The save's own refusal (guardStoredState), so an update by import says what the form says (issue 33).
      else if (this.entity.states?.locked?.includes(String(stored[this.entity.states.field]))) err(this.codeField!.key, { key: 'res.lockedState' });
    }
    // An update merges the file's columns over the stored row (columns not in the file keep
    // their values), exactly as a form save merges its body; a new record gets the defaults.
    const base: Row = stored ? Object.fromEntries(this.entity.fields.filter((f) => !f.readonly).map((f) => [f.key, stored[f.key] ?? null])) : {};
    const merged = stored ? { ...base, ...header } : this.defaults(this.entity, header);
    const v = validateRecord(this.entity, merged, this.validateOptions);
    for (const field in v.errors) if (!refErrors?.has(field)) err(field, v.errors[field]);
    if (key !== null && !known) this.fileDocs.set(key, { row, id: 0, invalid: false, hashes: this.masterDetail ? this.headerHashes(header) : -1 });
    const doc: Doc = { key, row, cells, values: v.values, existing: stored, lines: [] };
    if (key !== null) state.docsByKey.set(key, doc);
    return doc;
  }

  /** Lines of child collections given on this row, validated as a form validates its child rows. */
  private rowLines(row: number, childInputs: Map<string, Row> | null, refErrors: Set<string> | null, err: (field: string, m: MessageRef, child?: string) => void, cells: unknown[], docValues: Row | null, header: Row): Line[] {
    const lines: Line[] = [];
    for (const child of this.children) {
      const ci = childInputs?.get(child.key);
      if (this.matrix?.child === child.key && this.matrix.columns.some((c) => this.matrixCell(cells, c.index) !== null)) {
        lines.push(...this.matrixLines(row, child, ci ?? {}, refErrors, err, cells, docValues, header));
        continue;
      }
      if (!ci) continue;
      const v = validateRecord(child.entity, this.defaults(child.entity, ci), this.lineOptions);
      for (const field in v.errors) if (!refErrors?.has(`${child.key}.${field}`)) err(field, v.errors[field], child.key);
      lines.push({ childKey: child.key, row, values: v.values });
    }
    return lines;
  }

  /** A matrix cell as the quantity's raw input (null: blank). */
  private matrixCell(cells: unknown[], index: number): unknown {
    const v = this.matrix!.cellColumn ? cellToInput(this.matrix!.cellColumn, cells[index], null) : cellContent(cells[index]);
    return isBlankInput(v) ? null : v;
  }

  /**
   * The lines of a matrix row (sizes as columns): one line per column value with a quantity other
   * than 0, each the row's line cells (style, colour, price) plus the column value and the quantity,
   * checked as a line typed in the form. A quantity's error is reported on its own column; a row that
   * also fills the quantity or column-value column, a row without its block or row value (style,
   * colour), or a document the matrix does not apply to (ChildMatrix `when`) is refused.
   */
  private matrixLines(row: number, child: { key: string; entity: EntityDef }, base: Row, refErrors: Set<string> | null, err: (field: string, m: MessageRef, child?: string) => void, cells: unknown[], docValues: Row | null, header: Row): Line[] {
    const m = this.matrix!;
    const { decl } = m;
    const filled = m.columns.filter((c) => this.matrixCell(cells, c.index) !== null);
    const addAt = (c: { index: number; value: string }, message: MessageRef) => this.addError(row, `${child.key}.${decl.cellField}`, message, cells, undefined, { col: c.index, header: c.value });
    const whenField = decl.when?.field;
    const kind = whenField ? (header[whenField] ?? docValues?.[whenField]) : undefined;
    if (!m.cellColumn || (decl.when && kind !== undefined && kind !== null && String(kind) !== decl.when.value)) {
      addAt(filled[0], { key: 'excel.matrixNotApplicable' });
      return [];
    }
    const reported = new Set<string>();
    const once = (field: string, message: MessageRef) => {
      if (reported.has(field) || refErrors?.has(`${child.key}.${field}`)) return;
      reported.add(field);
      err(field, message, child.key);
    };
    for (const f of [decl.cellField, decl.colField]) if (!isBlankInput(base[f])) once(f, { key: 'excel.matrixAndLineColumn' });
    for (const f of [decl.blockField ?? 'style_no', decl.rowField]) if (child.entity.fields.some((x) => x.key === f) && isBlankInput(base[f])) once(f, { key: 'rule.required' });
    const lines: Line[] = [];
    for (const c of filled) {
      const qty = this.matrixCell(cells, c.index);
      if (Number(qty) === 0) continue;
      const v = validateRecord(child.entity, this.defaults(child.entity, { ...base, [decl.colField]: c.value, [decl.cellField]: qty }), this.lineOptions);
      for (const field in v.errors) {
        if (field === decl.cellField || field === decl.colField) addAt(c, v.errors[field]);
        else once(field, v.errors[field]);
      }
      lines.push({ childKey: child.key, row, values: v.values });
    }
    return lines;
  }

  /** The write stage of a checked batch: numbers, updates and lines of stored documents, then the inserts (sent, not awaited). */
  private async writeBatch(tx: Db, state: BatchState): Promise<void> {
    // The previous batch's insert must have returned first: a document it refused takes its
    // lines in this batch down with it, and numbering and updates read the table.
    await this.drain(tx);
    const t = performance.now();
    const keptOrphans = state.orphanLines.filter((o) => {
      const first = this.rejectedIds.get(o.parentId);
      if (first === undefined) return true;
      this.addError(o.line.row, this.codeField!.key, { key: 'excel.documentInvalid', params: { row: first } }, []);
      return false;
    });
    if (!this.req.validOnly && this.report.errorCount > 0) return;
    await this.sqlWriter.assignNumbers(tx, state.newDocs, this.now, this.fileDocs);
    if (state.updDocs.length || keptOrphans.length) await this.writeUpdates(tx, state.updDocs, keptOrphans);
    if (!state.newDocs.length) return void this.lap('build', t);
    const docs = state.newDocs;
    const sent = await this.sqlWriter.sendInserts(tx, docs);
    this.lap('build', t);
    const byId = new Map<number, Doc>();
    docs.forEach((d, i) => {
      byId.set(sent.ids[i], d);
      const known = d.key ? this.fileDocs.get(d.key) : undefined;
      if (known) known.id = sent.ids[i];
    });
    this.inflight = sent.refused.then(
      (refused) => {
        this.settleInserts({ docs: byId, rows: docs.length }, refused);
        return null;
      },
      (error: unknown) => error,
    );
  }

  /** The hashes of a first row's header inputs by field slot (0: no value), stored in the slab; returns their offset. */
  private headerHashes(header: Row): number {
    const size = this.headerIndex.size;
    if (this.slabUsed + size > this.hashSlab.length) {
      const grown = new Int32Array(Math.max(1024 * size, this.hashSlab.length * 2));
      grown.set(this.hashSlab.subarray(0, this.slabUsed));
      this.hashSlab = grown;
    }
    const at0 = this.slabUsed;
    this.slabUsed += size;
    for (const k in header) {
      const at = this.headerIndex.get(k);
      if (at !== undefined && header[k] !== null && header[k] !== undefined) this.hashSlab[at0 + at] = valueHash(header[k]);
    }
    return at0;
  }

  /** Waits for the insert in flight (throws what its statement raised), then runs the after-write hooks of what it inserted. */
  private async drain(tx: Db): Promise<void> {
    const pending = this.inflight;
    this.inflight = null;
    let t = performance.now();
    const error = pending ? await pending : null;
    t = this.lap('wait', t);
    if (error) throw error;
    const ids = this.insertedIds;
    this.insertedIds = [];
    if (ids.length) await runAfterWriteHooks(this.writeContext(tx), this.entity, ids, true);
    this.lap('hooksAfter', t);
  }

  private writeContext(tx: Db): WriteContext {
    const a = this.req.actor;
    const w = writeContext(tx, writeActorOf(a), 'import', {
      scope: this.req.scope,
      now: this.now,
      memo: this.memo,
    });
    w.dictionaries = this.tenantDicts;
    return w;
  }

  /**
   * The stages of the document writer that read other rows, for a batch's valid documents: the
   * entity's validate hooks (a published version's lines, a shared order: the same refusal and
   * message as the form's) and the data scope of each result. A document that fails is not
   * written, and its rows say why.
   */
  private async entityStages(tx: Db, newDocs: Doc[], updDocs: Doc[]): Promise<void> {
    const docs = [...updDocs, ...newDocs];
    if (!docs.length) return;
    const w = this.writeContext(tx);
    const failed = new Map<Doc, Record<string, FieldError>>();
    if (hooksOf(this.entity).length) {
      for (const d of docs) {
        const errors: Record<string, FieldError> = {};
        try {
          await runValidateHooks(w, this.entity, d.existing, d.values, errors);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          Object.assign(errors, error.fields ?? { [this.refusalField()]: { key: error.messageKey, params: error.params } });
        }
        if (Object.keys(errors).length) failed.set(d, errors);
      }
    }
    const outside = await outsideScope(w, this.entity, docs.map((d) => ({ id: d.existing ? Number(d.existing.id) : null, values: d.values })));
    for (const i of outside) if (!failed.has(docs[i])) failed.set(docs[i], { [this.refusalField()]: { key: 'res.outOfScope' } });
    for (const [d, errors] of failed) this.refuseDocument(d, errors);
    if (!failed.size) return;
    const keep = (list: Doc[]) => list.splice(0, list.length, ...list.filter((d) => !failed.has(d)));
    keep(newDocs);
    keep(updDocs);
  }

  /** The column a refusal of the whole record is reported on: its key, else its first field. */
  private refusalField(): string {
    return this.codeField?.key ?? this.entity.fields.find((f) => !f.readonly)!.key;
  }

  /** A valid-looking document refused by a later stage: its first row gets the errors, its other rows point there. */
  private refuseDocument(d: Doc, errors: Record<string, FieldError>): void {
    for (const [field, e] of Object.entries(errors)) {
      const ref = typeof e === 'string' ? { key: e } : { key: e.key, params: e.params };
      this.addError(d.row, this.headerIndex.has(field) ? field : this.refusalField(), ref, d.cells);
    }
    for (const l of d.lines) if (l.row !== d.row) this.addError(l.row, this.refusalField(), { key: 'excel.documentInvalid', params: { row: d.row } }, []);
    const known = d.key ? this.fileDocs.get(d.key) : undefined;
    if (known) known.invalid = true;
    this.report.documents--;
  }

  /** The answer of an insert: refused documents become errors of their rows, the rest count. */
  private settleInserts(sent: SentBatch, refused: number[]): void {
    for (const id of refused) {
      const d = sent.docs.get(id)!;
      this.rejectedIds.set(id, d.row);
      const known = d.key ? this.fileDocs.get(d.key) : undefined;
      if (known) {
        known.id = 0;
        known.invalid = true;
      }
      const field = this.codeField?.key ?? this.entity.fields.find((f) => f.unique)?.key ?? this.entity.fields[0].key;
      this.addError(d.row, field, { key: 'excel.alreadyExists', params: { value: d.key ?? '' } }, d.cells);
      for (const l of d.lines) if (l.row !== d.row) this.addError(l.row, field, { key: 'excel.documentInvalid', params: { row: d.row } }, []);
    }
    this.report.inserted += sent.rows - refused.length;
    if (hooksOf(this.entity).length) {
      const gone = new Set(refused);
      for (const id of sent.docs.keys()) if (!gone.has(id)) this.insertedIds.push(id);
    }
  }

  /** Updates by key (upsert), and lines of documents written by an earlier batch: as a form save. */
  private async writeUpdates(tx: Db, checked: Doc[], orphanLines: Array<{ parentId: number; line: Line }>): Promise<void> {
    const audit: Array<{ id: number; action: string; changes: AuditChange[] }> = [];
    // A document saved by someone else since it was read (its version moved) is refused on its row
    // with the form's own message for a stale save, its lines not written (issue 33).
    const stale = new Set(await this.sqlWriter.updateDocs(tx, checked));
    for (const d of stale) this.refuseDocument(d, { [this.refusalField()]: { key: 'err.staleVersion' } });
    const okUpd = stale.size ? checked.filter((d) => !stale.has(d)) : checked;
    for (const d of okUpd) {
      const id = Number(d.existing!.id);
      const known = d.key ? this.fileDocs.get(d.key) : undefined;
      if (known) known.id = id;
      audit.push({ id, action: 'update', changes: diffRecords(Object.keys(d.values), d.existing, d.values) });
    }
    const lines: Array<{ parentId: number; line: Line }> = [...orphanLines];
    const auditById = new Map(audit.map((x) => [x.id, x]));
    okUpd.forEach((d) => d.lines.forEach((line) => lines.push({ parentId: Number(d.existing!.id), line })));
    await this.sqlWriter.replaceLinesOf(tx, okUpd);
    const lineIds = await this.sqlWriter.insertLines(tx, lines);
    lines.forEach((l, i) => {
      const entry = auditById.get(l.parentId);
      const changes = diffRecords(Object.keys(l.line.values), null, l.line.values, `${l.line.childKey}[#${lineIds[i]}].`);
      if (entry) entry.changes.push(...changes);
      else {
        const added = { id: l.parentId, action: 'update', changes };
        audit.push(added);
        auditById.set(l.parentId, added);
      }
    });
    await this.sqlWriter.writeAudit(tx, audit);
    this.report.updated += okUpd.length;
    // Documents changed by this batch (updated, or given more lines) keep what their hooks derive.
    await runAfterWriteHooks(this.writeContext(tx), this.entity, [...new Set(audit.map((x) => x.id))], false);
  }
}

/** The columns of an entity's template as the preview grid shows them (id, header, required). */
export function templateColumnsOf(entity: EntityDef, language: Language): Array<{ id: string; header: string; required: boolean }> {
  return importColumns(entity).map((c) => ({ id: c.id, header: headerText(c, language, false), required: c.required }));
}

export { refCodeField };
