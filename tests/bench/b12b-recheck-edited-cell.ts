/**
 * Bench B12b (issue 33): "editing a cell re-checks that row with the same rules as the server in
 * <= 100 ms". What the fixing grid runs on an edit (use-fix-grid.ts: `recheckRows` with the view's
 * `fixChecker`, src/client/pages/upload/fix-rows.ts), timed here in Node on grids as large as the
 * grid shows (GRID_MAX_ROWS_SHOWN rows): a material sheet (template headings, a dictionary and
 * 5,000 supplier codes, the most the server sends), and a purchase order sheet of order blocks with
 * a size run (a `key: value` header row per order, mapped), where an edit reads the sheet's blocks
 * again and an edited header row re-checks its whole block. Baseline in the same run: the rules
 * alone on the same row (`check(cells)`, the import's validateRecord path without the grid's sheet
 * reading). AG Grid's repaint of the row is not in the figure (the browser's part: B1c times the
 * grid's paste). Printed per case: median, p99 and max over the edits, the ratio to the baseline.
 * `npm run bench -- b12b`.
 */
import '../../src/model/entities';
import type { FixView } from '../../src/model/calls/import-rows';
import { fixChecker, GRID_MAX_ROWS_SHOWN, recheckRows, type FixRowData } from '../../src/client/pages/upload/fix-rows';
import type { Bench, BenchLine } from './run';

const LIMIT_MS = 100;
const EDITS = Number(process.env.B12B_EDITS ?? 300);
const ROWS = GRID_MAX_ROWS_SHOWN;
const VENDORS = Array.from({ length: 5000 }, (_, i) => `VD${String(i + 1).padStart(4, '0')}`);
const knownCodes = { vendor_id: { codes: VENDORS, complete: true } };
const defaults = { now: new Date(), session: {} };

function materialCase(): { view: FixView; rows: FixRowData[]; edit: (r: FixRowData, i: number) => void } {
  const headers = ['物料编码', '物料名称', '物料组', '单位', '有效状态', '供应商编码'];
  const view: FixView = { entity: 'material', mode: 'insert', headerRow: 1, headers, targets: ['code', 'name', 'material_group', 'unit', 'validity', 'vendor_id'], mapping: null, rows: [], truncated: false, held: false, knownCodes, dictItems: {} };
  const rows = Array.from({ length: ROWS }, (_, i) => row(i + 2, [`M${i}`, `面料 ${i}`, i % 7 ? '面料' : '面枓', '米', '未失效', VENDORS[i % VENDORS.length]]));
  // Each edit fixes or breaks the group, then the supplier, as a person types them.
  const edit = (r: FixRowData, i: number) => (r.cells[i % 2 ? 2 : 5] = i % 2 ? (i % 4 === 1 ? '面料' : '面枓') : i % 4 === 0 ? 'NOPE' : VENDORS[i]);
  return { view, rows, edit };
}

/** Blocks of one `key: value` header row and nine lines of a size run: ROWS rows. */
function orderBlocksCase(): { view: FixView; rows: FixRowData[]; edit: (r: FixRowData, i: number) => void; headerEdit: (r: FixRowData, i: number) => void } {
  const headers = ['款号', '颜色', 'S', 'M', 'L', 'XL', '单价'];
  const view: FixView = {
    entity: 'purorder',
    mode: 'insert',
    headerRow: 1,
    headers,
    targets: ['lines.style_no', 'lines.colour', null, null, null, null, 'lines.unit_price'],
    mapping: {
      headerRow: 1,
      columns: [
        { index: 0, target: 'lines.style_no' },
        { index: 1, target: 'lines.colour' },
        ...['S', 'M', 'L', 'XL'].map((s, k) => ({ index: 2 + k, target: `size:${s}` })),
        { index: 6, target: 'lines.unit_price' },
      ],
      orderFields: [
        { key: '订单号', target: 'po_no' },
        { key: '供应商', target: 'vendor_id' },
        { key: '交期', target: 'delivery_date' },
      ],
    },
    rows: [],
    truncated: false,
    held: false,
    knownCodes,
    dictItems: {},
  };
  const rows: FixRowData[] = [];
  for (let n = 2; rows.length < ROWS; n++) {
    const b = Math.floor(rows.length / 10);
    rows.push(rows.length % 10 ? row(n, [`ST-${b}`, ['黑色', '白色', '藏青'][rows.length % 3], '10', '20', '30', '5', '25']) : row(n, [`订单号: PO-${b}   供应商: ${VENDORS[b % VENDORS.length]}   交期: 2026-03-15`]));
  }
  const edit = (r: FixRowData, i: number) => (r.cells[3] = i % 3 ? String(i % 50) : 'abc');
  const headerEdit = (r: FixRowData, i: number) => (r.cells[0] = `订单号: PO-${r.row}   供应商: ${i % 2 ? 'NOPE' : VENDORS[i]}   交期: 2026-03-15`);
  return { view, rows, edit, headerEdit };
}

const row = (n: number, cells: Array<string | null>): FixRowData => ({ row: n, cells, excluded: false, edited: false, issues: [] });

type Timing = { median: number; p99: number; max: number };
const stats = (ms: number[]): Timing => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p99: s[Math.min(s.length - 1, Math.floor(s.length * 0.99))], max: s[s.length - 1] };
};
const fmt = (t: Timing) => `median ${t.median.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms, max ${t.max.toFixed(2)} ms`;

/** `EDITS` edits of rows `pick` chooses, each timed as the grid re-checks it, and the rules alone on the same row. */
function timeEdits(view: FixView, rows: FixRowData[], pick: (i: number) => FixRowData, edit: (r: FixRowData, i: number) => void): { grid: Timing; rules: Timing; issues: number } {
  const check = fixChecker(view, 'zh-CN', defaults);
  recheckRows(view, check, rows, rows);
  const grid: number[] = [];
  const rules: number[] = [];
  let issues = 0;
  for (let i = 0; i < EDITS; i++) {
    const r = pick(i);
    edit(r, i);
    const t0 = performance.now();
    const touched = recheckRows(view, check, rows, [r]);
    grid.push(performance.now() - t0);
    issues += touched.reduce((a, x) => a + x.issues.length, 0);
    const t1 = performance.now();
    check(r.cells, false);
    rules.push(performance.now() - t1);
  }
  return { grid: stats(grid), rules: stats(rules), issues };
}

function run() {
  const lines: BenchLine[] = [];
  let worst = 0;
  const spread = (rows: FixRowData[], ok: (r: FixRowData) => boolean) => {
    const of = rows.filter(ok);
    return (i: number) => of[(i * 7919) % of.length];
  };
  const m = materialCase();
  const b = orderBlocksCase();
  const cases = [
    { name: `material sheet, ${ROWS.toLocaleString('en')} rows: a cell of a row`, ...timeEdits(m.view, m.rows, spread(m.rows, () => true), m.edit) },
    { name: `order blocks with a size run, ${ROWS.toLocaleString('en')} rows: a size cell of a line`, ...timeEdits(b.view, b.rows, spread(b.rows, (r) => r.cells.length > 1), b.edit) },
    { name: `order blocks: the supplier in a header row (its block re-checked)`, ...timeEdits(b.view, b.rows, spread(b.rows, (r) => r.cells.length === 1), b.headerEdit) },
  ];
  for (const c of cases) {
    worst = Math.max(worst, c.grid.p99);
    lines.push({ label: c.name, value: `${fmt(c.grid)} (${EDITS} edits, ${c.issues} issues found)` });
    lines.push({ label: '  baseline: the rules alone on that row', value: `${fmt(c.rules)}; grid / rules at the median ${(c.grid.median / Math.max(c.rules.median, 0.001)).toFixed(1)}x` });
  }
  return { lines, passed: worst <= LIMIT_MS, target: `p99 of the re-check of an edited cell <= ${LIMIT_MS} ms` };
}

export const bench: Bench = { id: 'B12b', title: "re-check of an edited cell in the fixing grid (the browser's own check, timed in Node)", run };
