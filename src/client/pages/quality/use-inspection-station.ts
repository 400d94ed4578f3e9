import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { judgeSample, samplingPlan, type InspectionLevel, type SamplingPlan } from '../../../model/aql';
import { qualityCalls, type StationDefect, type StationSetup } from '../../../model/calls/quality';
import { inspection } from '../../../model/entities/inspection.entity';
import { ApiError } from '../../api/client';
import { callApi, useCall } from '../../api/calls';
import { entityApiOf } from '../../api/entity-api';

/**
 * The inspection station's data and commands (InspectionStationPage is its view): the setup of the
 * company (defects, orders in progress, recent records), the plan that applies, the defect lines
 * typed by code, and save + submit, re-inspect and photos through the inspection's entity API.
 */
export type Line = { defect: StationDefect; qty: number; photos: string[] };
export type Judged = { id: number; insp_no: string; result: 'pass' | 'fail'; stage: string; order_no: string | null; order_id: number | null };
export type Draft = { id: number; version: number; insp_no: string; of: string };

const INSPECTIONS = entityApiOf(`/api/${inspection.prefix}/${inspection.name}`);

function planOf(lot: string, level: string, aql: string): SamplingPlan | null {
  try {
    return samplingPlan(Number(lot), level as InspectionLevel, Number(aql));
  } catch {
    return null;
  }
}

/** Stage, order, lot, level and AQL; the inspection plan that applies fixes level and AQL, as the server will on save. */
function useLotHeader() {
  const [stage, setStage] = useState<string>('final');
  const [orderId, setOrderId] = useState<string>('');
  const [lot, setLot] = useState('');
  const [level, setLevel] = useState<string>('II');
  const [aql, setAql] = useState<string>('2.5');
  const { data: planFor } = useCall(qualityCalls.planFor, { stage, order_id: orderId || undefined }, { revalidateOnFocus: false });
  const applied = planFor?.plan ?? null;
  useEffect(() => {
    if (!applied) return;
    setLevel(applied.level);
    setAql(applied.aql);
  }, [applied]);
  const byPlan = applied ? { code: applied.code, name: applied.name } : null;
  const plan = useMemo(() => planOf(lot, level, aql), [lot, level, aql]);
  return { stage, setStage, orderId, setOrderId, lot, setLot, level, setLevel, aql, setAql, byPlan, plan };
}

/** The defect lines: a code typed adds one piece (or picks the line), + / - change the chosen line. */
function useDefectLines(setup: StationSetup | undefined, onNotice: (text: string | null) => void, onChange: () => void) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Line[]>([]);
  const [selected, setSelected] = useState(0);
  const [code, setCode] = useState('');
  const bump = (index: number, delta: number) =>
    setLines((ls) => ls.flatMap((l, i) => (i !== index ? [l] : l.qty + delta <= 0 ? [] : [{ ...l, qty: l.qty + delta }])));
  const addCode = (raw: string) => {
    const c = raw.trim().toUpperCase();
    if (!c) return;
    const d = setup?.defects.find((x) => x.code.toUpperCase() === c || `${x.code} ${x.name}`.toUpperCase() === c);
    if (!d) {
      onNotice(t('qm.station.unknownCode', { code: c }));
      return;
    }
    onNotice(null);
    onChange();
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
  const counts = useMemo(() => {
    const c = { critical: 0, major: 0, minor: 0 };
    for (const l of lines) c[l.defect.severity] += l.qty;
    return c;
  }, [lines]);
  return { lines, setLines, selected, setSelected, code, setCode, bump, addCode, counts };
}

type Station = ReturnType<typeof useLotHeader> & ReturnType<typeof useDefectLines> & { setup: StationSetup | undefined };

/** Save and submit (the server's verdict), re-inspect a failed record, a photo on the chosen line. */
type Shown = { notice: string | null; setNotice: (v: string | null) => void; judged: Judged | null; setJudged: (v: Judged | null) => void };

function useStationCommands(st: Station, shown: Shown, reload: () => void, codeBox: RefObject<HTMLInputElement | null>) {
  const { t } = useTranslation();
  const { judged, setJudged, setNotice } = shown;
  const [draft, setDraft] = useState<Draft | null>(null);
  const [busy, setBusy] = useState(false);
  const startOver = () => {
    st.setLines([]);
    st.setSelected(0);
    setJudged(null);
  };
  const reset = () => {
    startOver();
    setDraft(null);
    setNotice(null);
    codeBox.current?.focus();
  };
  const submit = async () => {
    if (busy || !st.plan) {
      if (!st.plan) setNotice(t('qm.station.planBad'));
      return;
    }
    setBusy(true);
    try {
      const defects = st.lines.map((l, i) => ({ defect_id: l.defect.id, qty: l.qty, photos: JSON.stringify(l.photos), seq: i + 1 }));
      const body = { ...(draft ? { id: draft.id, version: draft.version } : {}), stage: st.stage, order_id: st.orderId || null, lot_size: Number(st.lot), level: st.level, aql: st.aql, defects };
      const saved = await INSPECTIONS.save(body);
      const id = Number(saved.id);
      await INSPECTIONS.action('submit', [id]);
      const row = await INSPECTIONS.view(id);
      const order = st.setup?.orders.find((o) => o.id === Number(row.order_id));
      setJudged({ id, insp_no: String(row.insp_no), result: row.result === 'pass' ? 'pass' : 'fail', stage: String(row.stage), order_no: order?.order_no ?? null, order_id: order?.id ?? null });
      setDraft(null);
      setNotice(null);
      reload();
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
      const r = (await INSPECTIONS.action('reinspect', [judged.id])) as { data?: Array<{ id: number; insp_no: string }> };
      const made = r.data?.[0];
      if (!made) return;
      const row = await INSPECTIONS.view(made.id);
      setDraft({ id: made.id, version: Number(row.version), insp_no: made.insp_no, of: judged.insp_no });
      startOver();
      codeBox.current?.focus();
      reload();
    } finally {
      setBusy(false);
    }
  };
  const addPhoto = async (file: File) => {
    const r = await callApi(qualityCalls.photo, { file });
    st.setLines((ls) => ls.map((l, i) => (i === st.selected ? { ...l, photos: [...l.photos, r.url] } : l)));
  };
  return { ...shown, draft, busy, reset, submit, reinspect, addPhoto };
}

/** Keys of the station, from anywhere on the page: F9 submit, F8 re-inspect, F2 new; ↑ ↓ + - on the lines. */
function useStationKeys(st: Station, cmd: ReturnType<typeof useStationCommands>, codeBox: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const inCode = e.target === codeBox.current;
      if (e.key === 'F9') { e.preventDefault(); void cmd.submit(); return; }
      if (e.key === 'F8') { e.preventDefault(); void cmd.reinspect(); return; }
      if (e.key === 'F2') { e.preventDefault(); cmd.reset(); return; }
      if (!inCode || !st.lines.length) return;
      if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
        e.preventDefault();
        st.setSelected((i) => Math.max(0, Math.min(st.lines.length - 1, i + (e.key === 'ArrowUp' ? -1 : 1))));
      } else if ((e.key === '+' || e.key === '-') && !st.code) {
        e.preventDefault();
        st.bump(Math.min(st.selected, st.lines.length - 1), e.key === '+' ? 1 : -1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}

export function useInspectionStation() {
  const { data: setup, mutate } = useCall(qualityCalls.stationSetup, undefined, { revalidateOnFocus: false });
  const codeBox = useRef<HTMLInputElement>(null);
  const header = useLotHeader();
  const [notice, setNotice] = useState<string | null>(null);
  const [judged, setJudged] = useState<Judged | null>(null);
  const lines = useDefectLines(setup, setNotice, () => setJudged(null));
  const st: Station = { ...header, ...lines, setup };
  const cmd = useStationCommands(st, { notice, setNotice, judged, setJudged }, () => void mutate(), codeBox);
  useStationKeys(st, cmd, codeBox);
  const provisional = header.plan ? judgeSample(lines.counts, header.plan).result : null;
  return { ...st, ...cmd, provisional, codeBox };
}
