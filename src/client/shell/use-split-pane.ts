import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import { clampPaneSize, paneMax, paneStorageKey, readPaneSize, sizeAfterDrag, sizeAfterKey, type PaneLimits } from './split-size';
import type { SplitPaneProps } from './SplitPane';

/**
 * A split pane's size: kept per user and pane in local storage, clamped to the room the box has,
 * changed by dragging the splitter or by its keys.
 *
 * Example: `const p = useSplitPane(props); <div ref={p.box}>…<div role="separator" onKeyDown={p.onKeyDown} /></div>`
 */
export function useSplitPane({ id, sized, defaultSize, min = 200, maxShare = 0.6, otherMin = 320 }: SplitPaneProps) {
  const { username } = useSnapshot(access);
  const key = paneStorageKey(username, id);
  const { box, room } = useRoomWidth();
  const [size, setSize] = useState<number>(() => readPaneSize(safeGet(key)) ?? defaultSize);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ x: number; start: number } | null>(null);

  // Another user in the same browser (or the first render before the session) has their own size.
  useEffect(() => setSize(readPaneSize(safeGet(key)) ?? defaultSize), [key, defaultSize]);

  const limits: PaneLimits = { min, max: room > 0 ? paneMax(room - 12, maxShare, otherMin, min) : Number.MAX_SAFE_INTEGER };
  const shown = clampPaneSize(size, limits);

  const keep = useCallback(
    (next: number) => {
      setSize(next);
      try {
        localStorage.setItem(key, String(Math.round(next)));
      } catch {
        // Storage full or refused: the size holds for this visit.
      }
    },
    [key],
  );

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    e.currentTarget.focus();
    drag.current = { x: e.clientX, start: shown };
    setDragging(true);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setSize(sizeAfterDrag(drag.current.start, e.clientX - drag.current.x, sized, limits));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = sizeAfterDrag(drag.current.start, e.clientX - drag.current.x, sized, limits);
    drag.current = null;
    setDragging(false);
    keep(next);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = sizeAfterKey(e.key, e.shiftKey, shown, sized, limits);
    if (next === null) return;
    e.preventDefault();
    keep(next);
  };

  return { box, shown, limits, dragging, keep, onPointerDown, onPointerMove, onPointerUp, onKeyDown };
}

/** The box's width, followed as it changes (0 before it is laid out). */
function useRoomWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [room, setRoom] = useState(0);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setRoom(el.clientWidth));
    observer.observe(el);
    setRoom(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return { box, room };
}

function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
