import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productionCalls, type ScanDirection, type ScanSetup, type ScanUndoResult } from '../../../model/calls/production';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';

/** The last scan's result, shown large: accepted (green) or refused (red) with the server's words. */
export type ScanOutcome = { ok: boolean; barcode: string; message: string };

const STORAGE_KEY = 'scan.station';

/** Sends one scan; a refusal comes back as the outcome with the server's message, not as a thrown error. */
export async function sendScan(barcode: string, processId: number, direction: ScanDirection): Promise<ScanOutcome> {
  try {
    const r = await callApi(productionCalls.scan, { barcode, process_id: processId, direction }, { quiet: true });
    return { ok: true, barcode, message: r.message };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status === 401) throw e;
    return { ok: false, barcode, message: e.message };
  }
}

function savedStation(): { process?: number; direction?: ScanDirection } {
  try {
    return JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { process?: number; direction?: ScanDirection };
  } catch {
    return {};
  }
}

/** F2 / F3 switch scan in / out from anywhere on the page, and put the focus back in the box. */
function useDirectionKeys(setDirection: (d: ScanDirection) => void, input: React.RefObject<HTMLInputElement | null>): void {
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
  }, [setDirection, input]);
}

/**
 * The scan station's state: its set-up (processes, latest scans), the chosen process and direction
 * (kept in this browser), the barcode box and the last outcome; `submit` sends the box's barcode.
 */
export function useScanStation() {
  const { t } = useTranslation();
  const [setup, setSetup] = useState<ScanSetup | null>(null);
  const [saved] = useState(savedStation);
  const [processId, setProcessId] = useState<number | null>(saved.process ?? null);
  const [direction, setDirection] = useState<ScanDirection>(saved.direction ?? 'in');
  const [barcode, setBarcode] = useState('');
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const load = useCallback(async () => {
    const r = await callApi(productionCalls.scanSetup);
    setSetup(r);
    setProcessId((p) => (p && r.processes.some((x) => x.id === p) ? p : (r.processes[0]?.id ?? null)));
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ process: processId, direction }));
  }, [processId, direction]);
  useDirectionKeys(setDirection, input);

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
  /** A scan taken back (the declared `wo_scan.undo`): the outcome panel says what was undone. */
  const undone = (r: ScanUndoResult | undefined) => {
    if (r) setOutcome({ ok: true, barcode: r.params.barcode, message: t('wo.undo.ok', { ...r.params, direction: t(r.params.direction === 'out' ? 'wo.undo.out' : 'wo.undo.in') }) });
    void load();
    input.current?.focus();
  };
  const station = setup?.processes.find((p) => p.id === processId);
  return { setup, processId, setProcessId, direction, setDirection, barcode, setBarcode, outcome, input, submit, undone, station };
}
