import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import '../../../../reports';
import type { Label } from '../../../model';
import { tileCalls, type TileRow } from '../../../model/calls/tiles';
import { useCall } from '../../api/calls';
import { useReportTheme } from '../../engine/report/report-theme';
import { TileView } from '../visual/tiles/TileView';
import { useSocketReload } from '../../engine/report/wall-parts';
import { useTr } from '../../engine/report/use-arranged-board';
import { myDashboard } from '../../../../reports/dashboards/personal.board';

const FAILED: Label = { zh: '加载失败', en: 'Could not be loaded' };
const BOARD = { text: '#242424', muted: '#616161', border: '#e0e0e0' };

/**
 * A designed tile on a personal board (issue 34): run as the viewer (`/rptapi/tiles/:id/run`: its
 * dataset's read grant, tenant and the viewer's data permissions in SQL), drawn by the tower's
 * `TileView` in the session's report theme on the light board; a click opens the grid of its rows
 * with exactly its filters, as on the tower; it runs again when a committed write names its dataset.
 */
export function TileBlock({ tile, height }: { tile: TileRow; height: number }) {
  const tr = useTr();
  const navigate = useNavigate();
  const { theme } = useReportTheme();
  const { data: run, error, mutate, isValidating } = useCall(tileCalls.run, { id: tile.id }, { quiet: true });
  useSocketReload((m) => {
    const { type, reports } = (m ?? {}) as { type?: unknown; reports?: unknown };
    return type === 'report.dataset' && Array.isArray(reports) && reports.includes(tile.report);
  }, mutate, 300);
  const look = useMemo(() => ({ theme, ...BOARD }), [theme]);
  const drill = (url: string) => navigate(url, { state: { back: '/mydash', backLabel: tr(myDashboard.title) } });
  return (
    <div data-testid={`board-tile-${tile.id}`} data-value={run?.value ?? ''} data-reloading={isValidating ? '1' : '0'} style={{ display: 'flex', flexDirection: 'column', minHeight: height }}>
      <TileView testId={`board-tile-${tile.id}-view`} spec={tile} run={run ?? null} loading={!run && !error} error={error ? tr(FAILED) : null} look={look} tr={tr} height={height} onDrill={drill} />
    </div>
  );
}
