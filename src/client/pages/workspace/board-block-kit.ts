import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../../model/entity';
import { onSocketMessage } from '../../session/notification-socket';

/** What the personal boards' blocks share: their styles, the text of a label, today and reloading on the socket's notices. */
export const useBlockStyles = makeStyles({
  list: { display: 'grid', gap: '2px', margin: 0, padding: 0, listStyle: 'none' },
  row: {
    display: 'grid',
    gridTemplateColumns: '28px 1fr auto',
    gap: '10px',
    alignItems: 'center',
    padding: '8px 8px',
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
    ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  rowIcon: { width: '28px', height: '28px', borderRadius: '8px', display: 'grid', placeItems: 'center', background: tokens.colorBrandBackground2, color: tokens.colorBrandForeground1 },
  warnIcon: { background: tokens.colorPaletteRedBackground1, color: tokens.colorPaletteRedForeground1 },
  noteIcon: { background: tokens.colorPaletteMarigoldBackground1, color: tokens.colorPaletteMarigoldForeground2 },
  text: { minWidth: 0, display: 'grid' },
  meta: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
  late: { color: tokens.colorPaletteRedForeground1, whiteSpace: 'nowrap' },
  empty: { padding: '18px 4px', color: tokens.colorNeutralForeground3 },
  strip: { display: 'flex', alignItems: 'center', gap: '8px', padding: '2px 0 8px', flexWrap: 'wrap' },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '10px' },
  tile: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr',
    gap: '10px',
    alignItems: 'center',
    padding: '12px',
    cursor: 'pointer',
    ':hover': { boxShadow: tokens.shadow8 },
  },
  favTile: { gridTemplateColumns: '36px 1fr 24px' },
  tileIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorNeutralBackground3, color: tokens.colorBrandForeground1 },
  appIcon: { background: tokens.colorBrandBackground2 },
});

export const useTr = () => {
  const { i18n } = useTranslation();
  return (l: Label) => (i18n.language === 'en' ? l.en : l.zh);
};
export const today = () => new Date().toISOString().slice(0, 10);

/** Reloads a block when the company's socket says a notice or a task arrived. */
export function useLive(reload: () => unknown) {
  useEffect(() => onSocketMessage((m) => {
    const type = (m as { type?: string } | null)?.type;
    if (type === 'notifyto2' || type === 'task.changed') void reload();
  }), [reload]);
}
