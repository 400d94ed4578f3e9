import { setImmediate as nextTurn } from 'node:timers/promises';
import { styledNumber, StylesScanner } from './xlsx-styles';
import { ZipFile, type ZipEntry } from './xlsx-zip';
import { C_AMP, C_CR, C_DQ, C_EQ, C_GT, C_LT, C_SLASH, C_SPACE, C_SQ, cellText, endsAttrName, endsName, exceed, fail, isWs, ooxmlUnescape, xmlText, xmlTextChunks, XmlScanner } from './xlsx-xml';

export { XlsxFormatError } from './xlsx-xml';

/**
 * A streaming reader of .xlsx files on disk, made for the import: it reads the zip's central
 * directory, inflates only the parts it needs (workbook, its relationships, the shared strings and
 * the sheets asked for) and scans the sheet XML incrementally. Rows come out in small batches, one
 * per inflated chunk, so a sheet of any size never sits in memory.
 *
 * Cell values: t="s" the shared string, t="inlineStr" the text of `<is>` (rich runs joined),
 * t="str" a string, t="b" a boolean, t="e" `{ error }`, t="d" a Date, otherwise a number; a formula
 * cell gives its cached value. The styles decide what a number means (xlsx-styles.ts): under a date
 * or time format it is a Date (in the workbook's 1900 or 1904 date system), under a format of zeros
 * (`00000`) a whole number is its padded text ("00123"). An empty shared string, like a cell
 * without a value, is a hole in the row.
 */

// ---------------------------------------------------------------------------------------------
// Sheets

/** A row of a sheet, shaped as the import's row event: 1-based number, 0-based cells (holes where empty). */
export type SheetRow = { kind: 'row'; number: number; cells: unknown[] };

/** Excel's last column (XFD). */
const MAX_COLUMNS = 16384;

const T_NUMBER = 0;
const T_SHARED = 1;
const T_STR = 2;
const T_INLINE = 3;
const T_BOOL = 4;
const T_ERROR = 5;
const T_DATE = 6;

function cellType(s: string, a: number, b: number): number {
  const len = b - a;
  if (len === 1 && a < s.length) {
    const c = s.charCodeAt(a);
    if (c === 115) return T_SHARED; // s
    if (c === 98) return T_BOOL; // b
    if (c === 101) return T_ERROR; // e
    if (c === 100) return T_DATE; // d
    return T_NUMBER;
  }
  if (len === 3 && s.startsWith('str', a)) return T_STR;
  if (len === 9 && s.startsWith('inlineStr', a)) return T_INLINE;
  return T_NUMBER;
}

/** 0-based column of a cell reference such as "AB12" (-1 when it has no column letters). */
function columnOf(s: string, a: number, b: number): number {
  const end = Math.min(b, s.length);
  let col = 0;
  let i = a;
  for (; i < end; i++) {
    const c = s.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
    if (col > MAX_COLUMNS) fail('cell reference beyond the last column');
  }
  return i === a ? -1 : col - 1;
}

/** A cell's `s` attribute (the index of its cell format); 0 when it is not a number. */
function styleIndex(s: string, a: number, b: number): number {
  let n = 0;
  for (let i = a; i < b; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57 || n > 1e7) return 0;
    n = n * 10 + (c - 48);
  }
  return n;
}

/**
 * ISO 8601 as a `t="d"` cell holds it: a date (`2026-03-01`, `20260301`), a date and time
 * (`2026-03-01T08:00:00`, a space for the T, seconds and their fraction optional, `.` or `,`), or a
 * time of day alone (`T12:30:00`, `12:30`); a zone (`Z`, `+08:00`, `+0800`) is optional.
 */
const ISO_DATE = /^(?:(\d{4})-?(\d\d)-?(\d\d))?(?:(?:^T?|[T ])(\d\d):?(\d\d)(?::?(\d\d)(?:[.,](\d+))?)?)?(Z|[+-]\d\d(?::?\d\d)?)?$/i;

/**
 * A `t="d"` value. Without a zone it is read as UTC, like the serial dates; a time of day alone is
 * 1899-12-30 with that time, as a serial below 1 (issue 33: it was an Invalid Date). Text that is
 * no ISO date stays text, for the import to refuse with the column's message, never an Invalid Date.
 */
function isoDate(text: string): Date | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const m = ISO_DATE.exec(t);
  if (!m || (m[1] === undefined && (m[4] === undefined || (t[0] !== 'T' && t[0] !== 't' && !t.includes(':'))))) return t;
  const [, y = '1899', mo = '12', d = '30', h = '0', mi = '0', sec = '0', frac = '', zone = ''] = m;
  const ms = frac ? Math.round(Number(`0.${frac}`) * 1000) : 0;
  let time = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec), ms);
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone[0] === '-' ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0)) * 60_000;
  }
  const date = new Date(time);
  // Out-of-range parts (month 13, 25:00) would roll over into another day: text, not a wrong date.
  const check = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)));
  if (Number.isNaN(time) || check.getUTCMonth() !== Number(mo) - 1 || check.getUTCHours() !== Number(h) || Number(mi) > 59 || Number(sec) > 59) return t;
  return date;
}

/** Scans a worksheet part; the rows of `<sheetData>` gather in `rows` as they complete. */
export class SheetScanner extends XmlScanner {
  rows: SheetRow[] = [];
  private cells: unknown[] | null = null;
  private rowNumber = 0;
  private lastColumn = -1;
  private inSheetData = false;

  /**
   * @param styles the kind of each cell format (xlsx-styles.ts), null when none changes a number
   * @param date1904 whether the workbook counts its dates from 1904
   */
  constructor(
    private readonly sharedStrings: readonly string[],
    private readonly styles: Uint8Array | null = null,
    private readonly date1904 = false,
  ) {
    super();
    this.unitName = 'c';
    this.unitLocal = 'c';
    this.noText = new Set(['worksheet', 'sheetData', 'row']);
  }

  /**
   * Only the sheet's own structure holds no text. Elements of the same local name elsewhere may:
   * the anchor of an embedded object or form control (`<xdr:row>3</xdr:row>` under `oleObjects`
   * or `controls`) is refused as corrupt if `row` is taken by its local name alone.
   */
  protected override textForbidden(local: string, depth: number): boolean {
    return depth <= 3 && (local === 'row' ? this.inSheetData && depth === 3 : this.noText.has(local));
  }

  protected override wantsAttributes(local: string): boolean {
    return local === 'row';
  }

  protected onOpen(name: string, local: string): void {
    if (local === 'sheetData' && this.depth <= 2) this.inSheetData = true;
    else if (local === 'row' && this.inSheetData && this.cells === null) {
      const r = this.attr('r');
      let number = this.rowNumber + 1;
      if (r !== undefined) {
        number = Number(r);
        if (!Number.isInteger(number) || number < 1) fail('bad row number');
      }
      const held = this.held;
      if (held && held.number === number) {
        // The same row again (some writers put each cell in a `<row r="1">` of its own): one row.
        this.cells = held.cells;
      } else {
        if (held) this.rows.push(held);
        this.cells = [];
        this.lastColumn = -1;
      }
      this.held = null;
      this.rowNumber = number;
      this.unitActive = true;
      if (this.unitName.length !== name.length - 2) this.unitName = `${name.slice(0, name.length - 3)}c`;
    }
  }

  /**
   * The last row read, held until the next row starts with another number (or the rows end), so a
   * row repeated with the same `r` merges into it even across a chunk boundary (issue 33).
   */
  private held: SheetRow | null = null;

  protected onClose(_name: string, local: string): void {
    if (local === 'row' && this.cells !== null) {
      this.held = { kind: 'row', number: this.rowNumber, cells: this.cells };
      this.cells = null;
      this.unitActive = false;
    } else if (local === 'sheetData') {
      this.inSheetData = false;
      if (this.held) this.rows.push(this.held);
      this.held = null;
    }
  }

  /** `<v>` and `</v></c>` with the prefix the cells use (e.g. `<x:v>` in files of the OpenXML SDK), as char codes. */
  private valueOpen: number[] = [];
  private valueClose: number[] = [];
  private valueFor = '';

  /** The start tag of the cell being read, as quickStartTag or generalStartTag found it. */
  private tagColumn = -1;
  private tagStyle = 0;
  private tagType = T_NUMBER;
  private tagSelfClosing = false;

  /**
   * The start tag's rest in the shape Excel and exceljs write, ` r="AB12"[ s="3"][ t="str"]>` or
   * `/>` (single spaces, double quotes, this order): the position after it, with tagColumn,
   * tagType and tagSelfClosing set; -1 for any other shape (then the general loop reads it).
   */
  private quickStartTag(s: string, p: number): number {
    const n = s.length;
    if (p + 4 >= n || s.charCodeAt(p) !== C_SPACE || s.charCodeAt(p + 1) !== 114 || s.charCodeAt(p + 2) !== C_EQ || s.charCodeAt(p + 3) !== C_DQ) return -1;
    let i = p + 4;
    let col = 0;
    let c = 0;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 65 || c > 90) break;
      col = col * 26 + (c - 64);
    }
    if (i === p + 4 || col > MAX_COLUMNS) return -1;
    for (; i < n; i++) {
      c = s.charCodeAt(i);
      if (c < 48 || c > 57) break;
    }
    if (i >= n || c !== C_DQ) return -1;
    i++;
    let style = 0;
    if (i + 4 < n && s.charCodeAt(i) === C_SPACE && s.charCodeAt(i + 1) === 115 && s.charCodeAt(i + 2) === C_EQ && s.charCodeAt(i + 3) === C_DQ) {
      for (i += 4; i < n; i++) {
        c = s.charCodeAt(i);
        if (c < 48 || c > 57) break;
        style = style * 10 + (c - 48);
      }
      if (i >= n || c !== C_DQ) return -1;
      i++;
    }
    let type = T_NUMBER;
    if (i + 4 < n && s.charCodeAt(i) === C_SPACE && s.charCodeAt(i + 1) === 116 && s.charCodeAt(i + 2) === C_EQ && s.charCodeAt(i + 3) === C_DQ) {
      const a = i + 4;
      for (i = a; i < n; i++) {
        c = s.charCodeAt(i);
        if (c === C_DQ || c === C_LT) break;
      }
      if (i >= n || c !== C_DQ) return -1;
      type = cellType(s, a, i);
      i++;
    }
    if (i >= n) return -1;
    c = s.charCodeAt(i);
    if (c === C_GT) {
      this.tagSelfClosing = false;
      i++;
    } else if (c === C_SLASH && i + 1 < n && s.charCodeAt(i + 1) === C_GT) {
      this.tagSelfClosing = true;
      i += 2;
    } else return -1;
    this.tagColumn = col - 1;
    this.tagStyle = style;
    this.tagType = type;
    return i;
  }

  /**
   * The start tag's rest in any shape (attributes in any order, spacing and quotes): the position
   * after it, with tagColumn, tagStyle, tagType and tagSelfClosing set; -1 when it is not complete yet.
   */
  private generalStartTag(s: string, p: number): number {
    const n = s.length;
    let column = -1;
    let style = 0;
    let type = T_NUMBER;
    let selfClosing: boolean;
    for (;;) {
      while (p < n && isWs(s.charCodeAt(p))) p++;
      if (p >= n) return -1;
      let c = s.charCodeAt(p);
      if (c === C_GT) {
        selfClosing = false;
        p++;
        break;
      }
      if (c === C_SLASH) {
        if (p + 1 >= n) return -1;
        if (s.charCodeAt(p + 1) !== C_GT) fail('bad tag');
        selfClosing = true;
        p += 2;
        break;
      }
      const ns = p;
      let ne: number;
      if (p + 2 < n && s.charCodeAt(p + 1) === C_EQ && !endsAttrName(c)) {
        // A one-letter name directly followed by "=" (r, s, t): the common case.
        ne = p + 1;
        p += 2;
      } else {
        while (p < n && !endsAttrName(s.charCodeAt(p))) p++;
        if (p >= n) return -1;
        if (p === ns) fail('bad attribute');
        ne = p;
        while (p < n && isWs(s.charCodeAt(p))) p++;
        if (p >= n) return -1;
        if (s.charCodeAt(p) !== C_EQ) fail('bad attribute');
        p++;
        while (p < n && isWs(s.charCodeAt(p))) p++;
        if (p >= n) return -1;
      }
      const quote = s.charCodeAt(p);
      if (quote !== C_DQ && quote !== C_SQ) fail('bad attribute value');
      const vs = p + 1;
      let ve = vs;
      for (; ve < n; ve++) {
        c = s.charCodeAt(ve);
        if (c === quote) break;
        if (c === C_LT) fail('bad attribute value');
      }
      if (ve >= n) return -1;
      if (ne - ns === 1) {
        const a = s.charCodeAt(ns);
        if (a === 114 /* r */) column = columnOf(s, vs, ve);
        else if (a === 116 /* t */) type = cellType(s, vs, ve);
        else if (a === 115 /* s */) style = styleIndex(s, vs, ve);
      }
      p = ve + 1;
      if (p < n && !endsName(s.charCodeAt(p))) fail('bad attribute');
    }
    this.tagColumn = column;
    this.tagStyle = style;
    this.tagType = type;
    this.tagSelfClosing = selfClosing;
    return p;
  }

  protected parseUnit(s: string, _lt: number, p: number): number {
    // The attributes of a cell: only r (reference) and t (type) matter. The usual shape first.
    const quick = this.quickStartTag(s, p);
    p = quick >= 0 ? quick : this.generalStartTag(s, p);
    if (p < 0) return -1;
    let column = this.tagColumn;
    const style = this.tagStyle;
    const type = this.tagType;
    const selfClosing = this.tagSelfClosing;
    let value: unknown;
    if (!selfClosing) {
      if (this.valueFor !== this.unitName) {
        const prefix = this.unitName.slice(0, -1);
        this.valueOpen = [...`<${prefix}v>`].map((ch) => ch.charCodeAt(0));
        this.valueClose = [...`</${prefix}v></${this.unitName}>`].map((ch) => ch.charCodeAt(0));
        this.valueFor = this.unitName;
      }
      // Most cells are exactly <c ...><v>text</v></c>: those are read here in one pass.
      const b = this.plainValueEnd(s, p);
      if (b >= 0) {
        value = this.fastValue(type, s, p + this.valueOpen.length, b);
        p = b + this.valueClose.length;
      } else {
        p = this.scanUnit(s, p, this.unitName);
        if (p < 0) return -1;
        value = this.value(type, this.unitV);
      }
    }
    // Complete: only now does the row change.
    if (column < 0) column = this.lastColumn + 1;
    if (column >= MAX_COLUMNS) fail('cell beyond the last column');
    this.lastColumn = column;
    if (value !== undefined) {
      if (this.styles !== null && typeof value === 'number' && style < this.styles.length) {
        const kind = this.styles[style];
        if (kind !== 0) value = styledNumber(value, kind, this.date1904);
      }
      this.cells![column] = value;
    }
    return p;
  }

  // Set by plainValueEnd: whether the raw text is 1 to 15 digits (with an optional minus) and
  // their value; whether it holds characters that need decoding (&, CR, _ of _xHHHH_).
  private rawDigits = false;
  private rawNumber = 0;
  private rawNegative = false;
  private rawSpecial = false;

  /**
   * When the cell's content at p is exactly `<v>text</v></c>`, the position of the `</v>` (and the
   * raw text is noted); -1 otherwise (another shape, or not complete yet).
   */
  private plainValueEnd(s: string, p: number): number {
    const n = s.length;
    const open = this.valueOpen;
    const plain = open.length === 3;
    if (plain) {
      // `<v>`, unrolled (cells without a prefix are by far the most common).
      if (p + 2 >= n || s.charCodeAt(p) !== C_LT || s.charCodeAt(p + 1) !== 118 || s.charCodeAt(p + 2) !== C_GT) return -1;
    } else for (let k = 0, j = p; k < open.length; k++, j++) if (j >= n || s.charCodeAt(j) !== open[k]) return -1;
    let i = p + open.length;
    let negative = false;
    if (i < n && s.charCodeAt(i) === 45) {
      negative = true;
      i++;
    }
    const first = i;
    let num = 0;
    let digits = true;
    let special = false;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c === C_LT) break;
      if (c >= 48 && c <= 57) num = num * 10 + (c - 48);
      else {
        digits = false;
        if (c === C_AMP || c === C_CR || c === 95) special = true;
      }
    }
    if (plain) {
      // `</v></c>`, unrolled.
      if (
        i + 7 >= n ||
        s.charCodeAt(i + 1) !== C_SLASH ||
        s.charCodeAt(i + 2) !== 118 ||
        s.charCodeAt(i + 3) !== C_GT ||
        s.charCodeAt(i + 4) !== C_LT ||
        s.charCodeAt(i + 5) !== C_SLASH ||
        s.charCodeAt(i + 6) !== 99 ||
        s.charCodeAt(i + 7) !== C_GT
      )
        return -1;
    } else {
      const close = this.valueClose;
      for (let k = 0, j = i; k < close.length; k++, j++) if (j >= n || s.charCodeAt(j) !== close[k]) return -1;
    }
    // Up to 15 digits are exact as a double; longer ones go through parseFloat.
    this.rawDigits = digits && i > first && i - first <= 15;
    this.rawNumber = num;
    this.rawNegative = negative;
    this.rawSpecial = special;
    return i;
  }

  /** The value of a cell whose `<v>` text is s[a, b) (raw), as noted by plainValueEnd. */
  private fastValue(type: number, s: string, a: number, b: number): unknown {
    if (type === T_NUMBER) {
      if (this.rawDigits) return this.rawNegative ? -this.rawNumber : this.rawNumber;
      return this.value(type, this.rawSpecial ? xmlText(s.slice(a, b)) : s.slice(a, b));
    }
    if (type === T_SHARED && this.rawDigits && !this.rawNegative) return this.sharedString(this.rawNumber);
    if (type === T_STR || type === T_INLINE) return cellText(this.rawSpecial ? ooxmlUnescape(xmlText(s.slice(a, b))) : s.slice(a, b));
    return this.value(type, xmlText(s.slice(a, b)));
  }

  /**
   * The shared string at that index (an empty one is an empty cell). An index the table does not
   * holds (no shared-strings part, a table cut short, a value that is no index) is refused: the
   * cell's text would otherwise be lost without a word, as a pre-release workbook's was (issue 33).
   */
  private sharedString(index: number): string | undefined {
    const str = index >= 0 ? this.sharedStrings[index] : undefined;
    if (str === undefined) exceed('excel.sharedStringMissing', `shared string ${index} of ${this.sharedStrings.length}`);
    return str || undefined;
  }

  /** The value of a cell of that type whose `<v>` text (decoded) is `v`, null when it has none. */
  private value(type: number, v: string | null): unknown {
    switch (type) {
      case T_NUMBER:
        if (v !== null) {
          const x = parseFloat(v);
          if (x === x || v.trim() !== '') return x;
        }
        return undefined;
      case T_SHARED: {
        const text = v === null ? '' : v.trim();
        const index = Number(text);
        return text === '' ? undefined : this.sharedString(Number.isInteger(index) && index >= 0 ? index : -1);
      }
      case T_STR:
        return v === null ? undefined : cellText(ooxmlUnescape(v));
      case T_INLINE:
        if (this.unitIs) return cellText(ooxmlUnescape(this.unitT ?? ''));
        return v === null ? undefined : cellText(ooxmlUnescape(v));
      case T_BOOL: {
        if (v === null) return undefined;
        const b = v.trim();
        return b === 'true' ? true : b === 'false' ? false : parseInt(b, 10) !== 0;
      }
      case T_ERROR:
        return v === null ? undefined : { error: cellText(v) };
      case T_DATE:
        return v === null ? undefined : isoDate(v);
    }
    return undefined;
  }
}

/**
 * The shared strings are the one part kept whole in memory. Their heap is estimated pessimistically
 * (two bytes a character, 40 a string for its header and slot) and bounded: 100,000 rows x 20
 * columns of distinct 15-character texts come to about 140 MB; 512 MiB of `<si><t>ab</t></si>`
 * would have been 28 million strings and more than the server's heap.
 */
const MAX_SHARED_STRINGS_HEAP = 256 * 1024 * 1024;

/** Scans the shared strings part: each `<si>` becomes its plain text (rich runs joined, phonetic runs left out). */
export class SharedStringsScanner extends XmlScanner {
  readonly strings: string[] = [];
  private heap = 0;

  constructor(private readonly maxHeap = MAX_SHARED_STRINGS_HEAP) {
    super();
    this.unitName = 'si';
    this.unitLocal = 'si';
    this.noText = new Set(['sst']);
  }

  protected override wantsAttributes(): boolean {
    return false;
  }

  protected onOpen(name: string, local: string): void {
    if (local === 'sst' && this.depth === 1) {
      this.unitActive = true;
      this.unitName = `${name.slice(0, name.length - 3)}si`;
    } else this.unitActive = false;
  }

  protected onClose(_name: string, local: string): void {
    this.unitActive = local !== 'sst' && this.depth === 1 && this.parentLocal() === 'sst';
  }

  protected parseUnit(s: string, _lt: number, p: number): number {
    const e = this.parseAttributes(s, p, null);
    if (e < 0) return -1;
    if (this.selfClosing) {
      this.add('');
      return e;
    }
    const end = this.scanUnit(s, e, this.unitName);
    if (end < 0) return -1;
    this.add(cellText(ooxmlUnescape(this.unitT ?? '')));
    return end;
  }

  private add(text: string): void {
    this.heap += text.length * 2 + 40;
    if (this.heap > this.maxHeap) exceed('excel.sharedStringsTooMany', `shared strings beyond ${this.maxHeap} bytes`);
    this.strings.push(text);
  }
}

type Element = { name: string; local: string; attrs: Record<string, string> };

/** Collects the elements of a small part (workbook, relationships) with their decoded attributes. */
class ElementCollector extends XmlScanner {
  readonly elements: Element[] = [];

  constructor(private readonly wanted: ReadonlySet<string>) {
    super();
  }

  protected onOpen(name: string, local: string): void {
    if (!this.wanted.has(local)) return;
    const attrs: Record<string, string> = {};
    const list = this.attributes();
    for (let i = 0; i < list.length; i += 2) attrs[list[i]] = xmlText(list[i + 1]);
    this.elements.push({ name, local, attrs });
  }

  protected onClose(): void {}

  protected parseUnit(): number {
    return fail('no unit');
  }
}

// ---------------------------------------------------------------------------------------------
// Workbook

export type SheetState = 'visible' | 'hidden' | 'veryHidden';
export type XlsxSheet = {
  name: string;
  state: SheetState;
  /** Zip path of the part, null when the relationship is missing. */
  path: string | null;
  /** A worksheet (not a chart sheet, dialog or macro sheet). */
  worksheet: boolean;
};

/**
 * The workbook and relationship parts are collected whole (an object per sheet or relationship):
 * Excel writes them in kilobytes, a workbook of a thousand sheets and many defined names in about
 * one megabyte.
 */
const MAX_SMALL_PART = 8 * 1024 * 1024;
/**
 * The styles part is read whole but kept as one byte per cell format. Excel allows 64,000 cell
 * formats (about 10 MB of XML, written twice over by files whose styles have multiplied).
 */
const MAX_STYLES_PART = 32 * 1024 * 1024;

/** Default of the time one file may take to read (IMPORT_MAX_PARSE_SECONDS): B2's 100,000 rows take about 1 s. */
export const DEFAULT_MAX_READ_MS = 60_000;
/** Work between two turns of the event loop: other requests wait at most about this long for a reader. */
const YIELD_AFTER_MS = 10;

/**
 * The time a reader spends on one file (while the consumer handles rows it does not count), and
 * its turns of the event loop: after YIELD_AFTER_MS of reading it lets other requests run, so an
 * import of any file never holds the server for long; past the limit the file is refused.
 */
export class ReadClock {
  private spent = 0;
  private since = performance.now();
  private lastTurn = this.since;

  constructor(private readonly limitMs: number) {}

  /** The consumer has the rows: its time is not the reader's. */
  pause(): void {
    this.spent += performance.now() - this.since;
  }

  resume(): void {
    this.since = performance.now();
    this.lastTurn = this.since;
  }

  /** After each chunk: refuses the file past the limit, and gives the event loop a turn when due. */
  async tick(): Promise<void> {
    const now = performance.now();
    if (this.spent + (now - this.since) > this.limitMs) exceed('excel.readTooSlow', `reading took more than ${this.limitMs} ms`);
    if (now - this.lastTurn < YIELD_AFTER_MS) return;
    await nextTurn();
    this.lastTurn = performance.now();
  }
}

export type XlsxReadOptions = {
  /** Hears the total of compressed bytes read so far. */
  onBytes?: (bytes: number) => void;
  /** The most time the reading of the file may take (the consumer's time not counted). */
  maxReadMs?: number;
};

/** Zip path of a relationship target relative to the folder of the part that owns it. */
export function resolveTarget(baseDir: string, rawTarget: string): string {
  // Some writers put Windows separators in targets (and in part names: see ZipFile).
  const target = rawTarget.replace(/\\/g, '/');
  const parts = (target.startsWith('/') ? target.slice(1) : `${baseDir}${target}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
const relsOf = (path: string) => `${dirOf(path)}_rels/${path.slice(path.lastIndexOf('/') + 1)}.rels`;

type Relationship = { id: string; type: string; target: string };

/** SpreadsheetML's namespaces: ECMA-376 transitional (what Excel 2007 and later write) and ISO strict. */
const SPREADSHEETML = new Set(['http://schemas.openxmlformats.org/spreadsheetml/2006/main', 'http://purl.oclc.org/ooxml/spreadsheetml/main']);

/**
 * Refuses a workbook part whose root is not SpreadsheetML's `workbook`: the betas of Excel 2007
 * (`http://schemas.microsoft.com/office/excel/2006/2` and the like) and programs that invent a
 * namespace write parts whose elements only look like ours, and their text was silently lost
 * (issue 33). A missing root is a corrupt file, as before; a root in no namespace is read by its names.
 */
function assertSpreadsheetMl(root: Element | undefined): void {
  if (!root) fail('no workbook element');
  const colon = root.name.indexOf(':');
  const namespace = root.attrs[colon < 0 ? 'xmlns' : `xmlns:${root.name.slice(0, colon)}`];
  // No namespace at all (a few minimal writers): the elements are read by their names, as before.
  if (namespace !== undefined && namespace !== '' && !SPREADSHEETML.has(namespace)) exceed('excel.preRelease', `workbook namespace ${namespace}`);
}

/**
 * An .xlsx workbook on disk: its sheets in workbook order, and the rows of any worksheet on demand.
 * Close it when done.
 */
export class XlsxWorkbook {
  private shared: string[] | null = null;
  private styleKinds: Uint8Array | null | undefined = undefined;
  private bytesRead = 0;
  private readonly onBytes?: (bytes: number) => void;
  private readonly clock: ReadClock;

  private constructor(
    private readonly zip: ZipFile,
    readonly sheets: XlsxSheet[],
    private readonly sharedStringsPath: string | null,
    options: XlsxReadOptions & { clock?: ReadClock },
    private readonly stylesPath: string | null = null,
    /** The workbook counts its dates from 1904-01-01 (`<workbookPr date1904="1"/>`, Mac Excel's old default). */
    readonly date1904 = false,
  ) {
    this.onBytes = options.onBytes;
    this.clock = options.clock ?? new ReadClock(options.maxReadMs ?? DEFAULT_MAX_READ_MS);
  }

  static async open(path: string, options: XlsxReadOptions = {}): Promise<XlsxWorkbook> {
    const zip = await ZipFile.open(path);
    try {
      const workbook = new XlsxWorkbook(zip, [], null, options);
      const root = await workbook.relationships('_rels/.rels', true);
      const workbookPath = root.find((r) => r.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
      const rels = await workbook.relationships(relsOf(workbookPath), false);
      const workbookElements = await workbook.elements(workbookPath, ['workbook', 'sheet', 'workbookPr']);
      assertSpreadsheetMl(workbookElements.find((e) => e.local === 'workbook'));
      const sheetElements = workbookElements.filter((e) => e.local === 'sheet');
      const date1904Attr = workbookElements.find((e) => e.local === 'workbookPr')?.attrs.date1904;
      const date1904 = date1904Attr === '1' || date1904Attr === 'true';
      const byId = new Map(rels.map((r) => [r.id, r]));
      const sheets = sheetElements.map(({ attrs }): XlsxSheet => {
        const idKey = Object.keys(attrs).find((k) => k.endsWith(':id'));
        const rel = idKey ? byId.get(attrs[idKey]) : undefined;
        const state = attrs.state === 'hidden' || attrs.state === 'veryHidden' ? attrs.state : 'visible';
        return { name: attrs.name ?? '', state, path: rel?.target ?? null, worksheet: !!rel && rel.type.endsWith('/worksheet') };
      });
      const sstRel = rels.find((r) => r.type.endsWith('/sharedStrings'))?.target;
      const sharedStringsPath = sstRel ?? (zip.entry(`${dirOf(workbookPath)}sharedStrings.xml`) ? `${dirOf(workbookPath)}sharedStrings.xml` : null);
      const stylesRel = rels.find((r) => r.type.endsWith('/styles'))?.target;
      const stylesPath = stylesRel ?? (zip.entry(`${dirOf(workbookPath)}styles.xml`) ? `${dirOf(workbookPath)}styles.xml` : null);
      return new XlsxWorkbook(zip, sheets, sharedStringsPath, { ...options, clock: workbook.clock }, stylesPath, date1904);
    } catch (error) {
      await zip.close();
      throw error;
    }
  }

  private entry(path: string) {
    return this.zip.entry(path) ?? fail(`missing part ${path}`);
  }

  private async elements(path: string, wanted: string[]): Promise<Element[]> {
    const entry = this.entry(path);
    if (entry.size > MAX_SMALL_PART) exceed('excel.unpackedTooLarge', `part too large: ${path}`);
    const scanner = new ElementCollector(new Set(wanted));
    for await (const text of this.texts(entry)) scanner.push(text);
    scanner.finish();
    return scanner.elements;
  }

  private async relationships(path: string, optional: boolean): Promise<Relationship[]> {
    if (optional && !this.zip.entry(path)) return [];
    const base = dirOf(path.replace(/_rels\/[^/]*$/, ''));
    return (await this.elements(path, ['Relationship']))
      .filter((e) => e.attrs.TargetMode !== 'External' && e.attrs.Id && e.attrs.Target)
      .map((e) => ({ id: e.attrs.Id, type: e.attrs.Type ?? '', target: resolveTarget(base, e.attrs.Target) }));
  }

  private readonly countBytes = (n: number) => {
    this.bytesRead += n;
    this.onBytes?.(this.bytesRead);
  };

  /** All shared strings, read once (before the first sheet). */
  async sharedStrings(): Promise<string[]> {
    if (this.shared) return this.shared;
    const scanner = new SharedStringsScanner();
    const entry = this.sharedStringsPath ? this.zip.entry(this.sharedStringsPath) : undefined;
    if (entry) {
      for await (const text of this.texts(entry, this.countBytes)) scanner.push(text);
      scanner.finish();
    }
    this.shared = scanner.strings;
    return this.shared;
  }

  /** The kind of each cell format (xlsx-styles.ts), read once; null when none changes a number or there are no styles. */
  async cellFormats(): Promise<Uint8Array | null> {
    if (this.styleKinds !== undefined) return this.styleKinds;
    const entry = this.stylesPath ? this.zip.entry(this.stylesPath) : undefined;
    let kinds: Uint8Array | null = null;
    if (entry) {
      if (entry.size > MAX_STYLES_PART) exceed('excel.unpackedTooLarge', `styles part of ${entry.size} bytes`);
      const scanner = new StylesScanner();
      for await (const text of this.texts(entry, this.countBytes)) scanner.push(text);
      scanner.finish();
      kinds = scanner.kinds();
    }
    this.styleKinds = kinds;
    return kinds;
  }

  /** The rows of a worksheet in small batches (one per inflated chunk), in document order. */
  async *rows(sheet: XlsxSheet): AsyncGenerator<SheetRow[]> {
    if (!sheet.path || !sheet.worksheet) fail(`not a worksheet: ${sheet.name}`);
    const entry = this.entry(sheet.path);
    const scanner = new SheetScanner(await this.sharedStrings(), await this.cellFormats(), this.date1904);
    for await (const text of this.texts(entry, this.countBytes)) {
      scanner.push(text);
      if (scanner.rows.length) {
        const rows = scanner.rows;
        scanner.rows = [];
        this.clock.pause();
        yield rows;
        this.clock.resume();
      }
    }
    scanner.finish();
    if (scanner.rows.length) {
      this.clock.pause();
      yield scanner.rows;
      this.clock.resume();
    }
  }

  /** The text of a part, chunk by chunk; after each chunk is handled, the clock's check and turn. */
  private async *texts(entry: ZipEntry, onRead?: (bytes: number) => void): AsyncGenerator<string> {
    for await (const text of xmlTextChunks(this.zip.chunks(entry, onRead))) {
      yield text;
      await this.clock.tick();
    }
  }

  close(): Promise<void> {
    return this.zip.close();
  }
}
