import { Button, mergeClasses } from '@fluentui/react-components';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { RecentInspection, StationDefect } from '../../../model/calls/quality';
import { getDictionary } from '../../../model/dictionaries';
import { useStationStyles } from './station-styles';
import type { Judged, Line } from './use-inspection-station';

/** A dictionary value's label in the browser's language. */
export function useDictText() {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const dictText = (code: string, v: string) => {
    const item = getDictionary(code)?.items.find((x) => x.value === v);
    return item ? (en ? item.label.en : item.label.zh) : v;
  };
  const nameOf = (d: StationDefect) => (en && d.name_en ? d.name_en : d.name);
  return { dictText, nameOf };
}

type LinesProps = { lines: Line[]; selected: number; onSelect: (i: number) => void; onBump: (i: number, delta: number) => void; photoInput: RefObject<HTMLInputElement | null>; onPhoto: (f: File) => void };

/** The defect lines typed so far: code, name, severity, the count with − / +, photos. */
export function StationLines({ lines, selected, onSelect, onBump, photoInput, onPhoto }: LinesProps) {
  const { t } = useTranslation();
  const s = useStationStyles();
  const { dictText, nameOf } = useDictText();
  return (
    <section>
      <h2>{t('qm.station.defects')}</h2>
      {!lines.length ? <p>{t('qm.station.noDefects')}</p> : (
        <table className={s.table} data-testid="inspect-lines">
          <tbody>
            {lines.map((l, i) => (
              <tr key={l.defect.id} className={i === selected ? s.selected : undefined} data-testid="inspect-line" aria-selected={i === selected} onClick={() => onSelect(i)}>
                <td>{l.defect.code}</td>
                <td>{nameOf(l.defect)}</td>
                <td className={s.severity}>{dictText('defect_severity', l.defect.severity)}</td>
                <td>
                  <Button className={s.step} aria-label={t('qm.station.minus')} onClick={() => onBump(i, -1)}>−</Button>
                  <span className={s.qty} data-testid="inspect-line-qty">{l.qty}</span>
                  <Button className={s.step} aria-label={t('qm.station.plus')} onClick={() => onBump(i, 1)}>+</Button>
                </td>
                <td>
                  <Button onClick={() => { onSelect(i); photoInput.current?.click(); }}>{t('qm.station.photo')}</Button>
                  {l.photos.length > 0 && ` ${t('qm.station.photos', { n: l.photos.length })}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <input ref={photoInput} type="file" accept="image/*" capture="environment" hidden onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) onPhoto(f); }} />
    </section>
  );
}

type VerdictProps = { judged: Judged | null; provisional: 'pass' | 'fail' | null; counts: { critical: number; major: number; minor: number } };

/** The verdict, large: the server's once judged, else the provisional one of the counts so far. */
export function StationVerdict({ judged, provisional, counts }: VerdictProps) {
  const { t } = useTranslation();
  const s = useStationStyles();
  const verdictClass = judged ? (judged.result === 'pass' ? s.pass : s.fail) : s.idle;
  return (
    <div className={mergeClasses(s.verdict, verdictClass)} role="status" aria-live="assertive" data-testid="inspect-verdict" data-result={judged?.result ?? 'idle'}>
      <div className={s.verdictText}>
        {judged ? (judged.result === 'pass' ? `✔ ${t('qm.station.pass')}` : `✖ ${t('qm.station.fail')}`) : provisional ? t('qm.station.provisional', { verdict: t(`qm.station.${provisional}`) }) : '—'}
      </div>
      <div className={s.verdictLine} data-testid="inspect-counts">{t('qm.station.counts', counts)}</div>
      {judged && <div className={s.verdictLine}>{t('qm.station.judged', { no: judged.insp_no, verdict: t(`qm.station.${judged.result}`) })}</div>}
      {judged?.result === 'fail' && judged.stage === 'final' && judged.order_no && (
        <>
          <div className={s.verdictLine} data-testid="inspect-blocks">{t('qm.station.blocks', { order: judged.order_no })}</div>
          <Link className={s.link} to={`/collab/tickets?raise=customerorder&doc_id=${judged.order_id}&doc_no=${encodeURIComponent(judged.order_no)}`} data-testid="inspect-ticket">{t('qm.station.raiseTicket')}</Link>
        </>
      )}
    </div>
  );
}

/** The company's latest inspections. */
export function StationRecent({ recent }: { recent: RecentInspection[] }) {
  const { t } = useTranslation();
  const s = useStationStyles();
  const { dictText } = useDictText();
  return (
    <section>
      <h2>{t('qm.station.recent')}</h2>
      <table className={s.table} data-testid="inspect-recent">
        <tbody>
          {recent.map((r) => (
            <tr key={r.id}>
              <td>{r.insp_no}</td>
              <td>{r.order_no ?? ''}</td>
              <td>{dictText('inspection_stage', r.stage)}</td>
              <td>{r.sample_size}</td>
              <td>{t('qm.station.counts', { critical: r.critical_qty, major: r.major_qty, minor: r.minor_qty })}</td>
              <td>{r.result ? t(`qm.station.${r.result}`) : dictText('inspection_status', r.status)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
