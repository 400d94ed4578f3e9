import { excelSerialToDate } from '../../../model/excel';
import { exceed, fail, xmlText, XmlScanner } from './xlsx-xml';

/**
 * What the reader needs of a workbook's styles (xl/styles.xml): for each cell format (`cellXfs`,
 * the index a cell's `s` attribute names) how its number format changes the meaning of a number.
 * Excel stores a date as a plain number with a date format, and a code typed as 00123 into a cell
 * formatted `00000` as the number 123; without the styles the import saw 46023 and 123.
 *
 * Kinds, one byte per cell format: PLAIN (keep the number), DATE (a date or time: the number is a
 * serial day), or a width of 2..255 (a format of only zeros, `00000`: a whole non-negative number
 * is the text padded to that width, as Excel shows it).
 */
export const STYLE_PLAIN = 0;
export const STYLE_DATE = 1;

/** Built-in number formats that are dates or times (ECMA-376 18.8.30; 27-36 and 50-58 are the East Asian date formats). */
function builtinIsDate(id: number): boolean {
  return (id >= 14 && id <= 22) || (id >= 27 && id <= 36) || (id >= 45 && id <= 47) || (id >= 50 && id <= 58);
}

/**
 * The kind of a format code. A date format has a date or time token (y m d h s, and the
 * elapsed-time brackets [h] [m] [s]) outside quoted text, escaped characters, fills, spacings and
 * other brackets (colours, conditions, locales such as [$-804] or [DBNum1]); "General" has none.
 */
export function formatKind(code: string): number {
  const first = code.split(';')[0].trim();
  if (/^0{2,255}$/.test(first) && !code.includes(';')) return first.length;
  let rest = '';
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      const e = code.indexOf('"', i + 1);
      if (e < 0) break;
      i = e;
    } else if (c === '\\' || c === '_' || c === '*') i++;
    else if (c === '[') {
      const e = code.indexOf(']', i + 1);
      if (e < 0) break;
      const inner = code.slice(i + 1, e);
      if (/^(h+|m+|s+)$/i.test(inner)) rest += inner;
      i = e;
    } else rest += c;
  }
  if (/general/i.test(rest)) rest = rest.replace(/general/gi, '');
  return /[yYmMdDhHsS]/.test(rest) ? STYLE_DATE : STYLE_PLAIN;
}

/** Excel's limit is 64,000 cell formats; a styles part describing more is not from a spreadsheet. */
const MAX_CELL_FORMATS = 1 << 20;

/** Scans the styles part: the custom number formats and, in order, the number format of each cell format. */
export class StylesScanner extends XmlScanner {
  private readonly customFormats = new Map<number, string>();
  private readonly xfFormats: number[] = [];
  private inNumFmts = false;
  private inCellXfs = false;

  protected override wantsAttributes(local: string): boolean {
    return local === 'numFmt' || local === 'xf';
  }

  protected onOpen(_name: string, local: string): void {
    if (local === 'numFmts' && this.depth === 2) this.inNumFmts = true;
    else if (local === 'cellXfs' && this.depth === 2) this.inCellXfs = true;
    else if (local === 'numFmt' && this.inNumFmts && this.depth <= 3) {
      const id = Number(this.attr('numFmtId'));
      const code = this.attr('formatCode');
      if (Number.isInteger(id) && code !== undefined) this.customFormats.set(id, xmlText(code));
    } else if (local === 'xf' && this.inCellXfs && this.depth <= 3) {
      if (this.xfFormats.length >= MAX_CELL_FORMATS) exceed('excel.unpackedTooLarge', `more than ${MAX_CELL_FORMATS} cell formats`);
      const id = Number(this.attr('numFmtId') ?? 0);
      this.xfFormats.push(Number.isInteger(id) && id >= 0 ? id : 0);
    }
  }

  protected onClose(_name: string, local: string): void {
    if (local === 'numFmts') this.inNumFmts = false;
    else if (local === 'cellXfs') this.inCellXfs = false;
  }

  protected parseUnit(): number {
    return fail('no unit');
  }

  /** The kind of each cell format (see STYLE_PLAIN); null when no format changes a number. */
  kinds(): Uint8Array | null {
    const kinds = new Uint8Array(this.xfFormats.length);
    const byId = new Map<number, number>();
    let any = false;
    this.xfFormats.forEach((id, i) => {
      let kind = byId.get(id);
      if (kind === undefined) {
        const code = this.customFormats.get(id);
        kind = code !== undefined ? formatKind(code) : builtinIsDate(id) ? STYLE_DATE : STYLE_PLAIN;
        byId.set(id, kind);
      }
      kinds[i] = kind;
      if (kind) any = true;
    });
    return any ? kinds : null;
  }
}

/** The moment of a serial day in the workbook's date system (see excelSerialToDate, issue 33). */
export const serialToDate = (serial: number, date1904: boolean): Date => excelSerialToDate(serial, date1904);

/** The value of a number cell under a cell format of that kind. */
export function styledNumber(value: number, kind: number, date1904: boolean): unknown {
  if (kind === STYLE_DATE) return Number.isFinite(value) ? serialToDate(value, date1904) : value;
  if (Number.isInteger(value) && value >= 0 && value < 1e15) {
    const text = String(value);
    if (text.length < kind) return text.padStart(kind, '0');
  }
  return value;
}
