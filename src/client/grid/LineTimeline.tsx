import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../model';
import { dictionaryItems } from '../../model/dictionaries';
import type { ResolvedChildGrid } from '../../model/page-resolve';
import { entityApiFor } from '../api/entity-api';
import { toast } from '../kernel/toast-bus';
import { openTransitions, useChildLinesRef, type ChildLines } from './child-grid-lines';
import { HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, layoutTimeline, localToday, timelineLines, type TimelineRow } from './line-timeline-layout';
import { useTimelineDrag } from './use-timeline-drag';

type Row = Record<string, unknown>;

/**
 * A child grid's lines as a timeline under it (`ChildGridDecl.timeline`), plain SVG: per line its
 * bar coloured by its state, its projected bar (dashed) when it slipped, its actual date as a
 * diamond; emphasised lines outlined in dark red with a bold name; today's line and the record's
 * marker (a delivery date). Each row carries its dates as data attributes (`timeline-row-<key>`),
 * so assistive technology and tests read what is drawn. With `drag`, a line's bar the transition is
 * open to is dragged along the days to a new end: the transition runs at the line's version, and the
 * record is read again (`lines.onDone`).
 */
export function LineTimeline(props: { grid: ResolvedChildGrid; rows: Row[]; master: Row | null; lines?: ChildLines; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const decl = props.grid.timeline!;
  const en = i18n.language === 'en';
  const word = (l: Label) => (en ? l.en : l.zh);
  const field = (key: string | undefined) => props.grid.entity.fields.find((f) => f.key === key);
  const fieldLabel = (key: string | undefined) => {
    const f = field(key);
    return f ? word(f.label) : '';
  };
  const states = decl.state ? (dictionaryItems(field(decl.state)?.dict ?? '') ?? []) : [];
  const colour = (state: string | null) => String(states.find((s) => s.value === state)?.extra?.colour ?? '#0f6cbd');
  const stateWord = (state: string | null) => {
    const s = states.find((x) => x.value === state);
    return s ? word(s.label) : (state ?? '');
  };
  const { box, fit } = useFitWidth(900);
  const marker = decl.marker && props.master ? ((props.master[decl.marker.field] as string | null | undefined) ?? null) : null;
  const l = layoutTimeline(timelineLines(props.rows, decl), { today: localToday(), marker: marker ? String(marker).slice(0, 10) : null, width: fit });
  const linesRef = useChildLinesRef(props.lines, props.busy);
  const [running, setRunning] = useState(false);
  const tr = decl.dragTransition;
  const canDrag = (n: { line: Row }) => !!tr && !running && !props.busy && openTransitions(props.grid, linesRef.current, n.line, [tr]).length > 0;
  const drag = useTimelineDrag(l.dayWidth, canDrag, (n, date) => {
    if (!tr) return;
    setRunning(true);
    entityApiFor(props.grid.entity)
      .action(tr.action, [Number(n.line.id)], { [decl.end]: date }, Number(n.line.version))
      .then(
        () => {
          toast.success(t('engine.timeline.moved', { line: n.label, field: fieldLabel(decl.end), date }));
          linesRef.current?.onDone();
        },
        // The API hooks show the server's refusal; the bar stays where the record has it.
        () => undefined,
      )
      .finally(() => setRunning(false));
  });
  const draggable = l.rows.some((r) => canDrag(r.line));
  return (
    <div ref={box} style={{ overflowX: 'auto', minWidth: 0, marginTop: 10 }} data-testid={`timeline-${props.grid.child.key}`}>
      <svg width={l.width} height={l.height} role="img" aria-label={word(props.grid.child.label)} style={{ fontFamily: 'inherit', fontSize: 12, touchAction: 'none' }} {...drag.surface}>
        {l.ticks.map((tk) => (
          <g key={tk.x}>
            <line x1={tk.x} x2={tk.x} y1={HEADER_HEIGHT - 6} y2={l.height} stroke="#edebe9" />
            <text x={tk.x + 2} y={14} fill="#605e5c">{tk.label}</text>
          </g>
        ))}
        {l.rows.map((r, i) => {
          const n = r.line;
          const tip = `${n.label}: ${stateWord(n.state)} · ${fieldLabel(decl.end)} ${n.start ?? ''} → ${n.end ?? ''}${n.actual ? ` · ${fieldLabel(decl.actual)} ${n.actual}` : ''}${n.emphasis ? ` · ${fieldLabel(decl.emphasis)}` : ''}`;
          return <TimelineRowView key={n.key} row={r} odd={i % 2 === 1} width={l.width} colour={colour(n.state)} tip={tip} drag={drag} />;
        })}
        <line x1={LABEL_WIDTH} x2={LABEL_WIDTH} y1={HEADER_HEIGHT - 6} y2={l.height} stroke="#c8c6c4" />
        {l.today !== null && <DayLine x={l.today} height={l.height} colour="#0f6cbd" text={t('engine.timeline.today')} dashed />}
        {l.marker !== null && decl.marker && <DayLine x={l.marker} height={l.height} colour="#a4262c" text={word(decl.marker.label)} />}
      </svg>
      <div style={{ display: 'flex', gap: 14, flexWrap: 'wrap', fontSize: 12, color: '#424242', marginTop: 4 }}>
        {states.map((s) => (
          <span key={s.value} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <i style={{ display: 'inline-block', width: 12, height: 10, borderRadius: 2, background: colour(s.value) }} />
            {word(s.label)}
          </span>
        ))}
        <span>▭ {fieldLabel(decl.end)}</span>
        {decl.projected && <span>┄ {fieldLabel(decl.projected)}</span>}
        {decl.actual && <span>◆ {fieldLabel(decl.actual)}</span>}
        {decl.emphasis && <span style={{ color: '#a4262c', fontWeight: 700 }}>▌{fieldLabel(decl.emphasis)}</span>}
      </div>
      {draggable && tr && <div style={{ fontSize: 12, color: '#605e5c', marginTop: 2 }}>{t('engine.timeline.dragHint', { action: word(tr.label) })}</div>}
    </div>
  );
}

/** A day's line across the rows with its word (today, the record's marker). */
function DayLine(p: { x: number; height: number; colour: string; text: string; dashed?: boolean }) {
  return (
    <g>
      <line x1={p.x} x2={p.x} y1={HEADER_HEIGHT - 8} y2={p.height} stroke={p.colour} strokeWidth={p.dashed ? 1 : 2} strokeDasharray={p.dashed ? '3 3' : undefined} />
      <text x={p.x + 3} y={HEADER_HEIGHT - 2} fill={p.colour} fontSize={11}>{p.text}</text>
    </g>
  );
}

/** One line's row: its name (bold when emphasised), its bar, its projected bar when it slipped, its actual date as a diamond. */
function TimelineRowView({ row: r, odd, width, colour, tip, drag }: { row: TimelineRow; odd: boolean; width: number; colour: string; tip: string; drag: ReturnType<typeof useTimelineDrag> }) {
  const n = r.line;
  const landing = drag.landing(n);
  const barH = 12;
  const mid = r.y + ROW_HEIGHT / 2;
  return (
    <g data-testid={`timeline-row-${n.key}`} data-state={n.state ?? ''} data-start={n.start ?? ''} data-end={n.end ?? ''} data-actual={n.actual ?? ''} data-projected={n.projected ?? ''} data-emphasis={n.emphasis ? 'true' : 'false'}>
      {odd && <rect x={0} y={r.y} width={width} height={ROW_HEIGHT} fill="#faf9f8" />}
      {n.emphasis && <rect x={2} y={r.y + 6} width={4} height={ROW_HEIGHT - 12} fill="#a4262c" />}
      <text x={10} y={mid + 4} fontWeight={n.emphasis ? 700 : 400} fill="#323130">{n.label}</text>
      <title>{tip}</title>
      {r.bar && (
        <rect
          {...drag.handle(n)}
          data-testid={`timeline-bar-${n.key}`}
          transform={`translate(${drag.offset(n)} 0)`}
          x={r.bar.x}
          y={mid - barH / 2}
          width={r.bar.w}
          height={barH}
          rx={3}
          fill={colour}
          fillOpacity={n.actual ? 0.35 : 0.75}
          stroke={n.emphasis ? '#a4262c' : 'none'}
          strokeWidth={n.emphasis ? 2 : 0}
        />
      )}
      {r.bar && landing && <text x={r.bar.x + r.bar.w + drag.offset(n) + 4} y={mid + 4} fill="#0f6cbd" fontWeight={600} data-testid="timeline-landing">{landing}</text>}
      {r.projected && <rect x={r.projected.x} y={mid - barH / 2 + 2} width={r.projected.w} height={barH - 4} rx={2} fill="none" stroke={colour} strokeDasharray="4 3" strokeWidth={1.5} />}
      {r.actual !== null && <path d={`M ${r.actual} ${mid - 7} L ${r.actual + 7} ${mid} L ${r.actual} ${mid + 7} L ${r.actual - 7} ${mid} Z`} fill={colour} stroke="#fff" strokeWidth={1} />}
    </g>
  );
}

/** The width of the box, followed as it changes (at least 480 px); `initial` until it is measured. */
function useFitWidth(initial: number) {
  const box = useRef<HTMLDivElement>(null);
  const [fit, setFit] = useState(initial);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setFit(Math.max(480, el.clientWidth));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { box, fit };
}
