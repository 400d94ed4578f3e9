import { Button, Field, Input, Select, Title2, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AQL_LEVELS, AQL_VALUES, judgeSample, samplingPlan, type InspectionLevel, type SamplingPlan } from '../../../model/aql';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities/inspection.entity';
import { api, ApiError } from '../../api/client';
import './quality-messages';

type Defect = { id: number; code: string; name: string; name_en: string | null; category: string; severity: 'critical' | 'major' | 'minor' };
type Order = { id: number; order_no: string; brand_name: string | null; style_no: string | null; total_qty: number };
type Recent = { id: number; insp_no: string; stage: string; status: string; result: string | null; sample_size: number; critical_qty: number; major_qty: number; minor_qty: number; order_no: string | null };
type Setup = { defects: Defect[]; orders: Order[]; recent: Recent[] };
type Line = { defect: Defect; qty: number; photos: string[] };
type Judged = { id: number; insp_no: string; result: 'pass' | 'fail'; stage: string; order_no: string | null; order_id: number | null };
type Draft = { id: number; version: number; insp_no: string; of: string };

const STAGES = ['inline', 'endline', 'final'] as const;
const aqlText = (v: number) => v.toFixed(v < 1 ? 2 : 1);

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '14px', padding: '16px 24px', maxWidth: '1200px' },
  row: { display: 'flex', gap: '16px', alignItems: 'flex-end', flexWrap: 'wrap' },
  big: { fontSize: '22px', height: '48px', minWidth: '120px' },
  code: { fontSize: '28px', height: '56px', minWidth: '360px' },
  plan: { fontSize: '24px', fontWeight: 600, padding: '10px 16px', borderRadius: '8px', backgroundColor: tokens.colorNeutralBackground3 },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: '20px', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '6px 10px', textAlign: 'left' } },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  qty: { fontSize: '28px', fontWeight: 700, minWidth: '56px', display: 'inline-block', textAlign: 'center' },
  step: { minWidth: '56px', height: '48px', fontSize: '24px' },
  verdict: { borderRadius: '8px', padding: '20px 28px', display: 'flex', flexDirection: 'column', gap: '6px' },
  pass: { backgroundColor: '#107c10', color: '#fff' },
  fail: { backgroundColor: '#c50f1f', color: '#fff' },
  idle: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1 },
  verdictText: { fontSize: '52px', fontWeight: 800, lineHeight: '60px' },
  verdictLine: { fontSize: '22px', lineHeight: '30px' },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  action: { height: '52px', fontSize: '20px', minWidth: '200px' },
  severity: { fontWeight: 600 },
  link: { color: '#fff', fontSize: '20px', textDecoration: 'underline' },
});

function planOf(lot: string, level: string, aql: string): SamplingPlan | null {
  try {
    return samplingPlan(Number(lot), level as InspectionLevel, Number(aql));
  } catch {
    return null;
  }
}

/**
 * The inspection station (issue 18: "entered at a workstation, keyboard only, large targets"). The
 * inspector sets stage, order, lot size, level and AQL (the plan shows at once from the same AQL
 * module the server computes it with), types defect codes (Enter adds one piece; the list beside it
 * picks), changes counts with + / - on the chosen line, adds photos, and submits with F9: the
 * record is saved and submitted, and the server's verdict shows large. A failed record is re-inspected
 * with F8 (a new draft linked to it); a failed final inspection offers an exception ticket on its order.
 */
export function InspectionStationPage() {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [stage, setStage] = useState<string>('final');
  const [orderId, setOrderId] = useState<string>('');
  const [lot, setLot] = useState('');
  const [level, setLevel] = useState<string>('II');
  const [aql, setAql] = useState<string>('2.5');
  const [lines, setLines] = useState<Line[]>([]);
  const [selected, setSelected] = useState(0);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [judged, setJudged] = useState<Judged | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const codeBox = useRef<HTMLInputElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => setSetup(await api.get<Setup>('/scmapi/inspection/station-setup')), []);
  useEffect(() => {
    void load();
  }, [load]);

  // The inspection plan that applies to this stage and order (server: the most specific active one)
  // fixes level and AQL, as the server will on save.
  const [byPlan, setByPlan] = useState<{ code: string; name: string } | null>(null);
  useEffect(() => {
    let live = true;
    void api.get<{ plan: { code: string; name: string; level: string; aql: string } | null }>('/scmapi/inspection/plan-for', { stage, order_id: orderId || undefined }).then((r) => {
      if (!live) return;
      setByPlan(r.plan ? { code: r.plan.code, name: r.plan.name } : null);
      if (r.plan) {
        setLevel(r.plan.level);
        setAql(r.plan.aql);
      }
    }, () => live && setByPlan(null));
    return () => {
      live = false;
    };
  }, [stage, orderId]);

  const plan = useMemo(() => planOf(lot, level, aql), [lot, level, aql]);
  const counts = useMemo(() => {
    const c = { critical: 0, major: 0, minor: 0 };
    for (const l of lines) c[l.defect.severity] += l.qty;
    return c;
  }, [lines]);
  const provisional = plan ? judgeSample(counts, plan).result : null;
  const dictText = (code: string, v: string) => {
    const item = getDictionary(code)?.items.find((x) => x.value === v);
    return item ? (i18n.language.startsWith('en') ? item.label.en : item.label.zh) : v;
  };
  const nameOf = (d: Defect) => (i18n.language.startsWith('en') && d.name_en ? d.name_en : d.name);

  const bump = (index: number, delta: number) =>
    setLines((ls) => ls.flatMap((l, i) => (i !== index ? [l] : l.qty + delta <= 0 ? [] : [{ ...l, qty: l.qty + delta }])));

  const addCode = (raw: string) => {
    const c = raw.trim().toUpperCase();
    if (!c) return;
    const d = setup?.defects.find((x) => x.code.toUpperCase() === c || `${x.code} ${x.name}`.toUpperCase() === c);
    if (!d) {
      setNotice(t('qm.station.unknownCode', { code: c }));
      return;
    }
    setNotice(null);
    setJudged(null);
    setLines((ls) => {
      const at = ls.findIndex((l) => l.defect.id === d.id);
      if (at >= 0) {
        setSelected(at);
        return ls.map((l, i) => (i === at ? { ...l, qty: l.qty + 1 } : l));
      }
      setSelected(ls.length);
      return [...ls, { defect: d, qty: 1, photos: [] }];
    });
    setCode('');
  };

  const reset = () => {
    setLines([]);
    setSelected(0);
    setJudged(null);
    setDraft(null);
    setNotice(null);
    codeBox.current?.focus();
  };

  const submit = async () => {
    if (busy || !plan) {
      if (!plan) setNotice(t('qm.station.planBad'));
      return;
    }
    setBusy(true);
    try {
      const body = {
        ...(draft ? { id: draft.id, version: draft.version } : {}),
        stage,
        order_id: orderId || null,
        lot_size: Number(lot),
        level,
        aql,
        defects: lines.map((l, i) => ({ defect_id: l.defect.id, qty: l.qty, photos: JSON.stringify(l.photos), seq: i + 1 })),
      };
      const saved = await api.post<{ id: number }>('/scmapi/inspection/save', body);
      await api.post('/scmapi/inspection/action/submit', { ids: [saved.id] });
      const row = await api.get<Record<string, unknown>>('/scmapi/inspection/view', { id: saved.id });
      const order = setup?.orders.find((o) => o.id === Number(row.order_id));
      setJudged({ id: saved.id, insp_no: String(row.insp_no), result: row.result === 'pass' ? 'pass' : 'fail', stage: String(row.stage), order_no: order?.order_no ?? null, order_id: order?.id ?? null });
      setDraft(null);
      setNotice(null);
      void load();
    } catch (e) {
      if (e instanceof ApiError) setNotice(e.message);
      else throw e;
    } finally {
      setBusy(false);
    }
  };

  const reinspect = async () => {
    if (!judged || judged.result !== 'fail' || busy) return;
    setBusy(true);
    try {
      const r = await api.post<{ data?: Array<{ id: number; insp_no: string }> }>('/scmapi/inspection/action/reinspect', { ids: [judged.id] });
      const made = r.data?.[0];
      if (made) {
        const row = await api.get<Record<string, unknown>>('/scmapi/inspection/view', { id: made.id });
        setDraft({ id: made.id, version: Number(row.version), insp_no: made.insp_no, of: judged.insp_no });
        setLines([]);
        setSelected(0);
        setJudged(null);
        codeBox.current?.focus();
        void load();
      }
    } finally {
      setBusy(false);
    }
  };

  const addPhoto = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const r = await api.post<{ url: string }>('/scmapi/inspection/photo', form);
    setLines((ls) => ls.map((l, i) => (i === selected ? { ...l, photos: [...l.photos, r.url] } : l)));
  };

  // Keys of the station, from anywhere on the page: F9 submit, F8 re-inspect, F2 new; ↑ ↓ + - on the lines.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inCode = e.target === codeBox.current;
      if (e.key === 'F9') { e.preventDefault(); void submit(); return; }
      if (e.key === 'F8') { e.preventDefault(); void reinspect(); return; }
      if (e.key === 'F2') { e.preventDefault(); reset(); return; }
      if (!inCode || !lines.length) return;
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        setSelected((i) => Math.max(0, Math.min(lines.length - 1, i + (e.key === 'ArrowUp' ? -1 : 1))));
      } else if ((e.key === '+' || e.key === '-') && !code) {
        e.preventDefault();
        bump(Math.min(selected, lines.length - 1), e.key === '+' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const verdictClass = judged ? (judged.result === 'pass' ? s.pass : s.fail) : s.idle;
  return (
    <div className={s.page} data-testid="inspect-station">
      <Title2 as="h1">{t('qm.station.title')}</Title2>
      <p>{t('qm.station.help')}</p>
      {draft && <p role="status" data-testid="inspect-reinspecting">{t('qm.station.reinspecting', { no: draft.insp_no, of: draft.of })}</p>}
      <div className={s.row}>
        <Field label={t('qm.station.stage')}>
          <Select className={s.big} value={stage} disabled={!!draft} onChange={(_, d) => setStage(d.value)} data-testid="inspect-stage">
            {STAGES.map((x) => <option key={x} value={x}>{dictText('inspection_stage', x)}</option>)}
          </Select>
        </Field>
        <Field label={t('qm.station.order')}>
          <Select className={s.big} value={orderId} disabled={!!draft} onChange={(_, d) => { setOrderId(d.value); const o = setup?.orders.find((x) => String(x.id) === d.value); if (o && !lot) setLot(String(o.total_qty || '')); }} data-testid="inspect-order">
            <option value="">{t('qm.station.noOrder')}</option>
            {setup?.orders.map((o) => <option key={o.id} value={o.id}>{`${o.order_no}${o.style_no ? ` · ${o.style_no}` : ''}${o.brand_name ? ` · ${o.brand_name}` : ''}`}</option>)}
          </Select>
        </Field>
        <Field label={t('qm.station.lot')}>
          <Input input={{ className: s.big }} className={s.big} inputMode="numeric" value={lot} disabled={!!draft} onChange={(_, d) => setLot(d.value.replace(/\D/g, ''))} data-testid="inspect-lot" />
        </Field>
        <Field label={t('qm.station.level')}>
          <Select className={s.big} value={level} disabled={!!draft || !!byPlan} onChange={(_, d) => setLevel(d.value)} data-testid="inspect-level">
            {AQL_LEVELS.map((x) => <option key={x} value={x}>{x}</option>)}
          </Select>
        </Field>
        <Field label={t('qm.station.aql')}>
          <Select className={s.big} value={aql} disabled={!!draft || !!byPlan} onChange={(_, d) => setAql(d.value)} data-testid="inspect-aql">
            {AQL_VALUES.map((x) => <option key={x} value={aqlText(x)}>{aqlText(x)}</option>)}
          </Select>
        </Field>
      </div>
      {byPlan ? <p data-testid="inspect-by-plan">{t('qm.station.byPlan', byPlan)}</p> : null}
      <div className={s.plan} data-testid="inspect-plan">
        {plan ? t('qm.station.plan', { n: plan.sampleSize, letter: plan.planLetter, ac: plan.ac, re: plan.re }) : t('qm.station.planBad')}
      </div>
      <form onSubmit={(e) => { e.preventDefault(); addCode(code); }}>
        <Field label={t('qm.station.code')} validationMessage={notice ?? undefined}>
          <Input
            input={{ ref: codeBox, className: s.code, list: 'qm-defect-codes' }}
            className={s.code}
            autoFocus
            autoComplete="off"
            value={code}
            onChange={(_, d) => setCode(d.value.replace(/[+-]/g, ''))}
            data-testid="inspect-code"
          />
        </Field>
        <datalist id="qm-defect-codes">
          {setup?.defects.map((d) => <option key={d.id} value={d.code}>{`${d.code} ${nameOf(d)} · ${dictText('defect_severity', d.severity)}`}</option>)}
        </datalist>
      </form>
      <section>
        <h2>{t('qm.station.defects')}</h2>
        {!lines.length ? <p>{t('qm.station.noDefects')}</p> : (
          <table className={s.table} data-testid="inspect-lines">
            <tbody>
              {lines.map((l, i) => (
                <tr key={l.defect.id} className={i === selected ? s.selected : undefined} data-testid="inspect-line" aria-selected={i === selected} onClick={() => setSelected(i)}>
                  <td>{l.defect.code}</td>
                  <td>{nameOf(l.defect)}</td>
                  <td className={s.severity}>{dictText('defect_severity', l.defect.severity)}</td>
                  <td>
                    <Button className={s.step} aria-label={t('qm.station.minus')} onClick={() => bump(i, -1)}>−</Button>
                    <span className={s.qty} data-testid="inspect-line-qty">{l.qty}</span>
                    <Button className={s.step} aria-label={t('qm.station.plus')} onClick={() => bump(i, 1)}>+</Button>
                  </td>
                  <td>
                    <Button onClick={() => { setSelected(i); photoInput.current?.click(); }}>{t('qm.station.photo')}</Button>
                    {l.photos.length > 0 && ` ${t('qm.station.photos', { n: l.photos.length })}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <input ref={photoInput} type="file" accept="image/*" capture="environment" hidden onChange={(e) => { const f = e.target.files?.[0]; e.target.value = ''; if (f) void addPhoto(f); }} />
      </section>
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
      <div className={s.actions}>
        <Button appearance="primary" className={s.action} disabled={busy || !plan || !!judged} onClick={() => void submit()} data-testid="inspect-submit">{t('qm.station.submit')}</Button>
        <Button className={s.action} disabled={busy || judged?.result !== 'fail'} onClick={() => void reinspect()} data-testid="inspect-reinspect">{t('qm.station.reinspect')}</Button>
        <Button className={s.action} onClick={reset} data-testid="inspect-new">{t('qm.station.new')}</Button>
      </div>
      {setup && setup.recent.length > 0 && (
        <section>
          <h2>{t('qm.station.recent')}</h2>
          <table className={s.table} data-testid="inspect-recent">
            <tbody>
              {setup.recent.map((r) => (
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
      )}
    </div>
  );
}
