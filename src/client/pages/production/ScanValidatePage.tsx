import { Field, Input, Radio, RadioGroup, Select, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { RecentScans } from './RecentScans';
import { useScanStation } from './use-scan-station';
import './production-messages';

export type { ScanOutcome } from './use-scan-station';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '16px', padding: '16px 24px', maxWidth: '1100px' },
  controls: { display: 'flex', gap: '24px', alignItems: 'flex-end', flexWrap: 'wrap' },
  barcode: { fontSize: '28px', height: '56px', minWidth: '480px' },
  result: { borderRadius: '8px', padding: '28px 32px', minHeight: '140px', display: 'flex', flexDirection: 'column', gap: '8px', color: '#fff' },
  ok: { backgroundColor: '#107c10' },
  refused: { backgroundColor: '#c50f1f' },
  idle: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2 },
  verdict: { fontSize: '44px', fontWeight: 700, lineHeight: '52px' },
  message: { fontSize: '26px', lineHeight: '36px' },
  table: { borderCollapse: 'collapse', width: '100%', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '6px 8px', textAlign: 'left' } },
});

/**
 * The scan validation page (spec 2: /zp/prodmgm/index/vfscanvalidate). A keyboard-wedge scanner
 * types the bundle barcode into the focused box and presses Enter; the station's process and the
 * direction stay chosen (kept in this browser). F2 / F3 switch scan in / out from anywhere on the
 * page; after each scan the box is emptied and focused again, so it works with the keyboard alone.
 * A scan of the latest ones is taken back with its reason (RecentScans, the scan's declared undo).
 */
export function ScanValidatePage() {
  const { t } = useTranslation();
  const s = useStyles();
  const { setup, processId, setProcessId, direction, setDirection, barcode, setBarcode, outcome, input, submit, undone, station } = useScanStation();
  return (
    <div className={s.page} data-testid="scan-page">
      <Title2 as="h1">{t('wo.scanpage.title')}</Title2>
      <p>{t('wo.scanpage.help')}</p>
      {setup && !setup.processes.length && <p role="alert">{t('wo.scanpage.noProcess')}</p>}
      <div className={s.controls}>
        <Field label={t('wo.scanpage.process')}>
          <Select value={processId === null ? '' : String(processId)} onChange={(_, d) => { setProcessId(Number(d.value)); input.current?.focus(); }} data-testid="scan-process">
            {setup?.processes.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.sequence} ${p.name}${p.force_in_scan ? ` · ${t('wo.scanpage.forceIn')}` : ''}${p.force_out_scan ? ` · ${t('wo.scanpage.forceOut')}` : ''}`}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('wo.scanpage.direction')}>
          <RadioGroup layout="horizontal" value={direction} onChange={(_, d) => setDirection(d.value === 'out' ? 'out' : 'in')} data-testid="scan-direction">
            <Radio value="in" label={t('wo.scanpage.in')} data-testid="scan-in" />
            <Radio value="out" label={t('wo.scanpage.out')} data-testid="scan-out" />
          </RadioGroup>
        </Field>
      </div>
      <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
        <Field label={t('wo.scanpage.barcode')}>
          <Input
            input={{ ref: input, className: s.barcode }}
            className={s.barcode}
            autoFocus
            autoComplete="off"
            value={barcode}
            onChange={(_, d) => setBarcode(d.value)}
            data-testid="scan-barcode"
          />
        </Field>
      </form>
      <div
        className={`${s.result} ${outcome ? (outcome.ok ? s.ok : s.refused) : s.idle}`}
        role="status"
        aria-live="assertive"
        data-testid="scan-result"
        data-result={outcome ? (outcome.ok ? 'ok' : 'refused') : 'idle'}
      >
        <div className={s.verdict}>{outcome ? (outcome.ok ? `✔ ${t('wo.scanpage.ok')}` : `✖ ${t('wo.scanpage.refused')}`) : t('wo.scanpage.waiting')}</div>
        {outcome && <div className={s.message} data-testid="scan-message">{outcome.message}</div>}
        {!outcome && station && <div className={s.message}>{`${station.name} · ${direction === 'in' ? t('wo.scanpage.in') : t('wo.scanpage.out')}`}</div>}
      </div>
      {setup && setup.recent.length > 0 && <RecentScans rows={setup.recent} className={s.table} onUndone={undone} />}
    </div>
  );
}
