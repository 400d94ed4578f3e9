import ExcelJS from 'exceljs';
import { CELL_FORMAT_TABLE, cellFormatOf, fieldOf, requireEntity, type CellFormat, type Language } from '../../../model';
import { getDictionary } from '../../../model/dictionaries';
import { formatCell } from '../../../model/excel';
import type { MatchedLine } from '../../../model/finance-match';
import { addSheet } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';

/**
 * A statement as a workbook (issue 18 "exportable to Excel"): the heading (number, both companies,
 * period, currency, rates, state, confirmations), one row per matched line with both sides' figures
 * and the difference, then the totals. Every text a person typed (names, notes, document numbers) is
 * written as text, never as a formula (export/text-cells.ts). Each column's cells take their type and
 * number format from the statement line's field (finstatement.entity.ts): amounts money, quantities
 * and rates decimals, dates real dates, document numbers codes kept as text; the totals from the
 * statement's own fields.
 */
type Row = Record<string, unknown>;

const T = {
  'zh-CN': {
    title: '对账单', no: '对账单号', partnerNo: '对方单号', buyer: '采购方', seller: '供应方', period: '对账期间', currency: '对账币种', rates: '期间汇率(折人民币)', status: '状态',
    buyerConfirmed: '采购方确认', sellerConfirmed: '供应方确认', acceptedDiff: '（接受差异）', totals: '合计', buyerTotal: '采购方合计', sellerTotal: '供应方合计', adjustTotal: '调整合计',
    diffTotal: '差额(供-采)', settleTotal: '结算金额', openDiffs: '未说明差异行数',
    cols: ['序号', '类型', '单据号', '品项', '品名', '单据币种', '采购方日期', '采购方数量', '采购方金额', '供应方日期', '供应方数量', '供应方金额', '折算汇率', '采购方金额(对账币)', '供应方金额(对账币)', '数量差异', '金额差异', '核对结果', '说明'],
  },
  en: {
    title: 'Statement', no: 'Statement no.', partnerNo: "Other company's no.", buyer: 'Buyer', seller: 'Seller', period: 'Period', currency: 'Currency', rates: 'Period rates (to CNY)', status: 'Status',
    buyerConfirmed: 'Confirmed by buyer', sellerConfirmed: 'Confirmed by seller', acceptedDiff: ' (differences accepted)', totals: 'Totals', buyerTotal: 'Buyer total', sellerTotal: 'Seller total', adjustTotal: 'Adjustments',
    diffTotal: 'Difference (seller - buyer)', settleTotal: 'Amount to settle', openDiffs: 'Unexplained differing lines',
    cols: ['Seq', 'Type', 'Document no.', 'Item', 'Item name', 'Doc. currency', 'Buyer date', 'Buyer qty', 'Buyer amount', 'Seller date', 'Seller qty', 'Seller amount', 'Rate', 'Buyer (stmt.)', 'Seller (stmt.)', 'Qty difference', 'Amount difference', 'Match', 'Note'],
  },
} as const;

const dictText = (code: string, value: unknown, lang: Language) => {
  const item = getDictionary(code)?.items.find((i) => i.value === String(value ?? ''));
  return item ? (lang === 'en' ? item.label.en : item.label.zh) : String(value ?? '');
};

/** The statement line's fields, in the order of the sheet's columns. */
const LINE_FIELDS = [
  'seq', 'kind', 'doc_no', 'item', 'item_name', 'doc_currency', 'buyer_date', 'buyer_qty', 'buyer_amount', 'seller_date', 'seller_qty', 'seller_amount',
  'rate', 'buyer_amount_stmt', 'seller_amount_stmt', 'diff_qty', 'diff_amount', 'match', 'note',
] as const;

/** A field's cell format; a field shown by its dictionary label is text. */
const formatOf = (entity: string, key: string): CellFormat => {
  const field = fieldOf(requireEntity(entity), key)!;
  return field.dict ? 'text' : cellFormatOf(field);
};

/** Writes the cells from column `from` on under their formats (types and number formats). */
function formatCells(row: ExcelJS.Row, formats: readonly CellFormat[], from = 1): void {
  formats.forEach((format, i) => {
    const cell = row.getCell(from + i);
    cell.value = formatCell(format, cell.value);
    const numFmt = CELL_FORMAT_TABLE[format].numFmt;
    if (numFmt) cell.numFmt = numFmt;
  });
}

export async function statementWorkbook(header: Row, lines: MatchedLine[], lang: Language): Promise<Buffer> {
  const t = T[lang];
  const wb = new ExcelJS.Workbook();
  const ws = addSheet(wb, t.title);
  const add = (values: unknown[]) => {
    const row = ws.addRow(values);
    protectTextCells(row);
    return row;
  };
  add([`${t.title} ${String(header.stmt_no ?? '')}`]).font = { bold: true, size: 14 };
  const rates = (typeof header.rates === 'string' ? JSON.parse(header.rates) : header.rates ?? {}) as Record<string, number>;
  const confirmed = (side: 'buyer' | 'seller') =>
    header[`${side}_confirmed_at`] ? `${String(header[`${side}_confirmed_by`] ?? '')} ${String(header[`${side}_confirmed_at`]).slice(0, 19)}${header[`${side}_accepted_diff`] ? t.acceptedDiff : ''}` : '';
  const info: Array<[string, unknown]> = [
    [t.no, header.stmt_no], [t.partnerNo, header.partner_no], [t.buyer, header.buyer_name], [t.seller, header.seller_name],
    [t.period, `${String(header.period_from ?? '').slice(0, 10)} ~ ${String(header.period_to ?? '').slice(0, 10)}`], [t.currency, header.currency],
    [t.rates, Object.entries(rates).map(([c, r]) => `${c} ${r}`).join(', ')], [t.status, dictText('fin_statement_status', header.status, lang)],
    [t.buyerConfirmed, confirmed('buyer')], [t.sellerConfirmed, confirmed('seller')],
  ];
  for (const [k, v] of info) add([k, v === null || v === undefined ? '' : String(v)]).getCell(1).font = { bold: true };
  add([]);
  const head = add([...t.cols]);
  head.font = { bold: true };
  head.eachCell((c) => { c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8EEF7' } }; });
  const lineFormats = LINE_FIELDS.map((k) => formatOf('finstatement_line', k));
  for (const l of lines) {
    const row = ws.addRow([
      l.seq, dictText('fin_line_kind', l.kind, lang), l.doc_no, l.item, l.item_name ?? '', l.doc_currency, l.buyer_date ?? '', l.buyer_qty, l.buyer_amount, l.seller_date ?? '', l.seller_qty, l.seller_amount,
      l.rate, l.buyer_amount_stmt, l.seller_amount_stmt, l.diff_qty, l.diff_amount, dictText('fin_match', l.match, lang), l.note ?? '',
    ]);
    formatCells(row, lineFormats);
    protectTextCells(row);
    if (l.match !== 'matched' && l.match !== 'adjustment' && !l.explained) row.getCell(17).font = { color: { argb: 'FFC50F1F' }, bold: true };
  }
  add([]);
  const totals: Array<[string, string]> = [
    [t.buyerTotal, 'buyer_total'], [t.sellerTotal, 'seller_total'], [t.adjustTotal, 'adjust_total'],
    [t.diffTotal, 'diff_total'], [t.settleTotal, 'settle_total'], [t.openDiffs, 'open_diffs'],
  ];
  for (const [k, key] of totals) {
    const v = header[key];
    const row = add([k, v === null || v === undefined ? 0 : Number(v)]);
    row.getCell(1).font = { bold: true };
    formatCells(row, [formatOf('finstatement', key)], 2);
  }
  ws.columns.forEach((c, i) => { c.width = i === 0 ? 16 : i === 4 || i === 18 ? 28 : 14; });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
