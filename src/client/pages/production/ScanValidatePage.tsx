import { Field, Input, Radio, RadioGroup, Select, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import './production-messages';

type Station = { id: number; code: string; name: string; sequence: number; force_in_scan: boolean; force_out_scan: boolean };
type Recent = { id: number; bundle_no: string; process: string; direction: 'in' | 'out'; qty: number; scanned_at: string; scanned_by: string | null };
type Setup = { processes: Station[]; recent: Recent[] };
type ScanReply = { message: string; work_order: { wo_no: string; done_qty: number; qty: number; status: string } };
/** The last scan's result, shown large: accepted (green) or refused (red) with the server's words. */
export type ScanOutcome = { ok: boolean; barcode: string; message: string };

const STORAGE_KEY = 'scan.station';

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

/** Sends one scan; a refusal comes back as the outcome with the server's message, not as a thrown error. */
export async function sendScan(barcode: string, processId: number, direction: 'in' | 'out'): Promise<ScanOutcome> {
  try {
    const r = await api.post<ScanReply>('/scmapi/workorder/scan', { barcode, process_id: processId, direction }, { quiet: true });
    return { ok: true, barcode, message: r.message };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status === 401) throw e;
    return { ok: false, barcode, message: e.message };
  }
}

/**
 * The scan validation page (spec 2: /zp/prodmgm/index/vfscanvalidate). A keyboard-wedge scanner
 * types the bundle barcode into the focused box and presses Enter; the station's process and the
 * direction stay chosen (kept in this browser). F2 / F3 switch scan in / out from anywhere on the
 * page; after each scan the box is emptied and focused again, so it works with the keyboard alone.
 */
export function ScanValidatePage() {
  const { t } = useTranslation();
  const s = useStyles();
  const [setup, setSetup] = useState<Setup | null>(null);
  const saved = (() => {
    try {
      return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { process?: number; direction?: 'in' | 'out' };
    } catch {
      return {};
    }
  })();
  const [processId, setProcessId] = useState<number | null>(saved.process ?? null);
  const [direction, setDirection] = useState<'in' | 'out'>(saved.direction ?? 'in');
  const [barcode, setBarcode] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const r = await api.get<Setup>('/scmapi/workorder/scan-setup');
    setSetup(r);
    setProcessId((p) => (p && r.processes.some((x) => x.id === p) ? p : (r.processes[0]?.id ?? null)));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ process: processId, direction }));
  }, [processId, direction]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2' || e.key === 'F3') {
        e.preventDefault();
        setDirection(e.key === 'F2' ? 'in' : 'out');
        input.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = async () => {
    const code = barcode.trim();
    if (!code || processId === null || busy) return;
    setBusy(true);
    try {
      setOutcome(await sendScan(code, processId, direction));
      setBarcode('');
      void load();
    } finally {
      setBusy(false);
      input.current?.focus();
    }
  };

  const station = setup?.processes.find((p) => p.id === processId);
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
      {setup && setup.recent.length > 0 && (
        <section>
          <h2>{t('wo.scanpage.recent')}</h2>
          <table className={s.table} data-testid="scan-recent">
            <tbody>
              {setup.recent.map((r) => (
                <tr key={r.id}>
                  <td>{r.scanned_at}</td>
                  <td>{r.bundle_no}</td>
                  <td>{r.process}</td>
                  <td>{r.direction === 'in' ? t('wo.scanpage.in') : t('wo.scanpage.out')}</td>
                  <td>{r.qty}</td>
                  <td>{r.scanned_by ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}
