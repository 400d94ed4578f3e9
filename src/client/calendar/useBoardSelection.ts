/**
 * The bars selected on the board: the primary one (`selected`, a click) and further ones (`marked`,
 * Ctrl/Cmd/Shift+click toggles a bar; the last one clicked is the primary), with the primary's plan's
 * bars (`siblings`, what "merge all splits of this plan" takes).
 */
import { useMemo, useState } from 'react';
import type { BoardBar, BoardData } from '../../model/schedule-board';

export function useBoardSelection(data: BoardData | null) {
  const [selected, setSelected] = useState<number | null>(null);
  const [marked, setMarked] = useState<number[]>([]);
  const bar = data?.bars.find((b) => b.id === selected) ?? null;
  const selection = useMemo(() => {
    const ids = new Set([...(selected !== null ? [selected] : []), ...marked]);
    return (data?.bars ?? []).filter((b) => ids.has(b.id));
  }, [data, selected, marked]);
  const siblings = useMemo(() => (bar ? (data?.bars ?? []).filter((b) => b.plan_id === bar.plan_id) : []), [data, bar]);

  const onSelect = (b: BoardBar | null, additive?: boolean) => {
    if (!b) { setSelected(null); setMarked([]); return; }
    if (!additive) { setSelected(b.id); setMarked([]); return; }
    const ids = new Set(selection.map((x) => x.id));
    if (ids.has(b.id)) {
      ids.delete(b.id);
      const rest = [...ids];
      setSelected(rest.length ? rest[rest.length - 1] : null);
      setMarked(rest.slice(0, -1));
    } else {
      setMarked([...ids]);
      setSelected(b.id);
    }
  };
  /** Only this bar (or none) selected. */
  const selectOnly = (id: number | null) => { setSelected(id); setMarked([]); };
  return { selected, marked, bar, selection, siblings, onSelect, selectOnly };
}
