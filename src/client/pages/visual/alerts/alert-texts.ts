import { getEntity, getReport, type Label } from '../../../../model';
import { filterChips } from '../../../../model/list-filters';
import { DESIGNER_WORDS } from '../designer-words';

/** The alert drawer's words shared with the tile designer (its own are the rptalert entity's `alert.ui.*` messages; its fields' labels are the entity's). */
export const A = DESIGNER_WORDS;

/** The filters of an alert in words (field, operator, value), as the drill-down bar states them. */
export function filtersText(report: string, filters: Record<string, string>, tr: (l: Label) => string): string {
  const entity = getReport(report)?.entity ? getEntity(getReport(report)!.entity!) : undefined;
  if (!entity || !Object.keys(filters).length) return tr(A.noFilters);
  return filterChips(entity, filters).map((c) => tr(c.text)).join('；');
}
