import { sql } from 'kysely';
import type { EntityDef, Language } from '../../../model';
import { cellContent, dateCellText, headerText, importColumns, matrixChildOf } from '../../../model/excel';
import { applyMapping, headerSignature, missingRequired, normaliseHeading, proposeMapping, type ConfirmedMapping, type MappingProposal, type SheetRowSample, type ValueKnowledge } from '../../../model/import-mapping';
import { orderHeaderPairs, orderKey } from '../../../model/order-header-rows';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { loadTenantDictionaries } from '../../kernel/dictionaries/tenant-dictionaries';
import { withTenant } from '../../kernel/rls';
import { mappingFieldNames } from './import.service';
import { refSource } from './import-columns';
import { readWorkbookBatches } from './xlsx-reader.util';

/**
 * Mapping a sheet of the buyer's own layout (issue 33): the first rows of an upload are read,
 * the mapper (model/import-mapping.ts) proposes a field per column, told which sample codes exist
 * in the company's master data and which of its own dictionary items there are; a mapping the
 * company confirmed before for the same header set (table import_mapping, under the company's
 * row-level security) is proposed first. A confirmed mapping is checked here before its job is
 * queued, and remembered.
 */

/** The rows a proposal reads: title rows, the header row and enough data rows to judge values by. */
const HEAD_ROWS = 40;
/** The rows the screen shows as they are. */
const SHOWN_ROWS = 12;

/** The first rows of the data sheet, and whether the workbook is our template (its identity sheet). */
export async function readSheetHead(file: string, maxRows = HEAD_ROWS): Promise<{ rows: SheetRowSample[]; ours: boolean }> {
  const rows: SheetRowSample[] = [];
  let ours = false;
  const batches = readWorkbookBatches(file);
  try {
    for await (const events of batches) {
      for (const ev of events) {
        if (ev.kind === 'meta') ours = true;
        else rows.push({ number: ev.number, cells: ev.cells });
        if (rows.length >= maxRows) return { rows, ours };
      }
    }
  } finally {
    await batches.return(undefined);
  }
  return { rows, ours };
}

/** The company's codes among the sheet's sample values, per reference entity, and its own dictionary items. */
async function knowledgeOf(tx: Db, clientId: number, entity: EntityDef, rows: SheetRowSample[]): Promise<ValueKnowledge> {
  const texts = new Set<string>();
  const add = (v: unknown) => {
    if ((typeof v === 'string' && v.length <= 80) || typeof v === 'number') texts.add(String(v).trim());
  };
  for (const r of rows) {
    for (const c of r.cells) add(cellContent(c));
    // The values of an order header row's pairs (`供应商: VD001` in one cell) are looked up too.
    for (const p of orderHeaderPairs(r.cells) ?? []) add(cellContent(p.value));
  }
  const list = [...texts].slice(0, 2000);
  const knownCodes = new Map<string, Set<string>>();
  const seen = new Set<string>();
  for (const column of importColumns(entity)) {
    const source = column.ref ? refSource(column) : null;
    if (!source || seen.has(column.ref!.entity) || !list.length) continue;
    seen.add(column.ref!.entity);
    const r = await sql<{ code: string }>`select distinct ${sql.ref(source.codeColumn)}::text as code from ${sql.table(source.table)}
      where client_id = ${clientId} and ${sql.ref(source.codeColumn)}::text = any(${list}::text[])`.execute(tx);
    knownCodes.set(column.ref!.entity, new Set(r.rows.map((x) => x.code)));
  }
  const own = await loadTenantDictionaries(tx, clientId);
  const dictExtras = new Map<string, Set<string>>();
  for (const [code, items] of own.items) dictExtras.set(code, new Set(items.flatMap((i) => [i.value, i.label.zh, i.label.en].map((x) => x.toLowerCase()))));
  return { knownCodes, dictExtras };
}

/** A stored mapping of a header set: per column index, its heading and target; per key of the order header rows, its target. */
type StoredMapping = { headerRow: number; columns: Array<{ index: number; header: string; target: string | null }>; orderFields?: Array<{ key: string; target: string | null }> };

async function remembered(tx: Db, clientId: number, entity: string, signature: string): Promise<StoredMapping | null> {
  const r = await sql<{ mapping: StoredMapping }>`select mapping from import_mapping where client_id = ${clientId} and entity = ${entity} and signature = ${signature}`.execute(tx);
  return r.rows[0]?.mapping ?? null;
}

/** The stored targets over the proposal, column by column where the heading is the same. */
function fromMemory(proposal: MappingProposal, stored: StoredMapping): boolean {
  let used = false;
  for (const c of proposal.columns) {
    const s = stored.columns.find((x) => x.index === c.index);
    if (!s || normaliseHeading(s.header) !== normaliseHeading(c.header)) continue;
    Object.assign(c, { target: s.target, confidence: 1, reason: 'memory' });
    used = true;
  }
  // The keys of the order header rows the company chose a field for (or none) before.
  for (const f of proposal.orderFields) {
    const s = stored.orderFields?.find((x) => orderKey(x.key) === orderKey(f.key));
    if (!s) continue;
    Object.assign(f, { target: s.target, confidence: 1, reason: 'memory' });
    used = true;
  }
  return used;
}

/** A cell as the screen shows it (text, number or yes/no; a date as Excel shows it). */
function shownCell(raw: unknown): string | number | boolean | null {
  const v = cellContent(raw);
  if (v instanceof Date) return dateCellText(v);
  return v === null || v === undefined ? null : (v as string | number | boolean);
}

/** What the mapping screen offers per column: every import column (required ones marked), and sizes when the entity has a matrix. */
function optionsOf(entity: EntityDef, language: Language) {
  return {
    fields: importColumns(entity).map((c) => ({ id: c.id, label: headerText(c, language, false), required: c.required && (c.child !== undefined || c.field.default === undefined) })),
    sizes: matrixChildOf(entity) !== null,
  };
}

export type MappingView = ReturnType<typeof optionsOf> & {
  proposal: MappingProposal | null;
  fromMemory: boolean;
  rows: Array<{ number: number; cells: Array<string | number | boolean | null> }>;
  /** Names of the required fields the proposal leaves unmapped. */
  missingText: string;
};

/** The proposal for an uploaded file: memory first, then the mapper; the first rows as they are. */
export async function proposeForFile(db: Db, clientId: number, entity: EntityDef, file: string, language: Language): Promise<MappingView> {
  const head = await readSheetHead(file);
  const { proposal, memory } = await withTenant(db, clientId, async (tx) => {
    const p = proposeMapping(entity, head.rows, await knowledgeOf(tx, clientId, entity, head.rows));
    const stored = p && !p.template ? await remembered(tx, clientId, entity.name, p.signature) : null;
    const memory = p && stored ? fromMemory(p, stored) : false;
    if (p && memory) p.missingRequired = missingRequired(entity, { headerRow: p.headerRow, columns: p.columns.map((c) => ({ index: c.index, target: c.target })), orderFields: p.orderFields.map((f) => ({ key: f.key, target: f.target })) });
    return { proposal: p, memory };
  });
  if (proposal && head.ours) proposal.template = true;
  const last = proposal ? Math.min(head.rows.length, head.rows.findIndex((r) => r.number === proposal.headerRow) + SHOWN_ROWS) : SHOWN_ROWS;
  return {
    ...optionsOf(entity, language),
    proposal,
    fromMemory: memory,
    rows: head.rows.slice(0, Math.max(last, 1)).map((r) => ({ number: r.number, cells: r.cells.map(shownCell) })),
    missingText: proposal ? mappingFieldNames(entity, proposal.missingRequired, language) : '',
  };
}

/** A mapping as the upload sends it (JSON text), checked for shape; null: none. */
export function parseMappingField(text: string | undefined): ConfirmedMapping | null {
  if (!text) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new AppError('excel.mappingInvalid', { params: { columns: '' } });
  }
  const o = v as Partial<ConfirmedMapping> | null;
  const target = (t: unknown) => t === null || (typeof t === 'string' && t.length <= 200);
  const ok = o && Number.isInteger(o.headerRow) && o.headerRow! >= 1 && Array.isArray(o.columns) && o.columns.length <= 16384
    && o.columns.every((c) => c && Number.isInteger(c.index) && c.index >= 0 && target(c.target))
    && (o.orderFields === undefined || (Array.isArray(o.orderFields) && o.orderFields.length <= 200 && o.orderFields.every((f) => f && typeof f.key === 'string' && f.key.length <= 60 && target(f.target))));
  if (!ok) throw new AppError('excel.mappingInvalid', { params: { columns: '' } });
  const orderFields = o.orderFields?.map((f) => ({ key: f.key, target: f.target }));
  return { headerRow: o.headerRow!, columns: o.columns!.map((c) => ({ index: c.index, target: c.target })), ...(orderFields?.length ? { orderFields } : {}) };
}

/** Refuses a mapping that names unknown or repeated fields, or leaves required fields unmapped (their names in the message). */
export function assertMapping(entity: EntityDef, mapping: ConfirmedMapping, language: Language): void {
  const a = applyMapping(entity, mapping);
  if (a.unknownTargets.length || a.duplicateTargets.length) throw new AppError('excel.mappingInvalid', { params: { columns: [...a.unknownTargets, ...a.duplicateTargets].join('、') } });
  const missing = missingRequired(entity, mapping);
  if (missing.length) throw new AppError('excel.mappingMissingRequired', { params: { fields: mappingFieldNames(entity, missing, language) } });
}

/**
 * Keeps a confirmed mapping under the company, the entity and the signature of the file's header
 * row (read from the file, not taken from the browser), so the same header set is proposed from it.
 */
export async function rememberMapping(db: Db, actor: { clientId: number; userId: number }, entity: EntityDef, file: string, mapping: ConfirmedMapping): Promise<void> {
  const head = await readSheetHead(file, Math.min(mapping.headerRow + 1, HEAD_ROWS * 5));
  const headerRow = head.rows.find((r) => r.number === mapping.headerRow);
  if (!headerRow) return;
  const headers = headerRow.cells.map((c) => (cellContent(c) === null ? '' : String(cellContent(c))));
  const stored: StoredMapping = {
    headerRow: mapping.headerRow,
    columns: mapping.columns.map((c) => ({ index: c.index, header: headers[c.index] ?? '', target: c.target })),
    ...(mapping.orderFields?.length ? { orderFields: mapping.orderFields } : {}),
  };
  await withTenant(db, actor.clientId, (tx) =>
    sql`insert into import_mapping (client_id, entity, signature, headers, mapping, created_by)
      values (${actor.clientId}, ${entity.name}, ${headerSignature(headerRow.cells)}, ${JSON.stringify(headers)}::jsonb, ${JSON.stringify(stored)}::jsonb, ${actor.userId})
      on conflict (client_id, entity, signature) do update set mapping = excluded.mapping, headers = excluded.headers, uses = import_mapping.uses + 1, updated_at = now()`.execute(tx),
  );
}
