import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnLabel, HEADER_HEIGHT, LABEL_WIDTH, ROW_HEIGHT, STATE_COLOURS, stateLabel, layoutTimeline, type TimelineNode, type TimelineRow } from './timeline-layout';
import { usePlanDrag } from './use-plan-drag';

/**
 * One order's node timeline as plain SVG: per node its planned bar, its projected bar when it has
 * slipped, its actual date as a diamond; the critical path's nodes outlined in dark red with a bold
 * name; today's line and the delivery line. Each row carries its figures as data attributes
 * (`node-row-<code>`), so assistive technology and tests read what is drawn. With `onPlanDrag`, an
 * open node's planned bar is dragged along the days to a new planned date (use-plan-drag.ts).
 */
export function NodeTimeline(props: { nodes: TimelineNode[]; today: string; delivery: string | null; width?: number; testId?: string; onPlanDrag?: (node: TimelineNode, planDate: string) => void }) {
  const { t } = useTranslation();
  // The days spread over the width the panel gives (narrower days, down to 4 px, before it scrolls).
  const { box, fit } = useFitWidth(props.width ?? 900);
  const l = layoutTimeline(props.nodes, { today: props.today, delivery: props.delivery, width: fit });
  const drag = usePlanDrag(l.dayWidth, props.onPlanDrag);
  return (
    <div ref={box} style={{ overflowX: 'auto', minWidth: 0 }} data-testid={props.testId ?? 'node-timeline'}>
      <svg width={l.width} height={l.height} role="img" aria-label={t('nt.title')} style={{ fontFamily: 'inherit', fontSize: 12, touchAction: 'none' }} {...drag.surface}>
        {l.ticks.map((tk) => (
          <g key={tk.x}>
            <line x1={tk.x} x2={tk.x} y1={HEADER_HEIGHT - 6} y2={l.height} stroke="#edebe9" />
            <text x={tk.x + 2} y={14} fill="#605e5c">{tk.label}</text>
          </g>
        ))}
        {l.rows.map((r, i) => <TimelineRowView key={r.node.node_code} row={r} odd={i % 2 === 1} width={l.width} drag={drag} />)}
        <line x1={LABEL_WIDTH} x2={LABEL_WIDTH} y1={HEADER_HEIGHT - 6} y2={l.height} stroke="#c8c6c4" />
        {l.today !== null && (
          <g>
            <line x1={l.today} x2={l.today} y1={HEADER_HEIGHT - 8} y2={l.height} stroke="#0f6cbd" strokeDasharray="3 3" />
            <text x={l.today + 3} y={HEADER_HEIGHT - 2} fill="#0f6cbd" fontSize={11}>{t('nt.today')}</text>
          </g>
        )}
        {l.delivery !== null && (
          <g>
            <line x1={l.delivery} x2={l.delivery} y1={HEADER_HEIGHT - 8} y2={l.height} stroke="#a4262c" strokeWidth={2} />
            <text x={l.delivery + 3} y={HEADER_HEIGHT - 2} fill="#a4262c" fontSize={11}>{t('nt.delivery')}</text>
          </g>
        )}
      </svg>
      <TimelineLegend />
      {props.onPlanDrag && <div style={{ fontSize: 12, color: '#605e5c', marginTop: 2 }}>{t('nt.dragHint')}</div>}
    </div>
  );
}

/** One node's row: its name (bold on the critical path), planned bar, projected bar when it slipped, actual date as a diamond. */
function TimelineRowView({ row: r, odd, width, drag }: { row: TimelineRow; odd: boolean; width: number; drag: ReturnType<typeof usePlanDrag> }) {
  const { t, i18n } = useTranslation();
  const landing = drag.landing(r.node);
  const barH = 12;
  const colour = STATE_COLOURS[r.node.state];
  const mid = r.y + ROW_HEIGHT / 2;
  return (
    <g
      data-testid={`node-row-${r.node.node_code}`}
      data-state={r.node.state}
      data-plan={r.node.plan_date ?? ''}
      data-actual={r.node.actual_date ?? ''}
      data-projected={r.node.projected_date ?? ''}
      data-critical={r.node.critical ? 'true' : 'false'}
    >
      {odd && <rect x={0} y={r.y} width={width} height={ROW_HEIGHT} fill="#faf9f8" />}
      {r.node.critical && <rect x={2} y={r.y + 6} width={4} height={ROW_HEIGHT - 12} fill="#a4262c" />}
      <text x={10} y={mid + 4} fontWeight={r.node.critical ? 700 : 400} fill="#323130">
        {r.node.node_name}
      </text>
      <title>{`${r.node.node_name}: ${stateLabel(r.node.state, i18n.language)} · ${columnLabel('plan_date', i18n.language)} ${r.node.plan_start ?? ''} → ${r.node.plan_date ?? ''}${r.node.actual_date ? ` · ${columnLabel('actual_date', i18n.language)} ${r.node.actual_date}` : ''}${r.node.critical ? ` · ${t('nt.critical')}` : ''}`}</title>
      {r.plan && (
        <rect
          {...drag.handle(r.node)}
          data-testid={`plan-bar-${r.node.node_code}`}
          transform={`translate(${drag.offset(r.node)} 0)`}
          x={r.plan.x}
          y={mid - barH / 2}
          width={r.plan.w}
          height={barH}
          rx={3}
          fill={colour}
          fillOpacity={r.node.actual_date ? 0.35 : 0.75}
          stroke={r.node.critical ? '#a4262c' : 'none'}
          strokeWidth={r.node.critical ? 2 : 0}
        />
      )}
      {r.plan && landing && (
        <text x={r.plan.x + r.plan.w + drag.offset(r.node) + 4} y={mid + 4} fill="#0f6cbd" fontWeight={600} data-testid="plan-landing">{landing}</text>
      )}
      {r.projected && (
        <rect x={r.projected.x} y={mid - barH / 2 + 2} width={r.projected.w} height={barH - 4} rx={2} fill="none" stroke={colour} strokeDasharray="4 3" strokeWidth={1.5} />
      )}
      {r.actual !== null && (
        <path d={`M ${r.actual} ${mid - 7} L ${r.actual + 7} ${mid} L ${r.actual} ${mid + 7} L ${r.actual - 7} ${mid} Z`} fill={colour} stroke="#fff" strokeWidth={1} />
      )}
    </g>
  );
}

/** The states' colours and what each mark means. */
function TimelineLegend() {
  const { t, i18n } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 14, flexWrap: 'wrap', fontSize: 12, color: '#424242', marginTop: 4 }}>
      {(Object.keys(STATE_COLOURS) as (keyof typeof STATE_COLOURS)[]).map((s) => (
        <span key={s} style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          <i style={{ display: 'inline-block', width: 12, height: 10, borderRadius: 2, background: STATE_COLOURS[s] }} />
          {stateLabel(s, i18n.language)}
        </span>
      ))}
      <span>▭ {t('nt.legend.plan')}</span>
      <span>┄ {t('nt.legend.projected')}</span>
      <span>◆ {t('nt.legend.actual')}</span>
      <span style={{ color: '#a4262c', fontWeight: 700 }}>▌{t('nt.critical')}</span>
    </div>
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
