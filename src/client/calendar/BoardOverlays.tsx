/**
 * The small DOM views over the board's canvas: the drag box (target line, days, that day's load
 * against capacity or "rest day", the days the drop would overload), the tooltips of a bar and of a
 * day of a capacity strip, and the invisible lists of lines and bars in view (for assistive technology
 * and tests; the canvas draws the same figures).
 */
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarBarField, CalendarDecl } from '../../model/calendar';
import { dictionaryItems } from '../../model/dictionaries';
import type { BoardBar, BoardData, BoardLine } from '../../model/schedule-board';
import { overloadedDays } from '../../../calendars/capacity';
import { dayLoad, type BoardLayout, type DragPreview, loadPercent, type Rect } from './board-model';
import { HEADER, LABELS } from './board-draw';
import type { LateBarReasons } from '../../model/late-reasons';
import { ReasonLines } from './LateReasonsPanel';
import { groupedNumber } from '../../model/number-text';

/**
 * The invisible lists' box: one line per item (`nowrap`: in a box 1 px wide every word was a line of
 * its own) and its layout kept inside it (`contain: strict`). Their layout, when the lists follow a
 * view, cost a frame 20-80 ms before (B5 at 100,000 bars, 2026-12-07 twenty-first session).
 */
const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: -1, padding: 0, whiteSpace: 'nowrap', contain: 'strict' } as const;
const tipStyle = { position: 'fixed', background: '#fff', border: '1px solid #ccc', borderRadius: 4, padding: '6px 8px', fontSize: 12, boxShadow: '0 2px 8px rgba(0,0,0,.15)', zIndex: 10, pointerEvents: 'none' } as const;

export function DragInfo({ data, preview, day }: { data: BoardData; preview: DragPreview; day: number }) {
  const { t } = useTranslation();
  const rest = !!data.days[day] && !data.days[day].working && !(preview.capacity[day] > 0);
  const load = Math.round(preview.load[day] ?? 0);
  const capacity = Math.round(preview.capacity[day] ?? 0);
  return (
    <div data-testid="drag-info" data-line-id={preview.line.id} data-start={preview.start} data-refused={preview.refused || ''} data-load={load} data-capacity={capacity}
      data-rest-day={rest} data-overloads={preview.refused ? 0 : preview.overloads.length}
      style={{ position: 'absolute', left: LABELS + 8, bottom: 12, background: preview.refused || preview.overloads.length ? '#fde8e8' : '#eef1fd', border: '1px solid #ccd', borderRadius: 4, padding: '4px 8px', fontSize: 12, boxShadow: '0 2px 6px rgba(0,0,0,.12)', pointerEvents: 'none', zIndex: 5 }}>
      {preview.line.code} · {preview.start} → {preview.end} ·{' '}
      {rest
        ? <span data-testid="drag-info-rest" style={{ color: '#666' }}>{t('board.restDay')}{load ? ` · ${t('board.loadOnly', { load })}` : ''}</span>
        : <span style={{ color: preview.overloaded[day] ? '#d13438' : undefined }}>{t('board.capacity', { load, capacity })}</span>}
      {!preview.refused && preview.overloads.length > 0 && <span style={{ color: '#c50f1f', fontWeight: 600 }}> · {t('board.overloadDays', { count: preview.overloads.length })}</span>}
      {preview.refused && <> · {preview.refused === 'category' ? t('board.refused.category', { line: preview.line.code, category: '' }) : t('board.refused.locked')}</>}
    </div>
  );
}

/** A tooltip field's value as people read it: numbers grouped, dictionary codes by their label. */
function tipValue(f: CalendarBarField, v: unknown, lang: 'zh' | 'en'): string {
  if (f.kind === 'number') return groupedNumber(Number(v ?? 0), 3);
  if (f.dict && typeof v === 'string') return dictionaryItems(f.dict)?.find((i) => i.value === v)?.label[lang] || v;
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

/** Where a tooltip goes: below right of the pointer, above it near the window's foot (a tall one: its lower half), left of it near the right edge. */
function tipAt(x: number, y: number, tall: boolean): React.CSSProperties {
  const up = y > window.innerHeight * (tall ? 0.45 : 0.7);
  const left = x > window.innerWidth - 440;
  return { ...(up ? { bottom: window.innerHeight - y + 12 } : { top: y + 12 }), ...(left ? { right: window.innerWidth - x + 12 } : { left: x + 12 }) };
}

export function BarTip({ decl, bar, x, y, reasons }: { decl: CalendarDecl; bar: BoardBar; x: number; y: number; reasons?: LateBarReasons | null }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <div role="tooltip" style={{ ...tipStyle, ...tipAt(x, y, !!reasons) }}>
      {decl.bar.tooltip.map((f) => (
        <div key={f.field}>
          <span style={{ color: '#666' }}>{f.title[lang]}: </span>
          {tipValue(f, (bar as Record<string, unknown>)[f.field], lang)}
        </div>
      ))}
      {bar.late && <div style={{ color: '#d13438' }}>{t('board.late')}</div>}
      {bar.late && reasons && <ReasonLines reasons={reasons} />}
    </div>
  );
}

/** A day of a line's capacity strip: its load in percent and minutes, or that it is a rest day. */
export function StripTip({ data, line, day, x, y }: { data: BoardData; line: BoardLine; day: number; x: number; y: number }) {
  const { t } = useTranslation();
  const d = dayLoad(line, line.load, day);
  const date = data.days[day]?.date ?? '';
  return (
    <div role="tooltip" data-testid="strip-tip" data-line-id={line.id} data-date={date} data-percent={d.percent ?? ''} style={{ ...tipStyle, left: x + 12, top: y + 12 }}>
      <div style={{ fontWeight: 600 }}>{line.code} · {date}</div>
      {d.percent === null
        ? <div>{t('board.restDay')}{d.load ? ` · ${t('board.loadOnly', { load: Math.round(d.load) })}` : ''}</div>
        : <div style={{ color: d.over ? '#d13438' : undefined }}>{t('board.stripTip', { percent: d.percent, load: Math.round(d.load), capacity: Math.round(d.capacity) })}</div>}
    </div>
  );
}

/** The bars in view (at most 400), position relative to the canvas; memoised: a drag's pointer moves do not render it again. */
export const BarList = memo(function BarList({ bars, view }: { bars: { bar: BoardBar; rect: Rect }[]; view: Rect }) {
  return (
    <ul data-testid="board-bars" style={hidden}>
      {bars.map(({ bar, rect }) => (
        <li key={bar.id} data-testid="board-bar" data-bar-id={bar.id} data-plan-id={bar.plan_id} data-line-id={bar.line_id} data-start={bar.start} data-end={bar.end} data-qty={bar.qty} data-locked={bar.locked}
          data-x={Math.round(LABELS - view.x + rect.x)} data-y={Math.round(HEADER - view.y + rect.y)} data-w={Math.round(rect.w)} data-h={Math.round(rect.h)}>
          {bar.plan_no} {bar.style_no} {bar.start}–{bar.end} {bar.qty}
        </li>
      ))}
    </ul>
  );
});

/**
 * The lines' load figures: per line its capacity and load over the shown range in minutes, the days
 * over capacity (`overloadedDays`, as the strips and the server count them), its row's top and height,
 * and its average and peak load in percent over the days in view (as its label shows them).
 */
/** A line's figures over the range, kept per line object: a reply or a window read makes new objects of the lines it touched only. */
const figuresOf = new WeakMap<BoardData['lines'][number], { days: number; capacity: number; load: number; over: number[] }>();
function lineFigures(l: BoardData['lines'][number], days: number) {
  const known = figuresOf.get(l);
  if (known && known.days === days) return known;
  const sum = (a: number[]) => Math.round(a.slice(0, days).reduce((x, y) => x + y, 0));
  const f = { days, capacity: sum(l.capacity), load: sum(l.load), over: overloadedDays(l.capacity.slice(0, days), l.load.slice(0, days)) };
  figuresOf.set(l, f);
  return f;
}

/** The lines with their figures as an invisible list (memoised: a drag's pointer moves do not render it again). */
export const LineFigures = memo(function LineFigures({ data, layout, top, firstDay, lastDay }: { data: BoardData; layout: BoardLayout; top: number; firstDay: number; lastDay: number }) {
  const rows = useMemo(() => data.lines.map((l) => ({ l, ...lineFigures(l, data.days.length) })), [data]);
  return (
    <ul data-testid="board-lines" style={hidden}>
      {rows.map(({ l, capacity, load, over }) => {
        const row = layout.lineRow.get(l.id);
        const pct = loadPercent(l, firstDay, lastDay);
        return (
          <li key={l.id} data-testid={`line-load-${l.code}`} data-line-id={l.id} data-workshop={l.workshop_name} data-y={Math.round(top + (row?.y ?? 0))} data-h={row?.height ?? 0} data-lanes={row?.lanes ?? 1}
            data-load={load} data-capacity={capacity} data-average={pct?.average ?? ''} data-peak={pct?.peak ?? ''} data-overloaded-days={over.length} data-overloaded={over.map((i) => data.days[i]?.date).join(',')}>
            {l.code} {l.name}: {load} / {capacity}
          </li>
        );
      })}
    </ul>
  );
});
