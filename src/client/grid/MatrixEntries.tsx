import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Select, Subtitle2, Text, Textarea, tokens } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo, useState, type ClipboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { parseSizeRatio, type SizeMatrix } from '../../model/allocation';
import { newRowKey, type ChildGridProps } from './ChildGrid';
import { MatrixInputTable } from './MatrixInputTable';
import type { MatrixRecord } from './matrix';
import { toast } from '../kernel/toast-bus';
import { blockMatrix, blocksFromRows, blockTotals, emptyBlock, isMatrixRow, matrixLayout, ORDER_ENTRIES_LAYOUT, orderTotals, pasteIntoBlock, prepackFill, rowsOfBlock, SIZE_RUNS, sortSizes, writeBlock, type EntryRow, type StyleBlock } from './matrix-blocks';

const CONFIG = { rowField: 'colour', colField: 'size', cellField: 'qty' } as const;

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '12px', margin: '12px 0 18px' },
  head: { display: 'flex', alignItems: 'center', gap: '10px', paddingBottom: '4px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  block: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '10px 12px', display: 'flex', flexDirection: 'column', gap: '8px', background: tokens.colorNeutralBackground1 },
  fields: { display: 'grid', gridTemplateColumns: '1fr 1.4fr 0.8fr auto', gap: '10px', alignItems: 'end' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  small: { width: '110px' },
  ratio: { width: '120px' },
  paste: { minWidth: '260px', flex: 1 },
  foot: { display: 'flex', gap: '18px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  strong: { fontWeight: 600, color: tokens.colorNeutralForeground1 },
  errors: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: 0, paddingLeft: '18px' },
});

const matrixRecords = (m: SizeMatrix): MatrixRecord[] =>
  m.colours.flatMap((c) => m.sizes.filter((s) => (m.qty[c]?.[s] ?? 0) > 0).map((s) => ({ colour: c, size: s, qty: m.qty[c][s] })));

function matrixOf(records: MatrixRecord[], block: StyleBlock): SizeMatrix {
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

/**
 * A document's colour x size lines (issue 6; the engine's since issue 17): per style a matrix with
 * colours as rows and sizes as columns, row and column totals, amount from the unit price, a table
 * pasted from Excel (sizes in the first row, colours in the first column) or numbers pasted from any
 * cell, a prepack fill from a total and a size ratio, and spreadsheet keys. Shown inside the form in
 * place of the child grid of a child that declares a matrix (ChildMatrix: which fields hold style,
 * name, price, colour, size and quantity); the form saves the rows (one per colour and size).
 *
 * Example: `childRenderers: { entries: (p) => <MatrixEntries {...p} currency="CNY" /> }`; the form
 * shows it by itself for a declared matrix.
 */
export function MatrixEntries(p: ChildGridProps & { currency?: string; priceHint?: string }) {
  const s = useStyles();
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const rows = p.rows as EntryRow[];
  const decl = p.grid.matrix;
  const priceHint = p.priceHint ?? (decl?.priceHint ? (en ? decl.priceHint.en : decl.priceHint.zh) : undefined);
  const layout = useMemo(() => (decl ? matrixLayout(decl, p.grid.entity.fields.map((f) => f.key)) : ORDER_ENTRIES_LAYOUT), [decl, p.grid.entity]);
  const startSizes = decl?.columns;
  const [blocks, setBlocks] = useState<StyleBlock[]>(() => blocksFromRows(rows, layout, startSizes));
  const [prepack, setPrepack] = useState<Record<string, { total: string; ratio: string; colour: string }>>({});
  const [newColour, setNewColour] = useState<Record<string, string>>({});
  const [newSize, setNewSize] = useState<Record<string, string>>({});
  const [rejected, setRejected] = useState<Record<string, string>>({});

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

  // Row errors (the form's own check or the server's `entries[3].qty`), shown under their style.
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
  const whole = orderTotals(rows, layout);
  // Lines that are no cell of the matrix (material lines of an order switched to goods): kept, shown,
  // removed only when the user says so.
  const stray = rows.filter((r) => !isMatrixRow(r, layout));
  const removeStray = () => {
    if (window.confirm(t('orders.matrix.strayRemoveConfirm', { count: stray.length }))) p.onChange(rows.filter((r) => isMatrixRow(r, layout)).map((r, i) => ({ ...r, seq: i + 1 })));
  };

  return (
    <section className={s.wrap} data-testid="order-entries">
      {stray.length > 0 && (
        <MessageBar intent="warning" data-testid="matrix-stray-lines">
          <MessageBarBody>
            {t('orders.matrix.strayLines', { count: stray.length })}
            {!p.disabled && (
              <Button size="small" appearance="transparent" data-testid="matrix-stray-remove" onClick={removeStray}>
                {t('orders.matrix.strayRemove')}
              </Button>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={s.head}>
        <Subtitle2>{en ? p.grid.child.label.en : p.grid.child.label.zh}</Subtitle2>
        <Text data-testid="order-total-qty">{t('orders.matrix.orderTotal', { qty: whole.qty.toLocaleString() })}</Text>
        {whole.amount !== null && <Text data-testid="order-total-amount">{t('orders.matrix.orderAmount', { amount: whole.amount.toLocaleString(undefined, { maximumFractionDigits: 4 }), currency: p.currency ?? '' })}</Text>}
        <span style={{ flex: 1 }} />
        {!p.disabled && (
          <Button size="small" icon={<AddRegular />} onClick={addBlock} data-testid="order-add-style">
            {t('orders.matrix.addStyle')}
          </Button>
        )}
      </div>
      {blocks.map((b, bi) => {
        const m = blockMatrix(rows, b, layout);
        const totals = blockTotals(m, b.unit_price);
        const pp = prepack[b.key] ?? { total: '', ratio: '', colour: '' };
        const errs = errorsOf(b);
        return (
          <div key={b.key} className={s.block} data-testid={`order-style-${bi}`}>
            <div className={s.fields}>
              <Field label={fieldLabel(layout.block)} required={!p.disabled}>
                <Input value={b.style_no} disabled={p.disabled} onChange={(_, d) => setField(b, 'style_no', d.value)} data-testid="style-no" />
              </Field>
              {layout.name ? (
                <Field label={fieldLabel(layout.name)}>
                  <Input value={b.style_name} disabled={p.disabled} onChange={(_, d) => setField(b, 'style_name', d.value)} data-testid="style-name" />
                </Field>
              ) : (
                <span />
              )}
              {layout.price ? (
                <Field label={fieldLabel(layout.price)} hint={priceHint}>
                  <Input value={b.unit_price} disabled={p.disabled} inputMode="decimal" onChange={(_, d) => setField(b, 'unit_price', d.value)} data-testid="style-price" />
                </Field>
              ) : (
                <span />
              )}
              {!p.disabled && <Button icon={<DeleteRegular />} appearance="subtle" aria-label={t('orders.matrix.removeStyle')} title={t('orders.matrix.removeStyle')} onClick={() => removeBlock(b)} />}
            </div>
            {!p.disabled && (
              <div className={s.tools}>
                <Field label={t('orders.matrix.sizeRun')}>
                  <Select value="" onChange={(_, d) => d.value && applySizeRun(b, d.value)} className={s.ratio}>
                    <option value="">{t('orders.matrix.pick')}</option>
                    {Object.entries(SIZE_RUNS).map(([k, v]) => (
                      <option key={k} value={k}>{v.join(' ')}</option>
                    ))}
                  </Select>
                </Field>
                <Field label={t('orders.matrix.colour')}>
                  <Input className={s.small} value={newColour[b.key] ?? ''} onChange={(_, d) => setNewColour((x) => ({ ...x, [b.key]: d.value }))} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addColour(b))} contentAfter={<Button size="small" appearance="transparent" icon={<AddRegular />} aria-label={t('orders.matrix.addColour')} onClick={() => addColour(b)} />} data-testid="add-colour" />
                </Field>
                <Field label={t('orders.matrix.size')}>
                  <Input className={s.small} value={newSize[b.key] ?? ''} onChange={(_, d) => setNewSize((x) => ({ ...x, [b.key]: d.value }))} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addSize(b))} contentAfter={<Button size="small" appearance="transparent" icon={<AddRegular />} aria-label={t('orders.matrix.addSize')} onClick={() => addSize(b)} />} />
                </Field>
                {b.colours.length > 0 && (
                  <Field label={t('orders.matrix.removeColour')}>
                    <Select value="" onChange={(_, d) => d.value && removeColour(b, d.value)} className={s.small}>
                      <option value="">{t('orders.matrix.pick')}</option>
                      {b.colours.map((c) => (
                        <option key={c} value={c}>{c}</option>
                      ))}
                    </Select>
                  </Field>
                )}
                <Field label={t('orders.matrix.prepackTotal')}>
                  <Input className={s.small} inputMode="numeric" value={pp.total} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, total: d.value } }))} data-testid="prepack-total" />
                </Field>
                <Field label={t('orders.matrix.prepackRatio')}>
                  <Input className={s.ratio} placeholder="1:2:2:1" value={pp.ratio} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, ratio: d.value } }))} data-testid="prepack-ratio" />
                </Field>
                <Field label={t('orders.matrix.prepackColour')}>
                  <Select className={s.small} value={pp.colour} onChange={(_, d) => setPrepack((x) => ({ ...x, [b.key]: { ...pp, colour: d.value } }))}>
                    <option value="">{t('orders.matrix.allColours')}</option>
                    {b.colours.map((c) => (
                      <option key={c} value={c}>{c}</option>
                    ))}
                  </Select>
                </Field>
                <Button onClick={() => fillPrepack(b)} data-testid="prepack-fill">{t('orders.matrix.prepackFill')}</Button>
                <Field label={t('orders.matrix.pasteTable')} className={s.paste}>
                  <Textarea
                    rows={1}
                    resize="none"
                    placeholder={t('orders.matrix.pasteHint')}
                    value=""
                    onChange={() => undefined}
                    onPaste={(e) => {
                      e.preventDefault();
                      onPasteTable(b, e.clipboardData.getData('text/plain'));
                    }}
                    data-testid="paste-table"
                  />
                </Field>
              </div>
            )}
            {/* As wide as its sizes need (a colour column, ~90 px per size, a total), not the whole drawer. */}
            <div onPasteCapture={(e) => onPasteCapture(b, e)} style={{ maxWidth: 200 + b.sizes.length * 92 + 100 }}>
              <MatrixInputTable
                value={matrixRecords(m)}
                config={CONFIG}
                rows={b.colours}
                columns={b.sizes}
                disabled={p.disabled}
                rowLabel={t('orders.matrix.colourBySize')}
                onChange={(records) => commit(b, b, matrixOf(records, b))}
              />
            </div>
            <div className={s.foot}>
              <span>
                {t('orders.matrix.styleTotal')} <span className={s.strong} data-testid="style-total">{totals.total.toLocaleString()}</span>
              </span>
              {totals.amount !== null && (
                <span>
                  {t('orders.matrix.styleAmount')} <span className={s.strong} data-testid="style-amount">{totals.amount.toLocaleString(undefined, { maximumFractionDigits: 4 })}</span> {p.currency ?? ''}
                </span>
              )}
              <span>{t('orders.matrix.lines', { count: rowsOfBlock(rows, b, layout).length })}</span>
            </div>
            {rejected[b.key] && <Text style={{ color: tokens.colorPaletteRedForeground1 }}>{t('orders.matrix.rejectedCells', { cells: rejected[b.key] })}</Text>}
            {errs.length > 0 && (
              <ul className={s.errors} role="alert">
                {errs.map((m2) => (
                  <li key={m2}>{m2}</li>
                ))}
              </ul>
            )}
          </div>
        );
      })}
    </section>
  );
}
