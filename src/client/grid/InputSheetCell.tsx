import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode, TdHTMLAttributes } from 'react';
import type { InputSheet } from './use-input-sheet';

/**
 * A cell of a table of inputs on the spreadsheet keys (useInputSheet), drawn as the AG Grid grids
 * draw theirs: the range tinted green with its outer edges in 2px, a refused cell outlined red, the
 * fill handle (a small square at the range's bottom-right corner: drag it down or right), and the
 * cells the handle will fill outlined while it is dragged.
 */
const useStyles = makeStyles({
  cell: { position: 'relative' },
  inRange: { background: 'rgba(33, 115, 70, 0.12)' },
  refused: { boxShadow: `inset 0 0 0 2px ${tokens.colorPaletteRedBorder2}`, background: tokens.colorPaletteRedBackground1 },
  target: { outline: '1px dashed #217346', outlineOffset: '-2px' },
  handle: {
    position: 'absolute', right: '0', bottom: '0', width: '7px', height: '7px', background: '#217346',
    border: '1px solid #fff', cursor: 'crosshair', zIndex: 2,
  },
});

/** The range's outer edges drawn as Excel does (2px green). */
const EDGE = '2px solid #217346';

export function InputSheetCell(p: { sheet: InputSheet; row: number; col: number; className?: string; children: ReactNode } & Omit<TdHTMLAttributes<HTMLTableCellElement>, 'className' | 'children'>) {
  const s = useStyles();
  const { sheet, row, col, className, children, ...td } = p;
  const edge = sheet.rangeOf(row, col);
  const refused = sheet.isRefused(row, col);
  return (
    <td
      {...td}
      className={mergeClasses(className, s.cell, edge ? s.inRange : undefined, refused ? s.refused : undefined, sheet.isFillTarget(row, col) ? s.target : undefined)}
      data-refused={refused || undefined}
      style={edge ? { borderTop: edge.top ? EDGE : undefined, borderBottom: edge.bottom ? EDGE : undefined, borderLeft: edge.left ? EDGE : undefined, borderRight: edge.right ? EDGE : undefined } : undefined}
    >
      {children}
      {sheet.hasHandle(row, col) ? <span className={s.handle} data-testid="fill-handle" onMouseDown={sheet.startFill} /> : null}
    </td>
  );
}
