import { Button, Link } from '@fluentui/react-components';
import { AlertRegular, EditRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ChartTheme } from '../../../../../reports/charts';
import type { Label } from '../../../../model';
import { tileCalls, type TileBoardItem } from '../../../../model/calls/tiles';
import { callApi } from '../../../api/calls';
import { access } from '../../../session/access-state';
import { onSocketMessage } from '../../../session/notification-socket';
import { WALL } from '../tower-texts';
import { TT } from './tile-texts';
import { TileView } from './TileView';

/** The tiles on the caller's dashboard, asked again when a committed write names one of their datasets (`report.dataset`). */
function useTowerTiles() {
  const [items, setItems] = useState<TileBoardItem[] | null>(null);
  const load = useCallback(async () => {
    try {
      setItems((await callApi(tileCalls.board, undefined, { quiet: true })).tiles);
    } catch {
      setItems([]);
    }
  }, []);
  useEffect(() => void load(), [load]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketMessage((m) => {
      const { type, reports } = (m ?? {}) as { type?: unknown; reports?: unknown };
      if (type !== 'report.dataset' || !Array.isArray(reports) || !items?.some((i) => reports.includes(i.tile.report))) return;
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 300);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [items, load]);
  return { items, load };
}

/**
 * The company's designed tiles and the caller's personal ones on the control tower (issue 34), each
 * run as the viewer; a click opens the grid of its rows with exactly its filters. Administrators (the
 * designer's grant) get a link to the designer.
 */
export function TowerTiles({ theme, tr, full }: { theme: ChartTheme; tr: (l: Label | string) => string; full: boolean }) {
  const { items } = useTowerTiles();
  const navigate = useNavigate();
  const { menus } = useSnapshot(access);
  const designer = menus.some((g) => g.children.some((c) => c.CODE === 'rpt.tiles'));
  const alerts = menus.some((g) => g.children.some((c) => c.CODE === 'rpt.alerts'));
  const look = { theme, text: WALL.text, muted: WALL.muted, border: WALL.border };
  if (!items || (!items.length && !designer)) return null;
  const drill = (url: string) => {
    if (document.fullscreenElement) void document.exitFullscreen();
    navigate(url, { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr({ zh: '供应链控制塔', en: 'Control tower' }) } });
  };
  return (
    <section data-testid="tower-tiles" data-count={items.length} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <span style={{ fontSize: 16, fontWeight: 600 }}>{tr(TT.tiles)}</span>
        {designer && !full ? (
          <Link data-testid="tower-tiles-design" onClick={() => navigate('/rpt/page/tiles')} style={{ color: WALL.muted, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <EditRegular /> {tr(TT.design)}
          </Link>
        ) : null}
      </div>
      {!items.length ? <span style={{ color: WALL.muted, fontSize: 13 }}>{tr(TT.empty)}</span> : null}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
        {items.map(({ tile, run, error }) => (
          <div key={tile.id} data-testid={`tile-${tile.id}`} data-chart={tile.chart} data-value={run?.value ?? ''} style={{ gridColumn: `span ${tile.span}`, background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: tile.chart === 'number' ? 150 : 280 }}>
            <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 24 }}>
              <span style={{ fontSize: 15, fontWeight: 600, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={tile.name}>{tile.name}</span>
              {tile.scope === 'personal' ? <span style={{ color: WALL.muted, fontSize: 12, border: `1px solid ${WALL.border}`, borderRadius: 4, padding: '0 4px' }}>{tr(TT.personal)}</span> : null}
              {alerts && !full ? <Button data-testid={`tile-${tile.id}-alert`} size="small" appearance="subtle" icon={<AlertRegular />} aria-label={tr(TT.setAlert)} title={tr(TT.setAlert)} style={{ color: WALL.muted, minWidth: 24 }} onClick={() => navigate(`/rpt/page/alerts?new=1&tile=${tile.id}`)} /> : null}
              {designer && !full ? <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={tr(TT.edit)} style={{ color: WALL.muted, minWidth: 24 }} onClick={() => navigate(`/rpt/page/tiles?edit=${tile.id}`)} /> : null}
            </div>
            <TileView lazy testId={`tile-${tile.id}-view`} spec={tile} run={run} error={error ? tr(TT.failed) : null} look={look} tr={tr} height={tile.chart === 'number' ? 110 : 240} onDrill={drill} />
          </div>
        ))}
      </div>
    </section>
  );
}
