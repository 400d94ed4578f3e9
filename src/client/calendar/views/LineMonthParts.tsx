import { Dropdown, Option, Tooltip } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { piecesFromMinutes } from '../../../../calendars/capacity';
import type { BoardBar } from '../../../model/schedule-board';
import { dayLabel, fmt } from './calendar-style';
import { useCategoryLabel, type LineMonthState } from './use-line-month';

/** The line picker: the lines the caller may see, by code and name, with their workshop. */
export function LinePicker({ s }: { s: LineMonthState }) {
  const l = s.line;
  return (
    <Dropdown
      data-testid="line-select"
      style={{ minWidth: 220 }}
      value={l ? `${l.code} ${l.name}` : ''}
      selectedOptions={l ? [String(l.id)] : []}
      onOptionSelect={(_, d) => d.optionValue && s.setLine(Number(d.optionValue))}
    >
      {(s.data?.lines ?? []).map((x) => (
        <Option key={x.id} value={String(x.id)} text={`${x.code} ${x.name}`}>
          {`${x.code} ${x.name}${x.workshop_name ? ` · ${x.workshop_name}` : ''}`}
        </Option>
      ))}
    </Dropdown>
  );
}

/** The line's settings: operators, efficiency, a full day's minutes, learning curve, pieces per day by category. */
export function LineSettings({ s }: { s: LineMonthState }) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  const l = s.line;
  if (!l) return null;
  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', fontSize: 12, color: '#424242' }} data-testid="line-settings">
      <span>{t('calview.lineInfo', { operators: l.operators, efficiency: fmt(l.efficiency), minutes: fmt(s.fullDay) })}</span>
      <span>{l.learning?.length ? t('calview.learning', { curve: l.learning.map((p) => `${p}%`).join(' → ') }) : t('calview.noLearning')}</span>
      {s.samEntries.length ? (
        s.samEntries.map(([c, sam]) => (
          <span key={c} data-testid={`line-sam-${c}`}>
            {t('calview.samOf', { category: categoryLabel(c), sam, pieces: fmt(piecesFromMinutes(s.fullDay, sam)) })}
          </span>
        ))
      ) : (
        <span>{t('calview.planSam')}</span>
      )}
    </div>
  );
}

/** A day of the line: its number, holiday or overtime badge, capacity in minutes and pieces, load. */
export function LineDayCell({ s, date }: { s: LineMonthState; date: string }) {
  const { t, i18n } = useTranslation();
  const categoryLabel = useCategoryLabel();
  const x = s.dayOf(date);
  const d = x?.day;
  return (
    <div className="cal-cell" data-testid={`line-day-${date}`}>
      <span>
        <span className="cal-num">{dayLabel(date, i18n.language)}</span>
        {d?.overtime && <span className="cal-badge overtime">{t('calview.badge.overtime')}</span>}
        {d?.holiday && !d.overtime && <span className="cal-badge holiday">{t('calview.badge.holiday')}</span>}
      </span>
      {x &&
        (x.cap > 0 ? (
          <>
            <span className="cal-cap" data-testid={`line-cap-${date}`}>{t('calview.dayCapacity', { minutes: fmt(x.cap) })}</span>
            {s.mainSam && (
              <span className="cal-cap" title={categoryLabel(s.samEntries[0][0])}>
                {t('calview.dayPieces', { pieces: fmt(piecesFromMinutes(x.cap, s.mainSam)) })}
              </span>
            )}
            <span className={`cal-cap${x.over ? ' over' : ''}`}>{t('calview.dayLoad', { percent: Math.round((x.load / x.cap) * 100) })}</span>
          </>
        ) : (
          <span className="cal-cap">{t('calview.dayOff')}</span>
        ))}
    </div>
  );
}

/** A bar's event: its text, a lock when locked, its plan, style, category, quantity and dates in the tooltip. */
export function LineBarEvent({ bar, title }: { bar: BoardBar; title: string }) {
  const { t } = useTranslation();
  const categoryLabel = useCategoryLabel();
  return (
    <Tooltip
      relationship="description"
      content={t('calview.barTip', { plan: bar.plan_no, style: bar.style_no, category: categoryLabel(bar.category), qty: bar.qty, start: bar.start, end: bar.end, delivery: bar.delivery_date ?? '-' })}
    >
      <div className="cal-event" data-testid={`line-bar-${bar.id}`}>
        {bar.locked ? '🔒 ' : ''}
        {title}
      </div>
    </Tooltip>
  );
}
