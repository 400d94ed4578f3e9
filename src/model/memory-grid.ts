import type { FieldType } from './field-types';
import type { ColumnDecl } from './page';

/**
 * A grid over rows a page holds in memory (issue 30), declared in grids/ beside the module's lists:
 * the rows' own columns (an entity's fields, drawn as a list draws them), columns the page computes
 * per row, one column per member of a set the page gives (vendors, machines, sizes) under one
 * header, rows pinned at the bottom that total the members, and tabs by a field's value. Drawn by
 * src/client/grid/MemoryGrid.tsx; what a computed or member cell holds is the page's `MemorySource`.
 */
export type MemoryGridDecl = {
  /** The entity whose fields `lead` and `trail` name (labels, renderers, the list's text filters). */
  entity: string;
  lead: ColumnDecl[];
  /**
   * Columns the page computes per row, after `lead`: header by catalogue key, the value's field
   * type (its cells read as that type's list cells do: an integer with thousands separators; default
   * 'integer'), width in Chinese and in English, and the class a positive or a negative value carries.
   */
  computed: Array<{ key: string; label: string; type?: FieldType; width: [number, number]; pinned?: 'left'; marks?: { positive?: string; negative?: string } }>;
  /**
   * One column per member, colId `<idPrefix><member id>`, under the header `label`; `marks`: the
   * classes a member's cell may carry (the page says when); `editable: 'quantity'`: a whole number
   * >= 0 typed or pasted (empty clears), read as every quantity grid reads it.
   */
  members: { label: string; idPrefix: string; width: number; marks: string[]; editable?: 'quantity' };
  trail: ColumnDecl[];
  /** Rows pinned at the bottom: their keys, the column that names them (catalogue `<label>.<key>`), their class. */
  footer?: { rows: string[]; labelColumn: string; label: string; className: string };
  /** The field whose value a tab shows the rows of ('all': every row). */
  tabField?: string;
};

/** A memory grid's declaration, checked by its type. */
export const defineMemoryGrid = <D extends MemoryGridDecl>(decl: D): D => decl;
