import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useCallback, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { arrangedItems, moveBefore, moveBy, withShown } from '../../../model/board-arrange';
import type { Label } from '../../../model/entity';
import type { BoardItem } from '../../../model/widget-settings';
import { toast } from '../../kernel/toast-bus';
import { A } from './arrange-texts';

/** A label (or a text as it is) in the interface language; the same function while the language stays. */
export const useTr = () => {
  const en = useTranslation().i18n.language === 'en';
  return useCallback((l: Label | string) => (typeof l === 'string' ? l : en ? l.en : l.zh), [en]);
};

/** An arranged board's styles: its tool bar, a card being arranged or dropped on, the card's tools and the catalogue's offers. */
export const useArrangeStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  hint: { color: tokens.colorNeutralForeground3 },
  arranging: { outline: `2px dashed ${tokens.colorBrandStroke2}`, outlineOffset: '2px', cursor: 'grab' },
  dropTarget: { outline: `2px solid ${tokens.colorBrandStroke1}`, boxShadow: tokens.shadow16 },
  tools: { display: 'flex', gap: '2px' },
  market: { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '10px', paddingTop: '12px', maxHeight: '56vh', overflowY: 'auto' },
  offer: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr auto',
    gap: '10px',
    alignItems: 'center',
    padding: '10px 12px',
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  offerIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
});

/**
 * A board its user arranges (a personal board, a declared dashboard): the stored arrangement against
 * the widgets offered now (`arrangedItems`), each change drawn at once and saved by `persist` (a
 * refused save goes back to the stored board), arranging on and off, the catalogue's open tab, and
 * the drag and drop of a card (`frame`: its props, with its class while arranged or dropped on).
 * `stored` undefined or `offered` null: not known yet (nothing drawn).
 */
export function useArrangedBoard({ stored, offered, defaults, persist }: {
  stored: readonly BoardItem[] | null | undefined;
  offered: readonly string[] | null;
  defaults: () => BoardItem[];
  persist: (items: BoardItem[]) => Promise<unknown>;
}) {
  const s = useArrangeStyles();
  const tr = useTr();
  const [local, setLocal] = useState<BoardItem[] | null>(null);
  const [arranging, setArranging] = useState(false);
  const [catalogue, setCatalogue] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const items = local ?? (stored !== undefined && offered ? arrangedItems(stored, offered, defaults) : null);
  const save = async (next: BoardItem[]) => {
    setLocal(next);
    try {
      await persist(next);
    } catch {
      setLocal(null);
    }
  };
  const change = (f: (all: BoardItem[]) => BoardItem[]) => items && void save(f(items));
  const endDrag = () => {
    setDragging(null);
    setOver(null);
  };
  const frame = (key: string) => ({
    draggable: arranging,
    className: mergeClasses(arranging && s.arranging, arranging && over === key && dragging !== key && s.dropTarget),
    onDragStart: (e: DragEvent) => {
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', key);
      setDragging(key);
    },
    onDragOver: (e: DragEvent) => {
      if (!arranging) return;
      e.preventDefault();
      setOver(key);
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      if (dragging && dragging !== key) change((all) => moveBefore(all, dragging, key));
      endDrag();
    },
    onDragEnd: endDrag,
  });
  const shown = items?.filter((i) => !i.hidden).map((i) => i.key) ?? [];
  return {
    items,
    shown,
    save,
    arranging,
    setArranging,
    catalogue,
    setCatalogue,
    frame,
    reset: () => save(defaults()),
    move: (key: string, delta: -1 | 1) => change((all) => moveBy(all, key, delta)),
    hide: (key: string) => change((all) => withShown(all, key, false)),
    add: (key: string) => {
      if (!items) return;
      change((all) => withShown(all, key, true));
      toast.success(tr(A.widgetAdded));
    },
  };
}

export type ArrangedBoard = ReturnType<typeof useArrangedBoard>;
