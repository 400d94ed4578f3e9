/**
 * Asked before a drop that would leave days of the target line over capacity (the drag preview's
 * `overloads`, computed by the load and capacity functions the server uses): which days, their load
 * and capacity (a rest day said as such), and three answers: move anyway, move and push the plans
 * behind it on the line later (a move, not a resize), or cancel, which changes nothing.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { BoardData } from '../../model/schedule-board';
import { overloadRows, type OverloadAsk } from './board-model';
import { groupedNumber } from '../../model/number-text';

const SHOWN = 8;
const cell = { padding: '3px 10px', borderBottom: '1px solid #eee', textAlign: 'right' } as const;

export function BoardOverloadDialog({ data, ask, onAnyway, onPush, onClose }: {
  data: BoardData;
  ask: OverloadAsk;
  onAnyway: () => Promise<unknown>;
  onPush: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rows = overloadRows(data, ask.preview);
  const { preview, before, cmd } = ask;
  const isMove = cmd.op === 'move';
  // The dialog goes at once: the board shows the command's result when the server answers (a refusal is told by a toast).
  const run = (fn: () => Promise<unknown>) => () => {
    onClose();
    void fn();
  };
  const fmt = (n: number) => groupedNumber(n, 3);
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="board-overload-dialog" data-days={rows.map((r) => r.date).join(',')} style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{t('board.overload.title', { line: preview.line.code })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <div>
              {t(isMove ? 'board.overload.text' : 'board.overload.resizeText', { plan: before.plan_no, line: preview.line.code, start: preview.start, end: preview.end, count: rows.length })}
            </div>
            <table data-testid="board-overload-days" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
              <thead>
                <tr style={{ color: '#666' }}>
                  <th style={{ ...cell, textAlign: 'left' }}>{t('board.overload.date')}</th>
                  <th style={cell}>{t('board.overload.load')}</th>
                  <th style={cell}>{t('board.overload.capacity')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN).map((r) => (
                  <tr key={r.date} data-date={r.date} data-load={r.load} data-capacity={r.capacity}>
                    <td style={{ ...cell, textAlign: 'left' }}>{r.date}</td>
                    <td style={{ ...cell, color: '#c50f1f', fontWeight: 600 }}>{fmt(r.load)}</td>
                    <td style={cell}>{r.rest ? t('board.restDay') : fmt(r.capacity)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length > SHOWN && <div style={{ color: '#666', fontSize: 12 }}>{t('board.overload.more', { count: rows.length - SHOWN })}</div>}
            {isMove && <div style={{ color: '#555', fontSize: 12 }}>{t('board.overload.pushHint')}</div>}
          </DialogContent>
          <DialogActions style={{ gridColumn: '1 / -1', justifySelf: 'end', whiteSpace: 'nowrap' }}>
            <Button appearance="secondary" data-testid="board-overload-cancel" onClick={onClose}>{t('board.cancel')}</Button>
            <Button appearance="secondary" data-testid="board-overload-anyway" onClick={run(onAnyway)}>
              {t(isMove ? 'board.overload.anyway' : 'board.overload.resizeAnyway')}
            </Button>
            {isMove && <Button appearance="primary" data-testid="board-overload-push" onClick={run(onPush)}>{t('board.overload.push')}</Button>}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
