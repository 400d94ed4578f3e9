import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { toast } from '../../kernel/toast-bus';
import { useWorkOrderProgress, type CellProblem } from './use-work-order-progress';

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '4px 8px', textAlign: 'left' } },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  bar: { height: '8px', borderRadius: '4px', backgroundColor: tokens.colorNeutralBackground5, minWidth: '80px', overflow: 'hidden' },
  fill: { height: '100%', backgroundColor: tokens.colorPaletteGreenBackground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: '12px' },
});

/**
 * 进度（颜色×尺码）: a work order's pieces per colour x size (ordered, made, left, a bar), and on a
 * released work order the pieces finished now per cell, a partial report (issue 31). Refusals show
 * under their cell, as typed and from the server.
 */
export function WorkOrderProgressDialog({ id, onClose, onDone }: { id: number; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const s = useStyles();
  const p = useWorkOrderProgress(id);
  const wo = p.progress;
  const open = wo?.status === 'released';
  const problemText = (x: CellProblem | undefined, colour: string, size: string) =>
    !x ? null : x.kind === 'unknown' ? t('wo.ui.progress.unknown') : t('wo.ui.progress.cellError', { colour, size, left: x.left });
  const submit = async () => {
    if (await p.submit()) {
      toast.success(t('wo.ui.progress.reported'));
      onDone();
    }
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 760 }} data-testid="progress-dialog">
        <DialogBody>
          <DialogTitle>{t('wo.ui.progress.title', { no: wo?.wo_no ?? '', process: wo?.process ?? '' })}</DialogTitle>
          <DialogContent>
            {wo && <p data-testid="progress-summary">{t('wo.ui.progress.summary', { done: wo.done_qty, qty: wo.qty })}</p>}
            {p.message && <p role="alert" className={s.error}>{p.message}</p>}
            <table className={s.table} data-testid="progress-cells">
              <thead>
                <tr>
                  {['colour', 'size', 'ordered', 'done', 'left', 'bar', ...(open ? ['now'] : [])].map((k) => <th key={k}>{t(`wo.ui.progress.col.${k}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {wo?.cells.map((c) => (
                  <tr key={c.key} data-testid={`progress-cell-${c.key}`} data-done={c.done} data-left={c.left}>
                    <td>{c.colour}</td>
                    <td>{c.size}</td>
                    <td className={s.num}>{c.ordered}</td>
                    <td className={s.num}>{c.done}</td>
                    <td className={s.num}>{c.left}</td>
                    <td><div className={s.bar}><div className={s.fill} style={{ width: `${c.ordered ? Math.min(100, (100 * c.done) / c.ordered) : 0}%` }} /></div></td>
                    {open && (
                      <td>
                        <Input size="small" type="number" min={0} value={p.typed[c.key] ?? ''} disabled={c.left <= 0} onChange={(_, d) => p.type(c.key, d.value)} style={{ width: 90 }} data-testid={`progress-now-${c.key}`} />
                        <div className={s.error}>{problemText(p.problems.get(c.key), c.colour, c.size) ?? p.serverErrors[c.key] ?? ''}</div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('engine.cancel')}</Button>
            {open && (
              <Button appearance="primary" disabled={p.busy || p.problems.size > 0 || p.total <= 0} onClick={() => void submit()} data-testid="progress-report">
                {t('wo.ui.progress.report', { n: p.total })}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
