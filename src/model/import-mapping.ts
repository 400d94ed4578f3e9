import type { EntityDef, Label } from './entity';
import { cellContent, dictLookup, fnv1aHash, importColumns, matchHeaders, matrixChildOf, type ExcelColumn } from './excel';
import { orderHeaderPairs, orderKey, repeatsHeader } from './order-header-rows';
import { sizeKind, sizeRunColumns, sizeValue } from './size-run';

/**
 * Mapping any sheet to an entity's import columns without help (issue 33). Pure: the server runs
 * it on the first rows of an upload, the browser shows its proposal.
 *
 * 1. The header row: title rows (one merged cell), blank rows and "key: value" rows above the
 *    table are skipped; the header is the first row with at least half as many filled cells as the
 *    widest of the first rows, most of them text.
 * 2. Each column gets a score per import column: its header against the column's zh and en labels,
 *    template headers, field key and the garment trade's synonyms (exact, contained, or within a
 *    small edit distance), weighed by how well the values under it fit (dates, numbers, dictionary
 *    values, codes that exist in the company's master data). A column with no header match may
 *    still be proposed by its values alone (codes of one reference, items of one dictionary).
 * 3. Columns whose headers are a size run become the matrix's columns when the entity's child
 *    declares one (ChildMatrix): each cell under a size is the quantity of one line.
 * 4. An order's own fields written as `key: value` rows (order-header-rows.ts): above the headings
 *    of a sheet of one order, or above each block of a sheet of order blocks; a key with a colon or
 *    without (`订单号` | `PO-1`). Each key is scored against the document's own fields as a heading
 *    is, with the values it has.
 * 5. Best scores first (columns and keys together), each field taken once; below a threshold a
 *    column or key is ignored.
 */

/** What a sheet column is read as: an import column's id, `size:<value>` (a matrix column), or null (ignored). */
export type MappingTarget = string | null;

export type ColumnProposal = {
  index: number;
  header: string;
  target: MappingTarget;
  /** 0..1 */
  confidence: number;
  reason: 'memory' | 'template' | 'header' | 'synonym' | 'fuzzy' | 'values' | 'size' | 'none';
};

/** A key of the order header rows (`订单号: PO-1`), as first written, and the document field it gives. */
export type OrderFieldProposal = { key: string; target: MappingTarget; confidence: number; reason: ColumnProposal['reason'] };

export type MappingProposal = {
  /** The header row as Excel numbers it (1-based). */
  headerRow: number;
  columns: ColumnProposal[];
  /** The keys of the order header rows (a sheet of one order: above its headings; of order blocks: above each block) and their fields (empty: none). */
  orderFields: OrderFieldProposal[];
  /** The order header rows among the rows read (Excel's numbers). */
  orderRows: number[];
  /** Import column ids that are required and not mapped. */
  missingRequired: string[];
  signature: string;
  /** The sheet is laid out as the import template (its headers on its first row): it imports as it is. */
  template: boolean;
};

/**
 * A mapping the buyer confirmed: the header row and, per sheet column, its target; for a sheet of
 * order blocks, per key of its order header rows (compared as `orderKey`), the document field it gives.
 */
export type ConfirmedMapping = { headerRow: number; columns: Array<{ index: number; target: MappingTarget }>; orderFields?: Array<{ key: string; target: MappingTarget }> };

/** One sheet row as the reader gives it: Excel's row number and its cells (0-based). */
export type SheetRowSample = { number: number; cells: unknown[] };

/** What the server knows of the company's data: per reference entity, the sample codes that exist. */
export type ValueKnowledge = { knownCodes?: ReadonlyMap<string, ReadonlySet<string>>; dictExtras?: ReadonlyMap<string, ReadonlySet<string>> };

export const SIZE_TARGET = 'size:';
export const isSizeTarget = (t: MappingTarget): t is string => typeof t === 'string' && t.startsWith(SIZE_TARGET);

/**
 * The garment trade's names of fields, by field key (any entity with a field of that key takes
 * them): the headings brands, makers and suppliers write on their own sheets, in Chinese and English.
 */
export const FIELD_SYNONYMS: Record<string, string[]> = {
  style_no: ['款号', '款式号', '款式编号', '款式编码', '货号', '款', 'style', 'style no', 'style #', 'style number', 'style code', 'article', 'article no', 'art no', 'item no', 'model'],
  style_name: ['款式名称', '款名', '品名', 'style name', 'description', 'desc', 'style description'],
  colour: ['颜色', '颜色名称', '色', '色名', '色号', '顏色', 'colour', 'color', 'col', 'colour name', 'color name', 'colorway', 'colourway'],
  colours: ['颜色', '色组', '配色', 'colours', 'colors', 'colorways', 'colourways'],
  size: ['尺码', '尺寸', '码数', '码', '规格', 'size', 'sz'],
  qty: ['数量', '件数', '订单数量', '订货数量', '采购数量', '订量', 'qty', 'quantity', 'pcs', 'pieces', 'order qty', 'units'],
  unit_price: ['单价', '价格', '采购单价', '含税单价', '报价', 'unit price', 'price', 'fob', 'fob price', 'cost', 'unit cost', 'u/p'],
  delivery_date: ['交期', '交货期', '交货日期', '货期', '出货日期', '出货期', '到货日期', '要求到货日期', '船期', '需求日期', 'delivery', 'delivery date', 'etd', 'ship date', 'shipment date', 'ex-factory', 'ex factory date', 'xf date', 'due date', 'eta', 'required date', 'requested date', 'need date'],
  order_date: ['下单日期', '订单日期', '下单日', '日期', 'order date', 'po date', 'date'],
  receive_date: ['接单日期', '收单日期', '接单日', 'receive date', 'received date', 'order received', 'order receipt date'],
  vendor_id: ['供应商', '供应商编码', '供应商代码', '工厂', '厂商', '加工厂', '供方', 'vendor', 'supplier', 'factory', 'vendor code', 'supplier code', 'factory code', 'mill'],
  maker_vendor_id: ['生产工厂', '工厂', '加工厂', '成衣厂', 'factory', 'maker', 'manufacturer', 'factory code'],
  customer_id: ['客户', '客户编码', '品牌', '买家', 'customer', 'buyer', 'brand', 'client', 'customer code'],
  buyer_name: ['采购方', '客户', '买方', '品牌', 'buyer', 'customer', 'client', 'brand'],
  brand_name: ['品牌', '客户', 'brand', 'customer', 'buyer'],
  customer_po: ['客户po', '客户po号', '客户订单号', 'customer po', 'customer po no', 'buyer po', 'po'],
  po_no: ['采购单号', '采购订单号', '订单号', '单号', 'po', 'po no', 'po #', 'po number', 'order no', 'order number', 'purchase order'],
  currency: ['币种', '货币', '币别', 'currency', 'ccy', 'cur'],
  pay_type: ['付款方式', '付款条件', '结算方式', 'payment terms', 'payment', 'terms'],
  contract_id: ['合同', '合同号', '合同编号', 'contract', 'contract no'],
  order_kind: ['采购类别', '订单类别', '类别', '类型', 'kind', 'type', 'order type'],
  material_id: ['物料', '物料编码', '物料编号', '面料编码', '面料', '辅料', 'material', 'material code', 'item code', 'fabric', 'fabric code'],
  material_code: ['物料编码', '物料编号', '物料', '面料编码', '品号', 'material code', 'item code', 'item', 'item no', 'article code'],
  material_name: ['物料名称', '品名', '面料名称', '辅料名称', 'material name', 'item name', 'description', 'item description', 'material description'],
  fabric_desc: ['面料', '面料描述', '面料成分', 'fabric', 'fabrication', 'fabric description', 'material'],
  unit: ['单位', '计量单位', 'unit', 'uom'],
  remark: ['备注', '说明', '附注', 'remark', 'remarks', 'note', 'notes', 'comment', 'comments', 'memo'],
  seq: ['序号', '行号', '项次', 'no', '#', 'line', 'line no', 'item'],
  name: ['名称', 'name'],
  code: ['编码', '代码', '编号', 'code', 'id'],
  contact: ['联系人', 'contact', 'contact person', 'attn'],
  contact_person: ['联系人', 'contact', 'contact person', 'attn'],
  phone: ['电话', '手机', '联系电话', 'tel', 'phone', 'mobile'],
  contact_mobile: ['手机', '手机号', '电话', '联系电话', '联系方式', 'tel', 'telephone', 'phone', 'mobile', 'cell'],
  email: ['邮箱', '电子邮件', 'email', 'e-mail', 'mail'],
  address: ['地址', 'address', 'addr'],
  delivery_address: ['收货地址', '送货地址', 'ship to', 'ship to address', 'delivery address', 'shipping address'],
  bank_account_no: ['账号', '帐号', '银行账号', '银行帐号', 'account no', 'account number', 'bank account', 'a/c no'],
};

/**
 * Names a field goes by that more often mean another field of the same sheet: proposed for it only
 * when no field takes them by a stronger name (款号 is a sample request's style, but a requirement
 * order's line style number rather than the order's approved style).
 */
export const WEAK_SYNONYMS: Record<string, string[]> = {
  style_id: ['款号', '款式', '款式号', '货号', 'style', 'style no', 'style code', 'article'],
};

/**
 * Abbreviations of the trade's English headings, expanded word by word before a heading is
 * compared (`Del. Date` is `delivery date`, `Cust. PO` `customer po`, `Req. Date` `required date`).
 */
export const HEADING_ABBREVIATIONS: Record<string, string> = {
  del: 'delivery', dely: 'delivery', dlvy: 'delivery', cust: 'customer', req: 'required', reqd: 'required', qty: 'quantity', qnty: 'quantity',
  sz: 'size', col: 'colour', clr: 'colour', rmk: 'remark', rmks: 'remarks', desc: 'description', descr: 'description', amt: 'amount',
  vend: 'vendor', supp: 'supplier', cur: 'currency', curr: 'currency', tel: 'telephone', addr: 'address', ttl: 'total', mat: 'material', mtl: 'material',
};


/** Headings of totals and figures a sheet computes: never an input (a size run's 合计). */
const COMPUTED_HEADERS = new Set(['合计', '总计', '小计', '合计数量', '总数', '总数量', '金额', '总金额', 'total', 'subtotal', 'sum', 'total qty', 'ttl', 'ttl qty', 'amount', 'total amount']);

/** A header's text compared: full-width folded, `*` and punctuation dropped, lower case, single spaces. */
export function normaliseHeading(raw: unknown): string {
  const c = cellContent(raw);
  if (c === null || c === undefined) return '';
  return String(c)
    .replace(/[\uff01-\uff5e]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, ' ')
    .replace(/^[\s*]+/, '')
    .replace(/[._:;,()[\]{}/\\|'"`~!?-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

/** Levenshtein distance (two rows), for headings of a few dozen characters. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The index of the first row with a filled cell (-1: none). */
const firstFilled = (rows: readonly SheetRowSample[]) => rows.findIndex((r) => filled(r.cells) > 0);
const filled = (cells: readonly unknown[]) => cells.filter((c) => cellContent(c) !== null).length;
const isTextCell = (c: unknown) => typeof cellContent(c) === 'string' && !/^[\d.,\s%-]+$/.test(String(cellContent(c)));

/**
 * The index (in `rows`) of the header row: the first row with at least two filled cells, at least
 * half as many as the widest of the rows given, and at least 60% of them text, that is not an
 * order's `key: value` row. -1: none.
 */
export function detectHeaderRow(rows: readonly SheetRowSample[]): number {
  const widest = rows.reduce((m, r) => Math.max(m, filled(r.cells)), 0);
  const headings = (r: SheetRowSample) => {
    const n = filled(r.cells);
    if (n < 2 || n * 2 < widest) return false;
    // An order's `PO#: | 123 | Buyer: | X` row is not headings.
    if (orderHeaderPairs(r.cells)) return false;
    // Size headings count as headings: a run of 28 29 30 ... or 110 120 130 is typed as numbers.
    const sizes = new Set(sizeRunColumns(r.cells));
    return r.cells.filter((c, i) => isTextCell(c) || sizes.has(i)).length >= n * 0.6;
  };
  return rows.findIndex((r, i) => headings(r) && !keysAboveHeadings(rows, i, headings));
}

/**
 * Whether a row that reads as headings is an order's keys written without colons (`订单号 | PO-1 |
 * 客户 | 杭州某品牌`) above the real headings: within the next five filled rows, with only such rows
 * between, stands a row of headings wider than it, or one right below it when it holds a number or
 * a date (a value; headings are text).
 */
function keysAboveHeadings(rows: readonly SheetRowSample[], at: number, headings: (r: SheetRowSample) => boolean): boolean {
  const cells = rows[at].cells;
  if (!orderHeaderPairs(cells, 'any')) return false;
  const n = filled(cells);
  const holdsValue = cells.some((c) => {
    const v = cellContent(c);
    return v !== null && typeof v !== 'string';
  });
  let seen = 0;
  for (let j = at + 1; j < rows.length && seen < 5; j++) {
    const m = filled(rows[j].cells);
    if (m === 0) continue;
    seen++;
    if (headings(rows[j]) && (m > n || (holdsValue && seen === 1))) return true;
    if (!orderHeaderPairs(rows[j].cells, 'any')) return false;
  }
  return false;
}

/** The signature of a header set: the normalised headings with their positions (a mapping is remembered under it). */
export function headerSignature(headers: readonly unknown[]): string {
  const parts = headers.map((h, i) => [i, normaliseHeading(h)] as const).filter(([, h]) => h !== '');
  return (fnv1aHash(JSON.stringify(parts)) >>> 0).toString(16).padStart(8, '0');
}

const CJK = '\\u3400-\\u9fff';
const BILINGUAL = [new RegExp(`^([${CJK}]+)\\s*([a-z][a-z0-9#& ]*)$`), new RegExp(`^([a-z][a-z0-9#& ]*?)\\s*([${CJK}]+)$`)];

/**
 * The forms a heading is compared in: as written; without what stands in brackets (units and
 * formats: 数量(件), 单价(USD), Qty (yds), 交货日期(YYYY-MM-DD)); each half of a bilingual heading
 * (款号 Style No., 颜色/Color, FOB价); and each of these with the trade's abbreviations expanded.
 */
export function headingVariants(raw: unknown): string[] {
  const base = normaliseHeading(raw);
  if (!base) return [];
  const out = new Set([base]);
  const text = cellContent(raw);
  const bare = normaliseHeading(String(text).replace(/[（(【[][^）)】\]]*[）)】\]]/g, ' '));
  if (bare) out.add(bare);
  for (const v of [...out]) {
    for (const re of BILINGUAL) {
      const m = re.exec(v);
      if (m) for (const part of [m[1].trim(), m[2].trim()]) if (part.length >= 2 || /[\u3400-\u9fff]/.test(part)) out.add(part);
    }
  }
  for (const v of [...out]) out.add(v.split(' ').map((w) => HEADING_ABBREVIATIONS[w] ?? w).join(' '));
  return [...out];
}

/** Every name a column goes by, normalised: its labels, its template headers, its id and key, the synonyms of its field. */
function namesOf(column: ExcelColumn): { exact: Set<string>; synonyms: string[]; weak: string[] } {
  const labels: Label[] = [column.header, column.field.label];
  const exact = new Set<string>();
  for (const l of labels) for (const n of [l.zh, l.en]) exact.add(normaliseHeading(n));
  // A line column's own label without its collection's prefix (数量 for 采购明细.数量).
  for (const n of [column.header.zh, column.header.en]) exact.add(normaliseHeading(n.split('.').pop()));
  exact.add(normaliseHeading(column.id));
  exact.add(normaliseHeading(column.field.key.replace(/_/g, ' ')));
  const key = column.field.key === 'color' ? 'colour' : column.field.key;
  return { exact, synonyms: (FIELD_SYNONYMS[key] ?? []).map(normaliseHeading), weak: (WEAK_SYNONYMS[key] ?? []).map(normaliseHeading) };
}

type Names = ReturnType<typeof namesOf>;

/** Whether `text` contains `part`; a Latin part as whole words only (`id` is not in `width`, `po` not in `pos`). */
function contains(text: string, part: string): boolean {
  if (!/[a-z0-9]/.test(part)) return text.includes(part);
  const at = text.indexOf(part);
  if (at < 0) return false;
  const word = /[a-z0-9]/;
  for (let i = at; i >= 0; i = text.indexOf(part, i + 1)) {
    if (!word.test(text[i - 1] ?? '') && !word.test(text[i + part.length] ?? '')) return true;
  }
  return false;
}

/** How the best of a heading's forms names a column: [score, reason]. */
function headerScore(variants: readonly string[], names: Names): [number, ColumnProposal['reason']] {
  let best: [number, ColumnProposal['reason']] = [0, 'none'];
  for (const v of variants) {
    const s = formScore(v, names);
    if (s[0] > best[0]) best = s;
  }
  return best;
}

function formScore(heading: string, names: Names): [number, ColumnProposal['reason']] {
  if (!heading) return [0, 'none'];
  if (names.exact.has(heading)) return [0.98, 'header'];
  if (names.synonyms.includes(heading)) return [0.92, 'synonym'];
  if (names.weak.includes(heading)) return [0.85, 'synonym'];
  let best = 0;
  for (const n of [...names.exact, ...names.synonyms]) {
    if (!n) continue;
    // A heading that contains a name (交货日期(ETD), 订单数量 pcs): the longer the name, the surer.
    if (n.length >= 2 && (contains(heading, n) || (heading.length >= 2 && contains(n, heading)))) best = Math.max(best, 0.6 + 0.3 * (Math.min(n.length, heading.length) / Math.max(n.length, heading.length)));
    const longest = Math.max(n.length, heading.length);
    if (longest >= 4) {
      const sim = 1 - editDistance(heading, n) / longest;
      if (sim >= 0.75) best = Math.max(best, 0.85 * sim);
    }
  }
  return best > 0 ? [best, 'fuzzy'] : [0, 'none'];
}

const DATE_TEXT = /^(\d{4}[-/.年]\d{1,2}[-/.月]\d{1,2}日?|\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}|\d{1,2}[-\s]?[a-z]{3}[-\s]?\d{2,4})$/i;

/** The share (0..1) of a column's sample values that a column of this kind accepts; null: no values. */
function valueFit(column: ExcelColumn, values: unknown[], knowledge: ValueKnowledge): number | null {
  if (!values.length) return null;
  const ok = (v: unknown): boolean => {
    const text = typeof v === 'string' ? v.trim() : '';
    switch (column.kind) {
      case 'date':
      case 'datetime':
      case 'month':
        return v instanceof Date || DATE_TEXT.test(text) || (typeof v === 'number' && v > 20000 && v < 80000);
      case 'number':
        return typeof v === 'number' || /^-?[\d,]+(\.\d+)?$/.test(text);
      case 'boolean':
        return typeof v === 'boolean' || /^(是|否|y|n|yes|no|true|false|1|0)$/i.test(text);
      case 'dict':
      case 'multidict': {
        const lookup = dictLookup(column);
        const extra = column.field.dict ? knowledge.dictExtras?.get(column.field.dict) : undefined;
        return text !== '' && (Boolean(lookup?.has(text.toLowerCase())) || Boolean(extra?.has(text.toLowerCase())));
      }
      case 'reference': {
        const known = column.ref ? knowledge.knownCodes?.get(column.ref.entity) : undefined;
        // Without knowledge of the company's codes, any short code may be one.
        return known ? known.has(String(v).trim()) : typeof v === 'string' || typeof v === 'number';
      }
      default:
        // A size is a short token (S, 2XL, 160/84A, 38, 均码), never a specification such as "180g/㎡ 幅宽170cm".
        if (column.field.key === 'size') return sizeKind(v) !== null || /^[a-z0-9/.-]{1,8}$/i.test(String(v).trim());
        return !(v instanceof Date);
    }
  };
  return values.filter(ok).length / values.length;
}

/** A column proposed by its values alone: codes of the company's master data, items of a dictionary. */
function valueOnlyScore(column: ExcelColumn, values: unknown[], knowledge: ValueKnowledge): number {
  if (values.length < 1) return 0;
  if (column.kind === 'reference' && column.ref && knowledge.knownCodes?.get(column.ref.entity)?.size) {
    const fit = valueFit(column, values, knowledge) ?? 0;
    return fit >= 0.6 ? 0.55 + 0.25 * fit : 0;
  }
  if (column.kind === 'dict') {
    const fit = valueFit(column, values, knowledge) ?? 0;
    return fit >= 0.8 && values.some((v) => typeof v === 'string' && v.length > 1) ? 0.5 + 0.2 * fit : 0;
  }
  return 0;
}

type Candidate = { index: number; target: string; score: number; reason: ColumnProposal['reason'] };

/** The scores of every (sheet column, import column) pair worth proposing. */
function candidates(columns: ExcelColumn[], headings: string[][], samples: unknown[][], knowledge: ValueKnowledge, skip: Set<number>): Candidate[] {
  const names = new Map(columns.map((c) => [c.id, namesOf(c)]));
  // On a tie a document's own field wins over a line's, and the first collection's lines over another's
  // (Factory is the maker of a requirement order, not the vendor of one of its outsourced processes).
  const firstChild = columns.find((c) => c.child)?.child;
  const weight = (c: ExcelColumn) => (!c.child ? 1 : c.child === firstChild ? 0.99 : 0.95);
  const out: Candidate[] = [];
  headings.forEach((variants, index) => {
    if (skip.has(index) || variants.some((v) => COMPUTED_HEADERS.has(v))) return;
    const values = samples[index];
    for (const column of columns) {
      const [h, reason] = headerScore(variants, names.get(column.id)!);
      const fit = valueFit(column, values, knowledge);
      if (h > 0) {
        // A heading that names the field, under values that do not fit it, is doubtful.
        // A size is judged by its values more strictly: 规格 heads a fabric's specification as often as a size.
        const floor = column.field.key === 'size' ? 0.3 : 0.55;
        const score = (fit === null ? h : h * (floor + (1 - floor) * fit)) * weight(column);
        out.push({ index, target: column.id, score, reason });
      } else {
        const v = valueOnlyScore(column, values, knowledge) * weight(column);
        if (v > 0) out.push({ index, target: column.id, score: v, reason: 'values' });
      }
    }
  });
  return out;
}

/** The least confidence a proposal is made with; below it the column is ignored. */
export const MIN_CONFIDENCE = 0.45;

/**
 * Proposes the mapping of a sheet (its first rows, as read) to the entity's import columns.
 * Example: a purchase order sheet headed `款号 | 颜色 | S | M | L | 交期 | 供应商` maps to
 * `lines.style_no, lines.colour, size:S, size:M, size:L, delivery_date, vendor_id`.
 */
export function proposeMapping(entity: EntityDef, rows: readonly SheetRowSample[], knowledge: ValueKnowledge = {}): MappingProposal | null {
  const at = detectHeaderRow(rows);
  if (at < 0) return null;
  const headerCells = rows[at].cells;
  const order = orderKeysOf(rows, at);
  // The lines: neither an order's header row nor a block's copy of the headings.
  const orderRows = new Set(order.rows);
  const body = rows.slice(at + 1).filter((r) => !orderRows.has(r.number) && !repeatsHeader(r.cells, headerCells));
  const width = Math.max(headerCells.length, ...body.map((r) => r.cells.length));
  const raw = Array.from({ length: width }, (_, i) => headerCells[i]);
  const headers = raw.map(normaliseHeading);
  const samples = raw.map((_, i) => body.map((r) => cellContent(r.cells[i])).filter((v) => v !== null));
  const columns = importColumns(entity);
  const proposals: ColumnProposal[] = raw.map((h, index) => ({ index, header: cellContent(h) === null ? '' : String(cellContent(h)), target: null, confidence: 0, reason: 'none' }));
  // Size runs first: under a matrix child, their columns are the sizes.
  const sizes = matrixChildOf(entity) ? new Set(sizeRunColumns(raw)) : new Set<number>();
  const sizeTaken = new Set<string>();
  for (const i of [...sizes]) {
    const value = sizeValue(raw[i]);
    // The same size twice: the second is left for the buyer to decide.
    if (sizeTaken.has(value)) sizes.delete(i);
    else Object.assign(proposals[i], { target: `${SIZE_TARGET}${value}`, confidence: 0.95, reason: 'size' });
    sizeTaken.add(value);
  }
  // The keys of the order header rows go after the columns (index width + k), scored against the document's own fields.
  const keyCandidates = candidates(columns.filter((c) => !c.child), order.keys.map((k) => headingVariants(k.key)), order.keys.map((k) => k.values), knowledge, new Set()).map((c) => ({ ...c, index: width + c.index }));
  const orderFields: OrderFieldProposal[] = order.keys.map((k) => ({ key: k.key, target: null, confidence: 0, reason: 'none' }));
  const taken = new Set<string>();
  const matrix = matrixChildOf(entity);
  for (const c of [...candidates(columns, raw.map(headingVariants), samples, knowledge, sizes), ...keyCandidates].sort((a, b) => b.score - a.score || a.index - b.index)) {
    const slot = c.index < width ? proposals[c.index] : orderFields[c.index - width];
    if (c.score < MIN_CONFIDENCE || taken.has(c.target) || slot.target !== null) continue;
    // The matrix gives the size and the quantity of each line: a size or quantity column beside it would clash.
    if (sizes.size && matrix && (c.target === `${matrix.key}.${matrix.matrix.colField}` || c.target === `${matrix.key}.${matrix.matrix.cellField}`)) continue;
    taken.add(c.target);
    Object.assign(slot, { target: c.target, confidence: Math.round(c.score * 100) / 100, reason: c.reason });
  }
  // A sheet laid out as our template (every heading one of its headers or a size) is recognised whole.
  const m = matchHeaders(entity, raw);
  const template = !order.keys.length && m.matched > 0 && m.duplicates.length === 0 && headers.every((h, i) => h === '' || m.mapping[i] !== null || sizes.has(i));
  if (template) m.mapping.forEach((c, i) => c && Object.assign(proposals[i], { target: c.id, confidence: 1, reason: 'template' }));
  const confirmed: ConfirmedMapping = { headerRow: rows[at].number, columns: proposals.map((p) => ({ index: p.index, target: p.target })), orderFields: orderFields.map((f) => ({ key: f.key, target: f.target })) };
  return {
    headerRow: rows[at].number,
    columns: proposals,
    orderFields,
    orderRows: order.rows,
    missingRequired: missingRequired(entity, confirmed),
    signature: headerSignature(raw),
    template: template && at === firstFilled(rows),
  };
}

/**
 * The keys of a sheet's order header rows, in the order first written, with their values. Above
 * the header row every `key: value` row is the (first) order's, a key with a colon or without;
 * below it, among the lines, a row with colons starts an order block, and a row of keys without
 * colons does when each of its keys was written above the headings or with a colon, or the same
 * keys stand on another such row below (each block's header). None: a sheet of one table.
 */
export function orderKeysOf(rows: readonly SheetRowSample[], headerAt: number): { keys: Array<{ key: string; values: unknown[] }>; rows: number[] } {
  const colon = rows.map((r, i) => (i === headerAt ? null : orderHeaderPairs(r.cells)));
  const bare = rows.map((r, i) => (i === headerAt ? null : (colon[i] ?? orderHeaderPairs(r.cells, 'any'))));
  const known = new Set<string>();
  rows.forEach((_, i) => (i < headerAt ? bare[i] : colon[i])?.forEach((p) => known.add(orderKey(p.key))));
  const width = filled(rows[headerAt].cells);
  const tuple = (i: number) => bare[i]!.map((p) => orderKey(p.key)).join('\u0000');
  const repeated = new Map<string, number>();
  for (let i = headerAt + 1; i < rows.length; i++) if (!colon[i] && bare[i]) repeated.set(tuple(i), (repeated.get(tuple(i)) ?? 0) + 1);
  const blockRow = (i: number) => {
    const ps = bare[i];
    if (!ps || filled(rows[i].cells) >= width) return false;
    return ps.every((p) => known.has(orderKey(p.key))) || (repeated.get(tuple(i)) ?? 0) >= 2;
  };
  const pairs = rows.map((_, i) => (i < headerAt ? bare[i] : i === headerAt ? null : (colon[i] ?? (blockRow(i) ? bare[i] : null))));
  const keys = new Map<string, { key: string; values: unknown[] }>();
  const numbers: number[] = [];
  pairs.forEach((ps, i) => {
    if (!ps) return;
    numbers.push(rows[i].number);
    for (const p of ps) {
      const k = orderKey(p.key);
      if (!keys.has(k)) keys.set(k, { key: p.key, values: [] });
      if (p.value !== null) keys.get(k)!.values.push(cellContent(p.value));
    }
  });
  return { keys: [...keys.values()], rows: numbers };
}

/** Every key a confirmed mapping names (as `orderKey`), ignored ones too: the keys written without a colon that are read as keys. */
export function confirmedOrderKeys(confirmed: ConfirmedMapping | null | undefined): ReadonlySet<string> {
  return new Set((confirmed?.orderFields ?? []).map((f) => orderKey(f.key)));
}

/**
 * The required import columns a mapping leaves unmapped: the document's required fields without a
 * default, and, when any line column or size is mapped, the lines' required fields (a matrix gives
 * the quantity of each size).
 */
export function missingRequired(entity: EntityDef, mapping: ConfirmedMapping): string[] {
  const mapped = new Set([...mapping.columns, ...(mapping.orderFields ?? [])].map((c) => c.target).filter((t): t is string => t !== null));
  const matrix = matrixChildOf(entity);
  const hasSizes = [...mapped].some(isSizeTarget);
  const givesLines = new Set([...mapped].filter((t) => t.includes('.')).map((t) => t.split('.')[0]));
  if (hasSizes && matrix) givesLines.add(matrix.key);
  return importColumns(entity)
    .filter((c) => c.required && !mapped.has(c.id))
    .filter((c) => (c.child ? givesLines.has(c.child) && !(hasSizes && matrix && c.child === matrix.key && (c.field.key === matrix.matrix.cellField || c.field.key === matrix.matrix.colField)) : c.field.default === undefined))
    .map((c) => c.id);
}

/**
 * What a confirmed mapping gives the import: the column per sheet column, the matrix's size columns,
 * and per key of the order header rows (as `orderKey`) the document's column it gives.
 */
export type AppliedMapping = { mapping: Array<ExcelColumn | null>; sizes: Array<{ index: number; value: string }>; orderFields: Array<{ key: string; column: ExcelColumn }>; unknownTargets: string[]; duplicateTargets: string[] };

/** A confirmed mapping resolved against the entity's import columns (unknown or repeated targets are reported; a key gives a document field only). */
export function applyMapping(entity: EntityDef, confirmed: ConfirmedMapping): AppliedMapping {
  const byId = new Map(importColumns(entity).map((c) => [c.id, c]));
  const out: AppliedMapping = { mapping: [], sizes: [], orderFields: [], unknownTargets: [], duplicateTargets: [] };
  const seen = new Set<string>();
  for (const { index, target } of confirmed.columns) {
    if (!Number.isInteger(index) || index < 0 || index > 16383) continue;
    out.mapping[index] = null;
    if (target === null) continue;
    const key = isSizeTarget(target) ? target.toUpperCase() : target;
    if (seen.has(key)) {
      out.duplicateTargets.push(target);
      continue;
    }
    seen.add(key);
    if (isSizeTarget(target)) {
      const value = target.slice(SIZE_TARGET.length).trim();
      if (!matrixChildOf(entity) || !value) out.unknownTargets.push(target);
      else out.sizes.push({ index, value });
      continue;
    }
    const column = byId.get(target);
    if (!column) out.unknownTargets.push(target);
    else out.mapping[index] = column;
  }
  for (let i = 0; i < out.mapping.length; i++) out.mapping[i] ??= null;
  const keys = new Set<string>();
  for (const { key, target } of confirmed.orderFields ?? []) {
    const k = orderKey(key);
    if (target === null || keys.has(k)) continue;
    keys.add(k);
    if (seen.has(target)) {
      out.duplicateTargets.push(target);
      continue;
    }
    seen.add(target);
    const column = byId.get(target);
    if (!column || column.child) out.unknownTargets.push(target);
    else out.orderFields.push({ key: k, column });
  }
  return out;
}
