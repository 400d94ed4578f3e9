import type ExcelJS from 'exceljs';
import { exceljs } from './exceljs-module';
import type { FastifyInstance } from 'fastify';
import { allPages, CELL_FORMAT_TABLE, cellFormatOf, fieldOf, translate, type FieldDef, type Language } from '../../../model';
import { getDictionary } from '../../../model/dictionaries';
import { formatCell } from '../../../model/excel';
import { evaluateCondition } from '../../../model/expression';
import { isReferenceType, structureText } from '../../../model/field-types';
import type { RowTone } from '../../../model/page';
import { documentFields, resolvePage, type ResolvedPage } from '../../../model/page-resolve';
import { authOf, requireAuth } from '../../access/auth-context';
import { requestLanguage } from '../../http/envelope';
import { assertCan } from '../../resources/permissions';
import { viewDocument } from '../../resources/resource.service';
import { attachment } from '../import/routes';
import { addSheet } from './sheet-name';
import { protectTextCells } from './text-cells';
import { labelIn } from '../../../model/label-text';

/**
 * A record as a workbook (the printed document's twin, `PageDef.document`): the title, the header
 * fields the page names (label, value), then each child grid of the page with its declared columns
 * and row tones, then the signature lines. Values as the document shows them: a dictionary's label,
 * a reference's name, a structure as text, a yes/no in words, a date and time as its text; numbers
 * and dates stay numbers and dates under their field type's format (architecture-excel.md "Number
 * formats"). Every text goes through `protectTextCells` (issue 19): a typed `=SUM(…)` stays text.
 */
type Row = Record<string, unknown>;

const TONE_FILL: Record<RowTone['tone'], string> = { danger: 'FFFDE7E9', warning: 'FFFFF4CE', info: 'FFEBF3FC', success: 'FFF1FAF1' };

/** A field's cell: its value as the document shows it, with the number format its type keeps. */
function cellOf(def: FieldDef | undefined, row: Row, key: string, lang: Language): { value: unknown; numFmt?: string } {
  const v = row[key];
  if (v === null || v === undefined || v === '' || !def) return { value: v === null || v === undefined ? null : String(v) };
  if (def.dict) {
    const item = getDictionary(def.dict)?.items.find((i) => i.value === String(v));
    return { value: item ? labelIn(item.label, lang) : String(v) };
  }
  if (isReferenceType(def.type)) return { value: String(row[`${key}__label`] ?? v) };
  if (def.type === 'boolean') return { value: translate(lang, v === true || v === 'true' ? 'engine.yes' : 'engine.no') };
  if (def.type === 'datetime') return { value: String(v instanceof Date ? v.toISOString() : v).replace('T', ' ').slice(0, 19) };
  const format = cellFormatOf(def);
  if (CELL_FORMAT_TABLE[format].cell === 'text' && typeof v === 'object') return { value: structureText(v) };
  return { value: formatCell(format, v), numFmt: CELL_FORMAT_TABLE[format].numFmt };
}

function addCells(ws: ExcelJS.Worksheet, cells: Array<{ value: unknown; numFmt?: string }>): ExcelJS.Row {
  const row = ws.addRow(cells.map((c) => c.value));
  cells.forEach((c, i) => {
    if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
  });
  protectTextCells(row);
  return row;
}

export async function documentWorkbook(resolved: ResolvedPage, record: Row, lang: Language): Promise<Buffer> {
  const { entity, page } = resolved;
  const wb = new (await exceljs()).Workbook();
  const ws = addSheet(wb, labelIn(entity.label, lang));
  const code = entity.codeField ? String(record[entity.codeField] ?? '') : '';
  addCells(ws, [{ value: `${labelIn(entity.label, lang)} ${code}`.trim() }]).font = { bold: true, size: 14 };
  for (const f of documentFields(resolved)) {
    addCells(ws, [{ value: lang === 'en' ? f.labelEn : f.label }, cellOf(f.def, record, f.field, lang)]).getCell(1).font = { bold: true };
  }
  for (const grid of resolved.children) {
    ws.addRow([]);
    addCells(ws, [{ value: labelIn(grid.child.label, lang) }]).font = { bold: true };
    const head = addCells(ws, grid.columns.map((c) => ({ value: labelIn(c.label, lang) })));
    head.font = { bold: true };
    head.eachCell((c) => { c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } }; });
    for (const line of (record[grid.child.key] as Row[] | undefined) ?? []) {
      const row = addCells(ws, grid.columns.map((c) => cellOf(fieldOf(grid.entity, c.field), line, c.field, lang)));
      const tone = grid.rowTone?.find((r) => evaluateCondition(r.when, { form: line }, false));
      if (tone) row.eachCell((c) => { c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: TONE_FILL[tone.tone] } }; });
    }
  }
  const signatures = page.document?.signatures ?? [];
  if (signatures.length) {
    ws.addRow([]);
    addCells(ws, signatures.map((s) => ({ value: `${labelIn(s, lang)} ________________` })));
  }
  ws.columns.forEach((c, i) => { c.width = i === 0 ? 20 : 16; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/**
 * GET /api/{prefix}/{entity}/workbook?id= for every page that declares its document: the record read
 * as the generic `view` reads it (the caller's company, its data permissions: another company's id is
 * a 404), with the right to export the entity's menu.
 */
export async function documentWorkbookRoutes(app: FastifyInstance): Promise<void> {
  for (const page of allPages().filter((p) => p.document)) {
    const resolved = resolvePage(page);
    const { entity } = resolved;
    app.get(`/${entity.prefix}/${entity.name}/workbook`, { preHandler: requireAuth }, async (req, reply) => {
      const language = requestLanguage(req);
      const ctx = { db: app.db, auth: authOf(req), ip: req.ip ?? null, language };
      await assertCan(ctx.auth, entity.menuCode, 'export', ctx);
      const record = await viewDocument(ctx, entity, (req.query as Row).id);
      const code = entity.codeField ? String(record[entity.codeField] ?? '') : String(record.id);
      return attachment(reply, `${labelIn(entity.label, language)} ${code}.xlsx`).send(await documentWorkbook(resolved, record, language));
    });
  }
}
