import { Button, Link } from '@fluentui/react-components';
import { AlertRegular, EditRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ChartTheme } from '../../../../../reports/charts';
import type { Label } from '../../../../model';
import { tileCalls, type TileBoardItem, type TileBoardReply } from '../../../../model/calls/tiles';
import { callApi } from '../../../api/calls';
import { dropEarly, peekEarlyNow, takeEarly } from '../../../api/early-calls';
import { readStoredSession } from '../../../kernel/storage';
import { access } from '../../../session/access-state';
import { useReloadByDataset } from '../../../engine/report/wall-parts';
import { WALL } from '../tower-texts';
import { TT } from './tile-texts';
import { TileView } from './TileView';
import { EARLY_TILES_URL, readTileSlots, slotsOf, tileFrame, writeTileSlots, type TileSlot } from './tile-layout';

const browserStore = () => (typeof localStorage === 'undefined' ? null : localStorage);

/** The tiles on the caller's dashboard, asked again (all of them) when a committed write names one of their datasets (`report.dataset`). */
function useTowerTiles() {
  // The tiles the document asked before the app's code loaded (early-calls.js), when they are in: drawn in the first frame,
  // read without being taken (a render React starts over would lose a taken reply) and taken once mounted.
  const [items, setItems] = useState<TileBoardItem[] | null>(() => peekEarlyNow<TileBoardReply>('__tilesEarly', EARLY_TILES_URL)?.tiles ?? null);
  const drawnEarly = useRef(items);
  // The frames of the tiles shown on the last visit, drawn until the tiles arrive (tile-layout.ts).
  const [slots] = useState<TileSlot[] | null>(() => readTileSlots(readStoredSession().username, browserStore()));
  const load = useCallback(async () => {
    try {
      // The first load takes the reply the document asked before the app's code loaded (early-calls.js), when there is one.
      const early = await takeEarly<TileBoardReply>('__tilesEarly', EARLY_TILES_URL);
      const tiles = (early ?? (await callApi(tileCalls.board, undefined, { quiet: true }))).tiles;
      setItems(tiles);
      writeTileSlots(readStoredSession().username, browserStore(), slotsOf(tiles));
    } catch {
      setItems([]);
    }
  }, []);
  useEffect(() => {
    // The early tiles, if any, stand for the first load (once).
    const early = drawnEarly.current;
    drawnEarly.current = null;
    if (!early) return void load();
    dropEarly('__tilesEarly');
    writeTileSlots(readStoredSession().username, browserStore(), slotsOf(early));
  }, [load]);
  // A committed write naming a tile's dataset asks the tiles again (the widgets' reload by dataset, for the whole board).
  const sources = useMemo(() => (items ?? []).map((i) => ({ key: String(i.tile.id), report: i.tile.report })), [items]);
  useReloadByDataset(sources, load);
  return { items, slots, load };
}

/** A tile's card: its columns and height are the same whether it holds the tile or stands for it while it loads. */
function TileFrame({ slot, testId, value, children }: { slot: TileSlot; testId: string; value?: number | null; children: ReactNode }) {
  return (
    <div data-testid={testId} data-chart={slot.chart} data-value={value ?? ''} style={{ gridColumn: `span ${slot.span}`, background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: 12, display: 'flex', flexDirection: 'column', minHeight: tileFrame(slot.chart).minHeight, boxSizing: 'border-box' }}>
      {children}
    </div>
  );
}

/**
 * The company's designed tiles and the caller's personal ones on the control tower (issue 34), each
 * run as the viewer; a click opens the grid of its rows with exactly its filters. Administrators (the
 * designer's grant) get a link to the designer.
 */
export function TowerTiles({ theme, tr, full }: { theme: ChartTheme; tr: (l: Label | string) => string; full: boolean }) {
  const { items, slots } = useTowerTiles();
  const navigate = useNavigate();
  const { menus } = useSnapshot(access);
  const designer = menus.some((g) => g.children.some((c) => c.CODE === 'rpt.tiles'));
  const alerts = menus.some((g) => g.children.some((c) => c.CODE === 'rpt.alerts'));
  const look = { theme, text: WALL.text, muted: WALL.muted, border: WALL.border };
  // Before the reply: last visit's frames, or the designer's heading alone (it is shown with no tile too).
  const waiting = items === null ? (slots ?? []) : [];
  if (!designer && !(items ?? waiting).length) return null;
  const drill = (url: string) => {
    if (document.fullscreenElement) void document.exitFullscreen();
    navigate(url, { state: { back: `${window.location.pathname}${window.location.search}`, backLabel: tr({ zh: '供应链控制塔', en: 'Control tower' }) } });
  };
  return (
    <section data-testid="tower-tiles" data-count={items?.length ?? ''} data-loaded={items ? '1' : '0'} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 24 }}>
        <span style={{ fontSize: 16, fontWeight: 600 }}>{tr(TT.tiles)}</span>
        {designer && !full ? (
          <Link data-testid="tower-tiles-design" onClick={() => navigate('/rpt/page/tiles')} style={{ color: WALL.muted, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <EditRegular /> {tr(TT.design)}
          </Link>
        ) : null}
        {items && !items.length ? <span style={{ color: WALL.muted, fontSize: 13 }}>{tr(TT.empty)}</span> : null}
      </div>
      {(items ?? waiting).length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
          {waiting.map((slot) => (
            <TileFrame key={slot.id} slot={slot} testId="tower-tile-waiting">
              <div style={{ minHeight: 24 }} />
              <div style={{ height: tileFrame(slot.chart).viewHeight }} />
            </TileFrame>
          ))}
          {(items ?? []).map(({ tile, run, error }) => (
            <TileFrame key={tile.id} slot={tile} testId={`tile-${tile.id}`} value={run?.value}>
              <div style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 24 }}>
                <span style={{ fontSize: 15, fontWeight: 600, flex: 1, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} title={tile.name}>{tile.name}</span>
                {tile.scope === 'personal' ? <span style={{ color: WALL.muted, fontSize: 12, border: `1px solid ${WALL.border}`, borderRadius: 4, padding: '0 4px' }}>{tr(TT.personal)}</span> : null}
                {alerts && !full ? <Button data-testid={`tile-${tile.id}-alert`} size="small" appearance="subtle" icon={<AlertRegular />} aria-label={tr(TT.setAlert)} title={tr(TT.setAlert)} style={{ color: WALL.muted, minWidth: 24 }} onClick={() => navigate(`/rpt/page/alerts?new=1&tile=${tile.id}`)} /> : null}
                {designer && !full ? <Button size="small" appearance="subtle" icon={<EditRegular />} aria-label={tr(TT.edit)} style={{ color: WALL.muted, minWidth: 24 }} onClick={() => navigate(`/rpt/page/tiles?edit=${tile.id}`)} /> : null}
              </div>
              <TileView lazy testId={`tile-${tile.id}-view`} spec={tile} run={run} error={error ? tr(TT.failed) : null} look={look} tr={tr} height={tileFrame(tile.chart).viewHeight} onDrill={drill} />
            </TileFrame>
          ))}
        </div>
      ) : null}
    </section>
  );
}
