import { evaluateCondition } from '../../model/expression';
import type { RowTone } from '../../model/page';

/**
 * The class of a line's row from its grid's declared tones (`ChildGridDecl.rowTone`): the first
 * rule whose condition holds over the line's fields gives `engine-row-<tone>`; none, no class.
 *
 * Example: `rowToneClass([{ when: "kind == 'adjustment'", tone: 'info' }], { kind: 'adjustment' })` is `engine-row-info`.
 */
export function rowToneClass(rules: readonly RowTone[] | undefined, row: Record<string, unknown> | undefined): string | undefined {
  if (!rules?.length || !row) return undefined;
  const rule = rules.find((r) => evaluateCondition(r.when, { form: row }, false));
  return rule ? `engine-row-${rule.tone}` : undefined;
}

/** The tones' colours (the row's background; AG Grid's own row colours are two classes weaker). */
export const ROW_TONE_CSS = {
  '.ag-row.engine-row-danger': { backgroundColor: '#fde7e9' },
  '.ag-row.engine-row-warning': { backgroundColor: '#fff4ce' },
  '.ag-row.engine-row-info': { backgroundColor: '#ebf3fc' },
  '.ag-row.engine-row-success': { backgroundColor: '#f1faf1' },
};
