import { Button, Input, makeStyles, tokens, useUncontrolledFocus } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { InputSheetCell } from './InputSheetCell';
import { columnTotals, grandTotal, rowTotals, type MatrixConfig, type MatrixRecord } from './matrix';
import { useMatrixInput, type MatrixInput } from './use-matrix-input';

/**
 * The colour-size matrix input (spec 3 matrixinputtable; DOMAIN "Orders and the colour-size
 * matrix"): colours as rows, sizes as columns, row and column totals, arrows / Enter / Tab move like
 * a spreadsheet, and the grids' spreadsheet keys (useMatrixSheet: ranges, Ctrl+C / Ctrl+V of Excel
 * blocks, the fill handle down or right, Ctrl+D / Ctrl+R, Delete, Ctrl+Z / Ctrl+Y); a refused cell is named by its colour and size below the
 * table. Reusable: the orders area gives it its own sizes and colours.
 *
 * Example: `<MatrixInputTable value={lines} onChange={setLines} config={{ rowField: 'color', colField: 'size', cellField: 'qty' }} columns={['S','M','L','XL']} />`
 */
export type MatrixInputTableProps = {
  value: readonly MatrixRecord[] | null | undefined;
  onChange: (records: MatrixRecord[]) => void;
  config: MatrixConfig;
  /** Size headings shown even before a cell has a quantity. */
  columns?: readonly string[];
  rows?: readonly string[];
  disabled?: boolean;
  /** Lets the user add colours and sizes. */
  extendable?: boolean;
  /** With `extendable`: colours only; the sizes are the given columns (a designed form declares them). */
  fixedColumns?: boolean;
  rowLabel?: string;
  id?: string;
};

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase300, width: '100%' },
  th: { background: tokens.colorNeutralBackground3, border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', fontWeight: 600, textAlign: 'center' },
  td: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: 0 },
  cell: { width: '100%', boxSizing: 'border-box', minWidth: '56px', border: 'none', padding: '4px 6px', textAlign: 'right', fontSize: tokens.fontSizeBase300, outline: 'none', background: 'transparent', ':focus': { background: tokens.colorBrandBackground2 } },
  total: { border: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', textAlign: 'right', fontWeight: 600, background: tokens.colorNeutralBackground2 },
  hint: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, margin: '4px 0' },
  // The buttons keep their text on one line when a surrounding panel stretches the inputs.
  bar: { display: 'flex', gap: '6px', marginTop: '6px', alignItems: 'center', '& > button': { flexShrink: 0 } },
  bad: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: '4px 0 0', paddingLeft: '18px' },
});

export function MatrixInputTable(props: MatrixInputTableProps) {
  const s = useStyles();
  const { t } = useTranslation();
  // Tab moves between cells here, not to the next control of a surrounding drawer or dialog.
  const uncontrolled = useUncontrolledFocus();
  const m = useMatrixInput(props);
  const { grid, sheet } = m;
  const rTotals = rowTotals(grid);
  const cTotals = columnTotals(grid);
  const extending = props.extendable && !props.disabled;

  return (
    <div id={props.id} data-testid="matrix-input">
      {!props.disabled && <div className={s.hint}>{t('engine.matrixHint')}</div>}
      <table className={s.table} style={props.disabled ? { width: 'auto', minWidth: '50%' } : undefined} {...uncontrolled} {...(props.disabled ? {} : sheet.containerProps)}>
        <thead>
          <tr>
            <th className={s.th}>{props.rowLabel ?? t('engine.matrixRow')}</th>
            {grid.cols.map((c) => (
              <th key={c} className={s.th}>{c}</th>
            ))}
            <th className={s.th}>{t('engine.total')}</th>
            {extending && <th className={s.th} />}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((r, i) => (
            <tr key={r}>
              <th className={s.th} scope="row">{r}</th>
              {grid.cols.map((c, j) => <MatrixCell key={c} m={m} row={r} col={c} i={i} j={j} disabled={props.disabled} />)}
              <td className={s.total} data-testid={`matrix-row-total-${i}`}>{rTotals[i]}</td>
              {extending && (
                <td className={s.td}>
                  <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} onClick={() => m.removeRowAt(r, i)} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th className={s.th}>{t('engine.total')}</th>
            {cTotals.map((n, j) => (
              <td key={grid.cols[j]} className={s.total}>{n}</td>
            ))}
            <td className={s.total} data-testid="matrix-grand-total">{grandTotal(grid)}</td>
            {extending && <td className={s.td} />}
          </tr>
        </tfoot>
      </table>
      {extending && <MatrixAddBar m={m} columns={!props.fixedColumns} />}
      {sheet.messages.length > 0 && (
        <ul className={s.bad} role="alert" data-testid="matrix-refused">
          {sheet.messages.map((msg, k) => <li key={k}>{msg}</li>)}
        </ul>
      )}
    </div>
  );
}

/** One quantity cell: the range's edges, a refused mark, the fill handle, spreadsheet keys. */
function MatrixCell({ m, row, col, i, j, disabled }: { m: MatrixInput; row: string; col: string; i: number; j: number; disabled?: boolean }) {
  const s = useStyles();
  const { grid, sheet } = m;
  const input = (
    <input
      ref={m.cellRef(i, j)}
      className={s.cell}
      inputMode="numeric"
      aria-label={`${row} ${col}`}
      disabled={disabled}
      value={grid.cells[i][j] ?? ''}
      onChange={(e) => sheet.typed(i, j, e.target.value)}
      onKeyDown={(e) => sheet.onKey(e, i, j)}
      {...(disabled ? {} : sheet.cellProps(i, j))}
    />
  );
  if (disabled) return <td className={s.td}>{input}</td>;
  return <InputSheetCell sheet={sheet} row={i} col={j} className={s.td}>{input}</InputSheetCell>;
}

/** Adding a colour (row) or, unless the sizes are fixed, a size (column) by name. */
function MatrixAddBar({ m, columns }: { m: MatrixInput; columns: boolean }) {
  const s = useStyles();
  const { t } = useTranslation();
  return (
    <div className={s.bar}>
      <Input size="small" value={m.newRow} onChange={(_, d) => m.setNewRow(d.value)} placeholder={t('engine.addMatrixRow')} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), m.addRowNamed())} />
      <Button size="small" icon={<AddRegular />} onClick={m.addRowNamed}>{t('engine.addMatrixRow')}</Button>
      {columns && (
        <>
          <Input size="small" value={m.newCol} onChange={(_, d) => m.setNewCol(d.value)} placeholder={t('engine.addMatrixColumn')} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), m.addColNamed())} />
          <Button size="small" icon={<AddRegular />} onClick={m.addColNamed}>{t('engine.addMatrixColumn')}</Button>
        </>
      )}
    </div>
  );
}
