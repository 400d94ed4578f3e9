/**
 * Plan against actual under the board's toolbar (issue 31), shown while the 计划/实际 switch is on:
 * the legend of what the board draws (actual fill by pace, the planned-by-today tick, the forecast end
 * marker), the selected bar's figures (planned to date, made, its rate against the plan, planned and
 * forecast end) and its line's forecast for the next day; and an invisible list of the tracked bars
 * (for assistive technology and tests; the canvas draws the same figures).
 */
import { useTranslation } from 'react-i18next';
import type { BoardBar, BoardLine } from '../../model/schedule-board';
import { type BoardActualsView, EARLY_COLOUR, forecastSlip, LATE_COLOUR, paceOf } from './board-actuals';
import { groupedNumber } from '../../model/number-text';

const hidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: -1, padding: 0 } as const;

export function BoardActualsPanel({ view, error, bar, lines }: { view: BoardActualsView | null; error: string; bar: BoardBar | null; lines: BoardLine[] }) {
  const { t } = useTranslation();
  if (error) return <div role="alert" style={{ color: '#d13438', fontSize: 12 }}>{t('board.actual.failed', { message: error })}</div>;
  if (!view) return <div style={{ fontSize: 12, color: '#666' }}>{t('board.actual.loading')}</div>;
  return (
    <div data-testid="board-actuals" data-as-of={view.raw.as_of} style={{ display: 'flex', flexDirection: 'column', gap: 2, fontSize: 12 }}>
      <div style={{ display: 'flex', gap: 14, flexWrap: 'wrap', color: '#555', alignItems: 'center' }}>
        <strong style={{ color: '#333' }}>{t('board.actual.asOf', { date: view.raw.as_of, count: view.raw.bars.length })}</strong>
        <Swatch colour="#107c10" text={t('board.actual.legend.ahead')} />
        <Swatch colour="#f7a800" text={t('board.actual.legend.behind')} />
        <Swatch colour="#c50f1f" text={t('board.actual.legend.far')} />
        <span><span style={{ display: 'inline-block', width: 2, height: 10, background: '#111', marginRight: 4, verticalAlign: 'middle' }} />{t('board.actual.legend.tick')}</span>
        <span><Diamond colour={LATE_COLOUR} />{t('board.actual.legend.late')}</span>
        <span><Diamond colour={EARLY_COLOUR} />{t('board.actual.legend.early')}</span>
      </div>
      <SelectedFigures view={view} bar={bar} lines={lines} />
      <ul data-testid="board-actual-bars" style={hidden}>
        {view.raw.bars.map((b) => (
          <li key={b.bar_id} data-testid="board-actual-bar" data-bar-id={b.bar_id} data-plan-id={b.plan_id} data-line-id={b.line_id} data-actual={b.actual} data-planned-to-date={b.planned_to_date}
            data-plan-end={b.plan_end} data-forecast-end={b.forecast_end ?? ''} data-slip={forecastSlip(b)} data-pace={paceOf(b)}>
            {b.actual} / {b.planned_to_date} · {b.plan_end} → {b.forecast_end ?? '—'}
          </li>
        ))}
      </ul>
      <ul data-testid="board-actual-lines" style={hidden}>
        {view.raw.lines.map((l) => (
          <li key={l.line_id} data-line-id={l.line_id} data-actual={l.actual.reduce((x, v) => x + v, 0)} data-planned={l.planned.reduce((x, v) => x + v, 0)} data-next-day={l.next_day} data-forecast-next={l.forecast_next}>
            {l.line_id}: {l.next_day} {l.forecast_next}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The selected bar's plan against actual, and its line's next day. */
function SelectedFigures({ view, bar, lines }: { view: BoardActualsView; bar: BoardBar | null; lines: BoardLine[] }) {
  const { t } = useTranslation();
  if (!bar) return <div style={{ color: '#666' }}>{t('board.actual.pick')}</div>;
  const b = view.byBar.get(bar.id);
  const line = view.byLine.get(bar.line_id);
  const code = lines.find((l) => l.id === bar.line_id)?.code ?? '';
  if (!b) return <div data-testid="board-actual-selected" data-tracked="false" style={{ color: '#666' }}>{t('board.actual.untracked', { plan: bar.plan_no })}</div>;
  const slip = forecastSlip(b);
  const pct = b.planned_to_date > 0 ? Math.round((b.actual / b.planned_to_date) * 100) : null;
  return (
    <div data-testid="board-actual-selected" data-tracked="true" data-bar-id={b.bar_id} style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
      <span>{bar.plan_no}</span>
      <span>{pct !== null
        ? t('board.actual.made', { actual: groupedNumber(b.actual, 3), planned: groupedNumber(b.planned_to_date, 3), percent: pct, qty: groupedNumber(b.qty, 3) })
        : t('board.actual.madeUnplanned', { actual: groupedNumber(b.actual, 3), qty: groupedNumber(b.qty, 3) })}</span>
      <span>{t('board.actual.planEnd', { date: b.plan_end })}</span>
      <span data-testid="board-actual-forecast" style={{ color: slip > 0 ? LATE_COLOUR : slip < 0 ? EARLY_COLOUR : undefined, fontWeight: slip ? 600 : undefined }}>
        {b.done ? t('board.actual.done', { date: b.forecast_end ?? '' }) : b.forecast_end ? t('board.actual.forecastEnd', { date: b.forecast_end }) : t('board.actual.noForecast')}
        {slip > 0 && ` · ${t('board.actual.later', { count: slip })}`}
        {slip < 0 && ` · ${t('board.actual.earlier', { count: -slip })}`}
      </span>
      {line && <span data-testid="board-actual-next">{t('board.actual.next', { line: code, date: line.next_day, qty: groupedNumber(line.forecast_next, 3) })}</span>}
    </div>
  );
}

function Swatch({ colour, text }: { colour: string; text: string }) {
  return <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}><span style={{ width: 14, height: 6, background: colour, display: 'inline-block' }} />{text}</span>;
}

function Diamond({ colour }: { colour: string }) {
  return <span style={{ display: 'inline-block', width: 8, height: 8, background: colour, transform: 'rotate(45deg)', marginRight: 6, verticalAlign: 'middle' }} />;
}
