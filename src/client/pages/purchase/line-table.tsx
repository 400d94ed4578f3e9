import { Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../../model/dictionaries';
import type { Row } from '../../api/entity-api';
import { num, type QtyError } from './quantities';
import { cellKey, goodsMatrices, isGoodsMatrix } from './line-matrix';

export const useLineTableStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, whiteSpace: 'nowrap', background: tokens.colorNeutralBackground3 },
  num: { textAlign: 'right', padding: '6px 8px', whiteSpace: 'nowrap', verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' },
  td: { padding: '6px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  input: { width: '120px' },
  inputCell: { padding: '4px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, width: '140px' },
  err: { display: 'block', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, marginTop: '2px', maxWidth: '220px' },
  formErr: { color: tokens.colorPaletteRedForeground1 },
  scroll: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  // The colour x size matrix of goods lines.
  matrices: { display: 'flex', flexDirection: 'column', gap: '12px', maxHeight: '50vh', overflow: 'auto' },
  caption: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: '4px 0' },
  mth: { textAlign: 'center', fontWeight: tokens.fontWeightSemibold, padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground3, whiteSpace: 'nowrap' },
  mtd: { padding: '4px 6px', border: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'top' },
  mcolour: { padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2, whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  mtotal: { padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2, textAlign: 'right', fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  minput: { width: '84px' },
  figures: { display: 'flex', flexDirection: 'column', marginTop: '2px', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});

/** What a purchase line buys, as people read it: the material (code and name), or style / colour / size. */
export function itemText(line: Row): string {
  const material = [line.material_code, line.material_name ?? line.material_id__label].filter(Boolean).join(' ');
  if (material) return material;
  return [line.style_no, line.colour, line.size].filter(Boolean).join(' / ');
}

export function useUnitLabel() {
  const { i18n } = useTranslation();
  return (unit: unknown) => {
    const item = dictionaryItems('unit')?.find((i) => i.value === unit);
    return item ? (i18n.language === 'en' ? item.label.en : item.label.zh) : String(unit ?? '');
  };
}

/** A quantity input in a table cell, its message under it. */
export function QtyCell(props: { value: string; onChange: (v: string) => void; error: QtyError | string | null | undefined; testId: string; label: string }) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const msg: ReactNode = !props.error ? null : typeof props.error === 'string' ? props.error : t(props.error.key, props.error.params ?? {});
  return (
    <td className={s.inputCell}>
      <Input
        className={s.input}
        value={props.value}
        inputMode="decimal"
        aria-label={props.label}
        aria-invalid={Boolean(msg)}
        onChange={(_, d) => props.onChange(d.value)}
        data-testid={props.testId}
        style={msg ? { borderColor: tokens.colorPaletteRedBorder2 } : undefined}
      />
      {msg ? <Text className={s.err} role="alert" data-testid={`${props.testId}-error`}>{msg}</Text> : null}
    </td>
  );
}

/** A numeric column of a lines table before the quantity typed now: its heading and its figure. */
export type FigureColumn = { header: string; value: (line: Row) => unknown; testId?: string };

/**
 * The lines of a shipment or a receipt (purchase orders, outsourced orders): number, item, the unit
 * when lines name one, the figures that say how much is left, and the quantity typed now, its
 * message under it. Rows and inputs are named `<prefix>-line-<n>` and `<prefix>-qty-<n>` (1-based),
 * a figure `<prefix>-<testId>-<n>`. The dialog keeps the values and checks them.
 */
export function QtyLinesTable(p: {
  prefix: string;
  lines: Row[];
  itemHeader: string;
  figures: FigureColumn[];
  qtyHeader: string;
  values: Record<string, string>;
  errors: Record<string, QtyError | string | undefined>;
  keyOf: (line: Row) => string;
  onChange: (key: string, value: string) => void;
  format: (v: unknown) => string;
}) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const unitLabel = useUnitLabel();
  const hasUnit = p.lines.some((l) => l.unit);
  return (
    <div className={s.scroll}>
      <table className={s.table}>
        <thead>
          <tr>
            <th className={s.th}>{t('pur.col.seq')}</th>
            <th className={s.th}>{p.itemHeader}</th>
            {hasUnit ? <th className={s.th}>{t('pur.col.unit')}</th> : null}
            {p.figures.map((f) => (
              <th key={f.header} className={s.th} style={{ textAlign: 'right' }}>{f.header}</th>
            ))}
            <th className={s.th}>{p.qtyHeader}</th>
          </tr>
        </thead>
        <tbody>
          {p.lines.map((l, i) => {
            const key = p.keyOf(l);
            const n = i + 1;
            return (
              <tr key={String(l.id)} data-testid={`${p.prefix}-line-${n}`}>
                <td className={s.td}>{String(l.seq ?? n)}</td>
                <td className={s.td}>{itemText(l)}</td>
                {hasUnit ? <td className={s.td}>{unitLabel(l.unit)}</td> : null}
                {p.figures.map((f) => (
                  <td key={f.header} className={`${s.td} ${s.num}`} data-testid={f.testId ? `${p.prefix}-${f.testId}-${n}` : undefined}>{p.format(f.value(l))}</td>
                ))}
                <QtyCell label={`${p.qtyHeader} ${n}`} value={p.values[key] ?? ''} onChange={(v) => p.onChange(key, v)} error={p.errors[key]} testId={`${p.prefix}-qty-${n}`} />
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** A receipt's figures per line: ordered, dispatched (or ordered, for an order tracked by hand), received, still to come. */
export function receiptFigures(t: (key: string) => string, dispatchedOf: (line: Row) => number): FigureColumn[] {
  return [
    { header: t('pur.col.ordered'), value: (l) => l.qty, testId: 'ordered' },
    { header: t('pur.col.dispatched'), value: dispatchedOf, testId: 'dispatched' },
    { header: t('pur.col.received'), value: (l) => l.received_qty, testId: 'received' },
    { header: t('pur.col.remaining'), value: (l) => Math.max(dispatchedOf(l) - num(l.received_qty), 0), testId: 'remaining' },
  ];
}

/** The props of a shipment's or a receipt's lines, as a table or as matrices. */
export type QtyLinesProps = Parameters<typeof QtyLinesTable>[0];

/** Goods lines (style, colour, size) as colour x size matrices, other lines as the line table. */
export function QtyLines(p: QtyLinesProps) {
  return isGoodsMatrix(p.lines) ? <QtyMatrixTable {...p} /> : <QtyLinesTable {...p} />;
}

/**
 * Goods lines as the trade enters them: per style a colour x size matrix, each cell one line's
 * quantity typed now with that line's figures under it (ordered, still to come...), totals of what
 * is typed per colour, per size and in all. Inputs and figures keep the line table's names
 * (`<prefix>-qty-<n>`, `<prefix>-<figure>-<n>`, n the line's place), so a dialog checks and sends the
 * same values whichever it shows.
 */
export function QtyMatrixTable(p: QtyLinesProps) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const typed = (line: Row) => Number(p.values[p.keyOf(line)]) || 0;
  return (
    <div className={s.matrices} data-testid={`${p.prefix}-matrices`}>
      {goodsMatrices(p.lines).map((m, k) => {
        const at = (colour: string, size: string) => m.cells.get(cellKey(colour, size));
        const sumOf = (cells: Array<ReturnType<typeof at>>) => cells.reduce((sum, c) => sum + (c ? typed(c.line) : 0), 0);
        return (
          <table key={`${m.style}-${k}`} className={s.table} data-testid={`${p.prefix}-matrix-${k + 1}`}>
            <caption className={s.caption}>{m.style ? t('pur.matrix.style', { style: m.style }) : t('pur.matrix.noStyle')}</caption>
            <thead>
              <tr>
                <th className={s.mth}>{t('pur.matrix.colour')}</th>
                {m.sizes.map((size) => (
                  <th key={size} className={s.mth}>{size}</th>
                ))}
                <th className={s.mth}>{t('pur.matrix.total')}</th>
              </tr>
            </thead>
            <tbody>
              {m.colours.map((colour) => (
                <tr key={colour}>
                  <th scope="row" className={s.mcolour}>{colour}</th>
                  {m.sizes.map((size) => {
                    const c = at(colour, size);
                    if (!c) return <td key={size} className={s.mtd} />;
                    const key = p.keyOf(c.line);
                    const msg = p.errors[key];
                    const error = !msg ? null : typeof msg === 'string' ? msg : t(msg.key, msg.params ?? {});
                    return (
                      <td key={size} className={s.mtd} data-testid={`${p.prefix}-line-${c.n}`}>
                        <Input
                          className={s.minput}
                          value={p.values[key] ?? ''}
                          inputMode="decimal"
                          aria-label={`${p.qtyHeader} ${m.style} ${colour} ${size}`}
                          aria-invalid={Boolean(error)}
                          onChange={(_, d) => p.onChange(key, d.value)}
                          data-testid={`${p.prefix}-qty-${c.n}`}
                          style={error ? { borderColor: tokens.colorPaletteRedBorder2 } : undefined}
                        />
                        <span className={s.figures}>
                          {p.figures.map((f) => (
                            <span key={f.header}>
                              {f.header} <span data-testid={f.testId ? `${p.prefix}-${f.testId}-${c.n}` : undefined}>{p.format(f.value(c.line))}</span>
                            </span>
                          ))}
                        </span>
                        {error ? <Text className={s.err} role="alert" data-testid={`${p.prefix}-qty-${c.n}-error`}>{error}</Text> : null}
                      </td>
                    );
                  })}
                  <td className={s.mtotal}>{p.format(sumOf(m.sizes.map((size) => at(colour, size))))}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className={s.mcolour}>{t('pur.matrix.total')}</th>
                {m.sizes.map((size) => (
                  <td key={size} className={s.mtotal}>{p.format(sumOf(m.colours.map((colour) => at(colour, size))))}</td>
                ))}
                <td className={s.mtotal} data-testid={`${p.prefix}-matrix-${k + 1}-total`}>{p.format(sumOf([...m.cells.values()]))}</td>
              </tr>
            </tbody>
          </table>
        );
      })}
    </div>
  );
}
