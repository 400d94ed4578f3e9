import type { BoardItem } from './widget-settings';

/**
 * Arranging a board a user keeps (issue 13, issue 30): the personal boards (`/mydash`, the home) and
 * every declared dashboard (`/visual/{opt}`, `/workspace/ecindex/{opt}`) keep the user's order and
 * hidden widgets as `BoardItem`s (src/model/widget-settings.ts) in the user's boards store. Pure,
 * shared by the server (which checks a saved board) and the browser's arranged board
 * (src/client/engine/report/ArrangedBoard.tsx).
 */

/**
 * The board as the user arranged it, against what is offered now: saved widgets keep their order
 * and visibility (and settings); those no longer offered are left out; widgets offered since the
 * last save wait hidden at the end (in the catalogue). Nothing saved: `defaults`.
 */
export function arrangedItems(saved: readonly BoardItem[] | null | undefined, offered: readonly string[], defaults: () => BoardItem[]): BoardItem[] {
  if (!saved) return defaults();
  const have = new Set(offered);
  const out: BoardItem[] = saved.filter((i) => have.has(i.key)).map((i) => (i.settings && Object.keys(i.settings).length ? { key: i.key, hidden: i.hidden, settings: i.settings } : { key: i.key, hidden: i.hidden }));
  for (const key of offered) if (!out.some((i) => i.key === key)) out.push({ key, hidden: true });
  return out;
}

/** Moves a widget up (-1) or down (+1) among the shown widgets; hidden ones keep their places. */
export function moveBy(items: readonly BoardItem[], key: string, delta: -1 | 1): BoardItem[] {
  const shown = items.filter((i) => !i.hidden).map((i) => i.key);
  const at = shown.indexOf(key);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= shown.length) return [...items];
  return moveBefore(items, key, delta < 0 ? shown[to] : (shown[to + 1] ?? null));
}

/** Drag and drop: the widget goes just before `target` (null: to the end). */
export function moveBefore(items: readonly BoardItem[], key: string, target: string | null): BoardItem[] {
  const moving = items.find((i) => i.key === key);
  if (!moving || key === target) return [...items];
  const rest = items.filter((i) => i.key !== key);
  const at = target === null ? rest.length : rest.findIndex((i) => i.key === target);
  if (at < 0) return [...items];
  return [...rest.slice(0, at), moving, ...rest.slice(at)];
}

/** Shows or hides a widget; a widget shown from the catalogue goes to the end of the shown ones. */
export function withShown(items: readonly BoardItem[], key: string, shown: boolean): BoardItem[] {
  if (!items.some((i) => i.key === key)) return [...items];
  if (!shown) return items.map((i) => (i.key === key ? { ...i, hidden: true } : i));
  const lastShown = items.reduce((at, i, n) => (!i.hidden && i.key !== key ? n : at), -1);
  const after = items.slice(lastShown + 1).find((i) => i.key !== key);
  return moveBefore(items.map((i) => (i.key === key ? { ...i, hidden: false } : i)), key, after?.key ?? null);
}
