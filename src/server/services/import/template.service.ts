import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { exceljs } from '../export/exceljs-module';
import { getEntity, translate, type EntityDef, type Language } from '../../../model';
import {
  columnFormat,
  columnLetter,
  DEFAULT_MATRIX_COLUMNS,
  dropDownOptions,
  excelSerialToDate,
  type ExcelColumn,
  headerText,
  importColumns,
  LISTS_SHEET,
  matrixChildOf,
  metaRows,
  parseMeta,
  TEMPLATE_SHEET,
  templateVersion,
  type TemplateMeta,
} from '../../../model/excel';
import type { RowError } from './import.service';
import { readWorkbook } from './xlsx-reader.util';
import { addSheet, sheetName } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';
import { labelIn } from '../../../model/label-text';

/**
 * Import templates and error workbooks. A template is small and built in memory; the error
 * workbook holds the user's rows again and is streamed (read with the streaming reader, written
 * with the streaming writer), so it scales like the import itself.
 */

const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
const REQUIRED_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: 'FFC00000' } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true };
/** Bad cells of the error workbook: Excel's own "bad" style (light red fill, dark red text). */
const BAD_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } };
const BAD_FONT: Partial<ExcelJS.Font> = { color: { argb: 'FF9C0006' } };

const widthOf = (text: string) => Math.min(40, Math.max(10, [...text].reduce((n, ch) => n + (ch.charCodeAt(0) > 255 ? 2 : 1), 0) + 2));

/** The sheet name of an entity's data in the user's language, as Excel allows it (sheet-name.ts). */
export function dataSheetName(entity: EntityDef, language: Language): string {
  return sheetName(labelIn(entity.label, language), [], 'data');
}

/**
 * The import template of an entity: a header row (required columns marked `*` and red), notes on
 * reference, dictionary and numbered columns, drop-down lists for dictionary and yes/no columns
 * (from a hidden list sheet), and the hidden identity sheet with entity and template version.
 * `ownLists`: drop-down entries of dictionaries that are not registered (a dynamic form's options).
 */
export async function buildTemplate(entity: EntityDef, language: Language, maxRows: number, ownLists?: ReadonlyMap<string, string[]>): Promise<Buffer> {
  const wb = new (await exceljs()).Workbook();
  wb.creator = 'garment-scm';
  const meta = addSheet(wb, TEMPLATE_SHEET, { state: 'veryHidden' });
  for (const r of metaRows({ entity: entity.name, version: templateVersion(entity), language, kind: 'template' })) meta.addRow(r);
  const lists = addSheet(wb, LISTS_SHEET, { state: 'veryHidden' });
  const ws = addSheet(wb, dataSheetName(entity, language), { views: [{ state: 'frozen', ySplit: 1 }] });
  wb.views = [{ x: 0, y: 0, width: 20000, height: 12000, firstSheet: 2, activeTab: 2, visibility: 'visible' }];

  const columns = importColumns(entity);
  const header = ws.getRow(1);
  let listCol = 0;
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    const text = headerText(c, language);
    cell.value = text;
    cell.fill = HEADER_FILL;
    cell.font = c.required ? REQUIRED_FONT : HEADER_FONT;
    ws.getColumn(i + 1).width = widthOf(text);
    const notes: string[] = [];
    if (c.ref) {
      const target = getEntity(c.ref.entity);
      notes.push(translate(language, 'excel.refHint', { entity: target ? labelIn(target.label, language) : c.ref.entity }));
    }
    if (entity.numbering?.field === c.field.key && !c.child) notes.push(translate(language, 'excel.numberedHint'));
    // A dynamic form's choices are its own options (`ownLists` by dictionary code; issue 33), never registered dictionaries.
    const options = dropDownOptions(c, language) ?? (c.kind === 'dict' && c.field.dict && ownLists?.get(c.field.dict)?.length ? ownLists.get(c.field.dict)! : null);
    if (options) {
      notes.push(translate(language, 'excel.dictHint'));
      const letter = columnLetter(listCol++);
      options.forEach((o, k) => (lists.getCell(`${letter}${k + 1}`).value = o));
      // One range rule per column (not one per cell): small files, fast to open.
      // exceljs keeps range rules in `dataValidations` (not in its type declarations).
      (ws as unknown as { dataValidations: { add: (range: string, rule: ExcelJS.DataValidation) => void } }).dataValidations.add(`${columnLetter(i)}2:${columnLetter(i)}${maxRows + 1}`, {
        type: 'list',
        allowBlank: true,
        formulae: [`'${LISTS_SHEET}'!$${letter}$1:$${letter}$${options.length}`],
        showErrorMessage: true,
        errorStyle: 'warning',
        error: translate(language, 'excel.dictHint'),
      });
    }
    if (notes.length) cell.note = notes.join('\n');
  });
  // A matrix child (ChildMatrix): its column values (sizes) as columns after the fields, the quantity under each.
  const matrix = matrixChildOf(entity)?.matrix;
  (matrix ? (matrix.columns ?? DEFAULT_MATRIX_COLUMNS) : []).forEach((value, k) => {
    const cell = header.getCell(columns.length + k + 1);
    cell.value = value;
    cell.fill = HEADER_FILL;
    cell.font = HEADER_FONT;
    if (k === 0) cell.note = translate(language, 'excel.matrixHint');
  });
  header.commit();
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out as ArrayBuffer);
}

/** Reads the identity sheet of a workbook on disk (null when absent). */
export async function readMeta(path: string): Promise<TemplateMeta | null> {
  for await (const ev of readWorkbook(path)) {
    if (ev.kind === 'meta') return parseMeta(ev.rows);
    return null;
  }
  return null;
}

/**
 * The error workbook: the uploaded rows (all, or only the failed ones) with an added messages
 * column and every bad cell marked red, plus the identity sheet, so the fixed file uploads again.
 */
/**
 * The date columns of an uploaded header row (by the entity's import headers, `*` or not): their
 * cells (Dates, or serial numbers where the cell had no date format) are written back as real dates.
 */
function dateColumnsOf(entity: EntityDef | undefined, header: unknown[]): Map<number, string> {
  const out = new Map<number, string>();
  if (!entity) return out;
  const byHeader = new Map<string, ExcelColumn>();
  for (const c of importColumns(entity)) for (const lang of ['zh-CN', 'en'] as const) byHeader.set(headerText(c, lang, false), c);
  header.forEach((h, i) => {
    const c = typeof h === 'string' ? byHeader.get(h.replace(/^\*/, '').trim()) : undefined;
    const fmt = c && (c.kind === 'date' || c.kind === 'datetime' || c.kind === 'month') ? (columnFormat(c) ?? (c.kind === 'datetime' ? 'yyyy-mm-dd hh:mm:ss' : c.kind === 'month' ? 'yyyy-mm' : 'yyyy-mm-dd')) : null;
    if (fmt) out.set(i, fmt);
  });
  return out;
}

export async function writeErrorWorkbook(source: string, target: string, errors: RowError[], language: Language, onlyErrors: boolean, entity?: EntityDef): Promise<void> {
  const byRow = new Map<number, RowError[]>();
  for (const e of errors) {
    const list = byRow.get(e.row) ?? [];
    list.push(e);
    byRow.set(e.row, list);
  }
  const out = createWriteStream(target);
  const wb = new (await exceljs()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  let ws: ExcelJS.Worksheet | null = null;
  let messagesCol = 0;
  let dates = new Map<number, string>();
  let date1904 = false;
  for await (const ev of readWorkbook(source, undefined, (info) => (date1904 = info.date1904))) {
    if (ev.kind === 'meta') {
      const meta = addSheet(wb, TEMPLATE_SHEET, { state: 'veryHidden' });
      for (const r of ev.rows) {
        const row = meta.addRow(r);
        protectTextCells(row);
        row.commit();
      }
      meta.commit();
      continue;
    }
    if (!ws) {
      ws = addSheet(wb, language === 'en' ? 'Errors' : '错误数据', { views: [{ state: 'frozen', ySplit: 1 }] });
      messagesCol = ev.cells.length + 1;
      dates = dateColumnsOf(entity, ev.cells);
      const header = ws.addRow([...ev.cells, translate(language, 'excel.messagesColumn')]);
      protectTextCells(header);
      header.eachCell((cell) => (cell.font = HEADER_FONT));
      header.getCell(messagesCol).font = REQUIRED_FONT;
      header.commit();
      continue;
    }
    const rowErrors = byRow.get(ev.number);
    if (onlyErrors && !rowErrors) continue;
    const cells = ev.cells.slice(0, messagesCol - 1);
    while (cells.length < messagesCol - 1) cells.push(null);
    const row = ws.addRow([...cells, rowErrors ? rowErrors.map((e) => `[${e.column}] ${e.message}`).join(language === 'en' ? '; ' : '；') : null]);
    // Issue 21: dates go back as dates in the product's format, not as serial numbers (46023).
    for (const [i, fmt] of dates) {
      // A date cell is read as a Date (its format said so); a plain number as a serial day.
      const v = cells[i];
      const date = v instanceof Date ? v : typeof v === 'number' && Number.isFinite(v) ? excelSerialToDate(v, date1904) : null;
      if (!date || Number.isNaN(date.getTime())) continue;
      const cell = row.getCell(i + 1);
      cell.value = date;
      cell.numFmt = fmt;
    }
    // The uploaded texts go back as text, never as formulas (issue 19).
    protectTextCells(row);
    if (rowErrors) {
      for (const e of rowErrors) {
        if (e.col < 0) continue;
        const cell = row.getCell(e.col + 1);
        cell.fill = BAD_FILL;
        cell.font = BAD_FONT;
      }
      row.getCell(messagesCol).font = BAD_FONT;
    }
    row.commit();
  }
  if (ws) ws.commit();
  await wb.commit();
  await new Promise<void>((resolve, reject) => {
    if (out.writableFinished) resolve();
    else {
      out.once('finish', () => resolve());
      out.once('error', reject);
    }
  });
}

/** Loads a job's stored errors. */
export async function readErrors(path: string): Promise<RowError[]> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as RowError[];
  } catch {
    return [];
  }
}
