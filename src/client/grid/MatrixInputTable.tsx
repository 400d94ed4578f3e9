import { Button, Input, makeStyles, mergeClasses, tokens, useUncontrolledFocus } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addColumn, addRow, columnTotals, fromGrid, grandTotal, moveFocus, removeRow, rowTotals, toGrid, type MatrixConfig, type MatrixGrid, type MatrixRecord } from './matrix';
import { sortSizes } from './matrix-blocks';
import { useMatrixSheet } from './use-matrix-sheet';

/**
 * The colour-size matrix input (spec 3 matrixinputtable; DOMAIN "Orders and the colour-size
 * matrix"): colours as rows, sizes as columns, row and column totals, arrows / Enter / Tab move like
 * a spreadsheet, and the grids' spreadsheet keys (useMatrixSheet: ranges, Ctrl+C / Ctrl+V of Excel
 * blocks, Ctrl+D, Delete, Ctrl+Z / Ctrl+Y); a refused cell is named by its colour and size below the
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
  bar: { display: 'flex', gap: '6px', marginTop: '6px', alignItems: 'center' },
  bad: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: '4px 0 0', paddingLeft: '18px' },
  inRange: { background: 'rgba(33, 115, 70, 0.12)' },
  refused: { boxShadow: `inset 0 0 0 2px ${tokens.colorPaletteRedBorder2}`, background: tokens.colorPaletteRedBackground1 },
});

/** The range's outer edges drawn as Excel does (2px green). */
const EDGE = '2px solid #217346';

export function MatrixInputTable(props: MatrixInputTableProps) {
  const s = useStyles();
  const { t } = useTranslation();
  const [extraRows, setExtraRows] = useState<string[]>([]);
  const [extraCols, setExtraCols] = useState<string[]>([]);
  const [newRow, setNewRow] = useState('');
  const [newCol, setNewCol] = useState('');
  const refs = useRef<Map<string, HTMLInputElement>>(new Map());
  // Tab moves between cells here, not to the next control of a surrounding drawer or dialog.
  const uncontrolled = useUncontrolledFocus();
  const grid = useMemo(() => {
    // Without declared sizes, the records' sizes in wearing order (S, M, L, XL; numbers ascending).
    const cols = props.columns?.length ? props.columns : sortSizes([...new Set((props.value ?? []).map((r) => String(r[props.config.colField] ?? '')).filter(Boolean))]);
    return toGrid(props.value ?? [], props.config, [...(props.rows ?? []), ...extraRows], [...cols, ...extraCols]);
  }, [props.value, props.config, props.rows, props.columns, extraRows, extraCols]);
  const commit = (g: MatrixGrid) => props.onChange(fromGrid(g, props.config));
  const focus = (row: number, col: number) => refs.current.get(`${row}:${col}`)?.focus();
  const sheet = useMatrixSheet(grid, commit, focus);

  const onKey = (e: KeyboardEvent<HTMLInputElement>, row: number, col: number) => {
    if (!['ArrowUp', 'ArrowDown', 'Enter', 'Tab', 'ArrowLeft', 'ArrowRight'].includes(e.key)) return;
    const input = e.currentTarget;
    // Left/right move between cells only at the edge of the text, like a spreadsheet in edit mode.
    if (e.key === 'ArrowLeft' && input.selectionStart !== 0) return;
    if (e.key === 'ArrowRight' && input.selectionEnd !== input.value.length) return;
    const next = moveFocus(grid, { row, col }, e.key, e.shiftKey);
    if (next.row === row && next.col === col && e.key === 'Tab') return;
    e.preventDefault();
    focus(next.row, next.col);
  };
  const rTotals = rowTotals(grid);
  const cTotals = columnTotals(grid);

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
            {props.extendable && !props.disabled && <th className={s.th} />}
          </tr>
        </thead>
        <tbody>
          {grid.rows.map((r, i) => (
            <tr key={r}>
              <th className={s.th} scope="row">{r}</th>
              {grid.cols.map((c, j) => {
                const edge = sheet.rangeOf(i, j);
                return (
                <td key={c} className={mergeClasses(s.td, edge ? s.inRange : undefined, sheet.isRefused(i, j) ? s.refused : undefined)} data-refused={sheet.isRefused(i, j) || undefined}
                  style={edge ? { borderTop: edge.top ? EDGE : undefined, borderBottom: edge.bottom ? EDGE : undefined, borderLeft: edge.left ? EDGE : undefined, borderRight: edge.right ? EDGE : undefined } : undefined}>
                  <input
                    ref={(el) => {
                      if (el) refs.current.set(`${i}:${j}`, el);
                      else refs.current.delete(`${i}:${j}`);
                    }}
                    className={s.cell}
                    inputMode="numeric"
                    aria-label={`${r} ${c}`}
                    disabled={props.disabled}
                    value={grid.cells[i][j] ?? ''}
                    onChange={(e) => sheet.typed(i, j, e.target.value)}
                    onKeyDown={(e) => onKey(e, i, j)}
                    {...(props.disabled ? {} : sheet.cellProps(i, j))}
                  />
                </td>
                );
              })}
              <td className={s.total} data-testid={`matrix-row-total-${i}`}>{rTotals[i]}</td>
              {props.extendable && !props.disabled && (
                <td className={s.td}>
                  <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('engine.remove')} onClick={() => {
                    setExtraRows((x) => x.filter((n) => n !== r));
                    commit(removeRow(grid, i));
                  }} />
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
            {props.extendable && !props.disabled && <td className={s.td} />}
          </tr>
        </tfoot>
      </table>
      {props.extendable && !props.disabled && (
        <div className={s.bar}>
          <Input size="small" value={newRow} onChange={(_, d) => setNewRow(d.value)} placeholder={t('engine.addMatrixRow')} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addRowNamed())} />
          <Button size="small" icon={<AddRegular />} onClick={addRowNamed}>{t('engine.addMatrixRow')}</Button>
          <Input size="small" value={newCol} onChange={(_, d) => setNewCol(d.value)} placeholder={t('engine.addMatrixColumn')} onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), addColNamed())} />
          <Button size="small" icon={<AddRegular />} onClick={addColNamed}>{t('engine.addMatrixColumn')}</Button>
        </div>
      )}
      {sheet.messages.length > 0 && (
        <ul className={s.bad} role="alert" data-testid="matrix-refused">
          {sheet.messages.map((m, k) => <li key={k}>{m}</li>)}
        </ul>
      )}
    </div>
  );

  function addRowNamed() {
    const g = addRow(grid, newRow);
    if (g !== grid) setExtraRows((x) => [...x, newRow.trim()]);
    setNewRow('');
  }
  function addColNamed() {
    const g = addColumn(grid, newCol);
    if (g !== grid) setExtraCols((x) => [...x, newCol.trim()]);
    setNewCol('');
  }
}
