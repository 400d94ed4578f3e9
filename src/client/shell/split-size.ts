/**
 * Sizes of a resizable pane (SplitPane): clamped between a minimum and a share of the room, moved
 * by the keyboard as the WAI-ARIA window splitter pattern says, kept per user and pane.
 */
export type PaneLimits = { min: number; max: number };

/** The pane's width within its limits; a maximum below the minimum (a narrow window) gives the minimum. */
export function clampPaneSize(size: number, { min, max }: PaneLimits): number {
  if (!Number.isFinite(size)) return min;
  return Math.round(Math.max(min, Math.min(Math.max(min, max), size)));
}

/** Upper limit of a pane: a share of the container less the room the other pane needs. */
export function paneMax(container: number, maxShare: number, otherMin: number, min: number): number {
  return Math.max(min, Math.min(container * maxShare, container - otherMin));
}

/**
 * The pane's size after a key on its splitter, or null when the key is not the splitter's.
 * `side` is where the sized pane sits: arrows move the splitter, so for a pane at the end the left
 * arrow widens it. Shift takes larger steps; Home and End go to the limits.
 */
export function sizeAfterKey(key: string, shift: boolean, size: number, side: 'start' | 'end', limits: PaneLimits, step = 16): number | null {
  const d = shift ? step * 4 : step;
  const grow = side === 'start' ? 'ArrowRight' : 'ArrowLeft';
  const shrink = side === 'start' ? 'ArrowLeft' : 'ArrowRight';
  if (key === grow) return clampPaneSize(size + d, limits);
  if (key === shrink) return clampPaneSize(size - d, limits);
  if (key === 'Home') return limits.min;
  if (key === 'End') return clampPaneSize(limits.max, limits);
  return null;
}

/** The size after a drag of `dx` pixels from `start` (positive to the right). */
export function sizeAfterDrag(start: number, dx: number, side: 'start' | 'end', limits: PaneLimits): number {
  return clampPaneSize(side === 'start' ? start + dx : start - dx, limits);
}

/** Where a user's size of a pane is kept (local storage). */
export function paneStorageKey(username: string | null | undefined, id: string): string {
  return `pane:${username || 'anonymous'}:${id}`;
}

/** A stored size, or null when there is none or it is not a number. */
export function readPaneSize(raw: string | null): number | null {
  if (raw === null || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? n : null;
}
