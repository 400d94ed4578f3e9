import type ExcelJS from 'exceljs';

/**
 * Worksheet names (issue 28). Excel refuses a workbook whose sheet name has any of / \ ? * [ ] :,
 * begins or ends with an apostrophe, is empty, is longer than 31 characters, is "History" (its own
 * reserved sheet), or equals another sheet's name ignoring case; exceljs throws on most of these and
 * so the export answered 500 (a report titled "供应商分配量（版本/季节）"). Every workbook the product
 * writes names its sheets through `addSheet` (or `sheetName` where the name is also shown elsewhere).
 */

/**
 * The longest name, counted in UTF-16 code units: what Excel and exceljs count, and never more
 * characters than that, so a name of emoji or rare CJK characters (two units each) also fits.
 */
export const SHEET_NAME_MAX = 31;

/** The name a sheet gets when nothing is left of the wanted one. */
export const SHEET_NAME_FALLBACK = 'Sheet';

/** What replaces each character Excel forbids: readable stand-ins, and nothing for ? and *. */
const STAND_IN: Record<string, string> = { '/': '-', '\\': '-', ':': '-', '[': '(', ']': ')', '?': '', '*': '' };
const FORBIDDEN = /[/\\:[\]?*]/g;
/**
 * Characters a sheet's XML cannot carry or a tab cannot show: control characters, U+FFFE/U+FFFF and
 * a surrogate without its pair (a name cut in the middle of an emoji somewhere upstream).
 */
// eslint-disable-next-line no-control-regex -- control characters are what a sheet name cannot carry: matching them is the point
const UNWRITABLE = /[\u0000-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** Apostrophes and spaces at either end (an apostrophe may not open or close a name). */
const EDGES = /^['\s]+|['\s]+$/g;
/** Names Excel keeps for itself, compared like any other name. */
const RESERVED = ['History'];

/** How Excel compares two sheet names: case-insensitively (also in scripts with case, e.g. Ä/ä, Σ/σ). */
export function sheetNameKey(name: string): string {
  return name.toLowerCase().normalize('NFC').toUpperCase().toLowerCase();
}

/** The first `max` UTF-16 units of `text`, one fewer when the cut would split a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** A name Excel accepts on its own (uniqueness aside): the rules above. */
export function isLegalSheetName(name: string): boolean {
  if (!name || name.length > SHEET_NAME_MAX) return false;
  if (/[/\\:[\]?*]/.test(name) || name.startsWith("'") || name.endsWith("'")) return false;
  if (new RegExp(UNWRITABLE.source).test(name)) return false;
  return !RESERVED.some((r) => sheetNameKey(r) === sheetNameKey(name));
}

/**
 * A legal sheet name for `wanted` that no name in `taken` already has (compared as Excel does): the
 * forbidden characters replaced (/ \ : by "-", [ ] by ( ), ? and * dropped), control characters
 * dropped, apostrophes and spaces at the ends removed, cut to 31 units without
 * splitting a character, `fallback` when nothing is left, and " (2)", " (3)", ... added within the
 * 31 units when the name is taken or reserved ("History").
 */
export function sheetName(wanted: string, taken: Iterable<string> = [], fallback = SHEET_NAME_FALLBACK): string {
  const clean = (s: string) => {
    const text = String(s ?? '').replace(UNWRITABLE, '').replace(FORBIDDEN, (ch) => STAND_IN[ch]).replace(EDGES, '');
    return cut(text, SHEET_NAME_MAX).replace(EDGES, '');
  };
  const base = clean(wanted) || clean(fallback) || SHEET_NAME_FALLBACK;
  const used = new Set([...RESERVED, ...taken].map(sheetNameKey));
  if (!used.has(sheetNameKey(base))) return base;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const name = `${cut(base, SHEET_NAME_MAX - suffix.length).replace(/\s+$/, '')}${suffix}`;
    if (!used.has(sheetNameKey(name))) return name;
  }
}

/** Both exceljs writers: the in-memory workbook and the streaming one. */
type SheetHost = { addWorksheet(name?: string, options?: Partial<ExcelJS.AddWorksheetOptions>): ExcelJS.Worksheet };

/** The names given out per workbook (the streaming writer does not list its sheets). */
const given = new WeakMap<object, string[]>();

/**
 * Adds a worksheet under a legal name unique in its workbook (`sheetName`); every workbook writer of
 * the product adds its sheets through this.
 */
export function addSheet(wb: SheetHost, wanted: string, options?: Partial<ExcelJS.AddWorksheetOptions>): ExcelJS.Worksheet {
  const listed = (wb as { worksheets?: ExcelJS.Worksheet[] }).worksheets ?? [];
  const names = [...(given.get(wb) ?? []), ...listed.map((ws) => ws.name)];
  const name = sheetName(wanted, names);
  given.set(wb, [...(given.get(wb) ?? []), name]);
  return wb.addWorksheet(name, options);
}
