import { Input, Text, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { Row } from '../../api/entity-api';
import { InputSheetCell } from '../../grid/InputSheetCell';
import type { InputSheet } from '../../grid/use-input-sheet';
import { cellKey, goodsMatrices, type StyleMatrix } from './line-matrix';
import { useLineTableStyles } from './line-table-styles';
import type { QtyLinesProps } from './line-table';
import { useQtySheet } from './use-qty-sheet';

/**
 * Goods lines as the trade enters them: per style a colour x size matrix, each cell one line's
 * quantity typed now with that line's figures under it (ordered, still to come...), totals of what
 * is typed per colour, per size and in all. Inputs and figures keep the line table's names
 * (`<prefix>-qty-<n>`, `<prefix>-<figure>-<n>`, n the line's place), so a dialog checks and sends the
 * same values whichever it shows. Each matrix is a sheet of the grids' spreadsheet keys (useQtySheet:
 * ranges, Ctrl+C / Ctrl+V with Excel, the fill handle and Ctrl+D / Ctrl+R, Delete, undo; a cell
 * without a line is read-only).
 */
export function QtyMatrixTable(p: QtyLinesProps) {
  const s = useLineTableStyles();
  return (
    <div className={s.matrices} data-testid={`${p.prefix}-matrices`}>
      {goodsMatrices(p.lines).map((m, k) => <StyleQtyMatrix key={`${m.style}-${k}`} p={p} m={m} k={k} />)}
    </div>
  );
}

/** One style's matrix: colours x sizes, totals of what is typed per colour, per size and in all. */
function StyleQtyMatrix({ p, m, k }: { p: QtyLinesProps; m: StyleMatrix; k: number }) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const typed = (line: Row) => Number(p.values[p.keyOf(line)]) || 0;
  const at = (colour: string, size: string) => m.cells.get(cellKey(colour, size));
  const sumOf = (cells: Array<ReturnType<typeof at>>) => cells.reduce((sum, c) => sum + (c ? typed(c.line) : 0), 0);
  const { sheet, inputProps } = useQtySheet(p, m.colours.map((colour) => m.sizes.map((size) => at(colour, size)?.line ?? null)));
  return (
    <table className={s.table} data-testid={`${p.prefix}-matrix-${k + 1}`} {...sheet.containerProps}>
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
        {m.colours.map((colour, i) => (
          <tr key={colour}>
            <th scope="row" className={s.mcolour}>{colour}</th>
            {m.sizes.map((size, j) => {
              const c = at(colour, size);
              if (!c) return <td key={size} className={s.mtd} />;
              return <MatrixCell key={size} p={p} line={c.line} n={c.n} label={`${p.qtyHeader} ${m.style} ${colour} ${size}`} sheet={sheet} row={i} col={j} input={inputProps(i, j)} />;
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
}

/** One cell of a matrix: the line's quantity typed now, its figures under it, its message. */
function MatrixCell({ p, line, n, label, sheet, row, col, input }: {
  p: QtyLinesProps; line: Row; n: number; label: string; sheet: InputSheet; row: number; col: number; input: ReturnType<ReturnType<typeof useQtySheet>['inputProps']>;
}) {
  const s = useLineTableStyles();
  const { t } = useTranslation();
  const key = p.keyOf(line);
  const msg = p.errors[key];
  const error = !msg ? null : typeof msg === 'string' ? msg : t(msg.key, msg.params ?? {});
  return (
    <InputSheetCell sheet={sheet} row={row} col={col} className={s.mtd} data-testid={`${p.prefix}-line-${n}`}>
      <Input
        className={s.minput}
        {...input}
        inputMode="decimal"
        aria-label={label}
        aria-invalid={Boolean(error)}
        data-testid={`${p.prefix}-qty-${n}`}
        style={error ? { borderColor: tokens.colorPaletteRedBorder2 } : undefined}
      />
      <span className={s.figures}>
        {p.figures.map((f) => (
          <span key={f.header}>
            {f.header} <span data-testid={f.testId ? `${p.prefix}-${f.testId}-${n}` : undefined}>{p.format(f.value(line))}</span>
          </span>
        ))}
      </span>
      {error ? <Text className={s.err} role="alert" data-testid={`${p.prefix}-qty-${n}-error`}>{error}</Text> : null}
    </InputSheetCell>
  );
}
