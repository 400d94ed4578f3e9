/**
 * The selected late bar's reasons (issue 31): a strip under the board naming the plan's days late and
 * each reason, the decisive first, with the link that opens what made it late (useLateReasons.ts,
 * late-reason-text.ts). The bar's tooltip shows the same sentences without links (`ReasonLines`).
 */
import { Button, Link, Spinner } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { LateBarReasons } from '../../model/late-reasons';
import type { BoardBar } from '../../model/schedule-board';
import { reasonView, type ReasonTarget } from './late-reason-text';

const KIND_COLOUR: Record<string, string> = { material: '#8a3ffc', node: '#0f6cbd', lock: '#444', capacity: '#c50f1f', start: '#8a6d00' };

/** The reasons as sentences (the tooltip's lines). */
export function ReasonLines({ reasons }: { reasons: LateBarReasons }) {
  const { t } = useTranslation();
  return (
    <div data-testid="bar-tip-reasons" style={{ marginTop: 4, borderTop: '1px solid #eee', paddingTop: 4, maxWidth: 420 }}>
      <div style={{ fontWeight: 600, color: '#d13438' }}>{t('board.reasons.title')}</div>
      {reasons.reasons.map((r, i) => {
        const v = reasonView(r, reasons, t);
        return <div key={i} data-kind={r.kind} style={{ color: KIND_COLOUR[r.kind] }}>{i + 1}. {v.text}</div>;
      })}
    </div>
  );
}

export function LateReasonsPanel({ bar, reasons, loading, onOpen, onClose }: { bar: BoardBar; reasons: LateBarReasons | null; loading: boolean; onOpen: (target: ReasonTarget) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <section data-testid="late-reasons" data-bar-id={bar.id} aria-label={t('board.reasons.title')}
      style={{ borderTop: '2px solid #d13438', background: '#fff8f8', padding: '6px 10px', fontSize: 13, display: 'flex', gap: 12, alignItems: 'flex-start' }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        <div style={{ fontWeight: 600, marginBottom: 2 }}>
          {t('board.reasons.title')} · {reasons ? t('board.reasons.summary', { plan: reasons.plan_no, days: reasons.late_days, delivery: reasons.delivery_date, need: reasons.need_start }) : bar.plan_no}
        </div>
        {!reasons && loading && <Spinner size="tiny" label={t('board.reasons.loading')} />}
        <ol style={{ margin: 0, paddingLeft: 20 }}>
          {reasons?.reasons.map((r, i) => {
            const v = reasonView(r, reasons, t);
            return (
              <li key={i} data-testid="late-reason" data-kind={r.kind} data-days={r.days} style={{ lineHeight: '22px' }}>
                <span style={{ color: KIND_COLOUR[r.kind], fontWeight: i === 0 ? 600 : undefined }}>{v.text}</span>
                <span style={{ color: '#666' }}> · {v.days}</span>
                {v.link && <> · <Link data-testid={`late-reason-open-${r.kind}`} onClick={() => onOpen(v.target)}>{v.link}</Link></>}
              </li>
            );
          })}
        </ol>
      </div>
      <Button size="small" appearance="subtle" icon={<Dismiss16Regular />} aria-label={t('board.reasons.close')} onClick={onClose} />
    </section>
  );
}
