/**
 * Labels of referenced records the list has seen (a cell's `<field>__label`, the set filter's
 * search results), so that an active filter names "锦绣面料" rather than "#42" (issue 32). Kept
 * for the visit; a label never seen shows as its id.
 */
const LABELS = new Map<string, string>();

export function rememberReferenceLabel(field: string, id: string, label: string): void {
  if (label) LABELS.set(`${field}:${id}`, label);
}

export function referenceLabelOf(field: string, id: string): string | undefined {
  return LABELS.get(`${field}:${id}`);
}
