/**
 * The XML layer of the .xlsx reader: an incremental scanner over decoded text chunks, written for
 * the few shapes SpreadsheetML uses (no generic SAX library). Text is pushed chunk by chunk; what is
 * unfinished at the end of a chunk (a tag, or a whole "unit" element such as a cell) is carried over
 * to the next one. Element names may carry namespace prefixes (`<x:c>`); elements must nest
 * properly; comments and processing instructions are skipped; a DOCTYPE is refused.
 *
 * Speed notes: the scan reads characters with charCodeAt behind explicit bounds checks (an
 * unbounded charCodeAt that may return NaN is several times slower in optimised code), and keeps the
 * chunks flat strings (the carried-over piece is finished on a short bridge string).
 */

/** The zip or XML structure of the file cannot be read. */
export class XlsxFormatError extends Error {}

export function fail(message: string): never {
  throw new XlsxFormatError(message);
}

/**
 * What the reader refuses with its own message rather than "corrupt": the bounds a hostile upload
 * runs into (issue 20), and files that are not corrupt but cannot be read as they are (issue 33: a
 * zip naming one part twice, a pre-release workbook, a text cell whose shared string is missing; a
 * password-protected one is told at the signature).
 */
export type XlsxLimit =
  | 'excel.unpackedTooLarge'
  | 'excel.nestedTooDeep'
  | 'excel.cellTooLong'
  | 'excel.readTooSlow'
  | 'excel.xmlDeclarations'
  | 'excel.sharedStringsTooMany'
  | 'excel.duplicateParts'
  | 'excel.preRelease'
  | 'excel.sharedStringMissing';

/** The file passes one of the reader's bounds: it is refused with `messageKey`, not called corrupt. */
export class XlsxLimitError extends Error {
  constructor(
    readonly messageKey: XlsxLimit,
    detail: string,
  ) {
    super(detail);
  }
}

export function exceed(messageKey: XlsxLimit, detail: string): never {
  throw new XlsxLimitError(messageKey, detail);
}

/** Excel's own limit on the characters of one cell: a longer text cannot come from Excel. */
export const MAX_CELL_TEXT = 32_767;

/** A cell's (or shared string's) text, refused when longer than Excel allows. */
export function cellText(text: string): string {
  if (text.length > MAX_CELL_TEXT) exceed('excel.cellTooLong', `cell text of ${text.length} characters`);
  return text;
}

/**
 * The encoding of an XML part from its first bytes (XML 1.0 appendix F): a UTF-16 byte order mark,
 * or `<?` in UTF-16 without one; else UTF-8 (its own mark, if any, is dropped by the decoder). The
 * packaging standard (ISO/IEC 29500-2, 8.1.4) allows parts in UTF-8 or UTF-16, and some writers
 * (.NET's XmlWriter with Encoding.Unicode) save them in UTF-16 (issue 33).
 */
export function xmlEncoding(head: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (head.length < 2) return 'utf-8';
  const [a, b] = head;
  if (a === 0xff && b === 0xfe) return 'utf-16le';
  if (a === 0xfe && b === 0xff) return 'utf-16be';
  if (head.length >= 4 && a === 0x3c && b === 0 && head[2] === 0x3f && head[3] === 0) return 'utf-16le';
  if (head.length >= 4 && a === 0 && b === 0x3c && head[2] === 0 && head[3] === 0x3f) return 'utf-16be';
  return 'utf-8';
}

/**
 * Text of an XML part's byte stream, chunk by chunk, in the encoding its first bytes name
 * (xmlEncoding): a character split between chunks is kept whole; invalid bytes fail.
 */
export async function* xmlTextChunks(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let head: Uint8Array | null = null;
  for await (const chunk of bytes) {
    if (!decoder) {
      // The first bytes decide; a first chunk shorter than 4 bytes waits for the next.
      head = head ? Buffer.concat([head, chunk]) : chunk;
      if (head.length < 4) continue;
      decoder = new TextDecoder(xmlEncoding(head), { fatal: true });
    }
    const text = decoder.decode(head ?? chunk, { stream: true });
    head = null;
    if (text.length) yield text;
  }
  decoder ??= new TextDecoder(xmlEncoding(head ?? new Uint8Array(0)), { fatal: true });
  const last = head ? decoder.decode(head) : decoder.decode();
  if (last.length) yield last;
}

// ---------------------------------------------------------------------------------------------
// Character data

function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

function decodeEntities(raw: string): string {
  let out = '';
  let p = 0;
  for (;;) {
    const a = raw.indexOf('&', p);
    if (a < 0) break;
    const b = raw.indexOf(';', a + 1);
    if (b < 0 || b - a > 12) fail('bad entity reference');
    out += raw.slice(p, a);
    const name = raw.slice(a + 1, b);
    switch (name) {
      case 'amp':
        out += '&';
        break;
      case 'lt':
        out += '<';
        break;
      case 'gt':
        out += '>';
        break;
      case 'quot':
        out += '"';
        break;
      case 'apos':
        out += "'";
        break;
      default: {
        const hex = name.startsWith('#x');
        const digits = name.slice(hex ? 2 : 1);
        if (name.charCodeAt(0) !== 35 || !(hex ? /^[0-9a-fA-F]{1,6}$/ : /^[0-9]{1,7}$/).test(digits)) fail(`unknown entity &${name};`);
        const cp = parseInt(digits, hex ? 16 : 10);
        if (!isXmlChar(cp)) fail('bad character reference');
        out += String.fromCodePoint(cp);
      }
    }
    p = b + 1;
  }
  return out + raw.slice(p);
}

export const normalizeNewlines = (raw: string) => raw.replace(/\r\n?/g, '\n');

/** Character data as XML defines it: line ends normalised, entity and character references decoded. */
export function xmlText(raw: string): string {
  const text = raw.indexOf('\r') < 0 ? raw : normalizeNewlines(raw);
  return text.indexOf('&') < 0 ? text : decodeEntities(text);
}

const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** Decodes the `_xHHHH_` escapes with which OOXML strings carry characters XML cannot (`_x005F_` is "_"). */
export function ooxmlUnescape(text: string): string {
  return text.indexOf('_x') < 0 ? text : text.replace(OOXML_ESCAPE, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

// ---------------------------------------------------------------------------------------------
// Scanning

export const C_TAB = 9;
export const C_LF = 10;
export const C_CR = 13;
export const C_SPACE = 32;
export const C_BANG = 33;
export const C_DQ = 34;
export const C_AMP = 38;
export const C_SQ = 39;
export const C_SLASH = 47;
export const C_COLON = 58;
export const C_LT = 60;
export const C_EQ = 61;
export const C_GT = 62;
export const C_QM = 63;

export const isWs = (c: number) => c === C_SPACE || c === C_LF || c === C_CR || c === C_TAB;
const isNameStart = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === C_COLON || c >= 0x80;
/** A character that ends a tag name. */
export const endsName = (c: number) => isWs(c) || c === C_GT || c === C_SLASH;
/** A character that ends an attribute name (or is not allowed in one); letters are past '>' (62). */
export const endsAttrName = (c: number) => c <= C_GT && (c === C_EQ || isWs(c) || c === C_GT || c === C_SLASH || c === C_LT || c === C_DQ || c === C_SQ);

/**
 * One piece of markup (a cell, a tag) is never allowed to grow beyond this while waiting for its
 * end: a cell of 32,767 characters written as character references (8 characters a CJK character),
 * or with a run per character (16), stays far below it. Trying an unfinished piece again is
 * synchronous work proportional to it, so this bound is also the longest the reader holds the
 * event loop at once (a few milliseconds).
 */
const MAX_PENDING = 2 * 1024 * 1024;
/**
 * Element depth, of the document and within a cell. SpreadsheetML nests about 7 deep
 * (worksheet, sheetData, row, c, is, r, t); an unbounded open-element stack let a 576 KB upload
 * of 84 million nested elements exhaust the heap.
 */
const MAX_DEPTH = 64;
const MAX_UNIT_DEPTH = 64;

/** End of the tag name starting at `i`, or -1 when the text ends first. */
function nameEnd(s: string, i: number): number {
  const n = s.length;
  if (i >= n) return -1;
  if (!isNameStart(s.charCodeAt(i))) fail('bad tag name');
  for (i++; i < n; i++) {
    const c = s.charCodeAt(i);
    if (endsName(c)) return i;
    if (c === C_LT || c === C_EQ || c === C_DQ || c === C_SQ || c === C_AMP) fail('bad tag name');
  }
  return -1;
}

/** Skips a comment, processing instruction or CDATA section at `lt`; -1 when incomplete. */
function skipMarkup(s: string, lt: number): number {
  if (lt + 1 < s.length && s.charCodeAt(lt + 1) === C_QM) {
    const e = s.indexOf('?>', lt + 2);
    return e < 0 ? -1 : e + 2;
  }
  if (s.startsWith('<!--', lt)) {
    const e = s.indexOf('-->', lt + 4);
    return e < 0 ? -1 : e + 3;
  }
  if (s.startsWith('<![CDATA[', lt)) {
    const e = s.indexOf(']]>', lt + 9);
    return e < 0 ? -1 : e + 3;
  }
  if (s.length - lt < 9) return -1;
  // A DOCTYPE may define entities that expand a few bytes into gigabytes ("billion laughs") or
  // read other files; SpreadsheetML never has one, so it is refused before anything is expanded.
  if (s.startsWith('<!DOCTYPE', lt) || s.startsWith('<!ENTITY', lt)) exceed('excel.xmlDeclarations', 'DOCTYPE or ENTITY declaration');
  return fail('unsupported markup (broken tag)');
}

function sameText(s: string, a: number, b: number, length: number): boolean {
  if (a + length > s.length || b + length > s.length) return false;
  for (let i = 0; i < length; i++) if (s.charCodeAt(a + i) !== s.charCodeAt(b + i)) return false;
  return true;
}

/** Whether s[a, b) is the name `rPh`, with or without a prefix. */
function isPhoneticName(s: string, a: number, b: number): boolean {
  const len = b - a;
  if (len < 3 || b > s.length) return false;
  return s.charCodeAt(b - 3) === 114 && s.charCodeAt(b - 2) === 80 && s.charCodeAt(b - 1) === 104 && (len === 3 || s.charCodeAt(b - 4) === C_COLON);
}

export const localName = (name: string) => {
  const colon = name.lastIndexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/**
 * The incremental scanner. A subclass names a "unit" element (a cell, a shared string) that is
 * parsed in one go once complete, and hears the other elements through onOpen / onClose.
 */
export abstract class XmlScanner {
  private pending = '';
  /** Text that came after an unfinished piece and is not yet tried with it (see push). */
  private waiting: string[] = [];
  private waitingLength = 0;
  private waitingHasEnd = false;
  private readonly stack: string[] = [];
  private readonly locals: string[] = [];
  private rootSeen = false;
  private rootDone = false;
  /** Whether non-blank text may stand at the current position (outside the root it may not). */
  private textAllowed = false;
  protected selfClosing = false;
  private unitNameValue = '';
  /** Char code of a one-letter unit name (0 otherwise): the quick test for `<c `. */
  private unitCode = 0;
  /** Local name of the unit element, and whether units are expected at the current position. */
  protected unitLocal = '';
  protected unitActive = false;
  /** Element names (local) in which only blank text may stand. */
  protected noText: ReadonlySet<string> = new Set();
  /** The attributes of the current start tag when wanted. */
  private attrs: string[] | null = null;

  // Results of scanUnit.
  protected unitV: string | null = null;
  protected unitT: string | null = null;
  protected unitIs = false;
  private text = '';
  private readonly childNames = new Int32Array(MAX_UNIT_DEPTH * 2);

  /** Full name (with prefix) of the unit element. */
  protected get unitName(): string {
    return this.unitNameValue;
  }

  protected set unitName(name: string) {
    this.unitNameValue = name;
    this.unitCode = name.length === 1 ? name.charCodeAt(0) : 0;
  }

  protected abstract onOpen(name: string, local: string): void;
  protected abstract onClose(name: string, local: string): void;
  /** Parses the unit element (named unitName) whose name ends at `p`, its `<` at `lt`; the end position or -1. */
  protected abstract parseUnit(s: string, lt: number, p: number): number;

  push(chunk: string): void {
    if (this.pending.length) {
      // Trying the unfinished piece again costs its whole length, so it is tried again only once
      // at least as much text has come after it (a retry per chunk made a 15 MB cell cost 46 s),
      // or once the two pass the bound, which then refuses a piece that is still unfinished.
      this.waiting.push(chunk);
      this.waitingLength += chunk.length;
      // Every piece of markup ends with '>': text without one cannot finish it (a megabyte cell
      // of plain text is refused without a single retry).
      if (!this.waitingHasEnd) this.waitingHasEnd = chunk.indexOf('>') >= 0;
      const total = this.pending.length + this.waitingLength;
      if (!this.waitingHasEnd) {
        if (total > MAX_PENDING) this.refusePending(total);
        return;
      }
      if (this.waitingLength < this.pending.length && total <= MAX_PENDING) return;
      chunk = this.waiting.length === 1 ? this.waiting[0] : this.waiting.join('');
      this.waiting = [];
      this.waitingLength = 0;
      this.waitingHasEnd = false;
    }
    this.pushText(chunk);
  }

  private pushText(chunk: string): void {
    let p = 0;
    if (this.pending.length) {
      // Finish the unfinished piece on a short bridge (pending + the chunk's start), then go on in
      // the chunk itself, which stays a flat string. The bridge starts as long as the piece, so
      // each try costs at most twice the text it adds.
      const pending = this.pending;
      for (let k = Math.max(4096, pending.length); ; k *= 4) {
        const bridge = k >= chunk.length ? pending + chunk : pending + chunk.slice(0, k);
        const e = this.scan(bridge, 0, pending.length);
        if (e >= pending.length) {
          p = e - pending.length;
          break;
        }
        if (k >= chunk.length) {
          this.keepPending(bridge.slice(e));
          return;
        }
      }
    }
    const e = this.scan(chunk, p, chunk.length);
    this.keepPending(e < chunk.length ? chunk.slice(e) : '');
  }

  private keepPending(piece: string): void {
    this.pending = piece;
    if (piece.length > MAX_PENDING) this.refusePending(piece.length);
  }

  /** The unfinished piece (starting at `pending`) has grown to `length`, beyond the bound. */
  private refusePending(length: number): never {
    const piece = this.pending;
    const unit = this.unitActive && piece.startsWith(this.unitName, 1) && endsName(piece.charCodeAt(1 + this.unitName.length));
    if (unit) exceed('excel.cellTooLong', `unfinished ${this.unitName} element of ${length} characters`);
    return fail('element too large');
  }

  /** The document must be complete: every element closed, nothing left over. */
  finish(): void {
    if (this.waiting.length) {
      const rest = this.waiting.join('');
      this.waiting = [];
      this.waitingLength = 0;
      this.waitingHasEnd = false;
      this.pushText(rest);
    }
    if (this.pending.length) {
      if (this.pending.trim() !== '') fail('unexpected end of XML');
      this.pending = '';
    }
    if (!this.rootSeen || this.stack.length) fail('unexpected end of XML');
  }

  /**
   * Handles the markup that starts in s[p, limit); returns where it stopped: at or after `limit`,
   * or at the start of a piece that s does not hold completely.
   */
  private scan(s: string, p: number, limit: number): number {
    const n = s.length;
    while (p < limit && p < n) {
      let lt = p;
      if (s.charCodeAt(p) !== C_LT) {
        lt = s.indexOf('<', p);
        if (!this.textAllowed) this.checkBlank(s, p, lt < 0 ? n : lt);
        if (lt < 0) return n;
      }
      if (lt + 1 >= n) return lt;
      const c1 = s.charCodeAt(lt + 1);
      let e: number;
      if (c1 === C_SLASH) e = this.closeTag(s, lt);
      else if (c1 === C_BANG || c1 === C_QM) {
        e = skipMarkup(s, lt);
        if (e >= 0 && !this.textAllowed && s.startsWith('<![CDATA[', lt)) this.checkBlank(s, lt + 9, e - 3);
      } else if (this.unitActive && (this.unitCode ? c1 === this.unitCode : s.startsWith(this.unitName, lt + 1))) {
        const after = lt + 1 + this.unitName.length;
        if (after >= n) return lt;
        e = endsName(s.charCodeAt(after)) ? this.parseUnit(s, lt, after) : this.openTag(s, lt);
      } else e = this.openTag(s, lt);
      if (e < 0) return lt;
      p = e;
    }
    return p;
  }

  private checkBlank(s: string, from: number, to: number): void {
    const end = Math.min(to, s.length);
    for (let i = from; i < end; i++) if (!isWs(s.charCodeAt(i))) fail('unexpected text');
  }

  private closeTag(s: string, lt: number): number {
    const gt = s.indexOf('>', lt + 2);
    if (gt < 0) return -1;
    let ne = gt;
    while (ne > lt + 2 && isWs(s.charCodeAt(ne - 1))) ne--;
    const top = this.stack.pop();
    const local = this.locals.pop();
    if (top === undefined || local === undefined || ne - (lt + 2) !== top.length || !s.startsWith(top, lt + 2)) fail('mismatched end tag');
    this.afterMove();
    this.onClose(top, local);
    return gt + 1;
  }

  private openTag(s: string, lt: number): number {
    const ne = nameEnd(s, lt + 1);
    if (ne < 0) return -1;
    const name = s.slice(lt + 1, ne);
    const local = localName(name);
    if (this.unitActive && local === this.unitLocal) {
      // The unit with another prefix than expected: from now on it is the expected one.
      this.unitName = name;
      return this.parseUnit(s, lt, ne);
    }
    const attrs = this.wantsAttributes(local) ? [] : null;
    const e = this.parseAttributes(s, ne, attrs);
    if (e < 0) return -1;
    if (this.rootDone) fail('content after the root element');
    this.rootSeen = true;
    this.attrs = attrs;
    const closed = this.selfClosing;
    if (!closed) {
      if (this.stack.length >= MAX_DEPTH) exceed('excel.nestedTooDeep', `elements nested deeper than ${MAX_DEPTH}`);
      this.stack.push(name);
      this.locals.push(local);
    }
    this.afterMove();
    this.onOpen(name, local);
    if (closed) {
      if (this.stack.length === 0) this.rootDone = true;
      this.onClose(name, local);
    }
    return e;
  }

  private afterMove(): void {
    const top = this.locals[this.locals.length - 1];
    if (top === undefined) {
      if (this.rootSeen) this.rootDone = true;
      this.textAllowed = false;
    } else this.textAllowed = !this.textForbidden(top, this.locals.length);
  }

  /** Whether only blank text may stand directly in the open element `local` at that depth (1 = the root). */
  protected textForbidden(local: string, _depth: number): boolean {
    return this.noText.has(local);
  }

  protected get depth(): number {
    return this.stack.length;
  }

  protected parentLocal(): string {
    return this.locals[this.locals.length - 1] ?? '';
  }

  /** Whether onOpen of elements of that local name wants their attributes. */
  protected wantsAttributes(_local: string): boolean {
    return true;
  }

  /** The attributes of the current start tag (as onOpen hears it): name, raw value, name, raw value... */
  protected attributes(): string[] {
    return this.attrs ?? [];
  }

  /** The raw value of one attribute of the current start tag. */
  protected attr(name: string): string | undefined {
    const a = this.attributes();
    for (let i = 0; i < a.length; i += 2) if (a[i] === name) return a[i + 1];
    return undefined;
  }

  /** Reads the attributes up to the end of the tag (sets selfClosing); the position after it or -1. */
  protected parseAttributes(s: string, p: number, out: string[] | null): number {
    const n = s.length;
    for (;;) {
      while (p < n && isWs(s.charCodeAt(p))) p++;
      if (p >= n) return -1;
      let c = s.charCodeAt(p);
      if (c === C_GT) {
        this.selfClosing = false;
        return p + 1;
      }
      if (c === C_SLASH) {
        if (p + 1 >= n) return -1;
        if (s.charCodeAt(p + 1) !== C_GT) fail('bad tag');
        this.selfClosing = true;
        return p + 2;
      }
      const ns = p;
      while (p < n && !endsAttrName(s.charCodeAt(p))) p++;
      if (p >= n) return -1;
      if (p === ns) fail('bad attribute');
      const ne = p;
      while (p < n && isWs(s.charCodeAt(p))) p++;
      if (p >= n) return -1;
      if (s.charCodeAt(p) !== C_EQ) fail('bad attribute');
      p++;
      while (p < n && isWs(s.charCodeAt(p))) p++;
      if (p >= n) return -1;
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
      if (out) out.push(s.slice(ns, ne), s.slice(vs, ve));
      p = ve + 1;
      if (p < n && !endsName(s.charCodeAt(p))) fail('bad attribute');
    }
  }

  /**
   * Parses the content of a unit element up to its end tag, `p` being just after its start tag:
   * the text of its `v` children, the text of all its `t` descendants outside phonetic runs (`rPh`),
   * whether it has an `is` child. Returns the position after the end tag, or -1 when incomplete.
   */
  protected scanUnit(s: string, p: number, unitName: string): number {
    const n = s.length;
    const names = this.childNames;
    let depth = 0;
    let phonetic = 0;
    let v: string | null = null;
    let t: string | null = null;
    let inline = false;
    for (;;) {
      const lt = s.indexOf('<', p);
      if (lt < 0 || lt + 1 >= n) return -1;
      const c1 = s.charCodeAt(lt + 1);
      if (c1 === C_SLASH) {
        const gt = s.indexOf('>', lt + 2);
        if (gt < 0) return -1;
        const ns = lt + 2;
        let ne = gt;
        while (ne > ns && isWs(s.charCodeAt(ne - 1))) ne--;
        if (depth === 0) {
          if (ne - ns !== unitName.length || !s.startsWith(unitName, ns)) fail('mismatched end tag');
          this.unitV = v;
          this.unitT = t;
          this.unitIs = inline;
          return gt + 1;
        }
        depth--;
        const os = names[depth * 2];
        const oe = names[depth * 2 + 1];
        if (oe - os !== ne - ns || !sameText(s, os, ns, ne - ns)) fail('mismatched end tag');
        if (isPhoneticName(s, ns, ne)) phonetic--;
        p = gt + 1;
        continue;
      }
      if (c1 === C_BANG || c1 === C_QM) {
        const e = skipMarkup(s, lt);
        if (e < 0) return -1;
        p = e;
        continue;
      }
      const ns = lt + 1;
      const ne = nameEnd(s, ns);
      if (ne < 0) return -1;
      const e = this.parseAttributes(s, ne, null);
      if (e < 0) return -1;
      const selfClosing = this.selfClosing;
      let ls = ne;
      while (ls > ns && s.charCodeAt(ls - 1) !== C_COLON) ls--;
      const ll = ne - ls;
      const l0 = s.charCodeAt(ls);
      p = e;
      if (ll === 1) {
        if (l0 === 118 /* v */) {
          if (selfClosing) v = '';
          else {
            const te = this.readText(s, p);
            if (te < 0) return -1;
            v = this.text;
            p = te;
          }
        } else if (l0 === 116 /* t */) {
          if (selfClosing) {
            if (phonetic === 0 && t === null) t = '';
          } else {
            const te = this.readText(s, p);
            if (te < 0) return -1;
            if (phonetic === 0) t = t === null ? this.text : t + this.text;
            p = te;
          }
        }
      } else if (ll === 2 && l0 === 105 && s.charCodeAt(ls + 1) === 115 /* is */) inline = true;
      else if (!selfClosing && isPhoneticName(s, ns, ne)) phonetic++;
      if (!selfClosing) {
        if (depth >= MAX_UNIT_DEPTH) exceed('excel.nestedTooDeep', `elements nested deeper than ${MAX_UNIT_DEPTH} in a ${unitName}`);
        names[depth * 2] = ns;
        names[depth * 2 + 1] = ne;
        depth++;
      }
    }
  }

  /** Reads character data (and CDATA sections) from `p` up to the next tag; sets `text`. */
  private readText(s: string, p: number): number {
    const n = s.length;
    let lt = s.indexOf('<', p);
    if (lt < 0 || lt + 1 >= n) return -1;
    if (s.charCodeAt(lt + 1) !== C_BANG) {
      this.text = lt === p ? '' : xmlText(s.slice(p, lt));
      return lt;
    }
    let out = xmlText(s.slice(p, lt));
    for (;;) {
      if (s.startsWith('<![CDATA[', lt)) {
        const e = s.indexOf(']]>', lt + 9);
        if (e < 0) return -1;
        out += normalizeNewlines(s.slice(lt + 9, e));
        p = e + 3;
      } else if (s.startsWith('<!--', lt)) {
        const e = s.indexOf('-->', lt + 4);
        if (e < 0) return -1;
        p = e + 3;
      } else if (n - lt < 9) return -1;
      else fail('unsupported markup');
      lt = s.indexOf('<', p);
      if (lt < 0 || lt + 1 >= n) return -1;
      out += xmlText(s.slice(p, lt));
      if (s.charCodeAt(lt + 1) !== C_BANG) break;
    }
    this.text = out;
    return lt;
  }
}
