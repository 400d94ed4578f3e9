import { sql } from 'kysely';
import { getEntity, translate, type EntityDef, type Language, type MessageRef } from '../../../model';
import { DYNAMIC_FORM_CODE_PATTERN, dynamicDictItems } from '../../../model/dynamic-form';
import { dictLookup, headerText, matchHeaders, parseMeta, type ExcelColumn } from '../../../model/excel';
import { applyMapping, missingRequired } from '../../../model/import-mapping';
import type { Db } from '../../db/database';
import { AppError, type FieldError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import type { WriteActor } from '../../resources/save-hooks';
import { loadForm, writeRecord, type LoadedForm } from '../approvals/dynamic-form.service';
import { refSource, rowInput, withTenantItems, type ActiveColumn, type Row } from './import-columns';
import { mappingFieldNames, type ImportReport, type ImportRequest, type RowError } from './import.service';
import { readWorkbookBatches, WorkbookError } from './xlsx-reader.util';
import { labelIn } from '../../../model/label-text';

/**
 * Import of a dynamic form's records (issue 33). A form is no registry entity (each company designs
 * its own, src/model/dynamic-form.ts), so its import is named by the form's code and its rows are
 * written by the form's own record writer (`writeRecord` of dynamic-form.service.ts): the form's
 * calculations and visibility, field rules and checks, choices among its own options, role-limited
 * fields, references within the company and the audit row, exactly as the drawer's save. The sheet
 * is read as every import reads it (the template's headers, or a confirmed mapping), choice labels
 * become option values and reference codes ids; a row the form refuses is that row's error, each
 * field's message on its own column. Each row is written under a savepoint; a check rolls the whole
 * run back, an all-or-nothing write rolls back when any row failed, `validOnly` keeps the good rows.
 */

/** A dynamic form is not a bulk table: more rows than this are refused as a whole. */
export const DYNAMIC_IMPORT_MAX_ROWS = 10_000;

/** Whether an import names a company's dynamic form (its code) rather than a registry entity. */
export const isDynamicFormImport = (name: string | undefined): name is string => Boolean(name) && !getEntity(name!) && DYNAMIC_FORM_CODE_PATTERN.test(name!);

/** The company's enabled form of the code (404 for another company's), read in its own tenant transaction. */
export function importForm(db: Db, clientId: number, code: string): Promise<LoadedForm> {
  return withTenant(db, clientId, (tx) => loadForm(tx, clientId, code));
}

/** The choices of a form's dictionary columns as the template's drop-down lists, by dictionary code. */
export function formDropDowns(loaded: LoadedForm, language: Language): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [code, items] of dynamicDictItems(loaded.form.code, loaded.definition)) out.set(code, items.map((i) => labelIn(i.label, language)));
  return out;
}

class Fatal extends Error {
  constructor(readonly ref: MessageRef) {
    super(ref.key);
  }
}
class Rollback extends Error {}

const emptyReport = (): ImportReport => ({ fatal: null, fatalText: null, total: 0, valid: 0, invalid: 0, documents: 0, inserted: 0, updated: 0, toInsert: 0, toUpdate: 0, committed: false, errorCount: 0, errors: [], errorsTruncated: false, kept: 0, ms: 0 });
const blank = (cells: readonly unknown[]) => cells.every((c) => c === null || c === undefined || (typeof c === 'string' && c.trim() === ''));

type SheetRow = { row: number; cells: unknown[] };

/** One run over a workbook of a form's records. */
class DynamicFormImport {
  readonly report = emptyReport();
  private readonly entity: EntityDef;
  private readonly language: Language;
  private mapping: Array<ExcelColumn | null> = [];
  private active: ActiveColumn[] = [];
  private date1904 = false;
  private readonly refCache = new Map<string, Map<string, number | 'many'>>();
  private readonly invalidRows = new Set<number>();

  constructor(
    private readonly req: ImportRequest,
    private readonly loaded: LoadedForm,
  ) {
    this.entity = loaded.entity;
    this.language = req.language;
  }

  private get actor(): WriteActor {
    const a = this.req.actor;
    return { clientId: a.clientId, userId: a.userId, username: a.username, fullname: a.fullname, ip: a.ip, roles: a.roles ?? [] };
  }

  async execute(tx: Db): Promise<void> {
    let header = false;
    let batch: SheetRow[] = [];
    const max = Math.min(this.req.maxRows, DYNAMIC_IMPORT_MAX_ROWS);
    for await (const events of readWorkbookBatches(this.req.file, undefined, (info) => (this.date1904 = info.date1904))) {
      for (const ev of events) {
        if (ev.kind === 'meta') {
          this.checkMeta(parseMeta(ev.rows));
          continue;
        }
        if (!header) {
          if (this.req.mapping ? ev.number < this.req.mapping.headerRow : blank(ev.cells)) continue;
          // A confirmed mapping names its header row: a sheet without that row is not the one mapped.
          if (this.req.mapping && ev.number > this.req.mapping.headerRow) throw new Fatal({ key: 'excel.noHeader' });
          header = true;
          this.useHeader(ev.cells);
          continue;
        }
        const cells = this.rowCells(ev.number, ev.cells);
        if (!cells || blank(cells)) continue;
        if (++this.report.total > max) throw new Fatal({ key: 'excel.tooManyRows', params: { max } });
        batch.push({ row: ev.number, cells });
        if (batch.length >= 500) {
          await this.writeBatch(tx, batch);
          batch = [];
        }
      }
    }
    if (!header || this.report.total === 0) throw new Fatal({ key: 'excel.noData' });
    if (batch.length) await this.writeBatch(tx, batch);
    this.report.errors.sort((a, b) => a.row - b.row);
    this.report.invalid = this.invalidRows.size;
    this.report.valid = this.report.total - this.report.invalid;
    this.report.documents = this.report.valid;
    this.report.toInsert = this.report.valid;
    await this.req.onProgress?.(this.report.total, 100);
  }

  private checkMeta(meta: ReturnType<typeof parseMeta>): void {
    if (!meta || meta.entity === this.entity.name) return;
    const actual = getEntity(meta.entity);
    const name = (e: EntityDef) => labelIn(e.label, this.language);
    throw new Fatal({ key: 'excel.wrongTemplate', params: { actual: actual ? name(actual) : meta.entity, expected: name(this.entity) } });
  }

  /** The fixing grid's work (issue 33): edited cells, left-out rows, the held rows of a later commit. */
  private rowCells(row: number, cells: unknown[]): unknown[] | null {
    const rs = this.req.rows;
    if (!rs) return cells;
    if (rs.skip?.has(row) || (rs.only && !rs.only.has(row))) return null;
    return rs.cells?.get(row) ?? cells;
  }

  /** The header row: the template's headers, or the columns of the mapping the user confirmed. */
  private useHeader(cells: unknown[]): void {
    if (this.req.mapping) {
      const a = applyMapping(this.entity, this.req.mapping);
      if (a.unknownTargets.length || a.duplicateTargets.length) throw new Fatal({ key: 'excel.mappingInvalid', params: { columns: [...a.unknownTargets, ...a.duplicateTargets].join('、') } });
      const missing = missingRequired(this.entity, this.req.mapping);
      if (missing.length) throw new Fatal({ key: 'excel.mappingMissingRequired', params: { fields: mappingFieldNames(this.entity, missing, this.language) } });
      this.mapping = a.mapping;
    } else {
      const m = matchHeaders(this.entity, cells);
      if (m.matched === 0) throw new Fatal({ key: 'excel.noHeader' });
      if (m.unknown.length) throw new Fatal({ key: 'excel.unknownColumns', params: { columns: m.unknown.join('、') } });
      if (m.duplicates.length) throw new Fatal({ key: 'excel.duplicateColumns', params: { columns: m.duplicates.join('、') } });
      if (m.missingRequired.length) throw new Fatal({ key: 'excel.missingColumns', params: { columns: m.missingRequired.map((c) => headerText(c, this.language, false)).join('、') } });
      this.mapping = m.mapping;
    }
    if (this.mapping.every((c) => c === null)) throw new Fatal({ key: 'excel.noHeader' });
    // A choice is typed as its option's label (either language) or its value: the form's own options.
    const own = dynamicDictItems(this.loaded.form.code, this.loaded.definition);
    this.mapping.forEach((column, index) => {
      if (!column || column.child) return;
      const dict = column.kind === 'dict' || column.kind === 'multidict' ? withTenantItems(dictLookup(column), column.field.dict ? own.get(column.field.dict) : undefined) : null;
      this.active.push({ index, column, dict, refCode: column.kind === 'reference' ? (refSource(column)?.codeField ?? null) : null });
    });
  }

  private async writeBatch(tx: Db, batch: SheetRow[]): Promise<void> {
    const inputs = batch.map(({ cells }) => rowInput(this.active, cells, this.date1904).header);
    await this.resolveRefs(tx, inputs);
    for (let i = 0; i < batch.length; i++) {
      const { row, cells } = batch[i];
      if (this.applyRefs(row, cells, inputs[i])) continue;
      await this.writeRow(tx, row, cells, inputs[i]);
    }
  }

  /** One row through the form's record writer, under a savepoint: a refusal undoes only this row. */
  private async writeRow(tx: Db, row: number, cells: unknown[], body: Row): Promise<void> {
    await sql`savepoint dynform_row`.execute(tx);
    try {
      await writeRecord(tx, this.actor, this.loaded, { id: null, version: null, body });
      await sql`release savepoint dynform_row`.execute(tx);
      this.report.inserted++;
    } catch (error) {
      await sql`rollback to savepoint dynform_row`.execute(tx);
      if (!(error instanceof AppError)) throw error;
      const fields: Record<string, FieldError> = error.fields ?? { '': { key: error.messageKey, params: error.params } };
      for (const [field, e] of Object.entries(fields)) this.addError(row, cells, field, typeof e === 'string' ? { key: e } : { key: e.key, params: e.params });
    }
  }

  /** Reference codes of a batch to ids, one query per target table, cached for the file. */
  private async resolveRefs(tx: Db, inputs: Row[]): Promise<void> {
    for (const { column } of this.active) {
      const source = column.kind === 'reference' ? refSource(column) : null;
      if (!source) continue;
      const cache = this.refCache.get(source.cacheKey) ?? new Map<string, number | 'many'>();
      this.refCache.set(source.cacheKey, cache);
      const codes = [...new Set(inputs.map((i) => i[column.field.key]).filter((v): v is string => typeof v === 'string' && !cache.has(v)))];
      if (!codes.length) continue;
      const r = await sql<{ id: number; code: string }>`select id, ${sql.ref(source.codeColumn)}::text as code from ${sql.table(source.table)}
        where client_id = ${this.req.actor.clientId} and ${sql.ref(source.codeColumn)}::text = any(${codes}::text[])`.execute(tx);
      for (const code of codes) cache.set(code, 0);
      for (const x of r.rows) cache.set(x.code, cache.get(x.code) ? 'many' : Number(x.id));
    }
  }

  /** Puts the ids in the row's input; a code of no single record of the company is the row's error (returns true). */
  private applyRefs(row: number, cells: unknown[], input: Row): boolean {
    let failed = false;
    for (const { column } of this.active) {
      const source = column.kind === 'reference' ? refSource(column) : null;
      const v = input[column.field.key];
      if (!source || typeof v !== 'string') continue;
      const found = this.refCache.get(source.cacheKey)?.get(v);
      if (found && found !== 'many') input[column.field.key] = found;
      else {
        this.addError(row, cells, column.field.key, { key: found ? 'excel.refAmbiguous' : 'excel.refNotFound', params: { value: v } });
        failed = true;
      }
    }
    return failed;
  }

  private addError(row: number, cells: unknown[], field: string, message: MessageRef): void {
    this.invalidRows.add(row);
    this.report.errorCount++;
    if (this.report.errors.length >= (this.req.errorLimit ?? 100_000)) {
      this.report.errorsTruncated = true;
      return;
    }
    const col = this.mapping.findIndex((c) => c !== null && !c.child && c.field.key === field);
    const def = this.entity.fields.find((f) => f.key === field);
    const column = col >= 0 ? headerText(this.mapping[col]!, this.language, false) : def ? labelIn(def.label, this.language) : '';
    const raw = col >= 0 ? cells[col] : null;
    const value = raw === null || raw === undefined ? null : raw instanceof Date ? raw.toISOString() : typeof raw === 'object' ? JSON.stringify(raw) : String(raw);
    const error: RowError = { row, col, column, field, message: translate(this.language, message.key, message.params), value };
    this.report.errors.push(error);
  }
}

/**
 * Runs the import of a form's records: a check (nothing stays), or a write (all or nothing, or the
 * valid rows only). One transaction of the company for the whole run.
 */
export async function runDynamicFormImport(db: Db, req: ImportRequest, loaded: LoadedForm): Promise<ImportReport> {
  const started = Date.now();
  const run = new DynamicFormImport(req, loaded);
  const report = run.report;
  try {
    await withTenant(db, req.actor.clientId, async (tx) => {
      await run.execute(tx);
      if (!req.write || (!req.validOnly && report.errorCount > 0)) throw new Rollback();
      report.committed = true;
    });
  } catch (error) {
    const ref = error instanceof Fatal ? error.ref : error instanceof WorkbookError ? { key: error.messageKey } : null;
    if (ref) {
      report.fatal = ref;
      report.fatalText = translate(req.language, ref.key, ref.params);
    } else if (!(error instanceof Rollback)) throw error;
    report.committed = false;
  }
  // A check counts what would be written; nothing is.
  if (!report.committed) report.inserted = 0;
  report.ms = Date.now() - started;
  return report;
}
