/**
 * Bench B1c (issue 32): in Chromium, a 10,000-cell paste into an editable grid is checked and shown
 * within 200 ms. The grid is a record drawer's lines (a material with 2,500 price lines, opened for
 * editing by its `?open=` link); the block is 2,500 rows x 4 columns (date, price, currency, remark)
 * as Excel puts it on the clipboard, dispatched as the browser's `paste` event on the focused first
 * cell. Measured from the event to the animation frame after it: each cell checked by its field's
 * rules, written, one undo step recorded, the form's rows updated once, the grid redrawn.
 *
 * Baseline in the same page and run: the same 10,000 values given to the same grid by AG Grid's own
 * row-data transaction (`applyTransaction({ update })` of 2,500 row objects), which checks nothing,
 * records no undo and tells the form nothing; measured the same way. The ratio is what our checks
 * and bookkeeping cost over the grid's own fastest way to show the values.
 *
 * Build the client first (`npx vite build`; CLIENT_DIR may name another build).
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { launchBrowser, startServer } from '../e2e/support/harness';
import type { Bench } from './run';

const LINES = 2500;
const COLS = 4;
const RUNS = 5;
const TARGET_MS = 200;
const GRID = '[data-testid=child-price_history]';

/** The block of run `k`: every cell valid, different from the run before (so each paste changes every cell). */
function block(k: number): string {
  const rows: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const day = String(1 + ((i + k) % 28)).padStart(2, '0');
    rows.push([`2026-0${1 + (k % 9)}-${day}`, String(10 + ((i * 7 + k) % 500) / 4), k % 2 ? 'USD' : 'CNY', `批次 ${k}-${i}`].join('\t'));
  }
  return rows.join('\r\n') + '\r\n';
}

/**
 * In-page probes (plain JavaScript text). The grid's API is found through React's fiber of the grid
 * element (a ref holding an object with `applyTransaction`): AG Grid keeps it private, and the bench
 * must not add a hook to the product for itself.
 */
const PROBE = `
window.__frame = function () { return new Promise(function (done) { requestAnimationFrame(function () { setTimeout(done, 0); }); }); };
window.__paste = async function (sel, text) {
  var el = document.querySelector(sel + ' .ag-cell-focus');
  if (!el) throw new Error('no focused cell');
  var data = new DataTransfer();
  data.setData('text/plain', text);
  var t0 = performance.now();
  el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  await window.__frame();
  return performance.now() - t0;
};
window.__gridApi = function (sel) {
  var root = document.querySelector(sel + ' .ag-root-wrapper').parentElement;
  var key = Object.keys(root).find(function (k) { return k.indexOf('__reactFiber') === 0; });
  var f = root[key];
  while (f) {
    var h = f.memoizedState;
    while (h && typeof h === 'object' && 'next' in h) {
      var v = h.memoizedState;
      if (v && v.current && typeof v.current.applyTransaction === 'function') return v.current;
      h = h.next;
    }
    f = f.return;
  }
  throw new Error('grid api not found');
};
window.__transaction = async function (sel, text) {
  var api = window.__gridApi(sel);
  var cols = ['effective_date', 'price', 'currency', 'remark'];
  var lines = text.split('\\r\\n');
  var rows = [];
  api.forEachNode(function (n) { rows.push(n.data); });
  var t0 = performance.now();
  var update = rows.map(function (r, i) {
    var cells = lines[i].split('\\t');
    var next = Object.assign({}, r);
    cols.forEach(function (c, j) { next[c] = cells[j]; });
    return next;
  });
  api.applyTransaction({ update: update });
  await window.__frame();
  return performance.now() - t0;
};
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** A material with 2,500 price lines, saved through the API as the demo's material maker. */
async function seedMaterial(url: string): Promise<number> {
  const json = { 'content-type': 'application/json' };
  const login = (await (await fetch(`${url}/api/access/login`, { method: 'POST', headers: json, body: JSON.stringify({ username: 'maker', password: 'Demo1234' }) })).json()) as { data: { access_token: string } };
  const auth = { ...json, authorization: `Bearer ${login.data.access_token}` };
  const vendors = (await (await fetch(`${url}/api/mdapi/vendor/page?size=1`, { headers: auth })).json()) as { data: { rows: Array<{ id: number }> } };
  // Spec 5: a material belongs to exactly one of a vendor or a customer.
  const vendor = String(vendors.data.rows[0].id);
  const lines = Array.from({ length: LINES }, (_, i) => ({ effective_date: '2025-12-01', price: String(1 + i), currency: 'CNY', remark: `行 ${i}` }));
  const body = { name: 'B1c 粘贴物料', material_group: 'fabric', unit: 'M', validity: '10', vendor_id: vendor, price_history: lines };
  const res = await fetch(`${url}/api/mdapi/material/save`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
  const saved = (await res.json()) as { data?: { id: number } };
  if (!res.ok || !saved.data) throw new Error(`material save failed: ${res.status} ${JSON.stringify(saved).slice(0, 300)}`);
  return Number(saved.data.id);
}

export const bench: Bench = {
  id: 'B1c',
  title: 'a 10,000-cell paste (2,500 x 4) into a drawer\'s lines in Chromium, checked and shown',
  run: async () => {
    const client = process.env.CLIENT_DIR ?? 'dist/client';
    if (!existsSync(resolve(client, 'index.html'))) throw new Error(`build the client first: npx vite build (no ${client}/index.html)`);
    const dataDir = resolve(`.tmp/b1c-${process.pid}`);
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    const server = await startServer({}, { dataDir, readyWithinMs: 300_000 });
    const browser = await launchBrowser();
    try {
      const id = await seedMaterial(server.url);
      const page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
      await page.goto(`${server.url}/md/masterdetail/material?open=${id}`);
      await page.waitForSelector('[data-testid=login-form]');
      await page.fill('input[name=username]', 'maker');
      await page.fill('input[name=password]', 'Demo1234');
      await page.click('[data-testid=login-submit]');
      await page.waitForSelector(`${GRID} .ag-row[row-index="0"] .ag-cell[col-id=effective_date]`, { timeout: 60_000 });
      await page.evaluate(PROBE);
      const rowCount = await page.evaluate((sel) => (window as unknown as { __gridApi(s: string): { getDisplayedRowCount(): number } }).__gridApi(sel).getDisplayedRowCount(), GRID);
      if (rowCount !== LINES) throw new Error(`the drawer shows ${rowCount} lines, not ${LINES}`);
      // Focus the first line's date without editing it (a click edits in document lines).
      await page.click(`${GRID} .ag-row[row-index="0"] .ag-cell[col-id=effective_date]`);
      await page.keyboard.press('Escape');
      await page.waitForSelector(`${GRID} .ag-cell-inline-editing`, { state: 'detached' });

      const ours: number[] = [];
      const theirs: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        ours.push(await page.evaluate(([sel, text]) => (window as unknown as { __paste(s: string, t: string): Promise<number> }).__paste(sel, text), [GRID, block(k)] as const));
        const shown = ((await page.textContent(`${GRID} .ag-row[row-index="0"] .ag-cell[col-id=remark]`)) ?? '').trim();
        if (shown !== `批次 ${k}-0`) throw new Error(`after paste ${k} the first line's remark shows "${shown}"`);
        if (await page.locator(`${GRID} .ss-refused`).count()) throw new Error('a valid block was refused');
      }
      for (let k = 0; k < RUNS; k++) {
        theirs.push(await page.evaluate(([sel, text]) => (window as unknown as { __transaction(s: string, t: string): Promise<number> }).__transaction(sel, text), [GRID, block(k + RUNS)] as const));
      }
      const p50 = median(ours);
      const base = median(theirs);
      return {
        lines: [
          { label: 'paste, checked + written + one undo step (p50 of 5)', value: `${p50.toFixed(1)} ms (runs ${ours.map((x) => x.toFixed(0)).join(', ')})` },
          { label: 'baseline: AG Grid applyTransaction, no checks (p50)', value: `${base.toFixed(1)} ms (runs ${theirs.map((x) => x.toFixed(0)).join(', ')})` },
          { label: 'ratio', value: `${(p50 / base).toFixed(2)}x` },
          { label: 'cells per paste', value: `${LINES * COLS}` },
        ],
        passed: p50 <= TARGET_MS,
        target: `p50 <= ${TARGET_MS} ms for ${LINES * COLS} cells`,
      };
    } finally {
      await browser.close();
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
