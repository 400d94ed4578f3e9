import { useDraftEditor } from '../../../api/use-draft-editor';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getReport, type ReportDef } from '../../../../model';
import { tileCalls, type TileInput, type TileListReply, type TileResult, type TileRow } from '../../../../model/calls/tiles';
import { tileAggregations, tileDateFields, tileDimensions, TILE_GROUPINGS, type TileChart } from '../../../../model/tiles';
import { callApi } from '../../../api/calls';
import { ApiError } from '../../../api/client';

/** The designer's draft of a tile (thresholds' values kept as typed). */
export type TileDraft = Required<Omit<TileInput, 'id' | 'version' | 'thresholds'>> & { id?: number; version?: number; thresholds: Array<{ value: string; color: string }> };

export const emptyTile = (): TileDraft => ({
  name: '', scope: 'company', share_roles: [], span: 1, sort_no: 0, report: '', measure: '', aggregation: 'sum', group_by: [], filters: {}, period: 'all', period_field: null, chart: 'bar', thresholds: [], color: null,
});

export const draftOfTile = (r: TileRow): TileDraft => ({
  id: r.id, version: r.version, name: r.name, scope: r.scope, share_roles: r.share_roles, span: r.span, sort_no: r.sort_no, report: r.report, measure: r.measure, aggregation: r.aggregation,
  group_by: r.group_by, filters: r.filters, period: r.period, period_field: r.period_field, chart: r.chart, thresholds: r.thresholds.map((t) => ({ value: String(t.value), color: t.color })), color: r.color,
});

export const inputOfDraft = (d: TileDraft): TileInput => ({ ...d, thresholds: d.thresholds.map((t) => ({ value: t.value.trim() === '' ? Number.NaN : Number(t.value), color: t.color })) });

/** A draft made consistent after a change: another dataset resets what was its own; a chart keeps the groupings it takes. */
export function settle(d: TileDraft, patch: Partial<TileDraft>): TileDraft {
  const next = { ...d, ...patch };
  const report = getReport(next.report);
  if (patch.report !== undefined && patch.report !== d.report) {
    const first = report?.measures[0];
    Object.assign(next, { measure: first?.key ?? '', filters: {}, group_by: report ? [tileDimensions(report)[0]?.key].filter(Boolean) : [], period: 'all', period_field: null });
  }
  if (report) {
    const m = report.measures.find((x) => x.key === next.measure);
    const aggs = tileAggregations(report, m);
    if (!aggs.includes(next.aggregation)) next.aggregation = aggs[0] ?? 'sum';
    // A number is the total: switching to it leaves its grouping out (it may be given one again).
    if (patch.chart === 'number' && d.chart !== 'number') next.group_by = [];
    const [min, max] = TILE_GROUPINGS[next.chart as TileChart];
    const dims = tileDimensions(report).map((x) => x.key);
    let group = next.group_by.filter((g) => dims.includes(g)).slice(0, max);
    for (const k of dims) if (group.length < min && !group.includes(k)) group = [...group, k];
    next.group_by = group;
    if (next.period !== 'all' && !next.period_field) next.period_field = tileDateFields(report)[0]?.key ?? null;
  }
  return next;
}

/**
 * The designer's data and commands: the tiles the caller designs with the datasets and roles offered,
 * the draft, its live preview (asked again 400 ms after a change, as the caller reads it), save with
 * the field errors of a refusal, remove.
 */
export function useTileDesigner() {
  const [data, setData] = useState<TileListReply | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [preview, setPreview] = useState<{ run: TileResult | null; error: string | null; loading: boolean }>({ run: null, error: null, loading: false });

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setData(await callApi(tileCalls.list, undefined, { quiet: true }));
      setError(null);
    } catch (e) {
      setError(e);
    }
    setLoading(false);
  }, []);
  useEffect(() => void reload(), [reload]);
  const editor = useDraftEditor<TileDraft, TileRow>({ save: (d) => callApi(tileCalls.save, inputOfDraft(d), { quiet: true }), remove: (r) => callApi(tileCalls.remove, { ids: [r.id], versions: [r.version] }), reload });
  const { draft, setDraft, errors, busy, save, remove, edit } = editor;

  // The tower's pencil on a tile: `?edit=<id>` opens it once the list is there.
  const [search, setSearch] = useSearchParams();
  useEffect(() => {
    const id = Number(search.get('edit'));
    if (!id || !data) return;
    const row = data.rows.find((r) => r.id === id);
    if (row) edit(draftOfTile(row));
    setSearch(new URLSearchParams(), { replace: true });
  }, [search, setSearch, data, edit]);

  const report: ReportDef | undefined = draft?.report ? getReport(draft.report) : undefined;
  const previewKey = draft ? JSON.stringify(inputOfDraft({ ...draft, name: '', share_roles: [], scope: 'company' })) : '';
  useEffect(() => {
    if (!draft || !draft.report || !draft.measure) return setPreview({ run: null, error: null, loading: false });
    let live = true;
    setPreview((p) => ({ ...p, loading: true }));
    const timer = setTimeout(() => {
      callApi(tileCalls.preview, { ...inputOfDraft(draft), thresholds: (inputOfDraft(draft).thresholds ?? []).filter((t) => Number.isFinite(t.value)) }, { quiet: true })
        .then((run) => live && setPreview({ run, error: null, loading: false }))
        .catch((e: unknown) => live && setPreview({ run: null, error: e instanceof ApiError && e.errors ? Object.values(e.errors).flat().join('；') : e instanceof Error ? e.message : String(e), loading: false }));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the key holds every input of the preview
  }, [previewKey]);

  const change = (patch: Partial<TileDraft>) => setDraft((d) => (d ? settle(d, patch) : d));

  const open = (row: TileRow | null) => {
    const first = data?.datasets[0]?.report ?? '';
    editor.edit(row ? draftOfTile(row) : settle(emptyTile(), { report: first }));
  };
  const datasets = useMemo(() => data?.datasets ?? [], [data]);

  return { data, datasets, error, loading, reload, draft, change, open, close: editor.close, errors, busy, save, remove, report, preview };
}

export type TileDesignerState = ReturnType<typeof useTileDesigner>;
