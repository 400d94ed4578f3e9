import type ExcelJS from 'exceljs';

/**
 * Spreadsheet formula injection (issue 19). A value someone typed into the product, such as a
 * name `=HYPERLINK("http://…","点击")` or `@SUM(…)`, must reach every workbook the product writes
 * (exports, error workbooks, reports) as text that no spreadsheet ever evaluates: not as a formula,
 * not as exceljs's `t="str"` (the type of a formula's cached string, which Excel turns into a
 * formula as soon as the cell is edited), but as an inline string under the Text number format
 * (`@`), under which Excel, WPS and LibreOffice keep an edited cell as text too. The text itself
 * is not changed (no leading apostrophe), so an exported file imports back as it was. Numbers stay
 * numbers: a negative number is a number cell, only a text beginning with "-" is protected.
 */

/** What starts a formula (or a DDE call) when typed: = + - @, their full-width forms (CJK input turns them into formulas), and tab and line ends that some programs strip first. */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r', '\n', '＝', '＋', '－', '＠']);

/** Whether a cell value is a text that a spreadsheet could take for a formula. */
export function looksLikeFormula(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && FORMULA_START.has(value[0]);
}

/** The Text number format. */
export const TEXT_FORMAT = '@';

/** A cell value that writes `text` as an inline (or shared) string, never as a formula or a formula's result. */
export function textValue(text: string): ExcelJS.CellRichTextValue {
  return { richText: [{ text }] };
}

/**
 * Writes every formula-like text cell of a row as text: an inline string under the Text format.
 * `textStyle(col)` gives the style of such a cell in that (1-based) column, when the caller shares
 * style objects between cells; otherwise the cell's own style gets the Text format.
 */
export function protectTextCells(row: ExcelJS.Row, textStyle?: (col: number) => Partial<ExcelJS.Style>): void {
  row.eachCell((cell, col) => {
    const v = cell.value;
    if (!looksLikeFormula(v)) return;
    cell.value = textValue(v);
    if (textStyle) cell.style = textStyle(col);
    else cell.numFmt = TEXT_FORMAT;
  });
}
