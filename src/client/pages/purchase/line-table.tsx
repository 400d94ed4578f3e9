import { Input, Text, tokens } from '@fluentui/react-components';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dictionaryItems } from '../../../model/dictionaries';
import type { Row } from '../../api/entity-api';
import { num, type QtyError } from './quantities';
import { isGoodsMatrix } from './line-matrix';
import { useLineTableStyles } from './line-table-styles';
import { QtyMatrixTable } from './qty-matrix';
import { InputSheetCell } from '../../grid/InputSheetCell';
import type { InputSheet } from '../../grid/use-input-sheet';
import { useQtySheet } from './use-qty-sheet';
import { labelIn } from '../../../model/label-text';

export { useLineTableStyles };

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
    return item ? labelIn(item.label, i18n.language) : String(unit ?? '');
  };
}

/** A quantity input in a table cell on the spreadsheet keys (row `row` of the sheet), its message under it. */
export function QtyCell(props: {
  sheet: InputSheet; row: number; input: Partial<ComponentProps<typeof Input>>; error: QtyError | string | null | undefined; testId: string; label: string;
}) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const msg: ReactNode = !props.error ? null : typeof props.error === 'string' ? props.error : t(props.error.key, props.error.params ?? {});
  return (
    <InputSheetCell sheet={props.sheet} row={props.row} col={0} className={s.inputCell}>
      <Input
        className={s.input}
        {...props.input}
        inputMode="decimal"
        aria-label={props.label}
        aria-invalid={Boolean(msg)}
        data-testid={props.testId}
        style={msg ? { borderColor: tokens.colorPaletteRedBorder2 } : undefined}
      />
      {msg ? <Text className={s.err} role="alert" data-testid={`${props.testId}-error`}>{msg}</Text> : null}
    </InputSheetCell>
  );
}

/** A numeric column of a lines table before the quantity typed now: its heading and its figure. */
export type FigureColumn = { header: string; value: (line: Row) => unknown; testId?: string };

/**
 * The lines of a shipment or a receipt (purchase orders, outsourced orders): number, item, the unit
 * when lines name one, the figures that say how much is left, and the quantity typed now, its
 * message under it. Rows and inputs are named `<prefix>-line-<n>` and `<prefix>-qty-<n>` (1-based),
 * a figure `<prefix>-<testId>-<n>`. The dialog keeps the values and checks them. The quantities are
 * one column of the grids' spreadsheet keys (useQtySheet: ranges, Ctrl+C / Ctrl+V with Excel, fill,
 * Delete, undo, Enter moves down).
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
  const { sheet, inputProps } = useQtySheet(p, p.lines.map((l) => [l]));
  return (
    <div className={s.scroll}>
      <table className={s.table} {...sheet.containerProps} data-testid={`${p.prefix}-lines`}>
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
                <QtyCell sheet={sheet} row={i} input={inputProps(i, 0)} label={`${p.qtyHeader} ${n}`} error={p.errors[key]} testId={`${p.prefix}-qty-${n}`} />
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
