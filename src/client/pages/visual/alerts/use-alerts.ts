import { useDraftEditor } from '../../../api/use-draft-editor';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getReport, type ReportDef } from '../../../../model';
import { alertMeasures, type AlertCondition } from '../../../../model/alerts';
import { alertCalls, type AlertInput, type AlertListReply, type AlertPreview, type AlertRow, type AlertTile } from '../../../../model/calls/alerts';
import { callApi } from '../../../api/calls';
import { documentStateOf } from '../../../engine/document-events';
import { onSocketMessage } from '../../../session/notification-socket';

/** The form's draft of an alert (numbers kept as typed). */
export type AlertDraft = Omit<AlertInput, 'threshold' | 'days'> & { threshold: string; days: string };

export const emptyDraft = (report = '', measure = '', filters: Record<string, string> = {}, tile: AlertTile | null = null): AlertDraft => ({
  name: tile ? tile.name : '', report: tile?.report ?? report, measure: tile?.measure ?? measure, filters: tile?.filters ?? filters, tile_id: tile?.id ?? null,
  condition: 'above', threshold: '', days: '', recipient_users: [], recipient_roles: [], enabled: true,
});

export const draftOf = (r: AlertRow): AlertDraft => ({
  id: r.id, version: r.version, name: r.name, report: r.report, measure: r.measure, filters: r.filters, tile_id: r.tile_id, condition: r.condition,
  threshold: String(r.threshold), days: r.days === null ? '' : String(r.days), recipient_users: r.recipient_users, recipient_roles: r.recipient_roles, enabled: r.enabled,
});

const inputOf = (d: AlertDraft): AlertInput => ({ ...d, threshold: d.threshold, days: d.condition === 'late_by' ? d.days : null });

/** The company's alerts with the datasets and roles the form offers, read again by `reload`. */
function useAlertList() {
  const [data, setData] = useState<AlertListReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await callApi(alertCalls.list, undefined, { quiet: true }));
      setError(null);
    } catch (e) {
      setError(e);
    }
    setLoading(false);
  }, []);
  useEffect(() => void reload(), [reload]);
  // An alert of the company that fires (or is re-armed) while the list is open: its state, value and
  // last firing read again.
  useEffect(() => onSocketMessage((m) => void (documentStateOf(m)?.entity === 'rptalert' && reload())), [reload]);
  return { data, error, loading, reload };
}

/**
 * The tower's bell on a chart: a new alert with that chart's report, measure and filters; on a
 * designed tile (`tile=<id>`): on that tile, once the list has said which tiles the caller sees.
 * Once per request: the router applies the cleared address in a transition, and until it has, a
 * list that finishes loading would run this again and empty what the user has typed since.
 */
function useNewAlertFromAddress(data: AlertListReply | null, edit: (d: AlertDraft) => void) {
  const [search, setSearch] = useSearchParams();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (search.get('new') !== '1') {
      opened.current = null;
      return;
    }
    const tileId = search.get('tile');
    if (tileId && !data) return;
    if (opened.current === search.toString()) return;
    opened.current = search.toString();
    const filters = Object.fromEntries([...search.entries()].filter(([k]) => k.startsWith('f.')));
    const tile = tileId ? (data?.tiles.find((x) => String(x.id) === tileId) ?? null) : null;
    edit(emptyDraft(search.get('report') ?? '', search.get('measure') ?? '', filters, tile));
    setSearch(new URLSearchParams(), { replace: true });
  }, [search, setSearch, edit, data]);
}

/** The figure now, for the draft's dataset, measure, filters and condition (asked again 400 ms after a change). */
function useAlertPreview(draft: AlertDraft | null) {
  const [preview, setPreview] = useState<AlertPreview | null>(null);
  const previewKey = draft ? JSON.stringify([draft.report, draft.measure, draft.filters, draft.tile_id, draft.condition, draft.threshold, draft.days]) : '';
  useEffect(() => {
    if (!draft || !draft.report || !draft.measure) return setPreview(null);
    let live = true;
    const timer = setTimeout(() => {
      const { report: r, measure, filters, tile_id, condition, threshold, days } = inputOf(draft);
      callApi(alertCalls.preview, { report: r, measure, filters, tile_id, condition, threshold: threshold === '' ? 0 : threshold, days }, { quiet: true })
        .then((p) => live && setPreview(p))
        .catch(() => live && setPreview(null));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds every input of the preview
  }, [previewKey]);
  return preview;
}

/**
 * The alert screen's data and commands: the company's alerts with the datasets and roles the form
 * offers, the drawer's draft (opened from the list, or prefilled from the address when the control
 * tower's bell on a chart leads here: `?new=1&report=&measure=&f.*=`), the figure now for the draft
 * (asked again 400 ms after a change), save with the field errors of a refusal, remove.
 */
export function useAlerts() {
  const { data, error, loading, reload } = useAlertList();
  const editor = useDraftEditor<AlertDraft, AlertRow>({ save: (d) => callApi(alertCalls.save, inputOf(d), { quiet: true }), remove: (r) => callApi(alertCalls.remove, { ids: [r.id], versions: [r.version] }), reload });
  const { draft, setDraft, errors, busy, save, remove, edit } = editor;
  useNewAlertFromAddress(data, edit);
  const preview = useAlertPreview(draft);

  const report: ReportDef | undefined = draft?.report ? getReport(draft.report) : undefined;
  const measures = useMemo(() => (report ? alertMeasures(report, draft?.condition) : []), [report, draft?.condition]);

  const change = (patch: Partial<AlertDraft>) =>
    setDraft((d) => {
      if (!d) return d;
      const next = { ...d, ...patch };
      // A designed tile: its dataset, measure and filters; no "late by" (a tile declares no lateness).
      if (patch.tile_id !== undefined && patch.tile_id !== d.tile_id) {
        const tile = data?.tiles.find((x) => x.id === patch.tile_id);
        Object.assign(next, tile ? { report: tile.report, measure: tile.measure, filters: tile.filters, name: d.name || tile.name } : { report: '', measure: '', filters: {} });
        if (tile && next.condition === 'late_by') next.condition = 'above';
        return next;
      }
      // Another dataset: its own measures and filters.
      if (patch.report !== undefined && patch.report !== d.report) Object.assign(next, { measure: '', filters: {} });
      if (patch.condition === 'late_by' && next.report && !getReport(next.report)?.measures.find((m) => m.key === next.measure)?.late) next.measure = '';
      return next;
    });

  const tile = draft?.tile_id ? (data?.tiles.find((x) => x.id === draft.tile_id) ?? null) : null;

  const open = (row: AlertRow | null) => {
    editor.edit(row ? draftOf(row) : emptyDraft());
  };

  return { data, error, loading, reload, draft, change, open, close: editor.close, errors, busy, save, remove, report, measures, preview, tile };
}

export type AlertsState = ReturnType<typeof useAlerts>;
export const CONDITIONS: AlertCondition[] = ['above', 'below', 'changed_by', 'late_by'];
