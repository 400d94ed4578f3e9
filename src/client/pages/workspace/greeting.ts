/** The greeting of the workspace home by the hour of the day (local time). */
export function greetingKey(hour: number): 'ui.home.morning' | 'ui.home.afternoon' | 'ui.home.evening' {
  if (hour >= 5 && hour < 12) return 'ui.home.morning';
  if (hour >= 12 && hour < 18) return 'ui.home.afternoon';
  return 'ui.home.evening';
}

/** Favourite entries first (in the user's order), then the rest in menu order; no duplicates. */
export function quickLinks<T extends { CODE: string }>(entries: readonly T[], favourites: readonly string[]): T[] {
  const byCode = new Map(entries.map((e) => [e.CODE, e]));
  const first = favourites.map((c) => byCode.get(c)).filter((e): e is T => !!e);
  const seen = new Set(first.map((e) => e.CODE));
  return [...first, ...entries.filter((e) => !seen.has(e.CODE))];
}
