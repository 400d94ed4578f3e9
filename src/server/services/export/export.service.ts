import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { exceljs } from './exceljs-module';
import { sql, type RawBuilder } from 'kysely';
import type { DictItem, EntityDef, Language } from '../../../model';
import { columnFormat, exportCell, exportColumns, headerText, metaRows, refNameHeader, TEMPLATE_SHEET, templateVersion, type ExcelColumn } from '../../../model/excel';
import type { Db } from '../../db/database';
import { readFrom } from '../../resources/document-read';
import { orderSql, whereSql, type PageQuery } from '../../resources/page-query';
import { refTarget } from '../../resources/references';
import { loadTenantDictionaries } from '../../kernel/dictionaries/tenant-dictionaries';
import { withTenant } from '../../kernel/rls';
import { addSheet } from './sheet-name';
import { looksLikeFormula, TEXT_FORMAT, textValue } from './text-cells';
import { labelIn } from '../../../model/label-text';

/**
 * List export: the rows a list shows (the page endpoint's filters, quick search, status tab and
 * sort, built by the registry engine's own query builder, plus the tenant and data-permission
 * conditions) written with exceljs's streaming writer, in chunks, so memory stays flat however many
 * rows there are. The file carries the identity sheet, dictionary labels and reference codes, so it
 * imports again through the template (update by code).
 */

export const DIRECT_EXPORT_LIMIT = 5000;
const CHUNK = 2000;

type Row = Record<string, unknown>;

export type ExportPlan = {
  entity: EntityDef;
  clientId: number;
  query: PageQuery;
  scope: RawBuilder<unknown>[];
  columns: ExcelColumn[];
  language: Language;
  /** The rows' source when they are neither the entity's table nor its registered read source (a view's rows computed in code). */
  source?: RawBuilder<unknown>;
  /** Dictionary items the export's labels also come from (a dynamic form's own options). */
  dictItems?: ReadonlyMap<string, readonly DictItem[]>;
  /** False for a file no import reads back (a view's rows): no identity sheet, the list's sheet first. */
  identity?: boolean;
};

const sourceOf = (plan: ExportPlan): RawBuilder<unknown> => plan.source ?? readFrom(plan.entity);

/** The ids of the listed rows, in list order (one narrow query; the rows are read in chunks later). */
export async function exportIds(db: Db, plan: ExportPlan): Promise<number[]> {
  return withTenant(db, plan.clientId, async (tx) => {
    const r = await sql<{ id: number }>`select t.id from ${sourceOf(plan)} t
      where ${whereSql(plan.entity, plan.query, plan.clientId, plan.scope)} order by ${orderSql(plan.entity, plan.query)}`.execute(tx);
    return r.rows.map((x) => Number(x.id));
  });
}

/** Reference columns read their target's code in the same statement, within the same tenant. */
function selectList(plan: ExportPlan): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`t.id`];
  for (const c of plan.columns) {
    parts.push(sql.ref(`t.${c.field.key}`));
    if (c.ref) {
      const target = refTarget(c.field);
      if (!target) continue;
      parts.push(sql`(select r.${sql.ref(c.ref.codeField)}::text from ${sql.table(target.table)} r where r.id = t.${sql.ref(c.field.key)} and r.client_id = t.client_id) as ${sql.id(`${c.field.key}__code`)}`);
      if (target.labelColumn !== c.ref.codeField)
        parts.push(sql`(select r.${sql.ref(target.labelColumn)}::text from ${sql.table(target.table)} r where r.id = t.${sql.ref(c.field.key)} and r.client_id = t.client_id) as ${sql.id(`${c.field.key}__name`)}`);
    }
  }
  return sql.join(parts);
}

async function readChunk(db: Db, plan: ExportPlan, ids: number[]): Promise<Row[]> {
  const rows = await withTenant(db, plan.clientId, async (tx) =>
    (await sql<Row>`select ${selectList(plan)} from ${sourceOf(plan)} t where t.client_id = ${plan.clientId} and t.id = any(${ids}::bigint[])`.execute(tx)).rows,
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => byId.get(id)).filter((r): r is Row => Boolean(r));
}

/** The list sheet of an export: its columns as the list shows them, and a writer of one record's row. */
export type ListSheet = {
  ws: ExcelJS.Worksheet;
  /** The sheet's columns in order: a field's value, or a reference's name beside its code. */
  cols: Array<{ c: ExcelColumn; name: boolean }>;
  /** Adds one record's row (not committed), its cells in the list's formats. */
  addRecord: (r: Row) => ExcelJS.Row;
};

/** The company's dictionary items the export's labels come from, with the plan's own. */
export async function exportDictionaries(db: Db, plan: ExportPlan): Promise<ReadonlyMap<string, readonly DictItem[]>> {
  const tenantItems = (await withTenant(db, plan.clientId, (tx) => loadTenantDictionaries(tx, plan.clientId))).items;
  return plan.dictItems ? new Map([...tenantItems, ...plan.dictItems]) : tenantItems;
}

/** Adds the list's sheet to a streaming workbook: header row written, frozen, one style object per column. */
export function listSheet(wb: ExcelJS.stream.xlsx.WorkbookWriter, plan: ExportPlan, own: ReadonlyMap<string, readonly DictItem[]>, properties?: Partial<ExcelJS.WorksheetProperties>): ListSheet {
  const ws = addSheet(wb, labelIn(plan.entity.label, plan.language), { views: [{ state: 'frozen', ySplit: 1 }], ...(properties ? { properties } : {}) });
  // Issue 21: what the list shows. A reference is written as its record's name (the list's text)
  // and, in the next column, its code, which is what an import of the file reads back.
  const named = (c: ExcelColumn) => Boolean(c.ref) && (() => {
    const target = refTarget(c.field);
    return Boolean(target && target.labelColumn !== c.ref!.codeField);
  })();
  const cols: Array<{ c: ExcelColumn; name: boolean }> = plan.columns.flatMap((c) => (named(c) ? [{ c, name: true }, { c, name: false }] : [{ c, name: false }]));
  ws.columns = cols.map(({ c, name }) => {
    const header = name ? labelIn(refNameHeader(c), plan.language) : headerText(c, plan.language, false);
    const fmt = name ? undefined : columnFormat(c);
    return { header, key: name ? `${c.id}__name` : c.id, width: Math.min(40, Math.max(12, header.length * 2 + 2)), ...(fmt ? { style: { numFmt: fmt } } : {}) };
  });
  const cellStyles: Array<Partial<ExcelJS.Style>> = cols.map(({ c, name }) => {
    const fmt = name ? undefined : columnFormat(c);
    return Object.freeze(fmt ? { numFmt: fmt } : {});
  });
  // A text that a spreadsheet could take for a formula is written as text (text-cells.ts).
  const textStyles = cellStyles.map((style) => Object.freeze({ ...style, numFmt: TEXT_FORMAT }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const addRecord = (r: Row) => {
    const row = ws.addRow(cols.map(({ c, name }) => (name ? ((r[`${c.field.key}__name`] as string | null) ?? null) : exportCell(c, r[c.field.key], plan.language, c.ref ? ((r[`${c.field.key}__code`] as string | null) ?? null) : undefined, own))));
    // One style object per column for all its cells: the writer knows an object it has seen and
    // skips rendering the style again to find its index (it did that for every cell: a third of
    // the export's time at 100,000 rows).
    row.eachCell((cell, col) => {
      const v = cell.value;
      if (looksLikeFormula(v)) {
        cell.value = textValue(v);
        cell.style = textStyles[col - 1];
      } else cell.style = cellStyles[col - 1];
    });
    return row;
  };
  return { ws, cols, addRecord };
}

/**
 * Reads `ids` chunk by chunk in their order, the next chunk while this one is written (the
 * database and the writer work at once), and hands each chunk's rows to `write`.
 */
export async function eachChunk(db: Db, plan: ExportPlan, ids: number[], write: (rows: Row[]) => void): Promise<void> {
  let next: Promise<Row[]> | null = ids.length ? readChunk(db, plan, ids.slice(0, CHUNK)) : null;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await next!;
    next = i + CHUNK < ids.length ? readChunk(db, plan, ids.slice(i + CHUNK, i + 2 * CHUNK)) : null;
    // A failed read ahead is raised when its turn comes, not as an unhandled rejection meanwhile.
    next?.catch(() => undefined);
    write(rows);
  }
}

/** Writes the export of `ids` to `out` (a file or the reply); `onRows` reports progress. */
export async function writeExport(db: Db, plan: ExportPlan, ids: number[], out: Writable, onRows?: (done: number) => void): Promise<void> {
  const wb = new (await exceljs()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  if (plan.identity !== false) {
    const meta = addSheet(wb, TEMPLATE_SHEET, { state: 'veryHidden' });
    for (const r of metaRows({ entity: plan.entity.name, version: templateVersion(plan.entity), language: plan.language, kind: 'export' })) meta.addRow(r).commit();
    meta.commit();
  }
  const sheet = listSheet(wb, plan, await exportDictionaries(db, plan));
  let done = 0;
  await eachChunk(db, plan, ids, (rows) => {
    for (const r of rows) sheet.addRecord(r).commit();
    done += rows.length;
    onRows?.(done);
  });
  sheet.ws.commit();
  await wb.commit();
}

/** The export's columns: the ones the grid shows (`columns=code,name,...`), else the page's, else all. */
export function planColumns(entity: EntityDef, requested: string[] | null, pageColumns: string[] | null): ExcelColumn[] {
  return exportColumns(entity, requested && requested.length ? requested : (pageColumns ?? undefined));
}
