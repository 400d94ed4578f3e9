import { useMemo, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newRowKey, type ChildGridProps } from './ChildGrid';
import type { MatrixRecord } from './matrix';
import { toast } from '../kernel/toast-bus';
import { blockMatrix, blocksFromRows, emptyBlock, isMatrixRow, matrixLayout, ORDER_ENTRIES_LAYOUT, orderTotals, parseSizeRatio, pasteIntoBlock, prepackFill, SIZE_RUNS, sortSizes, writeBlock, type EntryRow, type MatrixLayout, type SizeMatrix, type StyleBlock } from './matrix-blocks';

/**
 * The logic of the colour x size entry (MatrixEntries is its view): the style blocks, their header
 * fields, pasted tables, colours and sizes, size runs and prepack fills, all written to the form's rows.
 */
export type Prepack = { total: string; ratio: string; colour: string };
export const NO_PREPACK: Prepack = { total: '', ratio: '', colour: '' };

export const matrixRecords = (m: SizeMatrix): MatrixRecord[] =>
  m.colours.flatMap((c) => m.sizes.filter((s) => (m.qty[c]?.[s] ?? 0) > 0).map((s) => ({ colour: c, size: s, qty: m.qty[c][s] })));

export function matrixOf(records: MatrixRecord[], block: StyleBlock): SizeMatrix {
  const qty: SizeMatrix['qty'] = {};
  for (const r of records) {
    const c = String(r.colour);
    const n = Number(r.qty);
    if (!Number.isFinite(n)) continue;
    qty[c] = qty[c] ?? {};
    qty[c][String(r.size)] = Math.max(0, Math.round(n));
  }
  return { colours: block.colours, sizes: block.sizes, qty };
}

type Blocks = {
  rows: EntryRow[];
  layout: MatrixLayout;
  replaceBlock: (key: string, next: StyleBlock) => void;
  commit: (before: StyleBlock, next: StyleBlock, matrix: SizeMatrix) => void;
};

/** A block's tools: colours and sizes added or removed, a size run, a prepack fill. */
function useBlockTools({ rows, layout, replaceBlock, commit }: Blocks) {
  const { t } = useTranslation();
  const [prepack, setPrepack] = useState<Record<string, Prepack>>({});
  const [newColour, setNewColour] = useState<Record<string, string>>({});
  const [newSize, setNewSize] = useState<Record<string, string>>({});
  const addColour = (b: StyleBlock) => {
    const c = (newColour[b.key] ?? '').trim();
    if (!c || b.colours.includes(c)) return;
    replaceBlock(b.key, { ...b, colours: [...b.colours, c] });
    setNewColour((x) => ({ ...x, [b.key]: '' }));
  };
  const addSize = (b: StyleBlock) => {
    const z = (newSize[b.key] ?? '').trim().toUpperCase();
    if (!z || b.sizes.includes(z)) return;
    replaceBlock(b.key, { ...b, sizes: [...b.sizes, z] });
    setNewSize((x) => ({ ...x, [b.key]: '' }));
  };
  const removeColour = (b: StyleBlock, colour: string) => {
    const m = blockMatrix(rows, b, layout);
    delete m.qty[colour];
    commit(b, b, { ...m, colours: m.colours.filter((c) => c !== colour) });
  };
  const applySizeRun = (b: StyleBlock, run: string) => {
    const m = blockMatrix(rows, b, layout);
    const used = b.sizes.filter((z) => m.colours.some((c) => (m.qty[c]?.[z] ?? 0) > 0));
    const sizes = sortSizes([...new Set([...SIZE_RUNS[run], ...used])]);
    replaceBlock(b.key, { ...b, sizes });
  };
  const fillPrepack = (b: StyleBlock) => {
    const pp = prepack[b.key] ?? { total: '', ratio: '', colour: '' };
    const total = Number(pp.total);
    const ratio = parseSizeRatio(pp.ratio);
    if (!Number.isInteger(total) || total <= 0 || !ratio) {
      toast.warning(t('orders.matrix.prepackInvalid'));
      return;
    }
    const colours = pp.colour ? [pp.colour] : b.colours;
    if (!colours.length) {
      toast.warning(t('orders.matrix.addColourFirst'));
      return;
    }
    commit(b, b, prepackFill(blockMatrix(rows, b, layout), colours, total, ratio));
  };
  return { prepack, setPrepack, newColour, setNewColour, newSize, setNewSize, addColour, addSize, removeColour, applySizeRun, fillPrepack };
}

/** Pasting a table from Excel: into the paste box, or into a cell when it has a header row. */
function usePaste({ rows, layout, commit }: Blocks) {
  const [rejected, setRejected] = useState<Record<string, string>>({});
  const onPasteTable = (b: StyleBlock, text: string) => {
    const r = pasteIntoBlock(blockMatrix(rows, b, layout), text);
    const sizes = r.header ? sortSizes(r.matrix.sizes) : r.matrix.sizes;
    setRejected((x) => ({ ...x, [b.key]: r.rejected.map((c) => c.text).join(', ') }));
    commit(b, b, { ...r.matrix, sizes });
  };

  // A whole table copied from Excel into a cell also lands as a table (colours and sizes added).
  const onPasteCapture = (b: StyleBlock, e: ClipboardEvent<HTMLDivElement>) => {
    const text = e.clipboardData.getData('text/plain');
    if (!text.includes('\t')) return;
    const probe = pasteIntoBlock(blockMatrix(rows, b, layout), text);
    if (!probe.header) return;
    e.preventDefault();
    e.stopPropagation();
    onPasteTable(b, text);
  };
  return { rejected, onPasteTable, onPasteCapture };
}

/** Row errors (the form's own check or the server's `entries[3].qty`), shown under their style. */
function useBlockErrors(p: ChildGridProps, rows: EntryRow[], layout: MatrixLayout) {
  const { i18n } = useTranslation();
  const en = i18n.language === 'en';
  const fieldLabel = (f: string) => {
    const col = p.grid.columns.find((c) => c.field === f);
    return col ? (en ? col.label.en : col.label.zh) : f;
  };
  const errorsOf = (b: StyleBlock) =>
    Object.entries(p.errors)
      .filter(([k]) => String(rows[Number(k.split('.')[0])]?.[layout.block] ?? '') === b.style_no)
      .map(([k, message]) => {
        const [index, field] = k.split('.');
        const r = rows[Number(index)];
        return `${String(r?.[layout.row] ?? '')}/${String(r?.[layout.col] ?? '')} ${fieldLabel(field)}: ${message}`;
      });
  return { fieldLabel, errorsOf };
}

/** The blocks of the entry and every command on them. */
export function useMatrixEntries(p: ChildGridProps & { priceHint?: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const rows = p.rows as EntryRow[];
  const decl = p.grid.matrix;
  const priceHint = p.priceHint ?? (decl?.priceHint ? (en ? decl.priceHint.en : decl.priceHint.zh) : undefined);
  const layout = useMemo(() => (decl ? matrixLayout(decl, p.grid.entity.fields.map((f) => f.key)) : ORDER_ENTRIES_LAYOUT), [decl, p.grid.entity]);
  const startSizes = decl?.columns;
  const [blocks, setBlocks] = useState<StyleBlock[]>(() => blocksFromRows(rows, layout, startSizes));
  const replaceBlock = (key: string, next: StyleBlock) => setBlocks((all) => all.map((b) => (b.key === key ? next : b)));

  /** Applies a block's new header fields and matrix to the form's rows. */
  const commit = (before: StyleBlock, next: StyleBlock, matrix: SizeMatrix) => {
    const b = { ...next, colours: matrix.colours, sizes: matrix.sizes };
    replaceBlock(before.key, b);
    p.onChange(writeBlock(p.rows as EntryRow[], b, before.style_no, matrix, newRowKey, layout));
  };

  const setField = (b: StyleBlock, field: 'style_no' | 'style_name' | 'unit_price', value: string) => {
    const next = { ...b, [field]: field === 'style_no' ? value.toUpperCase() : value };
    if (field === 'style_no' && blocks.some((x) => x.key !== b.key && x.style_no === next.style_no)) {
      toast.warning(t('orders.matrix.duplicateStyle', { style: next.style_no }));
      return;
    }
    commit(b, next, blockMatrix(rows, b, layout));
  };

  const ctx: Blocks = { rows, layout, replaceBlock, commit };
  const tools = useBlockTools(ctx);
  const paste = usePaste(ctx);
  const errors = useBlockErrors(p, rows, layout);
  const removeBlock = (b: StyleBlock) => {
    setBlocks((all) => (all.length > 1 ? all.filter((x) => x.key !== b.key) : [emptyBlock(startSizes)]));
    p.onChange((p.rows as EntryRow[]).filter((r) => String(r[layout.block] ?? '') !== b.style_no).map((r, i) => ({ ...r, seq: i + 1 })));
  };
  const addBlock = () => {
    if (blocks.some((b) => b.style_no === '')) {
      toast.warning(t('orders.matrix.styleFirst'));
      return;
    }
    setBlocks((all) => [...all, emptyBlock(startSizes)]);
  };
  const whole = orderTotals(rows, layout);
  // Lines that are no cell of the matrix (material lines of an order switched to goods): kept, shown,
  // removed only when the user says so.
  const stray = rows.filter((r) => !isMatrixRow(r, layout));
  const removeStray = () => {
    if (window.confirm(t('orders.matrix.strayRemoveConfirm', { count: stray.length }))) p.onChange(rows.filter((r) => isMatrixRow(r, layout)).map((r, i) => ({ ...r, seq: i + 1 })));
  };
  return { rows, layout, blocks, priceHint, setField, commit, removeBlock, addBlock, whole, stray, removeStray, ...tools, ...paste, ...errors };
}

export type MatrixEntriesModel = ReturnType<typeof useMatrixEntries>;
