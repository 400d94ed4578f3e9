import type ExcelJS from 'exceljs';
import { exceljs } from '../export/exceljs-module';
import { sql, type RawBuilder } from 'kysely';
import { CELL_FORMAT_TABLE, cellFormatOf, fieldOf, requireEntity, type CellFormat, type Language } from '../../../model';
import { getDictionary } from '../../../model/dictionaries';
import { formatCell, formatHeader } from '../../../model/excel';
import { addDays } from '../../../../calendars/capacity';
import type { BoardBar, BoardData, BoardLine } from '../../../model/schedule-board';
import type { Db } from '../../db/database';
import { boardData } from './planning.board-read';
import { addSheet } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';
import { labelIn } from '../../../model/label-text';

/**
 * Excel export of the scheduling board (issue 11): sheet 1 one row per plan and day (line, workshop,
 * plan no., order no., style, category, date, pieces, minutes), sheet 2 a Gantt-like sheet (one row
 * per bar, one column per day, the bar's days filled, a late bar red, a locked one grey), over the
 * live schedule or a scenario, for the days of the range. Reads through the board's own query
 * (tenant and data permission included), so the sheet shows what the board shows.
 */
type Row = Record<string, unknown>;

const HEAD: Record<'zh' | 'en', Record<string, string>> = {
  zh: {
    daily: '排产明细', gantt: '甘特图', line: '产线', lineCode: '产线编码', workshop: '车间', plan: '计划单号', order: '订单号', style: '款号', category: '品类', date: '日期',
    pieces: '数量', minutes: '标准工时', start: '开始', end: '结束', qty: '排产数量', delivery: '交货日期', late: '延期', locked: '锁定', yes: '是',
  },
  en: {
    daily: 'Plan by day', gantt: 'Gantt', line: 'Line', lineCode: 'Line code', workshop: 'Workshop', plan: 'Plan no.', order: 'Order no.', style: 'Style', category: 'Category', date: 'Date',
    pieces: 'Pieces', minutes: 'Standard time', start: 'Start', end: 'End', qty: 'Bar qty', delivery: 'Delivery date', late: 'Late', locked: 'Locked', yes: 'Yes',
  },
};

/** A column's cell format from its field's type (plan no. a code, dates real dates, pieces whole numbers). */
const fieldFormat = (entity: string, key: string): CellFormat => cellFormatOf(fieldOf(requireEntity(entity), key)!);

/** Writes a row's values under their columns' formats (types and number formats), formula-like texts as text. */
function formattedRow(row: ExcelJS.Row, formats: CellFormat[]): void {
  formats.forEach((format, i) => {
    const cell = row.getCell(i + 1);
    cell.value = formatCell(format, cell.value);
    const numFmt = CELL_FORMAT_TABLE[format].numFmt;
    if (numFmt) cell.numFmt = numFmt;
  });
  // Names and numbers people typed are written as text, never as a formula (issue 19).
  protectTextCells(row);
}

const FILL = { bar: 'FF4F81BD', late: 'FFD9534F', locked: 'FF9E9E9E', weekend: 'FFF2F2F2' };
const fill = (argb: string): ExcelJS.Fill => ({ type: 'pattern', pattern: 'solid', fgColor: { argb } });

/** What both sheets read: the board's data, its bars in line and start order, the plans' extras, the headers. */
type SheetInput = { data: BoardData; bars: BoardBar[]; lineById: Map<number, BoardLine>; plans: Map<number, Row>; h: Record<string, string>; language: Language };

/** Builds the board's workbook (see above) for the range, over the live schedule or a scenario. */
export async function boardWorkbook(
  tx: Db,
  clientId: number,
  q: { from: string; to: string; scenario: number | null; scope: RawBuilder<unknown>[]; language: Language },
): Promise<Buffer> {
  const data = await boardData(tx, clientId, { from: q.from, to: q.to, scenario: q.scenario, workshop: null, scope: q.scope });
  const h = HEAD[q.language === 'en' ? 'en' : 'zh'];
  const lineById = new Map(data.lines.map((l) => [l.id, l]));
  const lineOrder = new Map(data.lines.map((l, i) => [l.id, i]));
  const plans = await planExtras(tx, clientId, [...new Set(data.bars.map((b) => b.plan_id))]);
  const bars = [...data.bars].sort((a, b) => (lineOrder.get(a.line_id) ?? 0) - (lineOrder.get(b.line_id) ?? 0) || a.start.localeCompare(b.start) || a.id - b.id);

  const wb = new (await exceljs()).Workbook();
  wb.creator = 'SCM';
  const input: SheetInput = { data, bars, lineById, plans, h, language: q.language };
  const dailyFormats = addDailySheet(wb, input);
  addGanttSheet(wb, input, dailyFormats);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Minutes per piece and the order's number whichever order the plan was made from, per plan id. */
async function planExtras(tx: Db, clientId: number, planIds: number[]): Promise<Map<number, Row>> {
  const plans = new Map<number, Row>();
  if (planIds.length) {
    const r = await sql<Row>`select p.id, p.minutes_per_piece, coalesce(o.order_no, r.pr_no) as order_no from scm_prodplan p
      left join scm_customer_order o on o.id = p.order_id and o.client_id = p.client_id
      left join scm_pr_order r on r.id = p.prorder_id and r.client_id = p.client_id
      where p.client_id = ${clientId} and p.id in (${sql.join(planIds)})`.execute(tx);
    for (const p of r.rows) plans.set(Number(p.id), p);
  }
  return plans;
}

/** Sheet 1: one row per plan and day within the range; returns its columns' formats (the Gantt sheet reuses the first five). */
function addDailySheet(wb: ExcelJS.Workbook, { data, bars, lineById, plans, h, language }: SheetInput): CellFormat[] {
  const dict = getDictionary('product_category');
  const catLabel = (c: string) => {
    const it = dict?.items.find((i) => i.value === c);
    return it ? labelIn(it.label, language) : c;
  };
  const s1 = addSheet(wb, h.daily, { views: [{ state: 'frozen', ySplit: 1 }] });
  // The day's standard minutes are minutes (one decimal, the unit in the header).
  const daily: Array<{ header: string; key: string; width: number; format: CellFormat }> = [
    { header: h.line, key: 'line', width: 16, format: fieldFormat('workline', 'name') },
    { header: h.workshop, key: 'workshop', width: 14, format: 'text' },
    { header: h.plan, key: 'plan', width: 16, format: fieldFormat('prodplan', 'plan_no') },
    { header: h.order, key: 'order', width: 16, format: fieldFormat('customerorder', 'order_no') },
    { header: h.style, key: 'style', width: 14, format: fieldFormat('prodplan', 'style_no') },
    { header: h.category, key: 'category', width: 12, format: 'text' },
    { header: h.date, key: 'date', width: 12, format: fieldFormat('prodplan_bar', 'start_date') },
    { header: h.pieces, key: 'pieces', width: 10, format: fieldFormat('prodplan_bar', 'qty') },
    { header: formatHeader(h.minutes, 'minutes', language), key: 'minutes', width: 14, format: 'minutes' },
  ];
  s1.columns = daily.map(({ header, key, width }) => ({ header, key, width }));
  const dailyFormats = daily.map((c) => c.format);
  s1.getRow(1).font = { bold: true };
  for (const b of bars) {
    const line = lineById.get(b.line_id);
    const plan = plans.get(b.plan_id);
    const mpp = Number(plan?.minutes_per_piece ?? 0);
    const orderNo = String(plan?.order_no ?? b.order_no ?? '');
    b.daily.forEach((pieces, i) => {
      const date = addDays(b.start, i);
      if (pieces <= 0 || date < data.from || date > data.to) return;
      formattedRow(s1.addRow({ line: line?.name ?? '', workshop: line?.workshop_name ?? '', plan: b.plan_no, order: orderNo, style: b.style_no, category: catLabel(b.category), date, pieces, minutes: Math.round(pieces * mpp * 10000) / 10000 }), dailyFormats);
    });
  }
  return dailyFormats;
}

/** Sheet 2: one row per bar, one column per day, the bar's days filled (a late bar red, a locked one grey). */
function addGanttSheet(wb: ExcelJS.Workbook, { data, bars, lineById, plans, h }: SheetInput, dailyFormats: CellFormat[]): void {
  const s2 = addSheet(wb, h.gantt, { views: [{ state: 'frozen', xSplit: 9, ySplit: 1 }] });
  const fixed = [h.line, h.workshop, h.plan, h.order, h.style, h.start, h.end, h.qty, h.delivery];
  const barFormats: CellFormat[] = [
    ...dailyFormats.slice(0, 5),
    fieldFormat('prodplan_bar', 'start_date'),
    fieldFormat('prodplan_bar', 'end_date'),
    fieldFormat('prodplan_bar', 'qty'),
    fieldFormat('prodplan', 'delivery_date'),
  ];
  const dayFormat = CELL_FORMAT_TABLE[fieldFormat('prodplan_bar', 'qty')].numFmt;
  const days = data.days.map((d) => d.date);
  s2.getRow(1).values = [...fixed, ...days.map((d) => d.slice(5))];
  s2.getRow(1).font = { bold: true };
  fixed.forEach((_, i) => (s2.getColumn(i + 1).width = i < 5 ? 14 : 11));
  days.forEach((d, i) => {
    const col = s2.getColumn(fixed.length + 1 + i);
    col.width = 5;
    if (!data.days[i].working) s2.getCell(1, fixed.length + 1 + i).fill = fill(FILL.weekend);
  });
  const dayIndex = new Map(days.map((d, i) => [d, i]));
  bars.forEach((b, k) => {
    const line = lineById.get(b.line_id);
    const row = s2.getRow(k + 2);
    row.values = [line?.name ?? '', line?.workshop_name ?? '', b.plan_no, String(plans.get(b.plan_id)?.order_no ?? b.order_no ?? ''), b.style_no, b.start, b.end, b.qty, b.delivery_date ?? ''];
    formattedRow(row, barFormats);
    const colour = b.late ? FILL.late : b.locked ? FILL.locked : FILL.bar;
    b.daily.forEach((pieces, i) => {
      const at = dayIndex.get(addDays(b.start, i));
      if (at === undefined) return;
      const cell = row.getCell(fixed.length + 1 + at);
      cell.fill = fill(colour);
      if (pieces > 0) cell.value = pieces;
      if (dayFormat) cell.numFmt = dayFormat;
      cell.font = { color: { argb: 'FFFFFFFF' }, size: 8 };
    });
  });
}
