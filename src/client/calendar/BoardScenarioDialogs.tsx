/**
 * The scheduling board's scenario dialogs: run the auto-scheduler into a named scenario (with its
 * progress), and a plain confirmation (publish / discard, the stale-scenario question).
 */
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, ProgressBar,
} from '@fluentui/react-components';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { daysBetween, localStamp } from './board-model';
import { DateBox } from '../form/widgets/date-input';

export function BoardAutoDialog({ from, to, onRun, onClose }: { from: string; to: string; onRun: (input: { name: string; from: string; to: string }) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const stamp = useMemo(() => localStamp(), []);
  const [name, setName] = useState(() => t('board.auto.defaultName', { date: stamp }));
  const [range, setRange] = useState({ from, to });
  const [running, setRunning] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!running) return;
    const started = Date.now();
    const id = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(id);
  }, [running]);
  const nameErr = !name.trim() ? t('board.auto.err.name') : '';
  const span = /^\d{4}-\d{2}-\d{2}$/.test(range.from) && /^\d{4}-\d{2}-\d{2}$/.test(range.to) ? daysBetween(range.from, range.to) : -1;
  const rangeErr = span < 0 || span > 400 ? t('board.auto.err.range') : '';
  const run = async () => {
    setTouched(true);
    if (nameErr || rangeErr) return;
    setRunning(true);
    const ok = await onRun({ name: name.trim(), ...range });
    setRunning(false);
    if (ok) onClose();
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !running && onClose()}>
      <DialogSurface data-testid="board-auto-dialog" style={{ maxWidth: 520 }}>
        <DialogBody>
          <DialogTitle>{t('board.auto.title')}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <div style={{ fontSize: 12, color: '#555' }}>{t('board.auto.hint')}</div>
            <Field label={t('board.auto.name')} required validationState={touched && nameErr ? 'error' : 'none'} validationMessage={touched ? nameErr || undefined : undefined}>
              <Input data-testid="board-auto-name" value={name} disabled={running} onChange={(_, d) => setName(d.value)} maxLength={100} />
            </Field>
            <div style={{ display: 'flex', gap: 12 }}>
              <Field label={t('board.auto.from')} style={{ flex: 1 }} validationState={touched && rangeErr ? 'error' : 'none'} validationMessage={touched ? rangeErr || undefined : undefined}>
                <DateBox testId="board-auto-from" value={range.from} disabled={running} onChange={(v) => setRange((r) => ({ ...r, from: v }))} width={160} />
              </Field>
              <Field label={t('board.auto.to')} style={{ flex: 1 }}>
                <DateBox testId="board-auto-to" value={range.to} disabled={running} onChange={(v) => setRange((r) => ({ ...r, to: v }))} width={160} />
              </Field>
            </div>
            {running && (
              <Field validationMessage={t('board.auto.running', { seconds })} validationState="none" data-testid="board-auto-progress">
                <ProgressBar />
              </Field>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={running} onClick={onClose}>{t('board.cancel')}</Button>
            <Button appearance="primary" data-testid="board-auto-run" disabled={running} onClick={() => void run()}>{t('board.auto.run')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export function BoardConfirm({ title, text, ok, danger, onOk, onClose, testid, closeAfterOk = true }: {
  title: string;
  text: string;
  ok: string;
  danger?: boolean;
  onOk: () => Promise<void>;
  onClose: () => void;
  testid: string;
  /** false: `onOk` decides what is shown next (it closes or replaces the dialog itself). */
  closeAfterOk?: boolean;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !busy && onClose()}>
      <DialogSurface data-testid={testid} style={{ maxWidth: 480 }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>{t('board.cancel')}</Button>
            <Button
              appearance="primary"
              data-testid={`${testid}-ok`}
              disabled={busy}
              style={danger ? { background: '#c50f1f' } : undefined}
              onClick={async () => { setBusy(true); try { await onOk(); } finally { setBusy(false); } if (closeAfterOk) onClose(); }}
            >
              {ok}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
