import type { Row } from '../../api/entity-api';
import { sortSizes } from '../../grid/matrix-blocks';

/**
 * Goods lines of a shipment or a receipt as the trade reads them (DOMAIN "Orders and the colour-size
 * matrix"): per style, colours as rows and sizes as columns, each cell one line. Lines keep their
 * 1-based place in the list (`n`), so a cell's input has the same name as in the line table.
 */
export type MatrixCell = { line: Row; n: number };
export type StyleMatrix = { style: string; colours: string[]; sizes: string[]; cells: Map<string, MatrixCell> };

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
export const cellKey = (colour: string, size: string) => `${colour}\u0000${size}`;

/** Whether lines are goods lines (style, colour and size, no material): shown as matrices. */
export function isGoodsMatrix(lines: readonly Row[]): boolean {
  return lines.length > 0 && lines.every((l) => !l.material_id && !l.material_code && text(l.colour) !== '' && text(l.size) !== '');
}

/**
 * The matrices of goods lines, styles in the order they first appear, colours likewise, sizes in
 * wearing order (S, M, L, XL; numbers ascending). Two lines of one style, colour and size (the
 * same SKU ordered twice) cannot share a cell: the second goes to the next free copy of the style.
 */
export function goodsMatrices(lines: readonly Row[]): StyleMatrix[] {
  const out: StyleMatrix[] = [];
  lines.forEach((line, i) => {
    const style = text(line.style_no);
    const colour = text(line.colour);
    const size = text(line.size);
    let m = out.find((x) => x.style === style && !x.cells.has(cellKey(colour, size)));
    if (!m) {
      m = { style, colours: [], sizes: [], cells: new Map() };
      out.push(m);
    }
    if (!m.colours.includes(colour)) m.colours.push(colour);
    if (!m.sizes.includes(size)) m.sizes.push(size);
    m.cells.set(cellKey(colour, size), { line, n: i + 1 });
  });
  for (const m of out) m.sizes = sortSizes(m.sizes);
  return out;
}
