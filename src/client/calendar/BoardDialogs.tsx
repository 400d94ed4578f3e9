/**
 * The scheduling board's dialogs: split a bar by quantity (optionally onto another line, with the
 * target line's capacity over the bar's days), merge the selected bars of one plan, run the
 * auto-scheduler into a named scenario and confirm (BoardScenarioDialogs.tsx, re-exported). Checks are the
 * pure ones of board-model.ts; the server checks again and its message is shown when it refuses.
 */
import {
  Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, MessageBar, MessageBarBody, Option,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import { canMake, lineWindow, validateMerge, validateSplit } from './board-model';
import { groupedNumber } from '../../model/number-text';

const fmt = (n: number) => groupedNumber(Math.round(n));

export function BoardSplitDialog({ data, bar, onSplit, onClose }: { data: BoardData; bar: BoardBar; onSplit: (qty: number, lineId?: number) => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const [qty, setQty] = useState(String(Math.floor(bar.qty / 2) || 1));
  const [lineId, setLineId] = useState(bar.line_id);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const line = data.lines.find((l) => l.id === lineId) ?? data.lines[0];
  const err = validateSplit(bar, qty, line);
  const win = lineWindow(data, line, bar.start, bar.end);
  const ratio = win.capacity ? Math.round((win.load / win.capacity) * 100) : 0;
  // Minutes the split-off part adds to another line (its share of the bar's minutes).
  const adds = lineId !== bar.line_id && !err ? (bar.minutes * Number(qty)) / bar.qty : 0;
  const over = win.capacity > 0 && win.load + adds > win.capacity;
  const submit = async () => {
    setTouched(true);
    if (err) return;
    setBusy(true);
    const done = await onSplit(Number(qty), lineId === bar.line_id ? undefined : lineId);
    setBusy(false);
    if (done) onClose();
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="board-split-dialog" style={{ maxWidth: 560 }}>
        <DialogBody>
          <DialogTitle>{t('board.split.title', { plan: bar.plan_no })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            <div style={{ color: '#555', fontSize: 12 }}>{bar.style_no} · {bar.category_label ?? bar.category} · {bar.start} → {bar.end}</div>
            <Field
              label={t('board.split.qty')}
              hint={t('board.split.qtyHint', { qty: bar.qty, max: Math.max(0, bar.qty - 1) })}
              validationState={touched && err && err.key !== 'board.split.err.line' ? 'error' : 'none'}
              validationMessage={touched && err && err.key !== 'board.split.err.line' ? t(err.key, err.params) : undefined}
            >
              <Input data-testid="board-split-qty" value={qty} inputMode="numeric" onChange={(_, d) => { setQty(d.value); setTouched(true); }} onKeyDown={(e) => e.key === 'Enter' && void submit()} />
            </Field>
            <Field
              label={t('board.split.line')}
              validationState={err?.key === 'board.split.err.line' ? 'error' : 'none'}
              validationMessage={err?.key === 'board.split.err.line' ? t(err.key, err.params) : undefined}
            >
              <Dropdown
                data-testid="board-split-line"
                value={line.id === bar.line_id ? t('board.split.sameLine', { line: `${line.code} ${line.name}` }) : `${line.code} ${line.name}`}
                selectedOptions={[String(lineId)]}
                onOptionSelect={(_, d) => d.optionValue && setLineId(Number(d.optionValue))}
              >
                {data.lines.map((l) => {
                  const ok = canMake(l, bar.category);
                  const w = lineWindow(data, l, bar.start, bar.end);
                  const text = `${l.code} ${l.name}`;
                  return (
                    <Option key={l.id} value={String(l.id)} text={text} disabled={!ok}>
                      <span style={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 12 }}>
                        <span>{l.id === bar.line_id ? t('board.split.sameLine', { line: text }) : text}<span style={{ color: '#888' }}> · {l.workshop_name}</span></span>
                        <span style={{ color: ok ? (w.free < 0 ? '#d13438' : '#4a7') : '#999', fontSize: 12 }}>
                          {ok ? `${fmt(w.free)} min` : t('board.split.cannotMake', { category: bar.category_label ?? bar.category })}
                        </span>
                      </span>
                    </Option>
                  );
                })}
              </Dropdown>
            </Field>
            <div data-testid="board-split-capacity" data-free={Math.round(win.free)} style={{ background: '#f5f6fa', borderRadius: 4, padding: 8, fontSize: 12 }}>
              {t('board.split.capacity', { line: line.code, from: bar.start, to: bar.end, capacity: fmt(win.capacity), load: fmt(win.load), free: fmt(win.free), ratio })}
              <CapacityMeter ratio={win.capacity ? (win.load + adds) / win.capacity : 0} base={win.capacity ? win.load / win.capacity : 0} />
              {over && <div style={{ color: '#d13438', marginTop: 4 }}>{t('board.split.overload')}</div>}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>{t('board.cancel')}</Button>
            <Button appearance="primary" data-testid="board-split-ok" disabled={busy || (touched && !!err)} onClick={() => void submit()}>{t('board.split.ok')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** A horizontal meter: the load already there, and what the change adds, against 100 %. */
function CapacityMeter({ ratio, base }: { ratio: number; base: number }) {
  const pct = (r: number) => `${Math.min(100, Math.max(0, r * 100))}%`;
  const colour = ratio > 1 ? '#d13438' : ratio > 0.85 ? '#e8a33d' : '#6bb36b';
  return (
    <div style={{ position: 'relative', height: 8, background: '#e3e5ec', borderRadius: 4, marginTop: 6, overflow: 'hidden' }}>
      <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: pct(ratio), background: colour, opacity: 0.45 }} />
      <div style={{ position: 'absolute', left: 0, top: 0, bottom: 0, width: pct(base), background: colour }} />
    </div>
  );
}

export function BoardMergeDialog({ bars, onMerge, onClose }: { bars: BoardBar[]; onMerge: () => Promise<boolean>; onClose: () => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const err = validateMerge(bars);
  const sorted = [...bars].sort((a, b) => a.start.localeCompare(b.start));
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface data-testid="board-merge-dialog" style={{ maxWidth: 520 }}>
        <DialogBody>
          <DialogTitle>{t('board.merge.title')}</DialogTitle>
          <DialogContent>
            {err ? (
              <MessageBar intent="warning" data-testid="board-merge-error"><MessageBarBody>{t(err.key)}</MessageBarBody></MessageBar>
            ) : (
              <>
                <p>{t('board.merge.confirm', { count: bars.length, plan: bars[0].plan_no, qty: fmt(bars.reduce((a, b) => a + b.qty, 0)) })}</p>
                <ul style={{ fontSize: 12, color: '#555', paddingLeft: 18 }}>
                  {sorted.map((b) => <li key={b.id}>{b.start} → {b.end} · {fmt(b.qty)}</li>)}
                </ul>
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>{t('board.cancel')}</Button>
            <Button appearance="primary" data-testid="board-merge-ok" disabled={!!err || busy} onClick={async () => { setBusy(true); const ok = await onMerge(); setBusy(false); if (ok) onClose(); }}>
              {t('board.merge')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export { BoardAutoDialog, BoardConfirm } from './BoardScenarioDialogs';
