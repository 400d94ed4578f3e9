import type { ExcelColumn } from '../../../model/excel';
import { OrderBlocks } from '../../../model/order-header-rows';

/**
 * The order blocks of a mapped sheet as the import reads it (issue 33): each order header row
 * (`订单号: PO-1   客户: X   交期: 2026-03-15`, or `订单号` | `PO-1` without colons) gives its values to
 * the lines below it until the next one; a sheet of one order has its rows above the headings only. A line's cells are extended by one cell per confirmed order field (at `base + k`, past the
 * sheet's own columns), so the mapping reads them as it reads any column: the same inputs,
 * references, rules, documents and writer. An error on such a cell is the header row's: `errorAt`
 * gives the sheet row and cell where the value was written.
 */
export class ImportOrderBlocks {
  private readonly blocks: OrderBlocks;
  /** The block of each line's extended cells (gone with the cells). */
  private readonly blockOf = new WeakMap<unknown[], NonNullable<OrderBlocks['current']>>();

  constructor(
    /** The confirmed keys (as `orderKey`) and the document columns they give, in the order of their cells. */
    readonly fields: ReadonlyArray<{ key: string; column: ExcelColumn }>,
    /** The first index past the sheet's own columns. */
    readonly base: number,
    /** Every key the mapping names (as `orderKey`): a row of them without colons (`订单号` | `PO-1`) is an order header row too. */
    keys: ReadonlySet<string>,
  ) {
    this.blocks = new OrderBlocks(keys);
  }

  /** Whether the row is an order header row (it starts or adds to a block; it is not a line). */
  take(number: number, cells: readonly unknown[]): boolean {
    return this.blocks.take(number, cells);
  }

  /** A line's cells with its block's values after the sheet's own (null where the block does not give a key, or before the first block). */
  extend(cells: unknown[]): unknown[] {
    const out = cells.slice(0, this.base);
    out.length = this.base;
    const block = this.blocks.current;
    for (const f of this.fields) out.push(block?.values.get(f.key)?.value ?? null);
    if (block) this.blockOf.set(out, block);
    return out;
  }

  /** The order header row's identity of a line (its first row), or 0: before the first block. */
  blockRow(cells: unknown[]): number {
    return this.blockOf.get(cells)?.row ?? 0;
  }

  /** Where an error on an order field's cell was written: the header row and the cell of the pair's value (-1: the block does not give it). Null: not an order field's cell. */
  errorAt(cells: unknown[], col: number): { row: number; col: number } | null {
    if (col < this.base) return null;
    const block = this.blockOf.get(cells);
    if (!block) return null;
    const at = block.values.get(this.fields[col - this.base]?.key ?? '');
    return at ? { row: at.row, col: at.col } : { row: block.row, col: -1 };
  }
}
