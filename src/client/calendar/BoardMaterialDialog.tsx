/**
 * Asked when the server refused a move that would start its plan before the material is in (issue 31;
 * the gate is the auto-scheduler's: the latest due date of the open purchase lines of the plan's
 * materials, or its own material-ready date). Names the day the plan was dropped on, the gate day and
 * what holds it, with a link to that purchase order (or to the plan for its own date), and offers:
 * start on the gate day, keep the planner's day, or cancel, which changes nothing.
 */
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Link } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { daysBetween } from './board-model';
import { drawerOf } from './late-reason-text';
import type { MaterialAsk } from './useBoardCommands';

export function BoardMaterialDialog({ ask, onChoose, onClose }: {
  ask: MaterialAsk;
  onChoose: (material: 'gate' | 'keep') => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { gate: answer, cmd } = ask;
  const { gate } = answer;
  const held = gate.held_by;
  const start = answer.start;
  const page = held.source === 'purchase' ? drawerOf('purorder', held.purchase_id) : drawerOf('prodplan', answer.plan_id);
  // The dialog goes at once: the board shows the command's result when the server answers (a refusal is told by a toast).
  const run = (material: 'gate' | 'keep') => () => {
    onClose();
    void onChoose(material);
  };
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="board-material-dialog" data-gate={gate.day} data-start={start} data-source={held.source} data-po={held.source === 'purchase' ? held.po_no : ''} style={{ maxWidth: 600 }}>
        <DialogBody>
          <DialogTitle>{t('board.material.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
            <div>{t('board.material.text', { plan: answer.plan_no, start, gate: gate.day, count: daysBetween(start, gate.day) })}</div>
            <div data-testid="board-material-held" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'baseline' }}>
              <span>
                {held.source === 'purchase'
                  ? t('board.material.purchase', { po: held.po_no, material: held.material ?? '—', gate: gate.day })
                  : t('board.material.plan', { gate: gate.day })}
              </span>
              {page && (
                <Link data-testid="board-material-open" href={page} onClick={(e) => { e.preventDefault(); onClose(); navigate(page); }}>
                  {t(held.source === 'purchase' ? 'board.why.open.purchase' : 'board.why.open.plan')}
                </Link>
              )}
            </div>
            <div style={{ color: '#555', fontSize: 12 }}>
              {t('board.material.hint', { gate: gate.day, start })}
              {cmd.push ? ` ${t('board.material.pushHint')}` : ''}
            </div>
          </DialogContent>
          <DialogActions style={{ gridColumn: '1 / -1', justifySelf: 'end', whiteSpace: 'nowrap' }}>
            <Button appearance="secondary" data-testid="board-material-cancel" onClick={onClose}>{t('board.cancel')}</Button>
            <Button appearance="secondary" data-testid="board-material-keep" onClick={run('keep')}>{t('board.material.keep', { start })}</Button>
            <Button appearance="primary" data-testid="board-material-gate" onClick={run('gate')}>{t('board.material.gate', { gate: gate.day })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
