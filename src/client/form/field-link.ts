import type { ResolvedField } from '../../model/page-resolve';
import type { RouteAction } from './form-logic';

/**
 * Where a field of a form links to (`FormFieldConfig.linkField`): only when the form views a stored
 * record and the linked field holds an address inside the application (a path from `/`); else null,
 * and the field is drawn by its widget.
 */
export function fieldLinkOf(field: Pick<ResolvedField, 'linkField'>, values: Record<string, unknown>, action: RouteAction): string | null {
  if (action !== 'view' || !field.linkField) return null;
  const to = values[field.linkField];
  return typeof to === 'string' && to.startsWith('/') && !to.startsWith('//') ? to : null;
}
